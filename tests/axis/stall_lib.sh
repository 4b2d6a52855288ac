#!/bin/sh
# tests/axis/stall_lib.sh: the AXI4-Stream testbench catches a register
# that ignores the clock enable.  A copy of rtlgen/lib whose sl_fifo_seg
# shifts whenever its buffer writes, ce or not, runs examples/gaussian.sl
# (its line buffers are sl_fifo_seg runs): the native interface cannot
# tell (ce is always 1 there), so `sim --engine verilator` passes; under
# --interface axis a stalled cycle with a write shifts the line buffer
# once more than the unstalled run does, so the stalled runs' outputs
# differ from the unstalled run's and sim exits 1, while the unstalled
# run itself still matches the reference.
#   stall_lib.sh SLUICE SOURCE_DIR WORKDIR
set -u
SLUICE=$1 SRC=$2 WORK=$3
rm -rf "$WORK"
mkdir -p "$WORK/lib"
cp "$SRC"/rtlgen/lib/*.v "$WORK/lib/"
sed -i 's/if (ce \&\& shift) begin/if (shift) begin/' "$WORK/lib/sl_fifo_seg.v"
grep -q 'if (ce && shift) begin' "$WORK/lib/sl_fifo_seg.v" &&
	{ echo "FAIL: the edit did not take"; exit 1; }
grep -q 'if (shift) begin' "$WORK/lib/sl_fifo_seg.v" ||
	{ echo "FAIL: sl_fifo_seg.v has changed; update the edit"; exit 1; }
run() {
	SLUICE_RTL_LIB=$WORK/lib SLUICE_CACHE_DIR=$WORK/cache \
		"$SLUICE" sim "$SRC/examples/gaussian.sl" --engine verilator --seed 1 "$@" \
		> "$WORK/log.txt" 2>&1
}
run -o "$WORK/native" || { cat "$WORK/log.txt"; echo "FAIL: the native run failed"; exit 1; }
run --interface axis --stall-seeds 1 -o "$WORK/axis"
rc=$?
cat "$WORK/log.txt"
[ $rc = 1 ] || { echo "FAIL: exit $rc, want 1"; exit 1; }
grep -q "axis: FAIL the output differs from the unstalled run's" "$WORK/log.txt" ||
	{ echo "FAIL: no output difference reported"; exit 1; }
grep -q "the AXI4-Stream testbench found the failures above" "$WORK/log.txt" ||
	{ echo "FAIL: sluice did not report the testbench's failure"; exit 1; }
[ ! -e "$WORK/axis/gaussian.npy" ] || { echo "FAIL: the failed sim wrote its outputs"; exit 1; }
echo "ok"
