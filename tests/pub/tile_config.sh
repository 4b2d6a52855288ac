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
set -u
[ $# -eq 2 ] || { echo "usage: $0 SLUICE BUILD_DIR" >&2; exit 2; }
SLUICE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$2/pub_tile_config
LIB=$ROOT/rtlgen/lib
rm -rf "$OUT"
mkdir -p "$OUT"
G=$ROOT/examples/gaussian.sl
"$SLUICE" compile "$G" --memory pub -o "$OUT/g64" >/dev/null || exit 1
"$SLUICE" compile "$G" -D W=32 -D H=32 --memory pub -o "$OUT/g32" >/dev/null || exit 1
P="W=16 FW=4 DEPTH=512 NI=2 NO=2 LEVELS=6 CW=16"
if ! verilator --cc --exe -O1 -Wno-fatal --top-module sl_pub -Mdir "$OUT/obj" \
     -CFLAGS "-O1 -I$ROOT/tests/rtl" -GW=16 -GFW=4 -GDEPTH=512 -GNI=2 -GNO=2 -GLEVELS=6 -GCW=16 \
     "$LIB/sl_pub.v" "$LIB/sl_pub_ctrl.v" "$LIB/sl_pub_sram.v" "$ROOT/tests/pub/tb_pub_config.cpp" \
     -o tb >"$OUT/build.log" 2>&1 ||
   ! make -C "$OUT/obj" -f Vsl_pub.mk -j2 OPT_FAST=-O1 >>"$OUT/build.log" 2>&1; then
	cat "$OUT/build.log"; echo "FAIL: build"; exit 1
fi
fail=0
# shellcheck disable=SC2086
"$OUT/obj/tb" $P HEX="$OUT/g64/pub_in_0.hex" SEED=1 ROWS=64 COLS=64 T0=1 \
	OUT0=1,0,62,64,64 OUT1=0,0,62,64,128 || fail=1
# shellcheck disable=SC2086
"$OUT/obj/tb" $P HEX="$OUT/g32/pub_in_0.hex" SEED=2 ROWS=32 COLS=32 T0=1 \
	OUT0=1,0,30,32,32 OUT1=0,0,30,32,64 || fail=1
exit $fail
