# tests/layout.cmake: the architecture is visible in the includes.
#   t_layout_flow   no header or source includes a module after its own in
#                   the flow ir -> io -> frontend -> ref -> scheduler ->
#                   ubuffer -> rtlgen -> sim, target -> flow, report -> driver, nor another module's
#                   private header, and every module has a rank
#                   (tests/check_layout.sh).
add_test(NAME t_layout_flow
  COMMAND sh ${CMAKE_SOURCE_DIR}/tests/check_layout.sh ${CMAKE_SOURCE_DIR})
set_tests_properties(t_layout_flow PROPERTIES LABELS frontend)

#   t_layout_test_limits  every registered test has a TIMEOUT that only
#                   catches hangs, and every test that runs Verilator or
#                   Yosys declares its processors (tests/check_test_limits.py)
find_package(Python3 COMPONENTS Interpreter REQUIRED)
add_test(NAME t_layout_test_limits
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tests/check_test_limits.py
    ${CMAKE_CTEST_COMMAND} ${CMAKE_BINARY_DIR})
set_tests_properties(t_layout_test_limits PROPERTIES LABELS layout TIMEOUT 120)
