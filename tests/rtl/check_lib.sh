#!/bin/sh
# tests/rtl/check_lib.sh: static checks of the hardware library (rtlgen/lib/)
# on the wrapper tops in tests/rtl/lint/ (one parameterization each).
#   check_lib.sh lint   `verilator --lint-only -Wall` on every wrapper: no
#                       warning allowed (the library has no waivers); the
#                       sl_pub wrappers also with -DSL_PUB_COUNT
#   check_lib.sh yosys  Yosys `synth; check -assert` on every wrapper (no
#                       latches, combinational loops or undriven nets), with
#                       the sources read both as Verilog-2005 and with -sv
#   check_lib.sh ice40  `synth_ice40` of a 512 x 8 sl_sram must use exactly
#                       one SB_RAM40_4K (block RAM inference)
#   check_lib.sh romsync  a 512 x 8 sl_rom_sync of seeded random bytes maps
#                       to exactly one block RAM and nothing else of logic
#                       on each family: SB_RAM40_4K (synth_ice40), DP16KD
#                       (synth_ecp5), RAMB18E2 (synth_xilinx -family xcup),
#                       as fpga/storage.c predicts (board_bram_cells)
#   check_lib.sh pub    the push-memory tile sl_pub with its default
#                       parameters (a 512 x 64-bit SRAM, docs/pub.md): with
#                       SPRAM=1, `synth_ice40 -spram` uses exactly 4
#                       SB_SPRAM256KA and no SB_RAM40_4K; with SPRAM=0,
#                       `synth_ice40` uses 8 SB_RAM40_4K and `synth_ecp5`
#                       2 DP16KD (block RAM through one port), and 4,016
#                       flip-flops (TRELLIS_FF), the count of the formula
#                       in docs/pub.md "Structure"
# Exit 0 when every check passes; prints each failing top.
set -u
here=$(cd "$(dirname "$0")" && pwd)
lib=$here/../../rtlgen/lib
mode=${1:-}
fail=0

case $mode in
lint)
  for f in "$here"/lint/*.v; do
    top=$(basename "$f" .v)
    if ! verilator --lint-only -Wall "$lib"/*.v "$f" --top-module "$top"; then
      echo "FAIL lint $top"; fail=1
    fi
    # the tile's access counters of the Verilator harness (docs/pub.md)
    case $top in
    lint_pub_*)
      if ! verilator --lint-only -Wall -DSL_PUB_COUNT "$lib"/*.v "$f" --top-module "$top"; then
        echo "FAIL lint -DSL_PUB_COUNT $top"; fail=1
      fi ;;
    esac
  done ;;
yosys)
  for f in "$here"/lint/*.v; do
    top=$(basename "$f" .v)
    for rd in "read_verilog" "read_verilog -sv"; do
      if ! log=$(yosys -q -p "$rd $lib/*.v $f; hierarchy -check -top $top;
                 synth -top $top; check -assert" 2>&1); then
        echo "$log"; echo "FAIL yosys ($rd) $top"; fail=1
      elif [ -n "$log" ]; then
        echo "$log"; echo "FAIL yosys ($rd) $top: warnings"; fail=1
      fi
    done
  done ;;
ice40)
  top=lint_sram_512x8
  stat=$(yosys -p "read_verilog $lib/sl_sram.v $here/lint/$top.v;
                   synth_ice40 -top $top; stat" 2>&1) || { echo "$stat"; exit 1; }
  n=$(echo "$stat" | awk '$1 == "SB_RAM40_4K" { n = $2 } END { print n + 0 }')
  echo "$top: SB_RAM40_4K cells: $n"
  [ "$n" -eq 1 ] || { echo "FAIL ice40: expected 1 SB_RAM40_4K"; fail=1; } ;;
romsync)
  top=lint_romsync_d512
  for fc in "synth_ice40 SB_RAM40_4K SB_LUT4" "synth_ecp5 DP16KD LUT4" \
            "synth_xilinx -family xcup RAMB18E2 LUT"; do
    set -- $fc
    lut=$(eval echo \${$#}) cell=$(eval echo \${$(($# - 1))})
    synth=$(echo "$fc" | sed "s/ $cell $lut\$//")
    stat=$(yosys -p "read_verilog $lib/sl_rom_sync.v $here/lint/$top.v;
                     $synth -top $top; stat" 2>&1) || { echo "$stat" | tail -20; fail=1; continue; }
    n=$(echo "$stat" | awk -v c="$cell" '$1 == c { n = $2 } END { print n + 0 }')
    l=$(echo "$stat" | awk -v c="$lut" 'index($1, c) == 1 { n += $2 } END { print n + 0 }')
    echo "$top ($synth): $cell cells: $n, $lut cells: $l"
    [ "$n" -eq 1 ] && [ "$l" -eq 0 ] || { echo "FAIL romsync $synth: expected 1 $cell, 0 $lut"; fail=1; }
  done ;;
pub)
  pub="$lib/sl_pub.v $lib/sl_pub_ctrl.v $lib/sl_pub_follow.v $lib/sl_pub_sram.v"
  # pub_cells NAME SPRAM SYNTH CELL=N...: synthesizes, checks each count.
  pub_cells() {
    name="$1" spram="$2" synth="$3"
    shift 3
    stat=$(yosys -p "read_verilog $pub; chparam -set SPRAM $spram sl_pub;
                     $synth -top sl_pub; stat" 2>&1) ||
      { printf '%s\n' "$stat" | tail -20; fail=1; return; }
    for want in "$@"; do
      cell=${want%=*}
      # printf, not echo: dash's echo stops at a "\c" in a Yosys name
      n=$(printf '%s\n' "$stat" | awk -v c="$cell" '$1 == c { n = $2 } END { print n + 0 }')
      echo "sl_pub $name: $cell cells: $n"
      [ "$n" -eq "${want#*=}" ] || { echo "FAIL pub $name: expected ${want#*=} $cell"; fail=1; }
    done
  }
  pub_cells "ice40 -spram" 1 "synth_ice40 -spram" SB_SPRAM256KA=4 SB_RAM40_4K=0
  pub_cells "ice40" 0 "synth_ice40" SB_RAM40_4K=8 SB_SPRAM256KA=0
  # flip-flops, by docs/pub.md "Structure": 2008 configuration bits; per
  # controller 6 * (16 + 6) + 2 * 16 + 2 * AGW + 4, four with AGW 3 and four
  # with AGW 9 (1440); 2 inputs of 2 * 4 * 16 + 1, 2 outputs of
  # 2 * 4 * 16 + 16 + 3; 16 for the cycle counter
  pub_cells "ecp5" 0 "synth_ecp5" DP16KD=2 \
    TRELLIS_FF=$((2008 + 4 * (132 + 32 + 6 + 4) + 4 * (132 + 32 + 18 + 4) + 2 * 129 + 2 * 147 + 16)) ;;
*)
  echo "usage: $0 lint|yosys|ice40|pub" >&2; exit 2 ;;
esac
[ $fail -eq 0 ] && echo "PASS $mode"
exit $fail
