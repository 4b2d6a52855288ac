#!/usr/bin/env bash
# tests/runtime/border.sh: run-time sizes on native memory with line
# buffers that have border taps, and with circular buffers
# (--runtime-config --runtime-max; docs/pub.md "On native memory"): the
# border taps' multiplexers compare the reader's index with its extent
# register, the shifts after the last write run on a schedule of
# registers, a circular buffer's strides are registers and its capacity
# the build's, so one build serves every size.
#   border.sh SLUICE BUILD_DIR CASE [--yosys]
# CASE names the program, its lanes, the build's largest size and the
# sizes run:
#   unsharp    unsharp.sl, 1 lane, built 64x64, run 64x64 48x40 33x17: its
#              clamped rows and columns are border taps at both ends of
#              x and y (x = W-1 and y = H-1 the far ends);
#   lanes      gaussian.sl and camera_pipeline.sl at --unroll 4, built
#              64x16, run 64x16 and 40x10 (gaussian) or 48x8: the lane
#              banks read after the input's last write (a shift after it),
#              and camera_pipeline's lanes 2 and 3 read a clamped pad
#              point at the last column of their box (x = W/4 - 1);
#   circular   upsample.sl built 48x40, run 48x40 30x20 17x5 4x4: its
#              circular buffer of a row of 'in' (W words) in block RAM,
#              addressed modulo 48 (the build's capacity, not a power of
#              two: a constant divider) at every size, its row stride a
#              register (4x4 alone would be a register file of 4 words);
#              camera_pipeline.sl, 1 lane, built 64x16, run 64x16 48x8:
#              green's circular buffer of 2 words, read at y * STRIDE + x.
# For each program: 0. the build's Verilog lints clean (verilator
# --lint-only -Wall), and with --yosys passes Yosys's check -assert after
# synth; 1. the Verilog at every size is the build's (cmp); 2. sim
# --engine verilator at every size in an empty cache: the first builds,
# the others are cache hits (one entry), each bit-exact with the measured
# cycles equal to the prediction and as many output values as the output
# box holds (derived by hand: 3 W H for unsharp, (W-2)(H-2) for gaussian,
# 3 (W-2)(H-2) for camera_pipeline, 2W x 2H for upsample).
set -u
[ $# -ge 3 ] || { echo "usage: $0 SLUICE BUILD_DIR CASE [--yosys]" >&2; exit 2; }
SLUICE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$2" && BASE=$(cd "$2" && pwd)/runtime_border_$3
CASE=$3
YOSYS=0
[ "${4:-}" = --yosys ] && YOSYS=1
rm -rf "$BASE"
mkdir -p "$BASE"
fail=0
no() { echo "FAIL: $*"; fail=1; }

# outputs PROG W H: the values the output box holds
outputs() {
	case $1 in
	unsharp) echo $((3 * $2 * $3)) ;;
	gaussian) echo $((($2 - 2) * ($3 - 2))) ;;
	camera_pipeline) echo $((3 * ($2 - 2) * ($3 - 2))) ;;
	upsample) echo $((4 * $2 * $3)) ;;
	esac
}

# one PROG K MAXW MAXH WxH...: the checks above for one program
one() {
	local prog=$1 k=$2 mw=$3 mh=$4
	shift 4
	local out=$BASE/$prog top=sluice_$prog
	local args=(--unroll "$k" --runtime-config --runtime-max W="$mw" --runtime-max H="$mh")
	mkdir -p "$out"
	export SLUICE_CACHE_DIR=$out/cache
	"$SLUICE" compile "$ROOT/examples/$prog.sl" -D W="$mw" -D H="$mh" "${args[@]}" \
		-o "$out/cmax" >"$out/cmax.log" 2>&1 || { cat "$out/cmax.log"; no "$prog: compile the build"; return; }
	(cd "$out/cmax" && verilator --lint-only -Wall -f $top.f --top-module $top) \
		>"$out/lint.log" 2>&1 || { cat "$out/lint.log"; no "$prog: lint"; }
	if [ $YOSYS = 1 ]; then
		(cd "$out/cmax" && yosys -q -p "read_verilog -sv $(tr '\n' ' ' <$top.f); synth -top $top; check -assert") \
			>"$out/yosys.log" 2>&1 || { tail -20 "$out/yosys.log"; no "$prog: yosys check -assert"; }
	fi
	local size w h n=0
	for size in "$@"; do
		w=${size%x*} h=${size#*x}
		"$SLUICE" compile "$ROOT/examples/$prog.sl" -D W="$w" -D H="$h" "${args[@]}" \
			-o "$out/c$size" >"$out/c$size.log" 2>&1 ||
			{ cat "$out/c$size.log"; no "$prog: compile $size"; continue; }
		cmp "$out/cmax/$top.v" "$out/c$size/$top.v" || no "$prog $size: Verilog differs from the build's"
	done
	for size in "$@"; do
		w=${size%x*} h=${size#*x}
		n=$((n + 1))
		local log=$out/s$size.log
		"$SLUICE" sim "$ROOT/examples/$prog.sl" -D W="$w" -D H="$h" "${args[@]}" \
			--engine verilator --seed "$n" --quiet -o "$out/s$size" >"$log" 2>&1 ||
			{ cat "$log"; no "$prog: sim $size"; continue; }
		grep -Eq "^verilator: ([0-9]+) cycles \(predicted \1\), $(outputs "$prog" "$w" "$h") output values equal to the reference$" "$log" ||
			{ cat "$log"; no "$prog $size: not bit-exact at the predicted cycles"; }
		if [ $n = 1 ]; then
			grep -q '^  build: verilated' "$log" || no "$prog $size: the first run did not build"
		else
			grep -q '^  build: cached' "$log" || { cat "$log"; no "$prog $size: not a cache hit"; }
		fi
	done
	local entries
	entries=$(find "$SLUICE_CACHE_DIR/verilator" -mindepth 1 -maxdepth 1 -type d | wc -l)
	[ "$entries" = 1 ] || no "$prog: $entries builds in the cache, want 1"
}

case $CASE in
unsharp)
	one unsharp 1 64 64 64x64 48x40 33x17 ;;
lanes)
	one gaussian 4 64 16 64x16 40x10
	one camera_pipeline 4 64 16 64x16 48x8 ;;
circular)
	one upsample 1 48 40 48x40 30x20 17x5 4x4
	grep -q '// % 48 over' "$BASE/upsample/cmax/sluice_upsample.v" || no "upsample: not addressed modulo 48"
	one camera_pipeline 1 64 16 64x16 48x8 ;;
*)
	echo "$0: no case '$CASE'" >&2; exit 2 ;;
esac
[ $fail = 0 ] && echo "PASS: $CASE, one build a program"
exit $fail
