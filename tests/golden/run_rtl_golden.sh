#!/usr/bin/env bash
# tests/golden/run_rtl_golden.sh: golden tests of the generated Verilog.
#   run_rtl_golden.sh SLUICE [--update] [NAME...]
# For each case tests/golden/rtl/NAME/ (all of them when no NAME is given):
# copy program.sl to TMP/NAME.sl, run `SLUICE compile NAME.sl -o out` in
# TMP (so the module is sluice_NAME and its comments name NAME.sl), and
# compare out/sluice_NAME.v byte for byte with tests/golden/rtl/NAME/
# sluice_NAME.v.  A case without a golden file fails.
# --update (or UPDATE_GOLDEN=1) rewrites the golden files instead; review
# their diff before committing.  Exit 0 when every case matches.
set -u

usage() { echo "usage: $0 SLUICE [--update] [NAME...]" >&2; exit 2; }
[ $# -ge 1 ] || usage
SLUICE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
[ -x "$SLUICE" ] || { echo "$0: '$SLUICE' is not executable" >&2; exit 2; }
UPDATE=${UPDATE_GOLDEN:-0}
NAMES=()
for a in "$@"; do
	case "$a" in
	--update) UPDATE=1 ;;
	-*) usage ;;
	*) NAMES+=("$a") ;;
	esac
done

HERE=$(cd "$(dirname "$0")" && pwd)
if [ ${#NAMES[@]} -eq 0 ]; then
	for d in "$HERE"/rtl/*/; do NAMES+=("$(basename "$d")"); done
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

fail=0
for name in "${NAMES[@]}"; do
	dir="$HERE/rtl/$name"
	[ -f "$dir/program.sl" ] || { echo "FAIL $name: no $dir/program.sl"; fail=1; continue; }
	work="$TMP/$name"
	mkdir -p "$work"
	cp "$dir/program.sl" "$work/$name.sl"
	if ! (cd "$work" && "$SLUICE" compile "$name.sl" -o out > log 2>&1); then
		echo "FAIL $name: sluice compile failed:"
		cat "$work/log"
		fail=1
		continue
	fi
	v="sluice_$name.v"
	if [ "$UPDATE" = 1 ]; then
		cp "$work/out/$v" "$dir/$v"
		echo "updated $name/$v"
	elif [ ! -f "$dir/$v" ]; then
		echo "FAIL $name: no golden $dir/$v (run with --update and review it)"
		fail=1
	elif ! cmp -s "$dir/$v" "$work/out/$v"; then
		echo "FAIL $name: $v differs from the golden file:"
		diff -u "$dir/$v" "$work/out/$v" | head -40
		fail=1
	else
		echo "ok $name"
	fi
done
exit $fail
