# tests/divconst.cmake: division and modulo by constants without a divider
# (values/divconst.c, rtlgen/divconst.c).
#   t_divconst16.*   every u16 / i16 dividend for a set of divisors against
#       ir_eval_binop (tests/divconst/t_divconst16.cpp; label divconst16,
#       not run by the sanitizer build; one processor each)
add_executable(sluice_divconst16 ${CMAKE_CURRENT_SOURCE_DIR}/divconst/t_divconst16.cpp)
target_link_libraries(sluice_divconst16 PRIVATE sl_values sl_ir GTest::gtest GTest::gtest_main)
gtest_discover_tests(sluice_divconst16
  PROPERTIES LABELS divconst16 PROCESSORS 1 TIMEOUT 300 DISCOVERY_TIMEOUT 60)
#   t_divconst_sim_<name>   `sluice sim --engine verilator --seed 1` on
#       tests/divconst/<name>.sl: the emitted plans against the reference
#       bit for bit (label verilator): values8, values16 (u8 i8 u16 i16 by
#       many constants: +-1, powers of two, MIN, MAX, negative divisors,
#       edge dividends in row 0), values_wide (u32 i32 u64 i64 u5 i13
#       u33), neg64 (i64 by negative divisors whose magic takes 62, 63
#       and 64 bits: the 129-bit signed multiplier), index (floor / and % of negative index values: table
#       addresses, reads, a reduction), circ (circular buffers whose
#       capacities are not powers of two)
#   t_divconst_lint_<name>, t_divconst_yosys_<name>   verilator -Wall and
#       Yosys check -assert of the same Verilog (label rtlgen; no Yosys
#       run of values_wide or neg64: their 64 x 65-bit products take Yosys's generic
#       synth past 5 minutes)
find_program(SLUICE_DIVCONST_VERILATOR verilator)
find_program(SLUICE_DIVCONST_YOSYS yosys)
# Left to test-slow (make test stays under 10 min): in Verilator values_wide
# (64-bit products, the slowest build) and values16 (values8 at 16 bits); in
# Yosys circ and index (about 40 s each).
set(dc_slow_sim values_wide values16)
set(dc_slow_yosys circ index)
foreach(p values8 values16 values_wide neg64 index circ)
  set(prog ${CMAKE_CURRENT_SOURCE_DIR}/divconst/${p}.sl)
  if(SLUICE_DIVCONST_VERILATOR)
    add_test(NAME t_divconst_sim_${p}
      COMMAND $<TARGET_FILE:sluice> sim ${prog} --engine verilator --seed 1
              -o ${CMAKE_CURRENT_BINARY_DIR}/divconst_out/${p})
    set(dc_label verilator)
    if(p IN_LIST dc_slow_sim)
      set(dc_label slow)
    endif()
    set_tests_properties(t_divconst_sim_${p} PROPERTIES LABELS ${dc_label} TIMEOUT 600 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
    add_test(NAME t_divconst_lint_${p}
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/rtlgen/check_generated.sh $<TARGET_FILE:sluice>
              ${prog} ${CMAKE_SOURCE_DIR}/rtlgen/lib lint)
    set_tests_properties(t_divconst_lint_${p} PROPERTIES LABELS rtlgen TIMEOUT 120)
  endif()
  if(SLUICE_DIVCONST_YOSYS AND NOT p MATCHES "^(values_wide|neg64)$")
    add_test(NAME t_divconst_yosys_${p}
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/rtlgen/check_generated.sh $<TARGET_FILE:sluice>
              ${prog} ${CMAKE_SOURCE_DIR}/rtlgen/lib yosys)
    set(dc_label rtlgen)
    if(p IN_LIST dc_slow_yosys)
      set(dc_label slow)
    endif()
    set_tests_properties(t_divconst_yosys_${p} PROPERTIES LABELS ${dc_label} TIMEOUT 600
      PROCESSORS 1)
  endif()
endforeach()
