# tests/synth.cmake: boards and `sluice synth` (label "synth").
#   t_synth_boards            `sluice boards` lists the four boards
#   t_synth_<family>_<example>  every example (examples/*.sl)
#                             synthesized for one board that it fits
#                             (issue 5): passes only when `sluice synth`
#                             exits 0, which it does only when the predicted
#                             block RAMs of every cell type equal Yosys's
#                             (fpga/synth.c; t_synth_mispredict_bad shows
#                             the failure).  The boards, their families
#                             spread over the four and the TIMEOUTs (about 10x
#                             the Yosys seconds measured by
#                             tests/bench/synth_grid.sh, at least 300 s:
#                             they catch hangs, not a busy machine) are
#                             in SLUICE_SYNTH_CI below; the grid and how the
#                             boards were chosen: tests/synth/README.md
#                             "Synthesis in CI".  Family names: ice40
#                             (ice40up5k), ecp5 (ecp5-85f), xc7
#                             (artix7-100t), xcup (zu9eg).
#   t_synth_ice40_cascade, t_synth_ice40_gaussian  the first iCE40 tests,
#                             kept beside their CI boards (harris does not
#                             fit the UP5K by the estimate: a located error
#                             before synthesis, t_synth_harris_ice40_dsp_fit)
#   t_synth_ice40_dsp_count   tests/synth/dsp4.sl: 1 + 3 SB_MAC16 worked out
#                             in the file; predicted 4, Yosys 4 (synth fails
#                             when the netlist has fewer DSPs than the split)
#   t_synth_ice40_dsp_dead    tests/synth/dsp_dead.sl: a product whose result
#                             Yosys's fine opt folds away takes no DSP: 1
#                             SB_MAC16 split and used (the estimate before
#                             synthesis still says 2: a warning)
#   t_synth_ice40_window      tests/synth/window.sl: four reads of a circular
#                             buffer in block RAM, each of one channel:
#                             each copy holds its read's window, 576 x 8 =
#                             2 SB_RAM40_4K, 8 predicted and used (copies of
#                             the whole 2304 words: 20 predicted, 19 used)
#   t_synth_xcup_lanes32      (slow) tests/synth/lanes32.sl: blur_xy's lane banks at
#                             32 lanes, 1920 wide, packed (ubuffer.c "a pack"):
#                             27 RAMB18E2 (one 58 x 960 pack) worked out in
#                             the file, predicted and used (32 RAMB18E2 apart)
#   t_synth_ice40_dsp_over    tests/synth/dsp_over.sl: nine 16 x 16 products
#                             on 8 DSPs: 8 of 8 used, predicted and measured,
#                             one multiplier in LUTs, predicted and measured
#   t_synth_ice40_dsp_agree_over, _wide  tests/synth/dsp_agree.sh (issue 23,
#                             one DSP decision): every multiply in DSPs or
#                             logic alike in the timing model, the estimate
#                             and the netlist's DSP cells (DIR/multipliers.txt),
#                             and as worked out by hand: dsp_over.sl's nine
#                             16 x 16 on 8 SB_MAC16, 1 each, the widest first,
#                             ties to the earliest: the ninth in logic;
#                             dsp4.sl's 8 x 8 (1) and 32 x 32 -> 32, which
#                             mul2dsp cuts into 3 (the file: 4 halves, the
#                             high x high past bit 32 removed)
#   t_synth_ice40_critical_path  tests/synth/critical.sl with --pnr: the
#                             critical path is named by stage, a datapath of
#                             LUT products on it: f's (line 5) or, since the
#                             one DSP decision pipelines f's products as
#                             logic, g's (line 6) (the parse: t_timing)
#   t_synth_ecp5_logic_depth  the same without place and route (ECP5): Yosys's
#                             logic depth, and the delay model's "Fmax
#                             (estimate)" naming its longest path
#   t_synth_harris_ice40_dsp_fit  (tests/fit.cmake) compile --board ice40up5k of harris: the
#                             fit check's numbers: 6 multipliers (lxx, lyy,
#                             lxy 16 x 16 signed: 1 DSP each; cim's three
#                             32 x 32 -> 32: 3 each) would take 12 DSPs; the
#                             widest first: two of cim's (6) and lxx, lyy
#                             (2) use the 8, two stay in LUTs
#   t_synth_ci_every_example  every examples/*.sl is in
#                             SLUICE_SYNTH_CI
#   t_synth_grid              (label "slow") the whole grid,
#                             tests/bench/synth_grid.sh: every example on
#                             every board it fits, zero prediction error
#   t_synth_ice40_gaussian*_ram  the count itself, by hand: gaussian's line
#                             buffer is two SRAM runs of 8-bit words side by
#                             side in one 16-bit memory (64 wide: 60 words,
#                             one 256x16 RAM4K = 1; 1080p: 1916 words,
#                             ceil(1916/256) = 8 of 256x16, or 2 x 4 of
#                             512x8 = 8)
#   t_synth_mispredict_bad    a board file whose block RAM shape is wrong
#                             (tests/synth/mispredict.board: 64x1 only):
#                             gaussian's 60-word 16-bit line buffer predicted
#                             16 x 1 = 16 cells, Yosys maps 1; synth exits 1
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
  # example          board        family  TIMEOUT (s)  Yosys s, block RAMs
  set(SLUICE_SYNTH_CI
    brighten           ice40up5k    ice40   300          # 0.6, 0
    downsample         ecp5-85f     ecp5    300          # 1.7, 1
    upsample           ice40up5k    ice40   300          # 1.1, 1
    unsharp            ice40up5k    ice40   300          # 12.2, 7
    matmul             ecp5-85f     ecp5    300          # 6.6, 32
    laplacian_pyramid  ecp5-85f     ecp5    300          # 17.0, 12
    jacobi             ecp5-85f     ecp5    350          # 31.8, 20
    camera_pipeline    artix7-100t  xc7     300          # 7.4, 6+2 channel outer; 0+2 predicted now
    harris             artix7-100t  xc7     300          # 9.4, 4+1
    resnet_layer       artix7-100t  xc7     300          # 13.2, 4+0
    gaussian           zu9eg        xcup    300          # 3.9, 0+1
    box_clamp          zu9eg        xcup    300          # ~4, 0+1
    cascade            zu9eg        xcup    300          # 4.6, 0+2
    blur_xy            zu9eg        xcup    300          # 9.6, 0+1
    mobilenet          zu9eg        xcup    300)         # 10.3, 0+17
  list(LENGTH SLUICE_SYNTH_CI n)
  math(EXPR last "${n} - 1")
  foreach(i RANGE 0 ${last} 4)
    math(EXPR j1 "${i} + 1")
    math(EXPR j2 "${i} + 2")
    math(EXPR j3 "${i} + 3")
    list(GET SLUICE_SYNTH_CI ${i} ex)
    list(GET SLUICE_SYNTH_CI ${j1} board)
    list(GET SLUICE_SYNTH_CI ${j2} fam)
    list(GET SLUICE_SYNTH_CI ${j3} tmo)
    add_test(NAME t_synth_${fam}_${ex}
      COMMAND ${SLUICE_EXE} synth ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
        --board ${board} -o ${CMAKE_CURRENT_BINARY_DIR}/synth_${fam}_${ex})
    # the six heaviest (10 s of Yosys and more) and three whose board is
    # covered by a cheaper example (matmul: ECP5 by downsample; cascade and
    # blur_xy: the ZU9EG by gaussian and box_clamp; cascade on the UP5K
    # stays) run with the slow label
    if(ex MATCHES "^(jacobi|laplacian_pyramid|resnet_layer|mobilenet|harris|camera_pipeline|matmul|cascade|blur_xy)$")
      set_tests_properties(t_synth_${fam}_${ex} PROPERTIES LABELS "synth;slow" TIMEOUT ${tmo})
    else()
      set_tests_properties(t_synth_${fam}_${ex} PROPERTIES LABELS synth TIMEOUT ${tmo})
    endif()
  endforeach()
  # Every example has a CI board: an example added without one fails here.
  file(GLOB ex_all RELATIVE ${CMAKE_SOURCE_DIR}/examples CONFIGURE_DEPENDS
    ${CMAKE_SOURCE_DIR}/examples/*.sl)
  set(missing "")
  foreach(f ${ex_all})
    string(REGEX REPLACE "\\.sl$" "" e ${f})
    list(FIND SLUICE_SYNTH_CI ${e} k)
    if(k LESS 0)
      string(APPEND missing " ${e}")
    endif()
  endforeach()
  add_test(NAME t_synth_ci_every_example
    COMMAND ${CMAKE_COMMAND} -E echo "examples without a CI synth board:${missing}.")
  set_tests_properties(t_synth_ci_every_example PROPERTIES LABELS synth
    PASS_REGULAR_EXPRESSION "board:[.]")
  # (gaussian on the UP5K is t_synth_ice40_gaussian_ram below)
  foreach(ex cascade)
    add_test(NAME t_synth_ice40_${ex}
      COMMAND ${SLUICE_EXE} synth ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
        --board ice40up5k -o ${CMAKE_CURRENT_BINARY_DIR}/synth_ice40_${ex})
    set_tests_properties(t_synth_ice40_${ex} PROPERTIES LABELS synth TIMEOUT 300)
  endforeach()
  add_test(NAME t_synth_grid
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/bench/synth_grid.sh ${SLUICE_EXE}
      --out ${CMAKE_CURRENT_BINARY_DIR}/synth_grid)
  set_tests_properties(t_synth_grid PROPERTIES LABELS slow TIMEOUT 3600)
  add_test(NAME t_synth_ice40_gaussian_ram
    COMMAND ${SLUICE_EXE} synth ${CMAKE_SOURCE_DIR}/examples/gaussian.sl
      --board ice40up5k -o ${CMAKE_CURRENT_BINARY_DIR}/synth_gaussian_ram)
  add_test(NAME t_synth_ice40_gaussian_1080p_ram
    COMMAND ${SLUICE_EXE} synth ${CMAKE_SOURCE_DIR}/examples/gaussian.sl -D W=1920 -D H=1080
      --board ice40up5k -o ${CMAKE_CURRENT_BINARY_DIR}/synth_gaussian_1080p)
  set_tests_properties(t_synth_ice40_gaussian_ram PROPERTIES LABELS synth TIMEOUT 600
    PASS_REGULAR_EXPRESSION "SB_RAM40_4K +1 of +30 .*predicted 1\\)")
  set_tests_properties(t_synth_ice40_gaussian_1080p_ram PROPERTIES LABELS synth TIMEOUT 600
    PASS_REGULAR_EXPRESSION "SB_RAM40_4K +8 of +30 .*predicted 8\\)")
  # DSP blocks and timing (issue 10): PROCESSORS 1, TIMEOUTs about 10x a
  # quiet machine's time (Yosys 2-5 s, nextpnr about 30 s).
  set(sd ${CMAKE_CURRENT_SOURCE_DIR}/synth)
  set(bd ${CMAKE_CURRENT_BINARY_DIR})
  add_test(NAME t_synth_ice40_dsp_count
    COMMAND ${SLUICE_EXE} synth ${sd}/dsp4.sl --board ice40up5k -o ${bd}/synth_dsp4)
  set_tests_properties(t_synth_ice40_dsp_count PROPERTIES LABELS synth TIMEOUT 300
    PROCESSORS 1 PASS_REGULAR_EXPRESSION "DSPs +4 of +8 .*\\(estimated 4\\)"
    FAIL_REGULAR_EXPRESSION "warning|error")
  add_test(NAME t_synth_ice40_dsp_dead
    COMMAND ${SLUICE_EXE} synth ${sd}/dsp_dead.sl --board ice40up5k -o ${bd}/synth_dsp_dead)
  set_tests_properties(t_synth_ice40_dsp_dead PROPERTIES LABELS synth TIMEOUT 100
    PROCESSORS 1 PASS_REGULAR_EXPRESSION
    "DSPs +1 of +8 .*[\r\n]+  multipliers +[0-9]+: 1 in 1 DSPs, 0 left in logic"
    FAIL_REGULAR_EXPRESSION "error")
  add_test(NAME t_synth_xcup_lanes32
    COMMAND ${SLUICE_EXE} synth ${sd}/lanes32.sl --board zu9eg -o ${bd}/synth_lanes32)
  set_tests_properties(t_synth_xcup_lanes32 PROPERTIES LABELS "synth;slow" TIMEOUT 600
    PASS_REGULAR_EXPRESSION "RAMB36E2 +0 of +912 [^\n]*predicted 0\\).*RAMB18E2 +27 of +1824 [^\n]*predicted 27\\)")
  add_test(NAME t_synth_ice40_window
    COMMAND ${SLUICE_EXE} synth ${sd}/window.sl --board ice40up5k -o ${bd}/synth_window)
  set_tests_properties(t_synth_ice40_window PROPERTIES LABELS synth TIMEOUT 300
    PROCESSORS 1 PASS_REGULAR_EXPRESSION "SB_RAM40_4K +8 of +30 .*\\(predicted 8\\)"
    FAIL_REGULAR_EXPRESSION "warning|error")
  add_test(NAME t_synth_ice40_dsp_over
    COMMAND ${SLUICE_EXE} synth ${sd}/dsp_over.sl --board ice40up5k -o ${bd}/synth_dsp_over)
  set_tests_properties(t_synth_ice40_dsp_over PROPERTIES LABELS synth TIMEOUT 300
    PROCESSORS 1 PASS_REGULAR_EXPRESSION
    "DSPs +8 of +8 .*\\(estimated 8\\)[\r\n]+  multipliers +9: 8 in 8 DSPs, 1 left in logic by the DSP count \\(estimated 1\\)"
    FAIL_REGULAR_EXPRESSION "warning|error")
  add_test(NAME t_synth_ice40_dsp_agree_over
    COMMAND ${sd}/dsp_agree.sh ${SLUICE_EXE} ${sd}/dsp_over.sl ice40up5k ${bd}/synth_agree_over
      1,1,1,1,1,1,1,1,0)
  add_test(NAME t_synth_ice40_dsp_agree_wide
    COMMAND ${sd}/dsp_agree.sh ${SLUICE_EXE} ${sd}/dsp4.sl ice40up5k ${bd}/synth_agree_wide 1,3)
  set_tests_properties(t_synth_ice40_dsp_agree_over t_synth_ice40_dsp_agree_wide PROPERTIES
    LABELS synth TIMEOUT 300 PROCESSORS 1 PASS_REGULAR_EXPRESSION "agree: [0-9]+ multipliers")
  add_test(NAME t_synth_ice40_critical_path
    COMMAND ${SLUICE_EXE} synth ${sd}/critical.sl --board ice40up5k --pnr
      -o ${bd}/synth_critical)
  set_tests_properties(t_synth_ice40_critical_path PROPERTIES LABELS synth TIMEOUT 900
    PROCESSORS 1 PASS_REGULAR_EXPRESSION
    "Fmax +[0-9.]+ MHz.*[\r\n]+  critical path [0-9.]+ ns \\([0-9.]+ ns logic, [0-9.]+ ns routing\\): .*(f \\(datapath, line 5|g \\(datapath, line 6), [0-9.]+ ns\\)")
  add_test(NAME t_synth_ecp5_logic_depth
    COMMAND ${SLUICE_EXE} synth ${sd}/critical.sl --board ecp5-85f -o ${bd}/synth_depth)
  set_tests_properties(t_synth_ecp5_logic_depth PROPERTIES LABELS synth TIMEOUT 300
    PROCESSORS 1 PASS_REGULAR_EXPRESSION "logic depth +[1-9][0-9]* cells on the longest.*Fmax \\(estimate\\) +[0-9.]+ MHz from the board's delay model \\(longest path [0-9.]+ ns: ")
  add_test(NAME t_synth_mispredict_bad
    COMMAND sh -c "\"$0\" synth \"$1\" --board \"$2\" -o \"$3\"; echo \"exit $?\""
      ${SLUICE_EXE} ${CMAKE_SOURCE_DIR}/examples/gaussian.sl
      ${CMAKE_CURRENT_SOURCE_DIR}/synth/mispredict.board
      ${CMAKE_CURRENT_BINARY_DIR}/synth_mispredict)
  set_tests_properties(t_synth_mispredict_bad PROPERTIES LABELS synth TIMEOUT 600
    PASS_REGULAR_EXPRESSION "predicted 16 SB_RAM40_4K, Yosys used 1[\r\n].*exit 1[\r\n]*$")
endif()
