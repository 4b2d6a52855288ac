# tests/examples.cmake: the example programs of examples/.
#   t_examples_data            the .npy data files match make_data.py;
#   t_examples_check_<name>    `sluice check` accepts every example;
#   t_examples_run_<name>      `sluice run --seed 1` agrees bit for bit with
#                              an independent Python model (examples_ref.py);
#   t_examples_ref_<name>      the reference's two evaluators, the row kernels
#                              and the tree-walking one, agree bit for bit on
#                              seeded inputs (sluice_speed, tests/bench/);
#   t_cref_examples_<name>     the compiled reference (run --engine c) too,
#                              against both (sluice_speed --cref; label
#                              "cref", tests/cref.cmake).
# Label "examples"; the 1080p runs (5-30 s each) also carry "slow", so
# `ctest -LE slow` skips them.
find_package(Python3 COMPONENTS Interpreter REQUIRED)

set(SLUICE_EXAMPLES_SMALL
  brighten gaussian cascade harris unsharp upsample downsample
  camera_pipeline laplacian_pyramid jacobi resnet_layer mobilenet matmul blur_xy)
# The 1080p runs: the same programs with -D W=1920 -D H=1080 (their params),
# named <example>_1080p.
set(SLUICE_EXAMPLES_1080P gaussian harris unsharp camera_pipeline jacobi blur_xy)
# Checked only at 1080p (for the compile benchmarks, tests/bench/).
set(SLUICE_EXAMPLES_1080P_CHECK_ONLY cascade brighten)
set(SLUICE_1080P -D W=1920 -D H=1080)

add_test(NAME t_examples_data
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/examples/make_data.py --check)
set_tests_properties(t_examples_data PROPERTIES LABELS examples)

foreach(ex ${SLUICE_EXAMPLES_SMALL})
  add_test(NAME t_examples_check_${ex}
    COMMAND $<TARGET_FILE:sluice> check ${CMAKE_SOURCE_DIR}/examples/${ex}.sl)
  set_tests_properties(t_examples_check_${ex} PROPERTIES LABELS examples)
  add_test(NAME t_examples_run_${ex}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/examples_ref.py
            $<TARGET_FILE:sluice> ${CMAKE_SOURCE_DIR}/examples ${ex}
            ${CMAKE_CURRENT_BINARY_DIR}/examples_out)
  set_tests_properties(t_examples_run_${ex} PROPERTIES LABELS examples)
  add_test(NAME t_examples_ref_${ex}
    COMMAND $<TARGET_FILE:sluice_speed> ${CMAKE_SOURCE_DIR}/examples/${ex}.sl -n 1)
  set_tests_properties(t_examples_ref_${ex} PROPERTIES LABELS examples)
endforeach()
foreach(ex ${SLUICE_EXAMPLES_1080P} ${SLUICE_EXAMPLES_1080P_CHECK_ONLY})
  add_test(NAME t_examples_check_${ex}_1080p
    COMMAND $<TARGET_FILE:sluice> check ${CMAKE_SOURCE_DIR}/examples/${ex}.sl ${SLUICE_1080P})
  set_tests_properties(t_examples_check_${ex}_1080p PROPERTIES LABELS examples)
  add_test(NAME t_examples_ref_${ex}_1080p
    COMMAND $<TARGET_FILE:sluice_speed> ${CMAKE_SOURCE_DIR}/examples/${ex}.sl ${SLUICE_1080P} -n 1)
  set_tests_properties(t_examples_ref_${ex}_1080p PROPERTIES LABELS "examples;slow")
endforeach()
foreach(ex ${SLUICE_EXAMPLES_1080P})
  add_test(NAME t_examples_run_${ex}_1080p
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/examples_ref.py
            $<TARGET_FILE:sluice> ${CMAKE_SOURCE_DIR}/examples ${ex}
            ${CMAKE_CURRENT_BINARY_DIR}/examples_out ${SLUICE_1080P})
  set_tests_properties(t_examples_run_${ex}_1080p PROPERTIES LABELS "examples;slow")
  # run's default at 1080p, the compiled reference, against the same models
  add_test(NAME t_examples_run_cref_${ex}_1080p
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/examples_ref.py
            $<TARGET_FILE:sluice> ${CMAKE_SOURCE_DIR}/examples ${ex}
            ${CMAKE_CURRENT_BINARY_DIR}/examples_out_cref ${SLUICE_1080P})
  set_tests_properties(t_examples_run_cref_${ex}_1080p PROPERTIES LABELS "examples;slow;cref"
    ENVIRONMENT "EXAMPLES_REF_ENGINE=auto;SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/cref_cache")
endforeach()

# The compiled reference against the interpreter (tests/cref.cmake).
set(SLUICE_CREF_ENV "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/cref_cache")
foreach(ex ${SLUICE_EXAMPLES_SMALL})
  add_test(NAME t_cref_examples_${ex}
    COMMAND $<TARGET_FILE:sluice_speed> ${CMAKE_SOURCE_DIR}/examples/${ex}.sl -n 1 --cref)
  set_tests_properties(t_cref_examples_${ex} PROPERTIES LABELS "examples;diff;cref"
    ENVIRONMENT "${SLUICE_CREF_ENV}")
endforeach()
foreach(ex ${SLUICE_EXAMPLES_1080P} ${SLUICE_EXAMPLES_1080P_CHECK_ONLY})
  add_test(NAME t_cref_examples_${ex}_1080p
    COMMAND $<TARGET_FILE:sluice_speed> ${CMAKE_SOURCE_DIR}/examples/${ex}.sl ${SLUICE_1080P}
            -n 1 --cref)
  set_tests_properties(t_cref_examples_${ex}_1080p PROPERTIES LABELS "examples;slow;cref"
    ENVIRONMENT "${SLUICE_CREF_ENV}")
endforeach()

