#!/usr/bin/env bash
# tests/pub/design.sh: designs with buffers on push-memory tiles.
#   design.sh SLUICE lint|verilator|verilator_chain|verilator_passes
# lint       `verilator --lint-only -Wall` on the Verilog of gaussian,
#            harris and camera_pipeline with --memory pub, and of gaussian
#            on two tiles in series (--depth 32): no warning at all;
# verilator  `sluice sim --engine verilator --memory pub` on gaussian (one
#            tile; verilator_chain: --depth 32, two in series): every
#            output equal to the reference and the cycles to the
#            prediction (the simulator's own checks), each tile configured
#            through its bus after reset; verilator_passes: camera_pipeline
#            with red and green read in passes from FW 2 tiles (docs/pub.md
#            "Passes"), pass 0 from the producer's stream, and at the
#            defaults, on tiles side by side.
set -u
[ $# -eq 2 ] || { echo "usage: $0 SLUICE lint|verilator|verilator_chain|verilator_passes" >&2; exit 2; }
SLUICE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0
run() {	# NAME PROG ARGS...
	local name=$1 prog=$2
	shift 2
	case $MODE in
	lint)
		if ! "$SLUICE" compile "$ROOT/examples/$prog.sl" --memory pub "$@" -o "$TMP/$name" \
		     >"$TMP/log" 2>&1; then
			cat "$TMP/log"; echo "FAIL $name: compile"; fail=1; return
		fi
		local out
		out=$(verilator --lint-only -Wall "$TMP/$name/sluice_$prog.v" "$ROOT"/rtlgen/lib/*.v \
			--top-module "sluice_$prog" 2>&1)
		if [ $? -ne 0 ] || [ -n "$out" ] || ! grep -q "sl_pub #" "$TMP/$name/sluice_$prog.v"; then
			printf '%s\n' "$out"; echo "FAIL $name: lint (or no sl_pub)"; fail=1
		else
			echo "ok   $name lint"
		fi ;;
	verilator*)
		if "$SLUICE" sim "$ROOT/examples/$prog.sl" --memory pub "$@" --engine verilator \
		     --seed 5 -o "$TMP/$name" >"$TMP/log" 2>&1 &&
		   grep -q "equal to the reference" "$TMP/log"; then
			echo "ok   $name: $(grep 'verilator:' "$TMP/log")"
		else
			cat "$TMP/log"; echo "FAIL $name: sim --engine verilator"; fail=1
		fi ;;
	esac
}
MODE=$2
PASSES="--fetch 2 --depth 2048 --pub-ports 1x1 --pub-levels 3 --pub-buffers red,green"
if [ "$MODE" = verilator_passes ]; then
	run camera_passes camera_pipeline $PASSES
	# the defaults: red, green and blue on two tiles side by side each
	run camera_side camera_pipeline
	exit $fail
fi
[ "$MODE" = verilator_chain ] || run gaussian gaussian
[ "$MODE" = verilator ] || run gaussian_d32 gaussian --depth 32
if [ "$MODE" = lint ]; then
	run harris harris
	run camera camera_pipeline
	run camera_passes camera_pipeline $PASSES
	run camera_d1024 camera_pipeline --depth 1024
	run camera_side4 camera_pipeline --depth 512 --fetch 2 --pub-ports 1x1 --pub-buffers red
fi
exit $fail
