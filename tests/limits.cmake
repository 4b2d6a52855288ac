# tests/limits.cmake: the limits of docs/language.md ("Diagnostics and
# limits"), from the reproducers of the reliability audit (D3, D4, D8, D9,
# D13, D22), through tests/limits/limits.sh:
#   t_limits_huge   data too large for memory (inputs of 10^12 elements,
#                   image and .npy headers claiming 10^6 x 10^6, a const),
#                   FIFOs, devices and files longer than their declaration,
#                   SLUICE_MAX_MEMORY, sim's --max-cycles budget, extents
#                   over 2^32 - 1: each exits 1 (2 for usage) with its
#                   message, below 500 MB of peak RSS (about 5 s)
#   t_limits_scale  a 20,000-func chain of 200,000 lines, 20,000 funcs each
#                   reading `in`, a 10 MB line: `check` in bounded memory
#                   (about 10 s)
# The timeouts only catch hangs.  Label "limits".
find_program(SLUICE_GNU_TIME time PATHS /usr/bin NO_DEFAULT_PATH)
if(SLUICE_GNU_TIME)
  add_test(NAME t_limits_huge
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/limits/limits.sh $<TARGET_FILE:sluice> huge)
  set_tests_properties(t_limits_huge PROPERTIES LABELS limits TIMEOUT 300
    PASS_REGULAR_EXPRESSION "limits: all cases ok")
  add_test(NAME t_limits_scale
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/limits/limits.sh $<TARGET_FILE:sluice> scale)
  set_tests_properties(t_limits_scale PROPERTIES LABELS limits TIMEOUT 300
    PASS_REGULAR_EXPRESSION "limits: all cases ok")
endif()
