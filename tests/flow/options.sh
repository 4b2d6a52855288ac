#!/usr/bin/env bash
# tests/flow/options.sh: every command takes only the options it honours.
#   options.sh SLUICE
# An option another command takes is a usage error (exit 2, a message
# naming the option and the command), never silently ignored; the
# options a command documents are accepted.
set -u
[ $# -eq 1 ] || { echo "usage: $0 SLUICE" >&2; exit 2; }
SLUICE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "$0")/../.." && pwd)
PROG=$HERE/examples/brighten.sl
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0

# expect CODE TEXT ARGS...: exit CODE, and stderr containing TEXT.
expect() {
	local code=$1 text=$2
	shift 2
	"$SLUICE" "$@" >"$TMP/out" 2>"$TMP/err"
	local rc=$?
	if [ $rc -ne "$code" ] || { [ -n "$text" ] && ! grep -qF -- "$text" "$TMP/err"; }; then
		echo "FAIL sluice $*: exit $rc (want $code), stderr:"
		cat "$TMP/err"
		fail=1
	else
		echo "ok   sluice $* -> $code"
	fi
}

expect 2 "'--board' is not an option of 'run'" run "$PROG" --board ice40up5k --seed 1 -o "$TMP/r"
expect 2 "'--engine' is not an option of 'compile'" compile "$PROG" --engine verilator -o "$TMP/c"
expect 2 "'--vcd' is not an option of 'study'" study "$PROG" --vcd x.vcd -o "$TMP/st"
expect 2 "'--unroll' is not an option of 'explore'" explore "$PROG" --unroll 2 -o "$TMP/e"
expect 2 "'--knob' is not an option of 'study'" study "$PROG" --knob unroll=1,2 -o "$TMP/st"
expect 2 "--point, --emit-jobs and --collect exclude each other" explore "$PROG" --point --collect "$TMP/e" -o "$TMP/e"
expect 2 "--budget takes a synthesis count" explore "$PROG" --budget 0 -o "$TMP/e"
expect 2 "--fidelity takes estimate, yosys or pnr, not 'exact'" explore "$PROG" --fidelity exact -o "$TMP/e"
expect 2 "--point takes one board and one value of every knob" explore "$PROG" --boards ice40up5k --knob unroll=1,2 --point -o "$TMP/e"
expect 2 "'--max-cycles' is not an option of 'run'" run "$PROG" --max-cycles 5 --seed 1 -o "$TMP/r"
expect 2 "'--schedule' is not an option of 'check'" check "$PROG" --schedule sequential
expect 2 "'-d' is not an option of 'run'" run "$PROG" -dP --seed 1 -o "$TMP/r"
expect 2 "'--pnr' is not an option of 'sim'" sim "$PROG" --pnr --seed 1 -o "$TMP/m"
expect 2 "'-o' is not an option of 'boards'" boards -o "$TMP/b"
expect 2 "-d takes dump letters P, L, S, B, T and R, not 'X'" compile "$PROG" -dPX -o "$TMP/c"
expect 2 "unknown option or missing value: '--frobnicate'" sim "$PROG" --frobnicate
expect 2 "'--size' is not an option of 'compile'" compile "$PROG" --size W=8 -o "$TMP/c"
expect 2 "--size takes NAME=VALUE[,NAME=VALUE]... (up to 16 params, each a param's name and a decimal integer), not 'W=8,H'" sim "$PROG" --size W=8,H
expect 2 "--size names a param twice in 'W=8,W=9'" sim "$PROG" --size W=8,W=9
# An option that means nothing in this combination is an error too
# (audit D15-D17): every rule of the table in flow/options.c, once, in
# the table's order, before any stage runs (nothing written).
rules=0
rule() { rules=$((rules + 1)); expect "$@"; }
rule 2 "sluice run: error: --engine takes 'auto', 'interp' or 'c' here, not 'verilator'" \
	run "$PROG" --engine verilator --seed 1 -o "$TMP/m"
rule 2 "sluice sim: error: --vcd needs --engine verilator (the model has no waveform)" \
	sim "$PROG" --vcd "$TMP/w.vcd" --seed 1 -o "$TMP/m"
rule 2 "sluice study: error: --fetch, --depth and --pub-* are axes of --memory native,pub" \
	study "$PROG" --fetch 4 -o "$TMP/m"
rule 2 "sluice study: error: --memory compares tile configurations; it does not combine with --boards" \
	study "$PROG" --memory native,pub --boards ice40up5k -o "$TMP/m"
rule 2 "sluice compile: error: --fetch, --depth and --pub-* describe the push-memory tile: they need --memory pub" \
	compile "$PROG" --fetch 4 -o "$TMP/m"
rule 2 "sluice compile: error: the push-memory tile's configuration width CW 8 (--pub-width) is narrower than its SRAM address" \
	compile "$PROG" --memory pub --pub-width 8 --depth 512 -o "$TMP/m"
rule 2 "sluice compile: error: --runtime-config loads configurations of other sizes into one build" \
	compile "$PROG" --memory pub --runtime-config --pub-width fit -o "$TMP/m"
rule 2 "sluice compile: error: --runtime-max is the largest size a --runtime-config build serves" \
	compile "$PROG" --runtime-max W=64 -o "$TMP/m"
rule 2 "sluice compile: error: --runtime-max sizes the line buffers of native memory" \
	compile "$PROG" --memory pub --runtime-config --runtime-max W=64 -o "$TMP/m"
rule 2 "sluice sim: error: --size runs several sizes of one build in one Verilator process: give --runtime-config and --engine verilator" \
	sim "$PROG" --runtime-config --size W=8 --seed 1 -o "$TMP/m"
rule 2 "sluice sim: error: --size makes each size's inputs from --seed; --input gives the data of one size" \
	sim "$PROG" --runtime-config --engine verilator --size W=8 --input in=a.npy -o "$TMP/m"
rule 2 "sluice synth: error: no board given (--board B; see 'sluice boards')" \
	synth "$PROG" -o "$TMP/m"
rule 2 "sluice synth: error: --check-netlist simulates the native interface; drop --interface axis" \
	synth "$PROG" --board ice40up5k --check-netlist --interface axis -o "$TMP/m"
rule 2 "sluice synth: error: --check-netlist does not wait for the tiles' configuration yet" \
	synth "$PROG" --board ice40up5k --check-netlist --memory pub -o "$TMP/m"
rule 2 "sluice synth: error: --input and --seed are the data of --check-netlist" \
	synth "$PROG" --board ice40up5k --seed 1 -o "$TMP/m"
rule 2 "sluice sim: error: --stall-seeds needs --interface axis and --engine verilator" \
	sim "$PROG" --stall-seeds 2 --seed 1 -o "$TMP/m"
rule 1 "sluice: error: --clock needs --board with a delay model (docs/timing.md)" \
	compile "$PROG" --clock 50 -o "$TMP/m"
[ ! -e "$TMP/m" ] || { echo "FAIL a refused combination wrote $TMP/m"; fail=1; }
table=$(grep -c '^	{ [a-z_]*, "' "$HERE/flow/options.c")
if [ "$rules" -ne "$table" ]; then
	echo "FAIL flow/options.c has $table rules, this script breaks $rules"
	fail=1
fi
expect 2 "--input in is given 2 times; give it once" run "$PROG" --input in=a.npy --input in=b.npy -o "$TMP/r"
expect 2 "--boards has an empty value in ''" study "$PROG" --boards "" -o "$TMP/st"
# an item of a comma list given twice, like a repeated -D (issue 24, item 6);
# by value where the value has other spellings (08 is 8)
expect 2 "--pub-buffers in,in: 'in' is given twice" compile "$PROG" --memory pub --pub-buffers in,in -o "$TMP/c"
expect 2 "--pub-buffers in,brighten,in: 'in' is given twice" sim "$PROG" --memory pub --pub-buffers in,brighten,in --seed 1 -o "$TMP/m"
expect 2 "--memory native,pub,pub: 'pub' is given twice" study "$PROG" --memory native,pub,pub -o "$TMP/st"
expect 2 "--fetch 4,4: '4' is given twice" study "$PROG" --memory pub --fetch 4,4 -o "$TMP/st"
expect 2 "--fetch 2,4,04: '4' is given twice" study "$PROG" --memory pub --fetch 2,4,04 -o "$TMP/st"
expect 2 "--depth 512,256,512: '512' is given twice" study "$PROG" --memory pub --depth 512,256,512 -o "$TMP/st"
expect 2 "--pub-ports 2x2,1x1,2x2: '2x2' is given twice" study "$PROG" --memory pub --pub-ports 2x2,1x1,2x2 -o "$TMP/st"
expect 2 "--boards ice40up5k,ice40up5k: 'ice40up5k' is given twice" study "$PROG" --boards ice40up5k,ice40up5k -o "$TMP/st"
expect 2 "--schedules stream,sequential,stream: 'stream' is given twice" study "$PROG" --schedules stream,sequential,stream -o "$TMP/st"
expect 2 "--unrolls 1,2,1: '1' is given twice" study "$PROG" --unrolls 1,2,1 -o "$TMP/st"
expect 2 "--thresholds 8,08: '08' is given twice" study "$PROG" --thresholds 8,08 -o "$TMP/st"
expect 2 "--rams auto,lut,auto: 'auto' is given twice" study "$PROG" --rams auto,lut,auto -o "$TMP/st"
[ ! -e "$TMP/st" ] && [ ! -e "$TMP/c" ] || { echo "FAIL a repeated list item wrote $TMP/st or $TMP/c"; fail=1; }
expect 2 "--schedules has an empty value in 'stream,'" study "$PROG" --schedules stream, -o "$TMP/st"
expect 2 "--thresholds takes at most 16 values" study "$PROG" \
	--thresholds 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17 -o "$TMP/st"
# An unknown board is a program error in study as in compile.
expect 1 "no board 'nosuch'" study "$PROG" --boards nosuch -o "$TMP/st"
expect 1 "no board 'nosuch'" compile "$PROG" --board nosuch -o "$TMP/c"
# -h is help only in an option's place: as the value of -o it is a directory.
(cd "$TMP" && "$SLUICE" run "$PROG" --seed 1 -o -h >/dev/null 2>&1)
[ -f "$TMP/-h/brighten.npy" ] || { echo "FAIL run -o -h did not write into '-h'"; fail=1; }
"$SLUICE" run "$PROG" --help >"$TMP/help" 2>&1 && grep -q "^usage: sluice run" "$TMP/help" ||
	{ echo "FAIL run --help"; fail=1; }
expect 2 "'--frames' is not an option of 'compile'" compile "$PROG" --frames 2 -o "$TMP/c"
expect 2 "--frames takes a frame count from 1 to 100000, not '0'" run "$PROG" --frames 0 --seed 1 -o "$TMP/r"
expect 2 "--input in is given 2 times; with --frames 3" run "$PROG" --frames 3 --input in=a.npy --input in=b.npy -o "$TMP/r"
expect 2 "'--unroll' is not an option of 'run'" run "$PROG" --unroll 2 --seed 1 -o "$TMP/r"
expect 2 "--unroll takes a lane count from 1 to 256, not '0'" compile "$PROG" --unroll 0 -o "$TMP/c"
expect 2 "--unroll takes a lane count from 1 to 256, not '257'" sim "$PROG" --unroll 257 --seed 1 -o "$TMP/m"
expect 2 "--unroll takes a lane count from 1 to 256, not 'two'" compile "$PROG" --unroll two -o "$TMP/c"
# The push-memory tile follows the core's clock enable: --memory pub takes
# the AXI4-Stream interface (tests/pub/examples.sh axis runs it).
expect 0 "" compile "$PROG" --memory pub --interface axis -o "$TMP/cpa"
# AXI4-Stream takes lanes: brighten's 64 u8 pixels a row at two lanes are
# one stream of 16-bit beats, 32 a row (tests/axis.cmake t_axis_lanes_*
# runs them), natively and on tiles.
expect 0 "" compile "$PROG" --unroll 2 --interface axis -o "$TMP/cal"
if grep -qF "input  wire [15:0] s_axis_in_tdata" "$TMP/cal/sluice_brighten.v" &&
	grep -qF "_col;  // the element's column, of 32" "$TMP/cal/sluice_brighten.v"; then
	echo "ok   axis at two lanes: 16-bit TDATA, rows of 32 beats"
else
	echo "FAIL axis at two lanes: want 16-bit TDATA and rows of 32 beats"; fail=1
fi
expect 0 "" compile "$PROG" --unroll 2 --interface axis --memory pub -o "$TMP/calp"
# An output read outside its box by another func: at two lanes f's lane 1
# has the word x = -1 (g reads f(y, x - 1)) that lane 0 has not, so the
# lanes cannot share one port: a located error, not unproven Verilog.
printf 'input in : u8[4][8];\nfunc f(y, x) : u8 = in(y, x + 1);\noutput f[4][6];\nfunc g(y, x) : u8 = f(y, x - 1);\noutput g[4][6];\n' >"$TMP/ob.sl"
expect 1 "ob.sl:2:6: error: output 'f' is also read outside its box, where lane 1 has words lane 0 has not" compile "$TMP/ob.sl" --unroll 2 -o "$TMP/ob"
# sim -o with --frames N writes the Verilog it checks, the N-frame one:
# brighten streams its 64x64 input a pixel a cycle, so the frame period
# is 4096 and 3 frames take 4098 + 2 * 4096 cycles.
expect 0 "" sim "$PROG" --frames 3 --seed 1 -o "$TMP/f"
if grep -qF "12290 cycles from start to done" "$TMP/f/sluice_brighten.v"; then
	echo "ok   sim --frames 3 -o writes the 3-frame Verilog"
else
	echo "FAIL sim --frames 3 -o: sluice_brighten.v is not the 3-frame design"
	fail=1
fi
# Accepted: sim honours --board (and writes the design it simulates).
expect 0 "" sim "$PROG" --board ice40up5k --seed 1 -o "$TMP/m"
for f in schedule.txt buffers.txt report.json report.html sluice_brighten.v brighten.npy; do
	[ -f "$TMP/m/$f" ] || { echo "FAIL sim --board wrote no $f"; fail=1; }
done
expect 0 "" compile "$PROG" -d PLSB -o "$TMP/c"
exit $fail
