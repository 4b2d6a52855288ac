#!/bin/sh
# tests/bad/run_bad.sh: the catalogue of bad programs and their golden
# diagnostics.  For each case NAME (NAME.sl in this directory; a NAME.err
# without NAME.sl is the case of a program file that does not exist), runs
#     sluice check NAME.sl
# from this directory and requires: exit code 1, empty stdout, and stderr
# equal byte for byte to NAME.err.
#
# usage: run_bad.sh SLUICE [--update] [NAME...]
#   With no NAME, every case.  With --update (or UPDATE_GOLDEN=1) the .err
#   files are rewritten from the compiler's stderr instead of compared;
#   review their diffs before committing.
set -u
if [ $# -lt 1 ]; then
	echo "usage: $0 SLUICE [--update] [NAME...]" >&2
	exit 2
fi
sluice=$1
shift
case $sluice in
/*) ;;
*) sluice=$(pwd)/$sluice ;;
esac
update=${UPDATE_GOLDEN:-0}
if [ $# -gt 0 ] && [ "$1" = --update ]; then
	update=1
	shift
fi
cd "$(dirname "$0")" || exit 2

if [ $# -eq 0 ]; then
	set -- $(ls *.sl *.err 2>/dev/null | sed 's/\.[a-z]*$//' | sort -u)
fi

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
for name in "$@"; do
	name=${name%.sl}
	"$sluice" check "$name.sl" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ "$update" = 1 ]; then
		cp "$tmp/err" "$name.err"
	fi
	problem=
	if [ $rc -ne 1 ]; then
		problem="exit code $rc, expected 1"
	elif [ -s "$tmp/out" ]; then
		problem="stdout is not empty"
	elif [ ! -f "$name.err" ]; then
		problem="no golden file $name.err"
	elif ! cmp -s "$tmp/err" "$name.err"; then
		problem="stderr differs from $name.err"
	fi
	if [ -n "$problem" ]; then
		echo "FAIL $name: $problem" >&2
		[ -s "$tmp/out" ] && sed 's/^/  stdout: /' "$tmp/out" >&2
		[ -f "$name.err" ] && diff "$name.err" "$tmp/err" | sed 's/^/  /' >&2
		fail=1
	fi
done
exit $fail
