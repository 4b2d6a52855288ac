#!/usr/bin/env bash
# tests/flow/same_design.sh: `sluice sim --board B` simulates exactly the
# design `sluice compile --board B` writes.
#   same_design.sh SLUICE ENGINE EXAMPLE... [-- BOARD...]
# For every example (examples/NAME.sl) and every board (all of
# `sluice boards` when none is given): run
#   sluice compile NAME.sl --board B -o D1
#   sluice sim NAME.sl --board B --engine ENGINE --seed 1 -o D2
# Both must succeed, or both fail (the design does not fit the board);
# when they succeed, D1 and D2 must hold byte-identical schedule.txt,
# buffers.txt, report.json, report.html and sluice_NAME.v.  Exit 0 when every pair
# agrees and at least one pair was compared.
set -u
[ $# -ge 3 ] || { echo "usage: $0 SLUICE ENGINE EXAMPLE... [-- BOARD...]" >&2; exit 2; }
SLUICE=$1 ENGINE=$2
shift 2
HERE=$(cd "$(dirname "$0")/../.." && pwd)
EXAMPLES=() BOARDS=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do EXAMPLES+=("$1"); shift; done
[ $# -gt 0 ] && shift
BOARDS=("$@")
if [ ${#BOARDS[@]} -eq 0 ]; then
	mapfile -t BOARDS < <("$SLUICE" boards | awk 'NR > 1 { print $1 }')
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0 compared=0
for ex in "${EXAMPLES[@]}"; do
	for b in "${BOARDS[@]}"; do
		d1=$TMP/$ex-$b-compile d2=$TMP/$ex-$b-sim
		"$SLUICE" compile "$HERE/examples/$ex.sl" --board "$b" -o "$d1" >"$TMP/c.log" 2>&1
		rc1=$?
		"$SLUICE" sim "$HERE/examples/$ex.sl" --board "$b" --engine "$ENGINE" --seed 1 \
			-o "$d2" >"$TMP/s.log" 2>&1
		rc2=$?
		if [ $rc1 -ne $rc2 ]; then
			echo "FAIL $ex on $b: compile exits $rc1, sim exits $rc2"
			cat "$TMP/c.log" "$TMP/s.log" | head -20
			fail=1
			continue
		fi
		if [ $rc1 -ne 0 ]; then
			grep -q "does not fit" "$TMP/c.log" || { echo "FAIL $ex on $b: compile failed:"; head -20 "$TMP/c.log"; fail=1; }
			echo "--   $ex on $b: does not fit (both)"
			continue
		fi
		for f in schedule.txt buffers.txt report.json report.html "sluice_$ex.v"; do
			if [ ! -f "$d1/$f" ] || ! cmp -s "$d1/$f" "$d2/$f"; then
				echo "FAIL $ex on $b: $f differs between compile and sim"
				diff -u "$d1/$f" "$d2/$f" 2>&1 | head -20
				fail=1
			fi
		done
		compared=$((compared + 1))
		echo "ok   $ex on $b"
	done
done
[ $compared -gt 0 ] || { echo "FAIL: no pair compared"; fail=1; }
exit $fail
