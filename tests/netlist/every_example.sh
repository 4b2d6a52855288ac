#!/bin/sh
# tests/netlist/every_example.sh SLUICE BOARD OUT: `sluice synth --check-netlist
# --seed 1` on every example (examples/*.sl) for BOARD.
# An example that does not fit the board (the fit check's located error,
# exit 1 before synthesis; tests/fit.cmake covers that error) is listed as
# not fitting; any other failure fails the test.  Prints one line per
# example with its seconds and the check's summary, then
# "N passed, M failed" (and how many did not fit).
set -u
sluice=$1 board=$2 out=$3
src=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
pass=0 fail=0 nofit=0
for f in "$src"/examples/*.sl; do
	e=$(basename "$f" .sl)
	t0=$(date +%s)
	"$sluice" synth "$f" --board "$board" --check-netlist --seed 1 -o "$out/$e" \
		>"$out/$e.log" 2>&1
	rc=$?
	secs=$(( $(date +%s) - t0 ))
	if [ $rc -eq 0 ] && grep -q '^netlist check: .*bit-exact' "$out/$e.log"; then
		pass=$((pass + 1))
		echo "$e: ${secs}s $(grep '^netlist check:' "$out/$e.log")"
	elif grep -q "error: the design does not fit the $board" "$out/$e.log"; then
		nofit=$((nofit + 1))
		echo "$e: does not fit $board"
	else
		fail=$((fail + 1))
		echo "$e: FAILED (exit $rc, ${secs}s), see $out/$e.log:"
		grep 'error' "$out/$e.log" | head -3
	fi
done
echo "$nofit examples do not fit $board"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
