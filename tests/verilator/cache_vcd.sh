#!/bin/sh
# tests/verilator/cache_vcd.sh: `sluice sim --engine verilator` builds once.
#   cache_vcd.sh SLUICE PROG.sl WORKDIR
# In a fresh cache (WORKDIR/cache): the first run verilates ("build:
# verilated in"), the second reuses the build ("build: cached") and takes
# well under the first's wall time; a run with --vcd FILE builds a traced
# model and FILE holds exactly the 2000-cycle window: 4000 timestamps
# (both clock edges), the last #19995 (cycle 1999, rising edge at +5).
# Prints both timings.  Exit 1 on any failure.
set -u
SLUICE=$1 PROG=$2 WORK=$3
rm -rf "$WORK"
mkdir -p "$WORK"
SLUICE_CACHE_DIR=$WORK/cache
export SLUICE_CACHE_DIR
fail() { echo "FAIL: $*"; exit 1; }
now() { date +%s.%N; }

t0=$(now)
"$SLUICE" sim "$PROG" --engine verilator --seed 1 -o "$WORK/out" > "$WORK/first.txt" 2>&1 \
	|| { cat "$WORK/first.txt"; fail "first run"; }
t1=$(now)
"$SLUICE" sim "$PROG" --engine verilator --seed 1 -o "$WORK/out" > "$WORK/second.txt" 2>&1 \
	|| { cat "$WORK/second.txt"; fail "second run"; }
t2=$(now)
cat "$WORK/first.txt" "$WORK/second.txt"
grep -q '^  build: verilated in' "$WORK/first.txt" || fail "the first run did not verilate"
grep -q '^  build: cached$' "$WORK/second.txt" || fail "the second run did not reuse the build"
first=$(echo "$t1 - $t0" | bc)
second=$(echo "$t2 - $t1" | bc)
echo "first run ${first} s, second (cached) run ${second} s"
[ "$(echo "$second * 5 < $first" | bc)" = 1 ] || fail "the cached run is not much faster"

"$SLUICE" sim "$PROG" --engine verilator --seed 1 -o "$WORK/out" --vcd "$WORK/w.vcd" \
	> "$WORK/vcd.txt" 2>&1 || { cat "$WORK/vcd.txt"; fail "--vcd run"; }
grep -q '^  build: verilated in' "$WORK/vcd.txt" || fail "--vcd reused the untraced build"
n=$(grep -c '^#' "$WORK/w.vcd")
last=$(grep '^#' "$WORK/w.vcd" | tail -1)
[ "$n" = 4000 ] && [ "$last" = "#19995" ] || fail "VCD window: $n timestamps, last $last"
echo "VCD: $n timestamps, last $last"
