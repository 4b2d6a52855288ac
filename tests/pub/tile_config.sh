#!/usr/bin/env bash
# tests/pub/tile_config.sh: configuration images from the compiler, run in
# one Verilated build of the tile (docs/pub.md, "Configuration files").
#   tile_config.sh SLUICE BUILD_DIR
# Compiles gaussian for 64x64 and, with -D W=32 -D H=32, for a second
# image width, with --memory pub; builds sl_pub once (W 16, the
# default tile) with tests/pub/tb_pub_config.cpp; loads each image through
# the bus and checks every pixel in and every word out of both outputs at
# the cycles the schedule gives (derived by hand below, not read from the
# compiler): the input at cycle 1 + COLS y + x, the outputs at delays COLS
# (rows 1 .. ROWS-2) and 2 COLS (rows 0 .. ROWS-3), all COLS columns.
# The build has the tile's access counters (-DSL_PUB_COUNT, docs/pub.md
# "Counts in Verilator"), and the 64x64 image runs twice in it, the first
# run cut short by the second's flush: every run's counts are checked
# against counts derived by hand below.
set -u
[ $# -eq 2 ] || { echo "usage: $0 SLUICE BUILD_DIR" >&2; exit 2; }
SLUICE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$2/pub_tile_config
LIB=$ROOT/rtlgen/lib
rm -rf "$OUT"
mkdir -p "$OUT"
G=$ROOT/examples/gaussian.sl
FIXED="--fetch 4 --pub-ports 2x2 --pub-levels 6 --pub-width 16"	# the tile built below
"$SLUICE" compile "$G" --memory pub $FIXED -o "$OUT/g64" >/dev/null || exit 1
"$SLUICE" compile "$G" -D W=32 -D H=32 --memory pub $FIXED -o "$OUT/g32" >/dev/null || exit 1
P="W=16 FW=4 DEPTH=512 NI=2 NO=2 LEVELS=6 CW=16"
if ! verilator --cc --exe -O1 -Wno-fatal --top-module sl_pub -Mdir "$OUT/obj" \
     -CFLAGS "-O1 -fwrapv -I$ROOT/tests/rtl" -DSL_PUB_COUNT -GW=16 -GFW=4 -GDEPTH=512 -GNI=2 -GNO=2 -GLEVELS=6 -GCW=16 \
     "$LIB/sl_pub.v" "$LIB/sl_pub_ctrl.v" "$LIB/sl_pub_follow.v" "$LIB/sl_pub_sram.v" "$ROOT/tests/pub/tb_pub_config.cpp" \
     -o tb >"$OUT/build.log" 2>&1 ||
   ! make -C "$OUT/obj" -f Vsl_pub.mk -j2 OPT_FAST=-O1 >>"$OUT/build.log" 2>&1; then
	cat "$OUT/build.log"; echo "FAIL: build"; exit 1
fi
fail=0
# counts LOG LINES...: the tile's count lines in LOG are exactly LINES
# (the counts of controllers IN_0 IN_1 WR_0 WR_1 RD_0 RD_1 OUT_0 OUT_1)
counts() {
	local log=$1 got want
	shift
	got=$(grep '^sl_pub_count ' "$log" | sed 's/^sl_pub_count [^ ]* //')
	want=$(printf '%s\n' "$@")
	if [ "$got" = "$want" ]; then
		echo "ok   counts: $(printf '%s; ' "$@")"
	else
		printf 'FAIL counts in %s:\n%s\nwant:\n%s\n' "$log" "$got" "$want"; fail=1
	fi
}
# 64x64, run 1 cut by the flush ending its cycle 9: IN_0 takes pixels in
# cycles 1..8 (8; the fire in the flush cycle 9 belongs to no run) and
# WR_0 (SG_START 5, every 4 cycles: tests/pub/cli.sh) fires in cycle 5
# alone (its fire in cycle 9 neither); no read yet.  Run 2 whole: 4,096
# pixels, 4,096 / 4 = 1,024 SRAM writes, per output 62 rows x 64 = 3,968
# words and 3,968 / 4 = 992 SRAM reads.
# shellcheck disable=SC2086
"$OUT/obj/tb" $P HEX="$OUT/g64/pub_in_0.hex" SEED=1 ROWS=64 COLS=64 T0=1 RUNS=2 CUT=9 \
	OUT0=1,0,62,64,64 OUT1=0,0,62,64,128 >"$OUT/g64.log" || fail=1
cat "$OUT/g64.log"
counts "$OUT/g64.log" "run 1 ni 2 no 2 8 0 1 0 0 0 0 0" \
	"run 2 ni 2 no 2 4096 0 1024 0 992 992 3968 3968"
# 32x32: 1,024 pixels, 256 SRAM writes; per output 30 rows x 32 = 960
# words, 240 SRAM reads
# shellcheck disable=SC2086
"$OUT/obj/tb" $P HEX="$OUT/g32/pub_in_0.hex" SEED=2 ROWS=32 COLS=32 T0=1 \
	OUT0=1,0,30,32,32 OUT1=0,0,30,32,64 >"$OUT/g32.log" || fail=1
cat "$OUT/g32.log"
counts "$OUT/g32.log" "run 1 ni 2 no 2 1024 0 256 0 240 240 960 960"
exit $fail
