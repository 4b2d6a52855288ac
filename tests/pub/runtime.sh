#!/usr/bin/env bash
# tests/pub/runtime.sh: one Verilated build of gaussian run at three image
# sizes from three configuration images (--runtime-config, docs/pub.md
# "Run-time configuration").
#   runtime.sh SLUICE BUILD_DIR
# 1. compile at 64x64, 48x40 and 32x32: the three Verilog files are
#    byte-identical (cmp), the config.hex images differ, and each image's
#    schedule registers hold the values derived by hand below;
# 2. sim --engine verilator at 64x64 in an empty cache builds once, and
#    the runs at 48x40 and 32x32 are cache hits ("build: cached", one
#    entry in the cache) that load their own image: all three bit-exact
#    at their own predicted cycles (the simulator's checks, figures
#    derived by hand: W*H + 4 cycles (tests/golden/README.md, gaussian), (W-2)*(H-2) output values).
#   runtime.sh SLUICE BUILD_DIR EXAMPLE...
# The same for other examples, at 64x64 and 48x40: one Verilog, the
# second run a cache hit, both bit-exact at their predicted cycles.
set -u
[ $# -ge 2 ] || { echo "usage: $0 SLUICE BUILD_DIR [EXAMPLE...]" >&2; exit 2; }
SLUICE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$2" && OUT=$(cd "$2" && pwd)/pub_runtime$([ $# -gt 2 ] && echo _examples)
G=$ROOT/examples/gaussian.sl
rm -rf "$OUT"
mkdir -p "$OUT"
export SLUICE_CACHE_DIR=$OUT/cache
fail=0
no() { echo "FAIL: $*"; fail=1; }

# example NAME: 64x64 then 48x40 in Verilator, one build.
example() {
	local e=$1 size w h log first=1
	for size in 64x64 48x40; do
		w=${size%x*} h=${size#*x} log=$OUT/$e$size.log
		"$SLUICE" sim "$ROOT/examples/$e.sl" -D W="$w" -D H="$h" --memory pub --runtime-config \
			--engine verilator --seed 3 --quiet -o "$OUT/$e$size" >"$log" 2>&1 ||
			{ cat "$log"; no "sim $e $size"; return; }
		grep -Eq '^verilator: ([0-9]+) cycles \(predicted \1\), [0-9]+ output values equal to the reference$' \
			"$log" || { cat "$log"; no "$e $size: not bit-exact at the predicted cycles"; }
		if [ $first = 1 ]; then
			grep -q '^  build: verilated' "$log" || no "$e $size: the first run did not build"
		else
			grep -q '^  build: cached' "$log" || { cat "$log"; no "$e $size: not a cache hit"; }
			cmp "$OUT/${e}64x64/sluice_$e.v" "$OUT/$e$size/sluice_$e.v" || no "$e: the Verilog differs"
		fi
		first=0
	done
}
if [ $# -gt 2 ]; then
	shift 2
	for e in "$@"; do example "$e"; done
	entries=$(find "$SLUICE_CACHE_DIR/verilator" -mindepth 1 -maxdepth 1 -type d | wc -l)
	[ "$entries" = $# ] || no "$entries builds in the cache, want $#"
	[ $fail = 0 ] && echo "PASS: $# examples, one build each, two sizes"
	exit $fail
fi

# The design's registers after the tile's (one tile, cfg_addr 8 bits: they
# start at 1 << 8 = 256; cfg_data 16 bits, 9 address bits, 7 hex digits):
# per statement (in, blur, gaussian) START, EXT[0], DELTA[0], EXT[1],
# DELTA[1]; then RUN_LO, RUN_HI, CONFIGURED.  gaussian at W x H: 'in'
# streams at t = W*y + x (START 0, DELTA 1, 1); blur and gaussian read
# in(y+2, x+2), 2 rows and 2 columns later, blur one cycle after the
# write (latency 1), gaussian one after blur (blur's latency 1: its
# kernel's products are shifts): START 2W+3 and 2W+4, boxes (H-2) x
# (W-2), the row DELTA W - (W-3) = 3.  The last output is written at
# 2W+4 + W(H-3) + (W-3) + 2 (latency), so done rises in cycle W*H + 4
# and remain counts down from W*H + 2.
expect_regs() {
	local w=$1 h=$2 a=256 v
	local -a vals=(0 "$h" 1 "$w" 1
		$((2 * w + 3)) $((h - 2)) 3 $((w - 2)) 1
		$((2 * w + 4)) $((h - 2)) 3 $((w - 2)) 1
		$((w * h + 2)) 0 1)
	for v in "${vals[@]}"; do
		printf '%07x\n' $(( (a << 16) | v ))
		a=$((a + 1))
	done
}

for size in 64x64 48x40 32x32; do
	w=${size%x*} h=${size#*x}
	"$SLUICE" compile "$G" -D W="$w" -D H="$h" --memory pub --runtime-config \
		-o "$OUT/c$size" >"$OUT/c$size.log" 2>&1 || { cat "$OUT/c$size.log"; no "compile $size"; continue; }
	img=$OUT/c$size/config.hex
	# 3 comment lines, the tile's 128 writes, the design's 18
	[ "$(grep -vc '^//' "$img")" = 146 ] || no "$size: $(grep -vc '^//' "$img") words in config.hex, want 146"
	expect_regs "$w" "$h" >"$OUT/want$size.txt"
	tail -n 18 "$img" | cmp -s - "$OUT/want$size.txt" ||
		{ tail -n 18 "$img" | diff - "$OUT/want$size.txt"; no "$size: schedule registers"; }
done
for size in 48x40 32x32; do
	cmp "$OUT/c64x64/sluice_gaussian.v" "$OUT/c$size/sluice_gaussian.v" ||
		no "the Verilog of 64x64 and $size differ"
	cmp -s "$OUT/c64x64/config.hex" "$OUT/c$size/config.hex" && no "the images of 64x64 and $size are equal"
done
grep -q 'cfg_addr' "$OUT/c64x64/sluice_gaussian.v" || no "no configuration bus"
grep -q 'sl_sched #' "$OUT/c64x64/sluice_gaussian.v" && no "an sl_sched with compiled-in parameters"

n=0
for size in 64x64 48x40 32x32; do
	w=${size%x*} h=${size#*x}
	n=$((n + 1))
	log=$OUT/s$size.log
	"$SLUICE" sim "$G" -D W="$w" -D H="$h" --memory pub --runtime-config --engine verilator \
		--seed "$n" --quiet -o "$OUT/s$size" >"$log" 2>&1 || { cat "$log"; no "sim $size"; continue; }
	want="verilator: $((w * h + 4)) cycles (predicted $((w * h + 4))), $(( (w - 2) * (h - 2) )) output values equal to the reference"
	grep -qxF "$want" "$log" || { cat "$log"; no "$size: want '$want'"; }
	if [ "$n" = 1 ]; then
		grep -q '^  build: verilated' "$log" || no "$size: the first run did not build"
	else
		grep -q '^  build: cached' "$log" || { cat "$log"; no "$size: not a cache hit"; }
		cmp -s "$OUT/s64x64/sluice_gaussian.v" "$OUT/s$size/sluice_gaussian.v" ||
			no "sim's Verilog of 64x64 and $size differ"
	fi
done
entries=$(find "$SLUICE_CACHE_DIR/verilator" -mindepth 1 -maxdepth 1 -type d | wc -l)
[ "$entries" = 1 ] || no "$entries builds in the cache, want 1"
[ $fail = 0 ] && echo "PASS: one build, three sizes"
exit $fail
