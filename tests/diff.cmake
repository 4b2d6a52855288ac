# tests/diff.cmake: differential testing of `sluice run` (the C reference)
# against tests/diff/slref.py, an independent Python implementation of the
# language spec, on random programs from tests/diff/gen.py:
#   t_diff_slref    self-tests of slref.py with hand-computed expectations
#                   (no sluice involved);
#   t_diff_random   1000 random programs (seeds 1..1000), outputs compared
#                   bit for bit (about 10 s on two cores);
#   t_diff_bad      500 random programs with one input made one element too
#                   short for its farthest read: `sluice check` must exit 1
#                   with an error naming that input.
# Reproduce one failure: python3 tests/diff/run_diff.py --sluice build/driver/sluice
#   --start SEED --count 1 --keep /tmp/d   (the program is /tmp/d/sSEED/prog.sl).
# Label "diff".
find_package(Python3 COMPONENTS Interpreter REQUIRED)

add_test(NAME t_diff_slref
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/test_slref.py)
set_tests_properties(t_diff_slref PROPERTIES LABELS diff)

add_test(NAME t_diff_random
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py
          --sluice $<TARGET_FILE:sluice> --count 1000)
set_tests_properties(t_diff_random PROPERTIES LABELS diff TIMEOUT 120)

add_test(NAME t_diff_bad
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/diff/run_diff.py
          --sluice $<TARGET_FILE:sluice> --bad --count 500)
set_tests_properties(t_diff_bad PROPERTIES LABELS diff TIMEOUT 120)
