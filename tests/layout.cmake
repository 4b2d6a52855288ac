# tests/layout.cmake: the architecture is visible in the includes.
#   t_layout_flow   no header or source includes a module of a higher rank
#                   (base 0, ir 1, io 2, frontend|onnx 3, ref 4,
#                   scheduler|boards 5, ubuffer 6, pub 7, rtlgen 8,
#                   verilator 9, sim 10, fpga 11, flow|report 12, driver 13)
#                   nor another module's private header; every module has
#                   a rank, names it in its banner (NAME/NAME.h,
#                   driver/main.c) and has a row in README.md's layout
#                   table (tests/check_layout.sh).
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

#   t_layout_function_length  no function of the core (every module's .c
#                   files, tests/ aside) is longer than 60 lines from its
#                   "{" to its "}" (issue 23; tests/check_function_length.py)
add_test(NAME t_layout_function_length
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tests/check_function_length.py
    ${CMAKE_SOURCE_DIR} 60)
set_tests_properties(t_layout_function_length PROPERTIES LABELS layout TIMEOUT 60)

#   t_layout_doc_refs  every reference to a docs section, an anchor
#                   <file>.md#slug (the option rules of flow/options.c) or a
#                   quoted <file>.md "Section" in a comment, a message, a
#                   test or the docs, names a heading (or bold paragraph)
#                   that exists (tests/check_doc_refs.py)
add_test(NAME t_layout_doc_refs
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tests/check_doc_refs.py
    ${CMAKE_SOURCE_DIR})
set_tests_properties(t_layout_doc_refs PROPERTIES LABELS layout TIMEOUT 60)
