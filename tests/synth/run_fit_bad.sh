#!/bin/sh
# tests/synth/run_fit_bad.sh SLUICE COMMAND NAME BOARD OUTDIR [GOLDEN [ARG...]]:
# run `sluice COMMAND NAME.sl --board BOARD -o OUTDIR ARG...` from
# tests/synth; pass when it exits 1 with empty stdout, stderr equal to
# GOLDEN.err (default NAME.err), and nothing written to OUTDIR (the fit
# check comes before any RTL or synthesis).
set -u
sluice=$1 cmd=$2 name=$3 board=$4 out=$5
golden=${6:-$name}
[ $# -ge 6 ] && shift 6 || shift $#
cd "$(dirname "$0")" || exit 2
rm -rf "$out"
"$sluice" "$cmd" "$name.sl" --board "$board" -o "$out" "$@" >"$out.stdout" 2>"$out.stderr"
rc=$?
fail=0
[ "$rc" -eq 1 ] || { echo "exit $rc, expected 1"; fail=1; }
[ -s "$out.stdout" ] && { echo "unexpected stdout:"; cat "$out.stdout"; fail=1; }
diff -u "$golden.err" "$out.stderr" || fail=1
if [ -d "$out" ] && [ -n "$(ls -A "$out")" ]; then
	echo "files written before the fit check: $(ls -A "$out")"
	fail=1
fi
exit $fail
