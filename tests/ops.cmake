# tests/ops.cmake: the operator-level differential harness (tests/ops/):
# every operator at every width class (1 .. 64 bits, uN and iN) against the
# constants that change the emitted form, thousands of cases per program
# (gen_ops.py says which), on edge and random operands.
#   t_ops_verilator_g<G>  group G (a few types, one Verilator build):
#                  `sluice sim --engine verilator`, which compares the
#                  Verilog with the C reference value by value; its outputs
#                  against tests/diff/slref.py bit for bit; verilator -Wall
#                  lint of the program's Verilog (run_ops.py)
#   t_ops_run      every group through `sluice run` against slref (no
#                  Verilator: the C reference alone, a few seconds)
# About 35 s per group on one core with a cold Verilator cache (docs/testing.md).
# Reproduce: python3 tests/ops/run_ops.py --sluice build/driver/sluice --group G
#   --keep /tmp/ops   (the program is /tmp/ops/gG/opsG.sl, its cases opsG.cases.txt)
# Label "ops".
find_package(Python3 COMPONENTS Interpreter REQUIRED)
find_program(SLUICE_OPS_VERILATOR verilator)
add_test(NAME t_ops_run
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/ops/run_ops.py
          --sluice $<TARGET_FILE:sluice> --engine run)
set_tests_properties(t_ops_run PROPERTIES LABELS ops TIMEOUT 600)
if(SLUICE_OPS_VERILATOR)
  foreach(g 0 1 2 3)
    add_test(NAME t_ops_verilator_g${g}
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/ops/run_ops.py
              --sluice $<TARGET_FILE:sluice> --group ${g})
    set_tests_properties(t_ops_verilator_g${g} PROPERTIES LABELS "ops;verilator"
      TIMEOUT 900
      ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  endforeach()
endif()
