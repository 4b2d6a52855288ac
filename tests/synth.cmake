# tests/synth.cmake: boards and `sluice synth` (label "synth").
#   t_synth_boards            `sluice boards` lists the four boards
#   t_synth_ice40_<example>   synth for the iCE40 UP5K: exits 0 only when the
#                             predicted SB_RAM40_4K count equals Yosys's.
#                             Subset: camera_pipeline takes ~9 minutes in
#                             Yosys on 2 cores, jacobi more than 2; the rest
#                             were not timed; the label runs the ones that take
#                             seconds (harris ~30 s).
#   t_synth_ice40_gaussian*_ram  the count itself, by hand: gaussian's line
#                             buffer is two SRAM runs of 8-bit words (64
#                             wide: 60 each, one 512x8 RAM4K each = 2;
#                             1080p: 1916 each, ceil(1916/512) = 4 each = 8)
#   t_synth_mispredict_bad    a board file whose block RAM shape is wrong
#                             (tests/synth/mispredict.board: 64x1 only):
#                             gaussian's two 60-word 8-bit runs predicted
#                             2 x 8 = 16 cells, Yosys maps 2; synth exits 1
#   t_synth_bad_board_bad     a malformed board file: located error
#   t_synth_no_yosys_bad      Yosys missing: a clean error, exit 1
find_program(SLUICE_SYNTH_YOSYS yosys)
set(SLUICE_EXE $<TARGET_FILE:sluice>)
add_test(NAME t_synth_boards COMMAND ${SLUICE_EXE} boards)
set_tests_properties(t_synth_boards PROPERTIES LABELS synth
  PASS_REGULAR_EXPRESSION "artix7-100t.*63400.*135 x RAMB36E1.*240.*ecp5-85f.*83640.*208 x DP16KD.*156.*ice40up5k.*5280.*30 x SB_RAM40_4K.*8.*zu9eg.*274080.*912 x RAMB36E2.*2520")
add_test(NAME t_synth_bad_board_bad
  COMMAND ${SLUICE_EXE} synth ${CMAKE_SOURCE_DIR}/examples/gaussian.sl
    --board ${CMAKE_CURRENT_SOURCE_DIR}/synth/bad.board -o ${CMAKE_CURRENT_BINARY_DIR}/synth_bad)
set_tests_properties(t_synth_bad_board_bad PROPERTIES LABELS synth
  PASS_REGULAR_EXPRESSION "bad.board:5:33: error: expected a shape DEPTHxWIDTH, not '0x16'")
add_test(NAME t_synth_no_yosys_bad
  COMMAND ${CMAKE_COMMAND} -E env SLUICE_YOSYS=/nonexistent/yosys
    ${SLUICE_EXE} synth ${CMAKE_SOURCE_DIR}/examples/gaussian.sl --board ice40up5k
    -o ${CMAKE_CURRENT_BINARY_DIR}/synth_noyosys)
set_tests_properties(t_synth_no_yosys_bad PROPERTIES LABELS synth WILL_FAIL TRUE)
if(SLUICE_SYNTH_YOSYS)
  foreach(ex brighten cascade downsample gaussian harris)
    if(EXISTS ${CMAKE_SOURCE_DIR}/examples/${ex}.sl)
      add_test(NAME t_synth_ice40_${ex}
        COMMAND ${SLUICE_EXE} synth ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
          --board ice40up5k -o ${CMAKE_CURRENT_BINARY_DIR}/synth_${ex})
      set_tests_properties(t_synth_ice40_${ex} PROPERTIES LABELS synth TIMEOUT 300)
    endif()
  endforeach()
  add_test(NAME t_synth_ice40_gaussian_ram
    COMMAND ${SLUICE_EXE} synth ${CMAKE_SOURCE_DIR}/examples/gaussian.sl
      --board ice40up5k -o ${CMAKE_CURRENT_BINARY_DIR}/synth_gaussian_ram)
  add_test(NAME t_synth_ice40_gaussian_1080p_ram
    COMMAND ${SLUICE_EXE} synth ${CMAKE_SOURCE_DIR}/examples/gaussian_1080p.sl
      --board ice40up5k -o ${CMAKE_CURRENT_BINARY_DIR}/synth_gaussian_1080p)
  set_tests_properties(t_synth_ice40_gaussian_ram PROPERTIES LABELS synth TIMEOUT 120
    PASS_REGULAR_EXPRESSION "SB_RAM40_4K +2 of +30 .*predicted 2\\)")
  set_tests_properties(t_synth_ice40_gaussian_1080p_ram PROPERTIES LABELS synth TIMEOUT 120
    PASS_REGULAR_EXPRESSION "SB_RAM40_4K +8 of +30 .*predicted 8\\)")
  add_test(NAME t_synth_mispredict_bad
    COMMAND sh -c "\"$0\" synth \"$1\" --board \"$2\" -o \"$3\"; echo \"exit $?\""
      ${SLUICE_EXE} ${CMAKE_SOURCE_DIR}/examples/gaussian.sl
      ${CMAKE_CURRENT_SOURCE_DIR}/synth/mispredict.board
      ${CMAKE_CURRENT_BINARY_DIR}/synth_mispredict)
  set_tests_properties(t_synth_mispredict_bad PROPERTIES LABELS synth TIMEOUT 120
    PASS_REGULAR_EXPRESSION "predicted 16 SB_RAM40_4K, Yosys used 2[\r\n].*exit 1[\r\n]*$")
endif()
