#!/usr/bin/env bash
# tests/pub/lanes.sh: lanes (--unroll K, docs/language.md "Lanes") on the
# push-memory tile (--memory pub, docs/pub_mapping.md "Lanes").
#   lanes.sh SLUICE model
#       gaussian, blur_xy, harris, cascade, downsample and camera_pipeline
#       at K = 2 and 4, and the other examples with banks on tiles
#       (mobilenet at K = 2 with --fetch 8, unsharp at 4,
#       laplacian_pyramid at 2 and 4) through `sluice sim --memory pub --unroll K` in the
#       model: every output equal to the reference at the predicted
#       cycles, the buffers on tiles exactly the lane banks listed below,
#       and the access counts of gaussian's and camera_pipeline's lane
#       tiles worked out by hand; then tests/pub/passes_aligned.sl and
#       passes_rd_span.sl, the pass boundary lanes make (passes back to
#       back): the first on a tile with its counts, the second native
#       with its reason; and gaussian at 52 columns and K = 4 (banks of
#       13 words a row), the located collision error; --pub-buffers
#       with the program's names at K = 2 (every bank of each);
#   lanes.sh SLUICE verilator NAME K
#       example NAME (or tests/pub/NAME.sl) at K lanes in Verilator: bit-exact, measured cycles
#       equal to the predicted ones, the same buffers on tiles, and every
#       tile's access counts in the hardware equal to the tile model's
#       (one "tile model and Verilator agree" line per tile of pub.json);
#   lanes.sh SLUICE lint
#       the Verilog of gaussian at K = 2 and 4, downsample and
#       camera_pipeline at 2 with their lane tiles: verilator -Wall clean.
set -u
[ $# -ge 2 ] || { echo "usage: $0 SLUICE model|verilator NAME K|lint" >&2; exit 2; }
SLUICE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
MODE=$2
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0

# The lane banks each example keeps on tiles at K lanes.  A lane bank's
# stream is one word a cycle, so a row of a 64-wide image lasts 64 / K
# cycles (downsample's input has 2K lanes: 64 / 2K).  At FW 4 a tile
# output serves reads at least (2 FW - 1) + 5 = 12 cycles behind the
# write (docs/pub_mapping.md, "Outputs and registers"): a bank read a
# row or more behind goes on a tile when a row lasts 12 cycles or more,
# which K = 2 and 4 give (32 and 16 cycles) and downsample's 8 lanes at
# K = 4 (8 cycles) do not.
# The buffers are those of K = 1 (tests/pub/examples.sh), each bank of
# them: blur_xy's 'in' is read only along x (registers) at any K;
# camera_pipeline's red, green and blue are read in three passes, one a
# channel, that follow one another (docs/pub.md, "Passes").
tiles_of() {	# NAME K
	local bufs="" lanes=$2 b l out=""
	case $1 in
	gaussian) bufs="in" ;;
	blur_xy) bufs="bx" ;;
	harris) bufs="in lxx lyy lxy cim" ;;
	cascade) bufs="in16 blur1" ;;
	downsample) bufs="in"; lanes=$((2 * $2)); [ "$2" -ge 4 ] && bufs="" ;;
	camera_pipeline) bufs="raw red green blue" ;;
	passes_aligned) echo "in"; return ;;
	# at FW 8 a tile serves reads 20 cycles behind: act's rows last 15
	# cycles at K = 2 (its two-row read goes on a tile), 8 or 7 at K = 4
	mobilenet) [ "$2" -le 2 ] && bufs="act" ;;
	# a clamp at the border makes the first and last lane's reads of
	# unsharp's in16 and laplacian_pyramid's g0 vary along x (a select:
	# not constant delays), so only the inner lanes go on tiles, and K = 2
	# has none; l0 is read far behind its write by every lane
	unsharp) [ "$2" -ge 4 ] && { echo "in16.lane1 in16.lane2"; return; } ;;
	laplacian_pyramid) [ "$2" -ge 4 ] && out="g0.lane1 g0.lane2"; bufs="l0" ;;
	*) bufs="" ;;
	esac
	for b in $bufs; do
		for ((l = 0; l < lanes; l++)); do
			out="$out${out:+ }$b.lane$l"
		done
	done
	echo "$out"
}

# "ok" when LOG's line PREFIX says the engine ran with measured ==
# predicted cycles and every output equal to the reference.
exact() {	# LOG PREFIX
	local line re="^$2 ([0-9]+) cycles \\(predicted ([0-9]+)[,:)].* output values equal to the reference\$"
	line=$(grep -F "$2 " "$1" | head -1) || return 1
	[[ $line =~ $re ]] && [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ]
}

# The buffers pub.json puts on tiles, in its order, then the number of
# tiles they take.
on_tiles() {	# DIR
	python3 - "$1/pub.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
bufs = [b for b in d["buffers"] if b["memory"] == "pub"]
print(" ".join(b["name"] for b in bufs))
print(sum(len(b["tiles"]) for b in bufs))
EOF
}

# Counts a lane tile must print (docs/pub.md, "Counts"): NAME K's
# "pub BANK tile 0: ..." lines, by hand.
#   gaussian: each of the K lane banks of 'in' holds 64 rows of 64 / K
#   words, 1 / K of the K = 1 tile (1,024 SRAM writes, 1,984 SRAM reads,
#   3,968 transpose-buffer reads: docs/pub.md): 64 / K / 4 SRAM words a
#   row, rows 1 .. 62 and 2 .. 63 read by the two outputs.
#   camera_pipeline: red's bank has 62 rows of 62 / K columns rounded up
#   for the low lanes (K = 2: 31 each; K = 4: 16 for lanes 0 and 1, 15
#   for lanes 2 and 3), ceil(cols / 4) SRAM words a row; pass 0 (delay 0)
#   reads the producer's stream, passes 1 and 2 the tile: 2 x the words
#   in SRAM reads and 2 x the elements out.
counts_of() {	# NAME K
	case $1:$2 in
	gaussian:2) echo "in.lane0|2048|512|992|3968" "in.lane1|2048|512|992|3968" ;;
	gaussian:4) echo "in.lane0|1024|256|496|1984" "in.lane3|1024|256|496|1984" ;;
	camera_pipeline:2) echo "red.lane0|1922|496|992|3844" "blue.lane1|1922|496|992|3844" ;;
	camera_pipeline:4) echo "red.lane0|992|248|496|1984" "red.lane2|930|248|496|1860" \
		"green.lane3|930|248|496|1860" ;;
	# the 17 words of 'in', 5 SRAM words; passes 1 .. 7 from the tile,
	# 3 SRAM words and 12 words out each
	passes_aligned:1) echo "in|17|5|21|84" ;;
	esac
}

check_counts() {	# LOG NAME K
	local c bank agg wr rd tb
	for c in $(counts_of "$2" "$3"); do
		IFS='|' read -r bank agg wr rd tb <<<"$c"
		if ! grep -q "^pub $bank tile 0: $agg aggregator writes, $wr SRAM writes, $rd SRAM reads, $tb transpose-buffer reads " "$1"; then
			grep "^pub $bank " "$1"
			echo "FAIL $2 --unroll $3: $bank's counts, want $agg / $wr / $rd / $tb"
			return 1
		fi
	done
	return 0
}

# camera_pipeline is its channel-outer form, tests/order/camera_pipeline.sl
# (planes in red, green and blue; the example keeps them in registers and
# its innermost dimension, the channel, has 3 points).
prog_of() {	# NAME
	if [ -e "$ROOT/tests/order/$1.sl" ]; then echo "$ROOT/tests/order/$1.sl"
	elif [ -e "$ROOT/examples/$1.sl" ]; then echo "$ROOT/examples/$1.sl"; else echo "$ROOT/tests/pub/$1.sl"; fi
}

# Tile options an example needs (tests/pub/examples.sh): mobilenet's
# reads of 'act' collide on an FW 4 tile.
opts_of() {
	case $1 in
	mobilenet) echo "--fetch 8" ;;
	esac
}

run_one() {	# ENGINE NAME K
	local n=$2 k=$3 d="$TMP/$2_k$3" got want ntiles agree
	# shellcheck disable=SC2046
	if ! "$SLUICE" sim "$(prog_of "$n")" --memory pub $(opts_of "$n") --unroll "$k" --engine "$1" \
	     --seed 1 -o "$d" >"$d.log" 2>&1 || ! exact "$d.log" "$1:"; then
		cat "$d.log"; echo "FAIL $n --unroll $k: sim --memory pub --engine $1"; return 1
	fi
	{ read -r got; read -r ntiles; } < <(on_tiles "$d")
	want=$(tiles_of "$n" "$k")
	if [ "$got" != "$want" ]; then
		echo "FAIL $n --unroll $k: buffers on tiles '$got', want '$want'"; return 1
	fi
	if [ "$1" = verilator ]; then
		agree=$(grep -c "^pub .*(tile model and Verilator agree)$" "$d.log")
		if [ "$agree" != "$ntiles" ]; then
			grep "^pub " "$d.log"
			echo "FAIL $n --unroll $k: $agree tiles agreed in Verilator, pub.json has $ntiles"
			return 1
		fi
	fi
	check_counts "$d.log" "$n" "$k" || return 1
	echo "ok   $n --unroll $k: $(grep "^$1:" "$d.log"); $ntiles tiles: ${got:-none}"
}

case $MODE in
model)
	for n in gaussian blur_xy harris cascade downsample camera_pipeline; do
		for k in 2 4; do
			run_one model "$n" "$k" || fail=1
		done
	done
	for c in mobilenet:2 unsharp:4 laplacian_pyramid:2 laplacian_pyramid:4 passes_aligned:1; do
		run_one model "${c%:*}" "${c#*:}" || fail=1
	done
	if ! "$SLUICE" sim "$ROOT/tests/pub/passes_rd_span.sl" --memory pub --seed 1 \
	     -o "$TMP/rd_span" >"$TMP/rd_span.log" 2>&1 || ! exact "$TMP/rd_span.log" model:; then
		cat "$TMP/rd_span.log"; echo "FAIL passes_rd_span: sim --memory pub"; fail=1
	elif ! grep -q '"name": "in", "memory": "native", "why": "it is read in passes that overlap in time' \
	       "$TMP/rd_span/pub.json"; then
		grep '"name": "in"' "$TMP/rd_span/pub.json"
		echo "FAIL passes_rd_span: 'in' is not native for passes that overlap"; fail=1
	else
		echo "ok   passes_rd_span: native, its RD words span a whole pass"
	fi
	# --pub-buffers takes the program's names: 'red,green' at K = 2 puts
	# both banks of each on tiles (and no other buffer); a bank by its
	# own name alone; a bank K = 2 does not have is an error
	if "$SLUICE" sim "$ROOT/tests/order/camera_pipeline.sl" --memory pub --unroll 2 \
	     --pub-buffers red,green.lane1 --seed 1 -o "$TMP/pb" >"$TMP/pb.log" 2>&1 &&
	   exact "$TMP/pb.log" model: &&
	   [ "$(on_tiles "$TMP/pb" | head -1)" = "red.lane0 red.lane1 green.lane1" ]; then
		echo "ok   camera_pipeline --unroll 2 --pub-buffers red,green.lane1: red's banks and green.lane1"
	else
		cat "$TMP/pb.log"; echo "FAIL camera_pipeline --unroll 2 --pub-buffers red,green.lane1"; fail=1
	fi
	"$SLUICE" compile "$ROOT/tests/order/camera_pipeline.sl" --memory pub --unroll 2 \
		--pub-buffers red.lane2 -o "$TMP/pb2" >"$TMP/pb2.log" 2>&1
	rc=$?
	if [ $rc -eq 1 ] && [ ! -e "$TMP/pb2" ] &&
	   grep -q "^sluice: error: --pub-buffers names 'red.lane2', which is not a buffer of the program (its buffers: raw.lane0, raw.lane1, red.lane0, red.lane1, " "$TMP/pb2.log"; then
		echo "ok   --pub-buffers red.lane2 at K = 2: the error listing the buffers"
	else
		cat "$TMP/pb2.log"; echo "FAIL --pub-buffers red.lane2: rc $rc"; fail=1
	fi
	# 52 columns at K = 4: banks of 13 words a row, 4 SRAM words of which
	# the last holds one lane, so the next row's first read follows the
	# last one a cycle after its lane 0 and refills the transpose-buffer
	# row of the row's third word early unless the reads fire at most one
	# cycle before the latest; no such placement keeps gaussian's two reads
	# and its write apart: the located collision error, no files (never
	# "the tile model rejects", a configuration that breaks the tile's rules)
	"$SLUICE" sim "$ROOT/examples/gaussian.sl" -D W=52 --unroll 4 --memory pub --fetch 4 --seed 1 \
		-o "$TMP/w52" >"$TMP/w52.log" 2>&1
	rc=$?
	if [ $rc -eq 1 ] && [ ! -e "$TMP/w52" ] && ! grep -q "tile model rejects" "$TMP/w52.log" &&
	   grep -q "^.*examples/gaussian.sl:14:8: error: the push-memory tile of 'in.lane0' would access its single-port SRAM twice in cycle [0-9]* (RD_0 and RD_1): .*no placement within the aggregator's and transpose buffers' windows keeps them apart$" "$TMP/w52.log"; then
		echo "ok   gaussian -D W=52 --unroll 4: the located collision error"
	else
		cat "$TMP/w52.log"; echo "FAIL gaussian -D W=52 --unroll 4: rc $rc, want the collision error"
		fail=1
	fi ;;
verilator)
	run_one verilator "${3:?example name}" "${4:?lanes}" || fail=1 ;;
lint)
	for c in gaussian:2 gaussian:4 downsample:2 camera_pipeline:2; do
		n=${c%:*} k=${c#*:}
		if ! "$SLUICE" compile "$(prog_of "$n")" --memory pub --unroll "$k" \
		     -o "$TMP/$n.lint$k" >"$TMP/lint.log" 2>&1; then
			cat "$TMP/lint.log"; echo "FAIL $n --unroll $k: compile"; fail=1; continue
		fi
		out=$(verilator --lint-only -Wall "$TMP/$n.lint$k/sluice_$n.v" "$ROOT"/rtlgen/lib/*.v \
			--top-module "sluice_$n" 2>&1)
		lrc=$?
		ninst=$(grep -c "sl_pub #" "$TMP/$n.lint$k/sluice_$n.v")
		if [ $lrc -ne 0 ] || [ -n "$out" ] || [ "$ninst" -lt "$k" ]; then
			printf '%s\n' "$out"; echo "FAIL $n --unroll $k: lint (or fewer than $k sl_pub)"; fail=1
		else
			echo "ok   $n --unroll $k: lint-clean, $ninst sl_pub instances"
		fi
	done ;;
*)
	echo "usage: $0 SLUICE model|verilator NAME K|lint" >&2; exit 2 ;;
esac
exit $fail
