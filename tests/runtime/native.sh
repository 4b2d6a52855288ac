#!/usr/bin/env bash
# tests/runtime/native.sh: one Verilated build of gaussian on native memory
# serves several image sizes back to back in one testbench process
# (--runtime-config --runtime-max, sim --size, docs/pub.md
# "Run-time configuration", "On native memory"), under AXI4-Lite control
# and AXI4-Stream data with random backpressure (docs/hardware.md
# "AXI4-Lite control").
#   native.sh SLUICE BUILD_DIR NAME [--yosys] WxH...
# 0. the build's Verilog lints clean (verilator --lint-only -Wall) and,
#    with --yosys, passes Yosys's check -assert after synth;
# 1. compile at the build's largest size, 1920x1080, and at each WxH:
#    the Verilog files are byte-identical (cmp), and each config.hex holds
#    the line buffer's length derived by hand below;
# 2. one sim --engine verilator --interface axis --control axilite
#    --stall-seeds 1 --size W=..,H=.. ... in an empty cache: one build, one
#    testbench process running the sizes back to back in the order given,
#    no reset between them (each size's image written through AXI4-Lite
#    after the last run of the size before, then START); each size is
#    bit-exact with its own reference at W*H + 4 cycles with (W-2)*(H-2)
#    output values (sluice's checks against the size's reference and
#    prediction; the figures derived by hand: tests/golden/README.md,
#    gaussian), every stalled run bit-exact with the size's unstalled run
#    in as many enabled cycles (the testbench's checks), its image the
#    compile's at that size (one entry in the cache).
set -u
[ $# -ge 4 ] || { echo "usage: $0 SLUICE BUILD_DIR NAME WxH..." >&2; exit 2; }
SLUICE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$2" && OUT=$(cd "$2" && pwd)/runtime_$3
shift 3
YOSYS=0
[ "${1:-}" = --yosys ] && { YOSYS=1; shift; }
G=$ROOT/examples/gaussian.sl
MAX=(--runtime-config --runtime-max W=1920 --runtime-max H=1080)
rm -rf "$OUT"
mkdir -p "$OUT"
export SLUICE_CACHE_DIR=$OUT/cache
fail=0
no() { echo "FAIL: $*"; fail=1; }

# gaussian's line buffer 'in' at width W: taps at 0, 1, 2 (row y+2), W,
# W+1, W+2 (row y+1) and 2W, 2W+1, 2W+2 (row y), each read with the
# position before it (the write bypass): registers 0..2, W-1..W+2 and
# 2W-1..2W+2, and two SRAM runs of W-4 positions (3..W-2 and W+3..2W-2)
# side by side in one memory: its LEN register holds W-4.  The registers
# after the 15 schedule registers (in, blur, gaussian: START, then EXT
# and DELTA per dimension): LEN at 15, then ROW_LAST and ROWS_LAST of
# 'in' (W-1, H-1) and of 'gaussian' (W-3, H-3), RUN_LO and RUN_HI (the
# run length W*H + 2, its low CW bits and the rest), CONFIGURED 1.  The registers' width CW holds the build's largest
# value, half its run length: (1920*1080 + 2) / 2 + 1 = 1,036,802 < 2^20
# (the others are smaller: START 2*1920 + 4, extents 1920 and 1080): CW =
# 20, and 5 address bits: 25 bits, 7 hex digits a word.
expect_regs() {
	local w=$1 h=$2 a=15 v
	local run=$((w * h + 2))
	for v in $((w - 4)) $((w - 1)) $((h - 1)) $((w - 3)) $((h - 3)) \
		$((run & 0xfffff)) $((run >> 20)) 1; do
		printf '%07x\n' $(( (a << 20) | v ))
		a=$((a + 1))
	done
}

"$SLUICE" compile "$G" -D W=1920 -D H=1080 "${MAX[@]}" --interface axis --control axilite \
	-o "$OUT/cmax" >"$OUT/cmax.log" 2>&1 || { cat "$OUT/cmax.log"; no "compile 1920x1080"; }
grep -q 'sl_fifo_seg_rt #(.W(16), .DEPTH(1916))' "$OUT/cmax/sluice_gaussian_core.v" ||
	no "no line buffer of 1920 - 4 words, 16 bits (two runs side by side)"
grep -q 'sl_axilite_ctrl' "$OUT/cmax/sluice_gaussian.v" || no "no AXI4-Lite slave"
(cd "$OUT/cmax" && verilator --lint-only -Wall -f sluice_gaussian.f --top-module sluice_gaussian) \
	>"$OUT/lint.log" 2>&1 || { cat "$OUT/lint.log"; no "lint"; }
if [ $YOSYS = 1 ]; then
	(cd "$OUT/cmax" && yosys -q -p "read_verilog -sv $(tr '\n' ' ' <sluice_gaussian.f); synth -top sluice_gaussian; check -assert") \
		>"$OUT/yosys.log" 2>&1 || { tail -20 "$OUT/yosys.log"; no "yosys check -assert"; }
fi
for size in "$@"; do
	w=${size%x*} h=${size#*x}
	"$SLUICE" compile "$G" -D W="$w" -D H="$h" "${MAX[@]}" --interface axis --control axilite \
		-o "$OUT/c$size" >"$OUT/c$size.log" 2>&1 || { cat "$OUT/c$size.log"; no "compile $size"; continue; }
	for f in sluice_gaussian.v sluice_gaussian_core.v; do
		cmp "$OUT/cmax/$f" "$OUT/c$size/$f" || no "$size: $f differs from the build's"
	done
	expect_regs "$w" "$h" >"$OUT/want$size.txt"
	tail -n 8 "$OUT/c$size/config.hex" | cmp -s - "$OUT/want$size.txt" ||
		{ tail -n 8 "$OUT/c$size/config.hex" | diff - "$OUT/want$size.txt"; no "$size: registers"; }
done

# one sim: every size in one Verilator process, back to back (--size)
sizes=()
for size in "$@"; do
	sizes+=(--size "W=${size%x*},H=${size#*x}")
done
log=$OUT/sim.log
"$SLUICE" sim "$G" "${MAX[@]}" --interface axis --control axilite --stall-seeds 1 \
	--engine verilator --seed 1 --quiet -o "$OUT/s" "${sizes[@]}" >"$log" 2>&1 ||
	{ cat "$log"; no "sim --size ${sizes[*]}"; }
grep -q '^  build: verilated' "$log" || no "the run did not build"
n=0
for size in "$@"; do
	w=${size%x*} h=${size#*x}
	n=$((n + 1))
	# the last size's runs go on through a reset mid-frame and two framing
	# errors (3 more runs, 1 more checked); every other size's are the
	# unstalled run and 5 stalled ones, with no reset after them
	runs=6 checked=6
	[ "$n" = $# ] && runs=10 checked=7
	grep -A2 -xF "size $n of $# (W=$w,H=$h):" "$log" >"$OUT/s$size.txt"
	want="verilator: $((w * h + 4)) cycles (predicted $((w * h + 4))), $(( (w - 2) * (h - 2) )) output values equal to the reference"
	sed -n 2p "$OUT/s$size.txt" | grep -qxF "$want" || { cat "$OUT/s$size.txt"; no "$size: want '$want'"; }
	sed -n 3p "$OUT/s$size.txt" | grep -Eq "^  axis: $runs runs back to back .*: $checked checked runs bit-exact with the unstalled one in $((w * h + 4)) enabled cycles each; protocol monitor and TREADY independence \([0-9]+ checks\) clean; [0-9]+ clock cycles, [1-9][0-9]* stalled$" ||
		{ cat "$OUT/s$size.txt"; no "$size: the stalled runs"; }
	[ -s "$OUT/s/size-$n/gaussian.npy" ] || no "$size: no output in size-$n"
	cmp -s "$OUT/s/size-$n/config.hex" "$OUT/c$size/config.hex" || no "$size: its image is not the compile's"
done
entries=$(find "$SLUICE_CACHE_DIR/verilator" -mindepth 1 -maxdepth 1 -type d | wc -l)
[ "$entries" = 1 ] || no "$entries builds in the cache, want 1"
[ $fail = 0 ] && echo "PASS: one build, sizes $*"
exit $fail
