#!/usr/bin/env bash
# tests/pub/examples.sh: every example with --memory pub (docs/pub_mapping.md,
# "Measured on the examples"; docs/pub.md "In the Verilog").
#   examples.sh SLUICE model
#       every example through `sluice sim --memory pub` in the model: every
#       output equal to the reference at the predicted cycles, and the
#       buffers on tiles exactly the ones listed below (an example with no
#       delay-chain buffer has none and must run unchanged: the flag is
#       harmless); mobilenet at the default FW 4 is the located collision
#       error, at --fetch 8 and on two tiles in series (--pub-ports 2x1)
#       it runs; every example with tiles again with --frames 2 (every
#       controller walks both frames);
#   examples.sh SLUICE verilator NAME
#       example NAME through `sluice sim --memory pub --engine verilator`:
#       bit-exact with the reference, measured cycles equal to the
#       predicted ones (the simulator's own checks, and the line it prints),
#       every tile's counts agreed by Verilator; blur_xy's line must be the
#       one derived below, its SRAM write of cycle 4,101 (after the design's
#       last cycle) included;
#   examples.sh SLUICE frames
#       gaussian on two tiles in series (--depth 32) with --frames 3 in
#       Verilator: three frames back to back through both tiles, bit-exact,
#       12,292 cycles (4,100 + 2 x 4,096) as predicted;
#   examples.sh SLUICE axis
#       gaussian with --memory pub --interface axis: its self-contained
#       directory (wrapper, core, tiles) lint-clean under verilator -Wall,
#       and the AXI4-Stream testbench (stalls, bursts, a reset mid-frame,
#       framing errors; it waits for 'ready' after every reset) bit-exact
#       with the reference, and every checked run (1 unstalled + 5 pause
#       patterns x 3 seeds + 1 after a reset = 17 of 20) in exactly
#       predicted_cycles enabled cycles; then blur_xy under the same
#       testbench, whose tile's counts are checked in each of the 20 runs
#       (its last SRAM write comes after done) and agree;
#   examples.sh SLUICE axis_frames
#       the same testbench with --frames 2: two frames a run, 8,196
#       (4,100 + 4,096) enabled cycles in every checked run.
set -u
[ $# -ge 2 ] || { echo "usage: $0 SLUICE model|verilator NAME|frames|axis|axis_frames" >&2; exit 2; }
SLUICE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
MODE=$2
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0

# The buffers each example keeps on tiles: the delay chains of
# buffers.txt whose reads are far enough from the write for a tile, and
# the circular buffers read in passes (docs/pub.md, "Which buffers");
# every other example has none.
tiles_of() {
	case $1 in
	blur_xy) echo "bx" ;;
	# camera_pipeline, channel innermost: raw's line buffers; red and blue
	# are a register each, green's 2 words are read in passes that
	# overlap (its planes on tiles: tests/order/camera_pipeline.sl, in
	# design.sh, lanes.sh and cli.sh)
	camera_pipeline) echo "raw" ;;
	laplacian_pyramid) echo "l0" ;;
	cascade) echo "in16 blur1" ;;
	downsample | gaussian) echo "in" ;;
	harris) echo "in lxx lyy lxy cim" ;;
	mobilenet) echo "act" ;;
	*) echo "" ;;
	esac
}
# Tile options an example needs: mobilenet's two reads of 'act' and its
# write collide on one FW-4 tile (docs/pub_mapping.md, "No collision, proved").
opts_of() {
	case $1 in
	mobilenet) echo "--fetch 8" ;;
	*) echo "" ;;
	esac
}

# blur_xy's tile (bx) by hand: 64 rows of 62 words in; 16 SRAM words a
# row (15 whole, one padded), 64 x 16 = 1,024 writes, the last at cycle
# 9 + 4 x 1,023 = 4,101, the cycle done rises in (tests/unit/t_pubcount.cpp,
# last_fire); each output reads 62 rows: 62 x 16 = 992 SRAM reads and
# 62 x 62 = 3,844 words; steps 3,968 + 1,024 + 1,984 + 7,688.
BX_COUNTS="pub bx tile 0: 3968 aggregator writes, 1024 SRAM writes, 1984 SRAM reads, 7688 transpose-buffer reads (3844 + 3844), 14664 controller steps (tile model and Verilator agree)"

# "ok" when LOG's line PREFIX says the engine ran with measured ==
# predicted cycles and every output equal to the reference.
exact() {	# LOG PREFIX ("model:", "verilator: 3 frames,")
	local line re="^$2 ([0-9]+) cycles \\(predicted ([0-9]+)[,:)].* output values equal to the reference\$"
	line=$(grep -F "$2 " "$1" | head -1) || return 1
	[[ $line =~ $re ]] && [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ]
}

on_tiles() {	# DIR: the buffers pub.json puts on tiles, in its order
	python3 - "$1/pub.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join(b["name"] for b in d["buffers"] if b["memory"] == "pub"))
EOF
}

case $MODE in
model)
	for f in "$ROOT"/examples/*.sl; do
		n=$(basename "$f" .sl)
		# shellcheck disable=SC2046
		if ! "$SLUICE" sim "$f" --memory pub $(opts_of "$n") --seed 1 -o "$TMP/$n" \
		     >"$TMP/$n.log" 2>&1 || ! exact "$TMP/$n.log" model:; then
			cat "$TMP/$n.log"; echo "FAIL $n: sim --memory pub in the model"; fail=1
			continue
		fi
		got=$(on_tiles "$TMP/$n")
		if [ "$got" != "$(tiles_of "$n")" ]; then
			echo "FAIL $n: buffers on tiles '$got', want '$(tiles_of "$n")'"; fail=1
		elif [ -n "$got" ] && ! grep -q "^pub .*tile 0: " "$TMP/$n.log"; then
			echo "FAIL $n: no tile counts printed"; fail=1
		else
			echo "ok   $n: $(grep '^model:' "$TMP/$n.log"); on tiles: ${got:-none}"
		fi
		[ -n "$got" ] || continue
		# shellcheck disable=SC2046
		if "$SLUICE" sim "$f" --memory pub $(opts_of "$n") --frames 2 --seed 1 -o "$TMP/$n.f2" \
		     >"$TMP/$n.f2.log" 2>&1 && exact "$TMP/$n.f2.log" "model: 2 frames,"; then
			echo "ok   $n --frames 2: $(grep '^model:' "$TMP/$n.f2.log")"
		else
			cat "$TMP/$n.f2.log"; echo "FAIL $n: sim --memory pub --frames 2"; fail=1
		fi
	done
	# mobilenet at FW 4: one write and two reads of 'act' per 4 words
	# of rows 30 cycles apart fire at one parity each (8 fires 4
	# cycles apart a row), so two of them always share a cycle:
	# refused, located, before any file is written.
	"$SLUICE" sim "$ROOT/examples/mobilenet.sl" --memory pub --fetch 4 --seed 1 -o "$TMP/mob4" \
		>"$TMP/mob4.log" 2>&1
	rc=$?
	if [ $rc -eq 1 ] && grep -q "mobilenet.sl:13:8: error: the push-memory tile of 'act' would access its single-port SRAM twice in cycle" "$TMP/mob4.log" &&
	   [ ! -e "$TMP/mob4" ]; then
		echo "ok   mobilenet at FW 4: the located collision error"
	else
		cat "$TMP/mob4.log"; echo "FAIL mobilenet at FW 4: rc $rc, want the collision error"; fail=1
	fi
	# at the defaults the fetch width is fitted: FW 4 refuses act (above),
	# FW 8 is the next tried, and it maps act on one tile ("Measured")
	if "$SLUICE" sim "$ROOT/examples/mobilenet.sl" --memory pub --seed 1 \
	     -o "$TMP/mobfit" >"$TMP/mobfit.log" 2>&1 && exact "$TMP/mobfit.log" model: &&
	   python3 -c 'import json,sys; b=[b for b in json.load(open(sys.argv[1]))["buffers"] if b["name"] == "act"][0]; sys.exit(not (b["memory"] == "pub" and b["fw"] == 8 and len(b["tiles"]) == 1))' "$TMP/mobfit/pub.json"; then
		echo "ok   mobilenet at the defaults: act on one tile at the fitted FW 8"
	else
		cat "$TMP/mobfit.log"; echo "FAIL mobilenet at the defaults: act at FW 8"; fail=1
	fi
	# one output a tile: each tile has one write and one read, which
	# fit; the second tile takes the first one's output
	if "$SLUICE" sim "$ROOT/examples/mobilenet.sl" --memory pub --pub-ports 2x1 --seed 1 \
	     -o "$TMP/mob21" >"$TMP/mob21.log" 2>&1 && exact "$TMP/mob21.log" model: &&
	   grep -q "^pub act tile 1: " "$TMP/mob21.log"; then
		echo "ok   mobilenet --pub-ports 2x1: two tiles in series"
	else
		cat "$TMP/mob21.log"; echo "FAIL mobilenet --pub-ports 2x1"; fail=1
	fi ;;
verilator)
	n=${3:?example name}
	# shellcheck disable=SC2046
	if "$SLUICE" sim "$ROOT/examples/$n.sl" --memory pub $(opts_of "$n") --engine verilator \
	     --seed 3 -o "$TMP/$n" >"$TMP/log" 2>&1 && exact "$TMP/log" verilator: &&
	   { [ "$n" != blur_xy ] || grep -qxF "$BX_COUNTS" "$TMP/log"; }; then
		echo "ok   $n: $(grep '^verilator:' "$TMP/log"); on tiles: $(tiles_of "$n")"
	else
		cat "$TMP/log"; echo "FAIL $n: sim --memory pub --engine verilator"; fail=1
	fi ;;
frames)
	if "$SLUICE" sim "$ROOT/examples/gaussian.sl" --memory pub --depth 32 --frames 3 \
	     --engine verilator --seed 4 -o "$TMP/f" >"$TMP/log" 2>&1 &&
	   exact "$TMP/log" "verilator: 3 frames," && grep -q "^pub in tile 1: " "$TMP/log" &&
	   grep -q "^verilator: 3 frames, 12292 cycles" "$TMP/log"; then
		echo "ok   gaussian --depth 32 --frames 3: $(grep '^verilator:' "$TMP/log")"
	else
		cat "$TMP/log"; echo "FAIL gaussian --depth 32 --frames 3 in Verilator"; fail=1
	fi ;;
axis)
	if ! "$SLUICE" compile "$ROOT/examples/gaussian.sl" --memory pub --interface axis \
	     -o "$TMP/c" >"$TMP/c.log" 2>&1; then
		cat "$TMP/c.log"; echo "FAIL compile --memory pub --interface axis"; fail=1
	else
		out=$(cd "$TMP/c" && verilator --lint-only -Wall -f sluice_gaussian.f 2>&1)
		if [ $? -ne 0 ] || [ -n "$out" ] || ! grep -q "sl_pub #" "$TMP/c/sluice_gaussian_core.v" ||
		   ! grep -q "output wire ready" "$TMP/c/sluice_gaussian.v"; then
			printf '%s\n' "$out"; echo "FAIL axis wrapper lint (or no sl_pub, no ready)"; fail=1
		else
			echo "ok   gaussian --memory pub --interface axis: lint-clean, self-contained"
		fi
	fi
	if "$SLUICE" sim "$ROOT/examples/gaussian.sl" --memory pub --interface axis \
	     --engine verilator --seed 2 -o "$TMP/s" >"$TMP/s.log" 2>&1 &&
	   exact "$TMP/s.log" verilator: &&
	   p=$(sed -n 's/^verilator: .*(predicted \([0-9]*\)).*/\1/p' "$TMP/s.log") &&
	   grep -Eq "^  axis: 20 runs back to back .*: 17 checked runs bit-exact with the unstalled one in $p enabled cycles each" "$TMP/s.log"; then
		echo "ok   gaussian --memory pub --interface axis: $(grep '^  axis:' "$TMP/s.log")"
	else
		cat "$TMP/s.log"; echo "FAIL gaussian --memory pub --interface axis in Verilator"; fail=1
	fi
	if "$SLUICE" sim "$ROOT/examples/blur_xy.sl" --memory pub --interface axis \
	     --engine verilator --seed 2 -o "$TMP/b" >"$TMP/b.log" 2>&1 &&
	   exact "$TMP/b.log" verilator: && grep -qxF "$BX_COUNTS" "$TMP/b.log" &&
	   grep -Eq "^  axis: 20 runs back to back .*: 17 checked runs bit-exact with the unstalled one in 4101 enabled cycles each" "$TMP/b.log"; then
		echo "ok   blur_xy --memory pub --interface axis: every run's tile counts agree"
	else
		cat "$TMP/b.log"; echo "FAIL blur_xy --memory pub --interface axis in Verilator"; fail=1
	fi ;;
axis_frames)
	if "$SLUICE" sim "$ROOT/examples/gaussian.sl" --memory pub --interface axis --frames 2 \
	     --engine verilator --seed 2 -o "$TMP/s" >"$TMP/s.log" 2>&1 &&
	   exact "$TMP/s.log" "verilator: 2 frames," &&
	   grep -Eq "^  axis: 20 runs back to back .*: 17 checked runs bit-exact with the unstalled one in 8196 enabled cycles each" "$TMP/s.log"; then
		echo "ok   gaussian --memory pub --interface axis --frames 2: $(grep '^  axis:' "$TMP/s.log")"
	else
		cat "$TMP/s.log"; echo "FAIL gaussian --memory pub --interface axis --frames 2"; fail=1
	fi ;;
*)
	echo "usage: $0 SLUICE model|verilator NAME|frames|axis|axis_frames" >&2; exit 2 ;;
esac
exit $fail
