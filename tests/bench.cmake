# tests/bench.cmake: the compile benchmark (tests/bench/compile_bench.sh)
# once, one run per program, so that the script keeps working; it checks
# that every example compiles, not how fast (benchmarks are not timed
# tests).  Label "bench".
add_test(NAME t_bench_compile_smoke
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/bench/compile_bench.sh $<TARGET_FILE:sluice> -n 1)
set_tests_properties(t_bench_compile_smoke PROPERTIES LABELS bench)
# t_bench_delay_fit_quick: tests/bench/delay_fit.sh --quick (about 20 s:
# four Yosys + nextpnr-ice40 runs) through delay_fit_check.sh, which checks
# the table and the `delay` lines (format, and ff, lut, add physically
# sensible).  The full measurement behind boards/ice40up5k.board takes
# minutes and is run by hand (docs/timing.md).
find_program(SLUICE_BENCH_NEXTPNR nextpnr-ice40)
if(SLUICE_BENCH_NEXTPNR)
  add_test(NAME t_bench_delay_fit_quick
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/bench/delay_fit_check.sh)
  set_tests_properties(t_bench_delay_fit_quick PROPERTIES LABELS bench TIMEOUT 300
    PASS_REGULAR_EXPRESSION "delay_fit_check: ok")
endif()
# The buffer-analysis blow-up benchmark (tests/bench/ub_blowup_bench.sh,
# issue 15) once, after only: the script keeps working and every program
# compiles (its timeout of 60 s only catches a hang).
add_test(NAME t_bench_ub_blowup_smoke
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/bench/ub_blowup_bench.sh $<TARGET_FILE:sluice> -n 1)
set_tests_properties(t_bench_ub_blowup_smoke PROPERTIES LABELS bench TIMEOUT 300)
# sluice_speed: tests/bench/speed_tool.c, the reference's two evaluators, a
# hand-written C loop and the cycle-level model timed in one process, for
# tests/bench/sim_bench.sh (docs/speed.md).
add_executable(sluice_speed ${CMAKE_SOURCE_DIR}/tests/bench/speed_tool.c)
target_link_libraries(sluice_speed PRIVATE sl_flow sl_sim sl_frontend sl_ir)
# t_bench_sim_smoke: tests/bench/sim_bench.sh once on gaussian without
# Verilator, so that the script keeps working (it fails when an engine
# disagrees with the reference; its times are not checked).
add_test(NAME t_bench_sim_smoke
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/bench/sim_bench.sh $<TARGET_FILE:sluice>
          $<TARGET_FILE:sluice_speed> -n 1 --no-verilator gaussian harris)
set_tests_properties(t_bench_sim_smoke PROPERTIES LABELS bench TIMEOUT 120)
# The push-memory study of docs/pub_study.md (tests/bench/pub_study.sh)
# once: the script keeps working and writes its three tables (about 2 s).
# The area fit behind tile/cost.c (tests/bench/pub_area_fit.py,
# 31 bus-configured points and 88 real tiles with constant configuration,
# Yosys runs of 6 minutes) is run by hand.
add_test(NAME t_bench_pub_study_smoke
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/bench/pub_study.sh $<TARGET_FILE:sluice>
    ${CMAKE_CURRENT_BINARY_DIR}/pub_study_smoke)
set_tests_properties(t_bench_pub_study_smoke PROPERTIES LABELS "bench;pub" TIMEOUT 120
  PASS_REGULAR_EXPRESSION "### gaussian.*### harris.*### camera_pipeline.*\\| pub \\| 8 \\| 2048 \\| 2x2 \\| yes \\|"
  FAIL_REGULAR_EXPRESSION "failed on")
# t_bench_cref_smoke: tests/bench/cref_bench.py once (issue 29's bars:
# gaussian 1080p, the compiled reference against a hand-written -O3
# program), so that the script keeps working; it fails when sluice's
# output differs from the hand-written program's; its times are not
# checked.  About 1 s of CPU.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
add_test(NAME t_bench_cref_smoke
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/bench/cref_bench.py
          --sluice $<TARGET_FILE:sluice> --speed $<TARGET_FILE:sluice_speed> -n 1)
set_tests_properties(t_bench_cref_smoke PROPERTIES LABELS "bench;cref" TIMEOUT 120
  ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/cref_cache"
  PASS_REGULAR_EXPRESSION "bar: whole run within 3x")
