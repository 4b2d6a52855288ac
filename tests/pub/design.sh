#!/usr/bin/env bash
# tests/pub/design.sh: designs with buffers on push-memory tiles.
#   design.sh SLUICE lint|verilator|verilator_chain|verilator_passes
# lint       `verilator --lint-only -Wall` on the Verilog of gaussian,
#            harris and camera_pipeline with --memory pub, of gaussian
#            on two tiles in series (--depth 32) and of fitted field widths
#            (--pub-width fit, EW < CW): no warning at all;
# verilator  `sluice sim --engine verilator --memory pub` on gaussian (one
#            tile; verilator_chain: --depth 32, two in series, and harris,
#            five buffers on tiles): every output equal to the reference
#            and the cycles to the prediction (the simulator's own checks),
#            each tile configured through its bus after reset, and every
#            tile's access counts, measured in the simulated hardware,
#            equal to the tile model's: gaussian's by hand below;
#            verilator_passes: camera_pipeline with red and green read in
#            passes from FW 2 tiles (docs/pub.md "Passes"), pass 0 from the
#            producer's stream (verilator_fit: the same at fitted field
#            widths, CW 13 and EW 6, issue 12's UP5K design; verilator_side: at the defaults, on tiles
#            side by side), every tile's counts agreeing too;
# verilator_bad  the same gaussian on a copy of the hardware library whose
#            tile counts each SRAM write twice (SLUICE_RTL_LIB): sim must
#            fail, naming the tile, the count and both values;
# axis_bad   gaussian with --interface axis on a copy whose tile counts each
#            SRAM write twice in its run 5 alone (a stalled run: seed 1's
#            bursts), run 1 (the unstalled one) right: sim must fail naming
#            run 5 and no other, so the check covers more than run 1.
set -u
[ $# -eq 2 ] || { echo "usage: $0 SLUICE lint|verilator|verilator_chain|verilator_passes|verilator_fit|verilator_side|verilator_bad|axis_bad" >&2; exit 2; }
SLUICE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0
# The program PROG: an example, but camera_pipeline is its channel-outer
# form, tests/order/camera_pipeline.sl, whose red, green and blue hold a
# plane each (the example keeps them in registers).
src() {	# PROG
	case $1 in
	camera_pipeline) echo "$ROOT/tests/order/$1.sl" ;;
	*) echo "$ROOT/examples/$1.sl" ;;
	esac
}
run() {	# NAME PROG ARGS...
	local name=$1 prog=$2
	shift 2
	case $MODE in
	lint)
		if ! "$SLUICE" compile "$(src "$prog")" --memory pub "$@" -o "$TMP/$name" \
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
	verilator_bad | axis_bad)
		if "$SLUICE" sim "$(src "$prog")" --memory pub "$@" --engine verilator \
		     --seed 5 -o "$TMP/$name" >"$TMP/$name.log" 2>&1; then
			cat "$TMP/$name.log"; echo "FAIL $name: sim passed on miscounting tiles"; fail=1
		else
			echo "ok   $name: sim failed: $(grep 'error:' "$TMP/$name.log" | head -1)"
		fi ;;
	verilator*)
		if "$SLUICE" sim "$(src "$prog")" --memory pub "$@" --engine verilator \
		     --seed 5 -o "$TMP/$name" >"$TMP/$name.log" 2>&1 &&
		   grep -q "equal to the reference" "$TMP/$name.log"; then
			echo "ok   $name: $(grep 'verilator:' "$TMP/$name.log")"
		else
			cat "$TMP/$name.log"; echo "FAIL $name: sim --engine verilator"; fail=1
		fi ;;
	esac
}
expect() {	# NAME TEXT: a line of NAME's output holds TEXT
	if grep -qF -- "$2" "$TMP/$1.log"; then
		echo "ok   $1: $2"
	else
		cat "$TMP/$1.log"; echo "FAIL $1: no line with: $2"; fail=1
	fi
}
agree() {	# NAME N|all: N tiles' counts printed (all: any number but 0), every
	# one Verilator's and the tile model's
	local n total want=$2
	n=$(grep -c '^pub .* tile [0-9]*: .* (tile model and Verilator agree)$' "$TMP/$1.log")
	total=$(grep -c '^pub .* tile [0-9]*: ' "$TMP/$1.log")
	[ "$want" = all ] && want=$total
	if [ "$total" -gt 0 ] && [ "$n" -eq "$want" ] && [ "$n" -eq "$total" ]; then
		echo "ok   $1: $n tiles' counts agree"
	else
		cat "$TMP/$1.log"; echo "FAIL $1: $n of $total tiles agree, want $2"; fail=1
	fi
}
MODE=$2
PASSES="--fetch 2 --depth 2048 --pub-ports 1x1 --pub-levels 3 --pub-buffers red,green"
case $MODE in
verilator)
	# gaussian 64x64, FW 4 (docs/pub.md "Counts", tests/unit/t_pub.cpp):
	# 4,096 words in, 4,096 / 4 = 1,024 SRAM writes; two outputs of 62
	# rows x 64 words, 3,968 words and 992 SRAM reads each; steps 4,096 +
	# 1,024 + 1,984 + 7,936 = 15,040
	run gaussian gaussian
	expect gaussian "pub in tile 0: 4096 aggregator writes, 1024 SRAM writes, 1984 SRAM reads, 7936 transpose-buffer reads (3968 + 3968), 15040 controller steps (tile model and Verilator agree)"
	agree gaussian 1 ;;
verilator_chain)
	# tile 0 presents rows 0..62 (4,032 words, 1,008 reads) to tile 1,
	# which presents rows 0..61 (3,968 words, 992 reads)
	run gaussian_d32 gaussian --depth 32
	expect gaussian_d32 "pub in tile 0: 4096 aggregator writes, 1024 SRAM writes, 1008 SRAM reads, 4032 transpose-buffer reads (4032)"
	expect gaussian_d32 "pub in tile 1: 4032 aggregator writes, 1008 SRAM writes, 992 SRAM reads, 3968 transpose-buffer reads (3968)"
	agree gaussian_d32 2
	run harris harris
	agree harris 5 ;;
verilator_bad)
	# sl_pub.v's counter, controller NI (WR_0) counting 2 a fire
	mkdir "$TMP/lib"
	cp "$ROOT"/rtlgen/lib/*.v "$TMP/lib/"
	sed -i "s/cnt_n\[cq\] <= cnt_n\[cq\] + 64'd1;/cnt_n[cq] <= cnt_n[cq] + (cq == NI ? 64'd2 : 64'd1);/" \
		"$TMP/lib/sl_pub.v"
	if cmp -s "$ROOT/rtlgen/lib/sl_pub.v" "$TMP/lib/sl_pub.v"; then
		echo "FAIL: the counter of sl_pub.v was not found to perturb"; exit 1
	fi
	export SLUICE_RTL_LIB=$TMP/lib
	run gaussian_bad gaussian
	expect gaussian_bad "error: the push-memory tile 0 of 'in' (in_pub0): SRAM writes: the tile model counts 1024, Verilator 2048"
	expect gaussian_bad "error: the push-memory tile 0 of 'in' (in_pub0): controller steps: the tile model counts 15040, Verilator 16064"
	if grep -q '^pub ' "$TMP/gaussian_bad.log"; then
		echo "FAIL gaussian_bad: counts printed after a difference"; fail=1
	fi ;;
axis_bad)
	# the same counter, WR_0 counting 2 a fire in the tile's run 5 alone
	# (runs from 1: the unstalled run, then seed 1's 90 %, 50 %, 10 %
	# duty and bursts)
	mkdir "$TMP/lib"
	cp "$ROOT"/rtlgen/lib/*.v "$TMP/lib/"
	sed -i "s/cnt_n\[cq\] <= cnt_n\[cq\] + 64'd1;/cnt_n[cq] <= cnt_n[cq] + (cq == NI \&\& cnt_run == 32'd5 ? 64'd2 : 64'd1);/" \
		"$TMP/lib/sl_pub.v"
	if cmp -s "$ROOT/rtlgen/lib/sl_pub.v" "$TMP/lib/sl_pub.v"; then
		echo "FAIL: the counter of sl_pub.v was not found to perturb"; exit 1
	fi
	export SLUICE_RTL_LIB=$TMP/lib
	run gaussian_axis_bad gaussian --interface axis
	expect gaussian_axis_bad "error: the push-memory tile 0 of 'in' (in_pub0): SRAM writes: the tile model counts 1024, Verilator 2048 in run 5"
	expect gaussian_axis_bad "error: the push-memory tile 0 of 'in' (in_pub0): controller steps: the tile model counts 15040, Verilator 16064 in run 5"
	if [ "$(grep -c 'error: ' "$TMP/gaussian_axis_bad.log")" -ne 2 ]; then
		cat "$TMP/gaussian_axis_bad.log"; echo "FAIL gaussian_axis_bad: errors other than run 5's two"; fail=1
	fi ;;
verilator_passes)
	run camera_passes camera_pipeline $PASSES
	agree camera_passes all ;;
verilator_fit)
	# issue 12's UP5K design: the same with fitted widths (CW 13, EW 6)
	run camera_fit camera_pipeline $PASSES --pub-width fit
	agree camera_fit all ;;
verilator_side)
	# the defaults: red, green and blue on two tiles side by side each
	run camera_side camera_pipeline
	agree camera_side all ;;
lint)
	run gaussian gaussian
	run gaussian_d32 gaussian --depth 32
	run harris harris
	run camera camera_pipeline
	run camera_passes camera_pipeline $PASSES
	run camera_d1024 camera_pipeline --depth 1024
	run camera_side4 camera_pipeline --depth 512 --fetch 2 --pub-ports 1x1 --pub-buffers red
	run gaussian_fit gaussian --pub-width fit
	run camera_fit camera_pipeline $PASSES --pub-width fit ;;
*)
	echo "usage: $0 SLUICE lint|verilator|verilator_chain|verilator_passes|verilator_fit|verilator_side|verilator_bad|axis_bad" >&2; exit 2 ;;
esac
exit $fail
