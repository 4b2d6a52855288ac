# tests/diff.cmake: differential testing of `sluice run` (the C reference)
# against tests/diff/slref.py, an independent Python implementation of the
# language spec, on random programs from tests/diff/gen.py:
#   t_diff_slref    self-tests of slref.py with hand-computed expectations
#                   (no sluice involved);
#   t_diff_random   1000 random programs (seeds 1..1000), outputs compared
#                   bit for bit, and each run again with the tree-walking
#                   evaluator (SLUICE_REF=tree), whose output files must
#                   equal the row kernels' (about 15 s on two cores);
#   t_diff_bad      500 random programs with one input made one element too
#                   short for its farthest read: `sluice check` must exit 1
#                   with an error naming that input.
#   t_diff_model_stream, t_diff_model_sequential
#                   250 random programs each through `sluice sim` (the
#                   cycle-level model of the scheduled design, which checks
#                   itself against the C reference, its predicted cycles and
#                   buffer occupancies; exit 0 required), outputs compared
#                   with slref bit for bit, under each schedule policy; a
#                   program whose `sluice sim` runs over 60 s (the buffer
#                   analysis's blow-up, seed 99) is skipped with its seed
#                   printed, and more than 2 skipped fail the test;
#   t_diff_regress  every tests/diff/regress/*.sl (minimal programs that
#                   once failed) through `sluice sim --seed 1` under both
#                   policies.
#   t_diff_lint     150 random programs (seeds 1..150, t_diff_random's
#                   first) through `sluice run` and slref, and the Verilog of
#                   each, native and AXI4-Stream, through `verilator
#                   --lint-only -Wall`: no warning at all (run_diff.py --lint;
#                   about 40 s of CPU; seeds 6, 41, 120 and 126 warn without
#                   the folding of values/range.c).
#   t_diff_scale_vl_{native,axis,lanes,tiles}  (label slow) random programs
#                   through Verilator, 20 merged into one program a build
#                   (run_diff.py --batch 20), each program's own design
#                   linted: 500 native, 500 AXI4-Stream (--interface axis),
#                   700 at --unroll 2 (about a quarter refused by the lane
#                   rules) and 600 with --memory pub (tiles): at least 2,000
#                   through Verilator in all (docs/testing.md has the times).
#   t_diff_scale_10k   (label slow) 10,000 programs (seeds 1..10000), each
#                   through `sluice run` and `sluice sim --engine model` under
#                   both schedule policies, compared with slref bit for bit;
#   t_diff_scale_verilator  (label slow) 300 programs (seeds 1..300) through
#                   `sluice sim --engine verilator`;
#   t_diff_scale_netlist  (label slow) 12 programs (seeds 1..12) through
#                   `sluice synth --check-netlist --board
#                   tests/boards/ice40_sim.board`: the synthesized netlist in
#                   Verilator with the iCE40 cell models.
#   The scale tests skip a program that runs longer than a guard (--guard,
#   about 10x a quiet machine's slowest program: the buffer analysis can
#   blow up on a few, see tests/diff/README.md), print its seed, and fail when
#   more than 1% are skipped.
# Reproduce one failure: python3 tests/diff/run_diff.py --sluice build/driver/sluice
#   --start SEED --count 1 --keep /tmp/d   (the program is /tmp/d/sSEED/prog.sl);
#   add --engine model [--schedule sequential] for the model tests.
# Label "diff".
find_package(Python3 COMPONENTS Interpreter REQUIRED)

add_test(NAME t_diff_slref
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/test_slref.py)
set_tests_properties(t_diff_slref PROPERTIES LABELS diff)

# make test's counts were halved on 2026-12-02 (CI at its 600 s budget);
# t_diff_scale (slow) runs 10,000 seeds and the other slow sets their
# thousands.
add_test(NAME t_diff_random
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py
          --sluice $<TARGET_FILE:sluice> --count 500 --ref-both)
set_tests_properties(t_diff_random PROPERTIES LABELS diff TIMEOUT 600)

# Random programs with lanes (docs/language.md "Lanes"): through the model
# under both schedules at two lanes; the programs the lane rules refuse
# are counted, not failed.
add_test(NAME t_diff_unroll
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py
          --sluice $<TARGET_FILE:sluice> --engines model:stream,model:sequential
          --unroll 2 --count 120 --start 7001)
set_tests_properties(t_diff_unroll PROPERTIES LABELS diff TIMEOUT 300)

add_test(NAME t_diff_bad
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py
          --sluice $<TARGET_FILE:sluice> --bad --count 500)
set_tests_properties(t_diff_bad PROPERTIES LABELS diff TIMEOUT 120)

foreach(policy stream sequential)
  add_test(NAME t_diff_model_${policy}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py
            --sluice $<TARGET_FILE:sluice> --engine model --schedule ${policy}
            --count 125 --guard 60)
  set_tests_properties(t_diff_model_${policy} PROPERTIES LABELS diff TIMEOUT 900)
endforeach()

add_test(NAME t_diff_regress
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py
          --sluice $<TARGET_FILE:sluice> --regress ${CMAKE_CURRENT_SOURCE_DIR}/diff/regress
          --timeout 30)
set_tests_properties(t_diff_regress PROPERTIES LABELS diff TIMEOUT 180)

add_test(NAME t_diff_lint
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py
          --sluice $<TARGET_FILE:sluice> --lint --count 80 --start 1 -j 2)
set_tests_properties(t_diff_lint PROPERTIES LABELS diff TIMEOUT 900 PROCESSORS 2)

# Pipelined for tests/boards/pipeline.board (scheduler/pipeline.c): the
# model checks the longer latencies' schedule and buffers, on the seeds of
# t_diff_model_stream (the same programs, unpipelined there).
add_test(NAME t_diff_model_pipelined
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py
          --sluice $<TARGET_FILE:sluice> --engine model
          --board ${CMAKE_CURRENT_SOURCE_DIR}/boards/pipeline.board
          --count 125 --start 1 --guard 60)
set_tests_properties(t_diff_model_pipelined PROPERTIES LABELS diff TIMEOUT 900)

# Random programs through the generated Verilog (each one is verilated:
# a few seeds only; tests/diff/run_diff.py --engine verilator for more),
# unpipelined and pipelined.
add_test(NAME t_diff_verilator
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py
          --sluice $<TARGET_FILE:sluice> --engine verilator --count 6 --start 9000
          --timeout 300 -j 2)
set_tests_properties(t_diff_verilator PROPERTIES LABELS "diff;verilator" TIMEOUT 900
  PROCESSORS 2)
add_test(NAME t_diff_verilator_pipelined
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py
          --sluice $<TARGET_FILE:sluice> --engine verilator --count 2 --start 9100
          --board ${CMAKE_CURRENT_SOURCE_DIR}/boards/pipeline.board --timeout 300 -j 2)
set_tests_properties(t_diff_verilator_pipelined PROPERTIES LABELS "diff;verilator"
  TIMEOUT 900 PROCESSORS 2)
# Weight tables in block RAM (sl_rom_sync, scheduler/pipeline.c): seeds 38
# and 188 each read a const of more than 256 reachable entries, which the
# pipelined datapath reads a cycle ahead from block RAM; seed 30 (not
# pipelined) reads a const with a literal index, whose ROM holds only the
# slice it reaches (rtlgen/datapath.c); through the Verilog, cycles =
# predicted and every value equal (about 1 min).
add_test(NAME t_diff_verilator_rom
  COMMAND sh -c "${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py --sluice $<TARGET_FILE:sluice> --engine verilator --count 1 --start 38 --board ${CMAKE_CURRENT_SOURCE_DIR}/boards/pipeline.board --timeout 300 && ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py --sluice $<TARGET_FILE:sluice> --engine verilator --count 1 --start 188 --board ${CMAKE_CURRENT_SOURCE_DIR}/boards/pipeline.board --timeout 300 && ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py --sluice $<TARGET_FILE:sluice> --engine verilator --count 1 --start 30 --timeout 300")
set_tests_properties(t_diff_verilator_rom PROPERTIES LABELS "diff;verilator;slow"
  TIMEOUT 900 PROCESSORS 2)

# Differential testing at scale (make test-slow; tests/diff/README.md).
# About 4 min (10k: 214 s on a quiet machine, 2026-12-04, since the model
# checks a row segment at a time), 60 min (Verilator) and 15 min (netlists)
# on two cores.
add_test(NAME t_diff_scale_10k
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py
          --sluice $<TARGET_FILE:sluice> --engines run,model:stream,model:sequential
          --count 10000 --start 1 --guard 60 -j 2 --progress 1000)
set_tests_properties(t_diff_scale_10k PROPERTIES LABELS "diff;slow" TIMEOUT 21600
  PROCESSORS 2)
add_test(NAME t_diff_scale_verilator
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py
          --sluice $<TARGET_FILE:sluice> --engine verilator
          --count 300 --start 1 --guard 900 -j 2 --progress 25)
set_tests_properties(t_diff_scale_verilator PROPERTIES LABELS "diff;verilator;slow"
  TIMEOUT 36000 PROCESSORS 2)
# Verilator at scale, 20 programs a build (--batch 20), every program's
# design linted (--lint); the seeds are the slow set's own.
foreach(v native axis lanes tiles)
  if(v STREQUAL native)
    set(vl_args --count 500 --start 60001)
  elseif(v STREQUAL axis)
    set(vl_args --interface axis --count 500 --start 61001)
  elseif(v STREQUAL lanes)
    set(vl_args --unroll 2 --count 700 --start 62001)
  else()
    set(vl_args --pub= --count 600 --start 63001)
  endif()
  add_test(NAME t_diff_scale_vl_${v}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py
            --sluice $<TARGET_FILE:sluice> --engine verilator --batch 20 --lint
            ${vl_args} --guard 900 --timeout 1800 -j 2 --progress 100)
  set_tests_properties(t_diff_scale_vl_${v} PROPERTIES LABELS "diff;verilator;slow"
    TIMEOUT 36000 PROCESSORS 2
    ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
endforeach()
find_program(SLUICE_DIFF_YOSYS yosys)
if(SLUICE_DIFF_YOSYS)
  add_test(NAME t_diff_scale_netlist
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py
            --sluice $<TARGET_FILE:sluice> --engine netlist
            --board ${CMAKE_CURRENT_SOURCE_DIR}/boards/ice40_sim.board
            --count 12 --start 1 --guard 1800 -j 2)
  set_tests_properties(t_diff_scale_netlist PROPERTIES LABELS "diff;netlist;slow"
    TIMEOUT 18000 PROCESSORS 2
    ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
endif()
