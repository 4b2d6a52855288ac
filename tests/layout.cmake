# tests/layout.cmake: the architecture is visible in the includes.
#   t_layout_flow   no header or source includes a module after its own in
#                   the flow ir -> io -> frontend -> ref -> scheduler ->
#                   ubuffer -> rtlgen -> sim, target -> flow -> driver, nor another module's
#                   private header, and every module has a rank
#                   (tests/check_layout.sh).
add_test(NAME t_layout_flow
  COMMAND sh ${CMAKE_SOURCE_DIR}/tests/check_layout.sh ${CMAKE_SOURCE_DIR})
set_tests_properties(t_layout_flow PROPERTIES LABELS frontend)
