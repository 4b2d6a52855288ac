# tests/estimate.cmake: the logic estimate (fpga/logic.c).
#   sluice_estimate   tests/bench/estimate_tool.c: one program's estimate on
#       one board, for tests/bench/estimate_bench.sh (predicted vs Yosys)
#   sluice_unit       also runs tests/unit/t_estimate.cpp (hand-counted
#       costs of tiny programs), so it links sl_fpga
#   t_bench_estimate_smoke   the bench's prediction column on two small
#       examples without Yosys (label bench)
add_executable(sluice_estimate ${CMAKE_SOURCE_DIR}/tests/bench/estimate_tool.c)
target_link_libraries(sluice_estimate PRIVATE sl_flow sl_fpga sl_frontend sl_ir)
target_link_libraries(sluice_unit PRIVATE sl_fpga)
add_test(NAME t_bench_estimate_smoke
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/bench/estimate_bench.sh --no-synth
    $<TARGET_FILE:sluice> $<TARGET_FILE:sluice_estimate> brighten gaussian)
set_tests_properties(t_bench_estimate_smoke PROPERTIES LABELS bench)
