#!/bin/bash
# tests/rtl/run_rtl_tests.sh: builds and runs the Verilator unit tests of the
# hardware library (rtlgen/lib/): each testbench tests/rtl/tb_<module>.cpp
# holds a C++ model of its block and drives it cycle by cycle with seeded
# random stimulus. Every case below is one parameterization (-G overrides)
# with the same parameters passed to the testbench as KEY=VALUE arguments.
#   run_rtl_tests.sh BUILD_DIR [CASE_PATTERN]
# Builds go to BUILD_DIR/rtl_tests/<case>/; the Verilator run-time objects
# (verilated.o, verilated_threads.o) are compiled once and reused.
# Exit 0 when every case passes.
set -u
here=$(cd "$(dirname "$0")" && pwd)
lib=${RTL_LIB:-$here/../../rtlgen/lib}   # RTL_LIB: test another copy
out=${1:?usage: run_rtl_tests.sh BUILD_DIR [CASE_PATTERN]}/rtl_tests
pattern=${2:-}
mkdir -p "$out/common"
fails=0
ran=0

# tobin VALUE WIDTH: VALUE (two's complement if negative) as WIDTH binary
# digits, WIDTH <= 64.
tobin() {
  local v=$1 w=$2 s="" b
  for ((b = w - 1; b >= 0; b--)); do s+=$(( (v >> b) & 1 )); done
  echo "$s"
}

# pack WIDTH V0 V1 ...: a Verilog literal with V0 in the low WIDTH bits.
pack() {
  local w=$1 s="" v
  shift
  for v in "$@"; do s=$(tobin "$v" "$w")$s; done
  echo "$(( w * $# ))'b$s"
}

# run_case NAME MODULE "VERILATOR -G ARGS" "TESTBENCH ARGS"
run_case() {
  local name=$1 module=$2 gargs=$3 targs=$4 dir=$out/$1
  [[ -n $pattern && $name != *$pattern* ]] && return
  ran=$((ran + 1))
  rm -rf "$dir"
  mkdir -p "$dir"
  local srcs=("$lib/$module.v")
  [[ $module == sl_fifo_seg || $module == sl_sram_pf ]] && srcs+=("$lib/sl_sram.v")
  # shellcheck disable=SC2086
  if ! verilator --cc --exe -Wall -O1 --top-module "$module" -Mdir "$dir" \
       -CFLAGS "-O1 -I$here" $gargs "${srcs[@]}" "$here/tb_$module.cpp" \
       -o tb >"$dir/build.log" 2>&1; then
    cat "$dir/build.log"; echo "FAIL $name: verilator"; fails=$((fails + 1)); return
  fi
  local g
  for g in verilated.o verilated_threads.o; do
    [[ -f $out/common/$g ]] && cp "$out/common/$g" "$dir/$g" && touch "$dir/$g"
  done
  if ! make -C "$dir" -f "V$module.mk" -j2 OPT_FAST=-O1 >>"$dir/build.log" 2>&1; then
    cat "$dir/build.log"; echo "FAIL $name: build"; fails=$((fails + 1)); return
  fi
  for g in verilated.o verilated_threads.o; do
    [[ -f $out/common/$g ]] || cp "$dir/$g" "$out/common/$g"
  done
  # shellcheck disable=SC2086
  if "$dir/tb" $targs >"$dir/run.log" 2>&1; then
    echo "$name: $(tail -1 "$dir/run.log")"
  else
    cat "$dir/run.log"; echo "FAIL $name ($targs)"; fails=$((fails + 1))
  fi
}

# sched_case NAME TW START CYC0 "EXT" "COEF": DELTA[d] = COEF[d] -
# sum_{k>d} COEF[k] * (EXT[k]-1) (docs/hardware.md), START + CYC0 mod 2^TW.
sched_case() {
  local name=$1 tw=$2 start=$3 cyc0=$4
  local -a ext=($5) coef=($6) delta=()
  local n=${#ext[@]} d k sum
  for ((d = 0; d < n; d++)); do
    sum=0
    for ((k = d + 1; k < n; k++)); do sum=$(( sum + coef[k] * (ext[k] - 1) )); done
    delta+=($(( coef[d] - sum )))
  done
  local hw_start=$(( (start + cyc0) & ((1 << tw) - 1) ))
  run_case "$name" sl_sched \
    "-GN=$n -GTW=$tw -GEXT=$(pack 32 "${ext[@]}") -GDELTA=$(pack "$tw" "${delta[@]}") -GSTART=$(pack "$tw" $hw_start)" \
    "N=$n TW=$tw EXT=$(IFS=,; echo "${ext[*]}") COEF=$(IFS=,; echo "${coef[*]}") START=$start CYC0=$cyc0 SEED=$RANDOM"
}

RANDOM=4242   # reproducible seeds and ROM contents

sched_case sched_n1          8   5 0   "7"               "3"
sched_case sched_n1_ext1     4   0 0   "1"               "1"
sched_case sched_n2_gaps     16  0 0   "3 5"             "9 1"
sched_case sched_n2_dense    6   2 0   "6 1"             "1 0"
sched_case sched_n3_ext1     12  2 0   "4 1 3"           "7 -5 2"
sched_case sched_n4_all1     6   9 0   "1 1 1 1"         "0 3 -2 1"
sched_case sched_n8_wrap     40  1 $(( (1 << 40) - 37 )) \
                                       "2 1 3 1 2 2 1 2" "40 0 11 1000 5 3 -4 1"

run_case pipe_w1_l1   sl_pipe "-GW=1 -GL=1"   "W=1 L=1 SEED=$RANDOM"
run_case pipe_w33_l5  sl_pipe "-GW=33 -GL=5"  "W=33 L=5 SEED=$RANDOM"
run_case pipe_w64_l2  sl_pipe "-GW=64 -GL=2"  "W=64 L=2 SEED=$RANDOM"

run_case fifo_w5_d1   sl_fifo_seg "-GW=5 -GDEPTH=1"   "W=5 DEPTH=1 SEED=$RANDOM"
run_case fifo_w1_d2   sl_fifo_seg "-GW=1 -GDEPTH=2"   "W=1 DEPTH=2 SEED=$RANDOM"
run_case fifo_w12_d37 sl_fifo_seg "-GW=12 -GDEPTH=37" "W=12 DEPTH=37 SEED=$RANDOM"
run_case fifo_w64_d16 sl_fifo_seg "-GW=64 -GDEPTH=16" "W=64 DEPTH=16 SEED=$RANDOM"

run_case sram_w8_d1     sl_sram "-GW=8 -GDEPTH=1"     "W=8 DEPTH=1 SEED=$RANDOM"
run_case sram_w16_d100  sl_sram "-GW=16 -GDEPTH=100"  "W=16 DEPTH=100 SEED=$RANDOM"
run_case sram_w8_d512   sl_sram "-GW=8 -GDEPTH=512"   "W=8 DEPTH=512 SEED=$RANDOM"

run_case srampf_w8_d1    sl_sram_pf "-GW=8 -GDEPTH=1"    "W=8 DEPTH=1 SEED=$RANDOM"
run_case srampf_w5_d3    sl_sram_pf "-GW=5 -GDEPTH=3"    "W=5 DEPTH=3 SEED=$RANDOM"
run_case srampf_w16_d100 sl_sram_pf "-GW=16 -GDEPTH=100" "W=16 DEPTH=100 SEED=$RANDOM"

run_case ram_w8_d1_nr1   sl_ram "-GW=8 -GDEPTH=1 -GNR=1"   "W=8 DEPTH=1 NR=1 SEED=$RANDOM"
run_case ram_w10_d5_nr3  sl_ram "-GW=10 -GDEPTH=5 -GNR=3"  "W=10 DEPTH=5 NR=3 SEED=$RANDOM"
run_case ram_w64_d64_nr2 sl_ram "-GW=64 -GDEPTH=64 -GNR=2" "W=64 DEPTH=64 NR=2 SEED=$RANDOM"

# rom_case NAME W DEPTH: random entries of W <= 30 bits.
rom_case() {
  local name=$1 w=$2 depth=$3 k
  local -a e=()
  for ((k = 0; k < depth; k++)); do e+=($(( ((RANDOM << 15) | RANDOM) & ((1 << w) - 1) ))); done
  run_case "$name" sl_rom "-GW=$w -GDEPTH=$depth -GDATA=$(pack "$w" "${e[@]}")" \
    "W=$w DEPTH=$depth ENTRIES=$(IFS=,; echo "${e[*]}")"
}
rom_case rom_w7_d1   7  1
rom_case rom_w13_d6  13 6
rom_case rom_w30_d33 30 33

[[ $ran -eq 0 ]] && { echo "no case matches '$pattern'"; exit 2; }
echo "$((ran - fails)) of $ran cases passed"
[[ $fails -eq 0 ]]
