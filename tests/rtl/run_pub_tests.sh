#!/bin/bash
# tests/rtl/run_pub_tests.sh: builds and runs the Verilator test of the
# push-memory tile (rtlgen/lib/sl_pub.v, docs/pub.md): tests/rtl/tb_sl_pub.cpp
# compares the tile cycle by cycle with its C++ model (pub_model.h) on
# seeded random legal configurations, plus the directed line buffer and two
# chained tiles where a case gives LINEBUF and CHAIN. Every case is one parameterization of the tile.
# A case with COUNTS=1 builds the tile with -DSL_PUB_COUNT (its access
# counters, docs/pub.md "Counts in Verilator"): every run's line the tile
# prints must equal the testbench's line of the model's controller steps
# in that run (runs cut by flush or rst included); the other cases must
# print none.
#   run_pub_tests.sh BUILD_DIR [CASE_PATTERN]
# Builds go to BUILD_DIR/rtl_tests/<case>/. Exit 0 when every case passes.
set -u
here=$(cd "$(dirname "$0")" && pwd)
lib=${RTL_LIB:-$here/../../rtlgen/lib}
out=${1:?usage: run_pub_tests.sh BUILD_DIR [CASE_PATTERN]}/rtl_tests
pattern=${2:-}
fails=0
ran=0

# pub_counts NAME LOG DEFS: the tile's count lines in LOG (instance
# NAME.sl_pub as NAME) equal the model's, or there are none without DEFS
pub_counts() {
  local hw md
  hw=$(grep '^sl_pub_count ' "$2" | sed -E 's/^sl_pub_count ([^. ]*)[^ ]* /\1 /' | sort)
  md=$(grep '^model_count ' "$2" | sed 's/^model_count //' | sort)
  if [[ -z $3 ]]; then
    [[ -z $hw ]] && return 0
    echo "FAIL $1: count lines without SL_PUB_COUNT"; fails=$((fails + 1)); return 1
  fi
  if [[ -n $hw && $hw == "$md" ]]; then
    echo "$1: $(printf '%s\n' "$hw" | wc -l) runs' access counts equal the model's"
    return 0
  fi
  diff <(printf '%s\n' "$md") <(printf '%s\n' "$hw") | head -20
  echo "FAIL $1: access counts (< model, > tile)"; fails=$((fails + 1)); return 1
}

# pub_case NAME "W FW DEPTH NI NO LEVELS CW [EW]" "MORE TESTBENCH ARGS"
# (EW: the extent width, the tile's default CW when not given)
pub_case() {
  local name=$1 more=$3 dir=$out/$1
  local -a v=($2)
  local seed=$RANDOM   # drawn for every case, so a pattern keeps the seeds
  [[ -n $pattern && $name != *$pattern* ]] && return
  ran=$((ran + 1))
  local defs=""
  [[ $more == *COUNTS=1* ]] && defs=-DSL_PUB_COUNT
  local gargs="-GW=${v[0]} -GFW=${v[1]} -GDEPTH=${v[2]} -GNI=${v[3]} -GNO=${v[4]} -GLEVELS=${v[5]} -GCW=${v[6]}"
  local targs="W=${v[0]} FW=${v[1]} DEPTH=${v[2]} NI=${v[3]} NO=${v[4]} LEVELS=${v[5]} CW=${v[6]} SEED=$seed $more"
  if [[ -n ${v[7]:-} ]]; then
    gargs+=" -GEW=${v[7]}"
    targs+=" EW=${v[7]}"
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  # shellcheck disable=SC2086
  if ! verilator --cc --exe -Wall -O1 $defs --top-module sl_pub -Mdir "$dir" \
       -CFLAGS "-O1 -fwrapv -I$here" $gargs "$lib/sl_pub.v" "$lib/sl_pub_ctrl.v" \
       "$lib/sl_pub_follow.v" "$lib/sl_pub_sram.v" "$here/tb_sl_pub.cpp" -o tb >"$dir/build.log" 2>&1; then
    cat "$dir/build.log"; echo "FAIL $name: verilator"; fails=$((fails + 1)); return
  fi
  if ! make -C "$dir" -f Vsl_pub.mk -j2 OPT_FAST=-O1 >>"$dir/build.log" 2>&1; then
    cat "$dir/build.log"; echo "FAIL $name: build"; fails=$((fails + 1)); return
  fi
  # shellcheck disable=SC2086
  if "$dir/tb" $targs >"$dir/run.log" 2>&1; then
    pub_counts "$name" "$dir/run.log" "$defs" &&
      echo "$name: $(grep -v '_count ' "$dir/run.log" | tr '\n' ';')"
  else
    cat "$dir/run.log"; echo "FAIL $name ($targs)"; fails=$((fails + 1))
  fi
}

RANDOM=1212   # reproducible seeds

#        name              W  FW DEPTH NI NO LEVELS CW [EW]
pub_case pub_default     "16 4  512   2  2  6      16" "RUNS=150 LINEBUF=20 COUNTS=1"
pub_case pub_linebuf_d32 "16 4  32    1  2  3      10" "RUNS=60 LINEBUF=12 CHAIN=16 COUNTS=1"
pub_case pub_fw1_cw8     "8  1  16    1  1  2      8"  "RUNS=200"
pub_case pub_d100_ni3    "5  2  100   3  2  3      12" "RUNS=150 COUNTS=1"
pub_case pub_fw8_cw24    "32 8  64    1  3  4      24" "RUNS=100"
# extents of at most 4 (EXT_M1 <= 3) in a 2-bit extent field
pub_case pub_ew2         "16 2  64    2  2  3      12 2" "RUNS=150 COUNTS=1"

[[ $ran -eq 0 ]] && { echo "no case matches '$pattern'"; exit 2; }
echo "$((ran - fails)) of $ran cases passed"
[[ $fails -eq 0 ]]
