# tests/rtl.cmake: the hardware library (rtlgen/lib/), label "rtl":
#   t_rtl_lint   `verilator --lint-only -Wall` on every wrapper top in
#                tests/rtl/lint/ (one parameterization each), no warnings
#   t_rtl_yosys  Yosys `synth; check -assert` on the same tops (no latches,
#                combinational loops or undriven nets)
#   t_rtl_ice40  `synth_ice40` of a 512 x 8 sl_sram infers one SB_RAM40_4K
#   t_rtl_romsync  a 512 x 8 sl_rom_sync (a weight table in block RAM) is
#                one SB_RAM40_4K, DP16KD or RAMB18E2 and no LUT (about 6 s)
#   t_rtl_units  tests/rtl/run_rtl_tests.sh: each block verilated with
#                its edge and one large parameterization (SLUICE_RTL_QUICK)
#                and compared cycle by cycle with a C++ model (builds in
#                build/rtl_tests/); t_rtl_units_full (slow) runs every case
#   t_rtl_pub    tests/rtl/run_pub_tests.sh: the push-memory tile sl_pub
#                (docs/pub.md) in five parameterizations against its C++
#                model on seeded random legal configurations, and a line
#                buffer checked against the image (label verilator too)
#   t_rtl_pub_synth  sl_pub's SRAM inferred as 4 SB_SPRAM256KA (UP5K,
#                -spram), 8 SB_RAM40_4K (iCE40) and 2 DP16KD (ECP5)
# One case: tests/rtl/run_rtl_tests.sh build sched_n3 (pattern on case names).
find_program(VERILATOR_EXECUTABLE verilator)
find_program(YOSYS_EXECUTABLE yosys)
find_program(BASH_EXECUTABLE bash)

if(VERILATOR_EXECUTABLE AND BASH_EXECUTABLE)
  add_test(NAME t_rtl_lint
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/rtl/check_lib.sh lint)
  add_test(NAME t_rtl_units
    COMMAND ${CMAKE_COMMAND} -E env SLUICE_RTL_QUICK=1
      ${BASH_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/rtl/run_rtl_tests.sh ${CMAKE_BINARY_DIR})
  add_test(NAME t_rtl_units_full
    COMMAND ${BASH_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/rtl/run_rtl_tests.sh
      ${CMAKE_BINARY_DIR}/rtl_full)
  set_tests_properties(t_rtl_units_full PROPERTIES LABELS "rtl;slow" TIMEOUT 1200 PROCESSORS 2)
  add_test(NAME t_rtl_pub
    COMMAND ${BASH_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/rtl/run_pub_tests.sh ${CMAKE_BINARY_DIR})
  set_tests_properties(t_rtl_lint t_rtl_units PROPERTIES LABELS rtl)
  set_tests_properties(t_rtl_units PROPERTIES TIMEOUT 1200 PROCESSORS 2)
  # slow: 660 random configurations (40 s cold); t_pub_tile_config and
  # t_pub_verilator run the tile in make test
  set_tests_properties(t_rtl_pub PROPERTIES LABELS "rtl;verilator;slow" TIMEOUT 900 PROCESSORS 2)
else()
  message(STATUS "verilator not found: rtl unit and lint tests disabled")
endif()

if(YOSYS_EXECUTABLE)
  add_test(NAME t_rtl_yosys
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/rtl/check_lib.sh yosys)
  add_test(NAME t_rtl_ice40
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/rtl/check_lib.sh ice40)
  add_test(NAME t_rtl_romsync
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/rtl/check_lib.sh romsync)
  set_tests_properties(t_rtl_romsync PROPERTIES LABELS rtl TIMEOUT 120)
  add_test(NAME t_rtl_pub_synth
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/rtl/check_lib.sh pub)
  set_tests_properties(t_rtl_ice40 PROPERTIES LABELS rtl TIMEOUT 120)
  set_tests_properties(t_rtl_yosys PROPERTIES LABELS rtl TIMEOUT 400)
  set_tests_properties(t_rtl_pub_synth PROPERTIES LABELS "rtl;slow" TIMEOUT 400)
else()
  message(STATUS "yosys not found: rtl synthesis checks disabled")
endif()
