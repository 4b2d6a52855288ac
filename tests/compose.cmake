# tests/compose.cmake: every option composes (issue 26, label compose).
#   t_compose_matrix_pairwise  tests/compose/matrix.py on gaussian's pairwise
#                              covering set of {native, tile} x {k = 1, 2, 4} x
#                              {native ports, AXI4-Stream} x {1, 3 frames} x
#                              {fixed size, run-time size} (8 combinations):
#                              each bit-exact in Verilator with cycles =
#                              predicted, or a documented refusal
#   t_compose_matrix_<name>    (slow) the whole matrix, 48 combinations, on
#                              gaussian, harris and camera_pipeline
find_program(SLUICE_VERILATOR_EXE verilator)
if(SLUICE_VERILATOR_EXE)
  add_test(NAME t_compose_matrix_pairwise
    COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/compose/matrix.py
            --sluice $<TARGET_FILE:sluice> --subset pairwise -j 2
            ${CMAKE_SOURCE_DIR}/examples/gaussian.sl)
  set_tests_properties(t_compose_matrix_pairwise PROPERTIES LABELS "compose;verilator"
    PROCESSORS 2 TIMEOUT 900
    ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  foreach(name gaussian harris camera_pipeline)
    add_test(NAME t_compose_matrix_${name}
      COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/compose/matrix.py
              --sluice $<TARGET_FILE:sluice> --subset all -j 2
              ${CMAKE_SOURCE_DIR}/examples/${name}.sl)
    set_tests_properties(t_compose_matrix_${name} PROPERTIES LABELS "compose;verilator;slow"
      PROCESSORS 2 TIMEOUT 7200
      ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  endforeach()
endif()
