# tests/bench.cmake: the compile benchmark (tests/bench/compile_bench.sh)
# once, one run per program, so that the script keeps working; it checks
# that every example compiles, not how fast (benchmarks are not timed
# tests).  Label "bench".
add_test(NAME t_bench_compile_smoke
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/bench/compile_bench.sh $<TARGET_FILE:sluice> -n 1)
set_tests_properties(t_bench_compile_smoke PROPERTIES LABELS bench)
