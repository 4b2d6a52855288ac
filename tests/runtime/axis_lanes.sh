#!/usr/bin/env bash
# tests/runtime/axis_lanes.sh: AXI4-Stream ports of lanes under run-time
# sizes (docs/hardware.md "Pixels per beat", "Several sizes in one run"):
# gaussian at --unroll 2, built for 64x64 (--runtime-max) with AXI4-Lite
# control, runs rows of odd and even length in one Verilator process.
#   axis_lanes.sh SLUICE BUILD_DIR
# 0. the build's Verilog lints clean (verilator --lint-only -Wall);
# 1. compile at each size: the Verilog is the build's (cmp), and the
#    output stream's ROW_LAST, ROWS_LAST and TAIL are as derived by hand:
#    gaussian's output row is W-2 pixels, ceil((W-2)/2) beats of 2 lanes,
#    ROW_LAST = ceil((W-2)/2) - 1, ROWS_LAST = H-3, and the last beat holds
#    TAIL = 1 pixel when W-2 is odd, 2 when even; they are the 4th, 3rd
#    and 2nd words before the last three (RUN_LO, RUN_HI, CONFIGURED);
# 2. one sim --size run of 17x9, 18x10, 64x64 and 19x7 (TAIL 1, 2, 2, 1)
#    under one seed of random backpressure: each size bit-exact with its
#    own reference, (W-2)(H-2) output values, in ceil(W/2) H + 4 cycles
#    (each of the H rows ceil(W/2) beats of the input, one a cycle, and
#    the 4 cycles of gaussian's latency as at one lane: docs/hardware.md
#    "Throughput"), as predicted; the testbench's monitor checks the pad
#    lane of every odd row's last beat is 0.
set -u
[ $# -eq 2 ] || { echo "usage: $0 SLUICE BUILD_DIR" >&2; exit 2; }
SLUICE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$2" && OUT=$(cd "$2" && pwd)/runtime_axis_lanes
G=$ROOT/examples/gaussian.sl
A=(--unroll 2 --runtime-config --runtime-max W=64 --runtime-max H=64 --interface axis
	--control axilite)
SIZES="17x9 18x10 64x64 19x7"
rm -rf "$OUT"
mkdir -p "$OUT"
export SLUICE_CACHE_DIR=$OUT/cache
fail=0
no() { echo "FAIL: $*"; fail=1; }

"$SLUICE" compile "$G" -D W=64 -D H=64 "${A[@]}" -o "$OUT/cmax" >"$OUT/cmax.log" 2>&1 ||
	{ cat "$OUT/cmax.log"; no "compile 64x64"; }
(cd "$OUT/cmax" && verilator --lint-only -Wall -f sluice_gaussian.f --top-module sluice_gaussian) \
	>"$OUT/lint.log" 2>&1 || { cat "$OUT/lint.log"; no "lint"; }
# word I from the end of a config.hex, its data field (CW from the header)
field() {
	local hex=$1 from=$2 cw
	cw=$(sed -n 's/.*(cfg_addr << \([0-9]*\)).*/\1/p' "$hex")
	echo $(( 0x$(grep -v '^//' "$hex" | tail -n "$from" | head -n 1) & ((1 << cw) - 1) ))
}
sizes=()
for size in $SIZES; do
	w=${size%x*} h=${size#*x}
	sizes+=(--size "W=$w,H=$h")
	"$SLUICE" compile "$G" -D W="$w" -D H="$h" "${A[@]}" -o "$OUT/c$size" >"$OUT/c$size.log" 2>&1 ||
		{ cat "$OUT/c$size.log"; no "compile $size"; continue; }
	for f in sluice_gaussian.v sluice_gaussian_core.v; do
		cmp -s "$OUT/cmax/$f" "$OUT/c$size/$f" || no "$size: $f differs from the build's"
	done
	beats=$(( (w - 2 + 1) / 2 )) tail=$(( (w - 2) % 2 ? 1 : 2 ))
	got="$(field "$OUT/c$size/config.hex" 6) $(field "$OUT/c$size/config.hex" 5) $(field "$OUT/c$size/config.hex" 4)"
	[ "$got" = "$((beats - 1)) $((h - 3)) $tail" ] ||
		no "$size: ROW_LAST ROWS_LAST TAIL of the output are $got, want $((beats - 1)) $((h - 3)) $tail"
done
log=$OUT/sim.log
"$SLUICE" sim "$G" "${A[@]}" --stall-seeds 1 --engine verilator --seed 1 --quiet -o "$OUT/s" \
	"${sizes[@]}" >"$log" 2>&1 || { cat "$log"; no "sim ${sizes[*]}"; }
n=0
for size in $SIZES; do
	w=${size%x*} h=${size#*x}
	n=$((n + 1))
	cyc=$(( (w + 1) / 2 * h + 4 ))
	want="verilator: $cyc cycles (predicted $cyc), $(( (w - 2) * (h - 2) )) output values equal to the reference"
	grep -A2 -xF "size $n of 4 (W=$w,H=$h):" "$log" >"$OUT/s$size.txt"
	sed -n 2p "$OUT/s$size.txt" | grep -qxF "$want" || { cat "$OUT/s$size.txt"; no "$size: want '$want'"; }
	sed -n 3p "$OUT/s$size.txt" | grep -Eq "checked runs bit-exact with the unstalled one in $cyc enabled cycles each; protocol monitor and TREADY independence \([0-9]+ checks\) clean; [0-9]+ clock cycles, [1-9][0-9]* stalled$" ||
		{ cat "$OUT/s$size.txt"; no "$size: the stalled runs"; }
done
[ $fail = 0 ] && echo "PASS: one build, sizes $SIZES at 2 lanes"
exit $fail
