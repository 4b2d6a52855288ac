#!/usr/bin/env bash
# tests/pub/synth.sh: `sluice synth --memory pub` (docs/pub.md "Synthesis").
#   synth.sh SLUICE ice40|ecp5|xc7|camera
# Synthesizes gaussian (64 x 64, u8) with its line buffer 'in' on one
# push-memory tile and checks that synth exits 0 (it fails when a predicted
# memory count differs from Yosys's) and that synth.json's measured counts
# are the ones worked out here by hand from the primitives' shapes:
#   ice40  ice40up5k, --pub-levels 2 --pub-ports 1x2: the SRAM, FW 4 x W 8 =
#          32 bits by 512 words, is ceil(32 / 16) x ceil(512 / 16384) = 2
#          SB_SPRAM256KA (SPRAM=1, synth_ice40 -spram); the configuration
#          ROM is 6 enabled controllers x (3 x 2 + 3) = 54 bus writes of
#          CA 7 + CW 16 = 23 bits, 54 not a power of two, so a ROM of 64
#          words and all 23 lanes: 256 x 16 RAM4K, ceil(23 / 16) = 2
#          SB_RAM40_4K (the native buffers take none)
#   ecp5   ecp5-85f, the default tile: the SRAM 32 x 512 is one 512 x 36
#          DP16KD; the ROM 6 x 21 + 2 = 128 writes of 8 + 16 bits, a power
#          of two, whose data bits 12-15 are 0 in every write (every field
#          value of gaussian's controllers is below 4096): 20 lanes by 128,
#          one more DP16KD: 2
#   xc7    artix7-100t, the default tile: the same two memories, each one
#          RAMB18E1 in 512 x 36 (cheaper than a RAMB36E1): 2, no RAMB36E1
#   camera camera_pipeline on the ice40up5k with red and green on tiles
#          (issue 12's bar: --fetch 2 --depth 2048 --pub-ports 1x1
#          --pub-levels 3 --pub-buffers red,green --pub-width fit), placed
#          and routed (--pnr: nextpnr-ice40 must find a legal placement;
#          synth fails otherwise).  Since value-range widths, red, green
#          and blue are u8 (averages of u8 pixels): each tile's SRAM 2 x 8
#          = 16 bits by 2048 is one 16K x 16 SPRAM, 2 in all; the design's
#          one configuration ROM holds both tiles' 48 writes (4 controllers
#          x 12), 96 words of 1 tile bit + CA 6 + CW 13 = 20 bits, 96 not a
#          power of two: 128 words, every lane, 2 RAM4K; blue (native,
#          circular, in block RAM) 3844 x 8 = 30,752 bits, 8 RAM4K of
#          4,096; raw (native) 2: 12 (before the narrowing: 20 and 4)
set -u
[ $# -eq 2 ] || { echo "usage: $0 SLUICE ice40|ecp5|xc7|camera" >&2; exit 2; }
SLUICE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
case $2 in
# the ROM's cells are worked out for the fixed tile (FW 4, 2x2 ports, 6
# levels, CW 16) loaded from the ROM (--pub-config rom)
ice40) board=ice40up5k; args="--fetch 4 --pub-levels 2 --pub-ports 1x2 --pub-width 16 --pub-config rom"
       want="SB_RAM40_4K=2 SB_SPRAM256KA=2" ;;
# the default: fitted, the configuration constants (STATIC): the tile's
# SRAM alone, 4 x 8 = 32 bits wide, two 16-bit SPRAMs; no ROM
static) board=ice40up5k; args=""; want="SB_RAM40_4K=0 SB_SPRAM256KA=2" ;;
ecp5)  board=ecp5-85f; args="--fetch 4 --pub-ports 2x2 --pub-levels 6 --pub-width 16 --pub-config rom"
       want="DP16KD=2" ;;
xc7)   board=artix7-100t; args="--fetch 4 --pub-ports 2x2 --pub-levels 6 --pub-width 16 --pub-config rom"
       want="RAMB36E1=0 RAMB18E1=2" ;;
camera) board=ice40up5k; prog=camera_pipeline
       args="--fetch 2 --depth 2048 --pub-ports 1x1 --pub-levels 3 --pub-buffers red,green --pub-config rom"
       args="$args --pub-width fit --pnr"
       want="SB_RAM40_4K=12 SB_SPRAM256KA=2" ;;
*) echo "unknown mode $2" >&2; exit 2 ;;
esac
prog=${prog:-gaussian}
cd "$ROOT" || exit 1
# shellcheck disable=SC2086
src=examples/$prog.sl
# camera: the channel-outer form, whose red and green hold planes
[ "$prog" = camera_pipeline ] && src=tests/order/$prog.sl
if ! "$SLUICE" synth $src --board $board --memory pub $args -o "$TMP/o" \
     >"$TMP/log" 2>&1; then
	cat "$TMP/log"; echo "FAIL $2: synth"; exit 1
fi
fail=0
got=$(python3 - "$TMP/o/synth.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
print(" ".join("%s=%d" % (m["cell"], m["measured"]) for m in j["memories"]))
bad = [m["cell"] for m in j["memories"] if m["predicted"] != m["measured"]]
if bad:
    print("mispredicted: " + " ".join(bad))
PY
)
for w in $want; do
	case " $got " in *" $w "*) ;; *) echo "FAIL $2: want $w, synth.json has: $got"; fail=1 ;; esac
done
case "$got" in *mispredicted*) echo "FAIL $2: $got"; fail=1 ;; esac
spram=$(grep -c "sl_pub #(.*\.SPRAM(1)[,)]" "$TMP/o/sluice_$prog.v")
if [ "$board" = ice40up5k ]; then
	if [ "$spram" -lt 1 ] || ! grep -q "synth_ice40 -dsp -spram" "$TMP/o/synth.ys"; then
		echo "FAIL $2: the tile has no SPRAM=1 or the flow no -spram"; fail=1
	fi
elif [ "$spram" -ne 0 ] || ! grep -qF 'ram_style "block" *sl_pub_sram*' "$TMP/o/synth.ys"; then
	echo "FAIL $2: SPRAM=1 off the UP5K, or sl_pub_sram not forced to block RAM"; fail=1
fi
[ -s "$TMP/o/report.html" ] || { echo "FAIL $2: no report.html"; fail=1; }
if [ "$2" = camera ]; then
	# placed: nextpnr's utilisation line, and the CW 13 / EW 6 tiles
	lc=$(sed -n 's/.*ICESTORM_LC: *\([0-9]*\)\/ *5280.*/\1/p' "$TMP/o/nextpnr.log" | head -1)
	if [ -z "$lc" ] || ! grep -q "Max frequency" "$TMP/o/nextpnr.log"; then
		echo "FAIL $2: no placed design in nextpnr.log"; fail=1
	fi
	if [ "$(grep -c 'sl_pub #(.*\.CW(13), \.EW(6), \.SPRAM(1))' "$TMP/o/sluice_$prog.v")" -ne 2 ]; then
		echo "FAIL $2: the two tiles are not CW 13, EW 6"; fail=1
	fi
	got="$got, placed in $lc of 5280 logic cells"
fi
[ $fail -eq 0 ] && echo "ok   $2: $prog --memory pub on $board: $got, predicted = measured"
exit $fail
