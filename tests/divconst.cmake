# tests/divconst.cmake: division and modulo by constants without a divider
# (ir/divconst.c, rtlgen/divconst.c).
#   t_divconst16.*   every u16 / i16 dividend for a set of divisors against
#       ir_eval_binop (tests/divconst/t_divconst16.cpp; label divconst16,
#       not run by the sanitizer build; one processor each)
add_executable(sluice_divconst16 ${CMAKE_CURRENT_SOURCE_DIR}/divconst/t_divconst16.cpp)
target_link_libraries(sluice_divconst16 PRIVATE sl_ir GTest::gtest GTest::gtest_main)
gtest_discover_tests(sluice_divconst16
  PROPERTIES LABELS divconst16 PROCESSORS 1 TIMEOUT 300 DISCOVERY_TIMEOUT 60)
