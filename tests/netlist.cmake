# tests/netlist.cmake: `sluice synth --check-netlist` (label "netlist";
# docs/verilator.md "The netlist check").  Each test synthesizes a program
# with the board's Yosys flow, has Yosys write the mapped netlist, builds it
# in Verilator with the family's cell models (the board's `simlib` line)
# and compares every output with the CPU reference and the cycles with the
# prediction.  A Verilator build of a netlist takes 20 s to a few minutes:
# one processor each (Yosys, then a Verilator build of one job under ctest,
# tests/CMakeLists.txt), TIMEOUT about 10x a quiet machine's time.
#   t_netlist_ice40_gaussian   block RAM (one SB_RAM40_4K, its line buffer):
#                              62 x 62 = 3844 output elements, bit-exact
#   t_netlist_xc7_mul          a DSP48E1 (tests/netlist/mul.sl, 12 x 12
#                              signed products): 16 x 16 = 256 elements
#   t_netlist_tamper_bad       $SLUICE_NETLIST_EDIT ties brighten's
#                              output data to 0 in the synthesized netlist
#                              (Yosys connect -set) on the iCE40: the check
#                              reports the first element,
#                              (0, 0), whose reference min(in + 64, 255) is
#                              at least 64, as netlist 0, and exits 1
#   t_netlist_xc7_bram_bad     gaussian on the Artix-7 maps its line buffer
#                              to a RAMB18E1, which Yosys 0.23's xilinx
#                              cells_sim.v declares without behaviour: a
#                              clean refusal, exit 1, before any Verilator run
#   t_netlist_ice40_brighten, t_netlist_ecp5_brighten  (label "slow") 64 x 64
#                              = 4096 elements on two more families
#   t_netlist_ice40_window     (label "slow") tests/synth/window.sl: block-RAM
#                              copies that hold only their read's window
#                              (written in it, addressed from its first
#                              word): 2 x 24 x 24 = 1152 elements, bit-exact
#   t_netlist_ice40_every_example  (label "slow") every example that fits
#                              the UP5K (tests/netlist/every_example.sh)
find_program(SLUICE_NETLIST_YOSYS yosys)
find_program(SLUICE_NETLIST_VERILATOR verilator)
if(SLUICE_NETLIST_YOSYS AND SLUICE_NETLIST_VERILATOR)
  set(SLUICE_EXE $<TARGET_FILE:sluice>)
  set(nl_env "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  set(nl_out ${CMAKE_CURRENT_BINARY_DIR}/netlist)
  # name  program  board  elements  label  TIMEOUT
  set(SLUICE_NETLIST_CI
    ice40_gaussian  examples/gaussian.sl      ice40up5k    3844  netlist  1200
    xc7_mul         tests/netlist/mul.sl      artix7-100t  256   netlist  1200
    ice40_brighten  examples/brighten.sl      ice40up5k    4096  slow     1200
    ecp5_brighten   examples/brighten.sl      ecp5-85f     4096  slow     1200
    ice40_window    tests/synth/window.sl     ice40up5k    1152  slow     1200)
  list(LENGTH SLUICE_NETLIST_CI n)
  math(EXPR last "${n} - 1")
  foreach(i RANGE 0 ${last} 6)
    foreach(k RANGE 0 5)
      math(EXPR j "${i} + ${k}")
      list(GET SLUICE_NETLIST_CI ${j} f${k})
    endforeach()
    add_test(NAME t_netlist_${f0}
      COMMAND ${SLUICE_EXE} synth ${CMAKE_SOURCE_DIR}/${f1} --board ${f2}
        --check-netlist --seed 1 -o ${nl_out}/${f0})
    set_tests_properties(t_netlist_${f0} PROPERTIES LABELS ${f4} TIMEOUT ${f5} ENVIRONMENT "${nl_env}"
      PASS_REGULAR_EXPRESSION "netlist check: 1 output, ${f3} elements, bit-exact")
  endforeach()
  add_test(NAME t_netlist_tamper_bad
    COMMAND sh -c "\"$0\" synth \"$1\" --board ice40up5k --check-netlist --seed 1 -o \"$2\"; echo \"exit $?\""
      ${SLUICE_EXE} ${CMAKE_SOURCE_DIR}/examples/brighten.sl ${nl_out}/tamper)
  set_tests_properties(t_netlist_tamper_bad PROPERTIES LABELS netlist TIMEOUT 1200
    ENVIRONMENT "${nl_env};SLUICE_NETLIST_EDIT=connect -set brighten_data 8'd0"
    PASS_REGULAR_EXPRESSION "error: the synthesized netlist's output 'brighten' differs from the reference at \\(0, 0\\) \\(presented in cycle [0-9]+\\): netlist 0, reference [0-9]+.*exit 1[\r\n]*$")
  add_test(NAME t_netlist_xc7_bram_bad
    COMMAND sh -c "\"$0\" synth \"$1\" --board artix7-100t --check-netlist --seed 1 -o \"$2\"; echo \"exit $?\""
      ${SLUICE_EXE} ${CMAKE_SOURCE_DIR}/examples/gaussian.sl ${nl_out}/xc7_bram)
  set_tests_properties(t_netlist_xc7_bram_bad PROPERTIES LABELS slow TIMEOUT 600
    PROCESSORS 1 ENVIRONMENT "${nl_env}"
    PASS_REGULAR_EXPRESSION "error: the netlist uses RAMB18E1, which the xc7 cell models do not simulate.*exit 1[\r\n]*$")
  add_test(NAME t_netlist_ice40_every_example
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/netlist/every_example.sh ${SLUICE_EXE} ice40up5k
      ${nl_out}/every_ice40)
  # The same on the UP5K's flow with room for every example (a made-up board).
  add_test(NAME t_netlist_ice40_sim_every_example
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/netlist/every_example.sh ${SLUICE_EXE}
      ${CMAKE_CURRENT_SOURCE_DIR}/boards/ice40_sim.board ${nl_out}/every_ice40_sim)
  set_tests_properties(t_netlist_ice40_sim_every_example PROPERTIES LABELS slow TIMEOUT 7200
    PROCESSORS 2 ENVIRONMENT "${nl_env}")
  set_tests_properties(t_netlist_ice40_every_example PROPERTIES LABELS slow TIMEOUT 7200
    PROCESSORS 2 ENVIRONMENT "${nl_env}")
endif()
