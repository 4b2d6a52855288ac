# tests/cref.cmake: the compiled reference (`sluice run --engine c`,
# ref/cgen.c and ref/cref.c) against the interpreter, which stays the
# independent check.
#   t_cref_cache            the cache: built once, found again, rebuilt when
#                           broken, private; no compiler and a failing one
#                           are errors that leave nothing (cref/cache.sh)
#   t_cref_examples_<name>  (in examples.cmake, which has the lists) every
#                           example: the compiled reference, the row kernels
#                           and the tree-walking evaluator give the same bits
#                           on seeded inputs (sluice_speed --cref); the 1080p
#                           ones carry "slow"
#   t_diff_cref             60 random programs (seeds 30001-30060):
#                           `run --engine c`, and with -j 3, write the
#                           interpreter's files byte for byte (run_diff.py
#                           --cref --cref-jobs 3)
#   t_diff_cref_scale       (slow) the same on 1,000 (seeds 1-1000)
#   t_ops_cref              the operator harness (tests/ops/, 8,405 cases)
#                           through `run --engine c` against slref
# Every kernel goes into the build tree's cache (cref_cache/).
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(SLUICE_CREF_ENV "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/cref_cache")

add_test(NAME t_cref_cache
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cref/cache.sh $<TARGET_FILE:sluice> ${CMAKE_SOURCE_DIR})
set_tests_properties(t_cref_cache PROPERTIES LABELS "unit;cref" TIMEOUT 300)

add_test(NAME t_diff_cref
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py
          --sluice $<TARGET_FILE:sluice> --count 60 --start 30001 --cref --cref-jobs 3)
set_tests_properties(t_diff_cref PROPERTIES LABELS "diff;cref" TIMEOUT 900
  ENVIRONMENT "${SLUICE_CREF_ENV}")
add_test(NAME t_diff_cref_scale
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py
          --sluice $<TARGET_FILE:sluice> --count 1000 --start 1 --cref --cref-jobs 3)
set_tests_properties(t_diff_cref_scale PROPERTIES LABELS "diff;slow;cref" TIMEOUT 3600
  ENVIRONMENT "${SLUICE_CREF_ENV}")

add_test(NAME t_ops_cref
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/ops/run_ops.py
          --sluice $<TARGET_FILE:sluice> --engine c)
set_tests_properties(t_ops_cref PROPERTIES LABELS "ops;cref" TIMEOUT 900
  ENVIRONMENT "${SLUICE_CREF_ENV}")
