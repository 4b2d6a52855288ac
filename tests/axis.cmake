# tests/axis.cmake: the AXI4-Stream interface (--interface axis; docs/hardware.md
# "AXI4-Stream interface", docs/verilator.md "AXI4-Stream").
#   t_axis_sim_<example>    `sluice sim --engine verilator --interface axis
#                           --seed 1` on every example at its small size,
#                           pipelined for tests/boards/pipeline.board: one
#                           Verilator build, then one process runs the design
#                           back to back unstalled, under 90%, 50% and 10%
#                           duty, bursts and a sink ready only when valid for
#                           each of three seeds (on every TVALID and TREADY),
#                           a run cut by a reset mid-frame and a run after
#                           it, and two framing errors (the sticky error
#                           output); every checked run bit-exact with the
#                           unstalled one in as many enabled cycles, the
#                           unstalled one against the reference and the
#                           prediction (sluice's own checks, exit 1), the
#                           protocol monitor and the TREADY independence
#                           check clean (else the testbench exits 4)
#   t_axis_sim_odd_widths   tests/axis/odd_widths.sl, three frames: data
#                           narrower than TDATA, a 1-D input, a 3-D output
#   t_axis_sim_restart      tests/axis/restart.sl, natively and on tiles (slow):
#                           stages still computing at done, every run
#                           started at done (the core's flush of the work in
#                           flight; random program 50280)
#   t_axis_stall_lib_bad    a library whose sl_fifo_seg ignores ce: native
#                           sim passes, axis sim exits 1 naming the output
#                           that differs from the unstalled run's
#                           (tests/axis/stall_lib.sh)
#   t_axis_frames_gaussian  the same with --frames 3: back-to-back frames,
#                           TUSER[0] at each frame's first element
#   t_axis_lint_<example>   verilator --lint-only -Wall on the wrapper and
#                           its core, no warning and no waiver
#   t_axis_yosys_<example>  Yosys synth + check -assert of the same
#   t_axis_synth_<board>    `sluice synth --interface axis` of gaussian on
#                           every board: the board's flow on the whole design,
#                           then on the wrapper alone (the core a black box)
#                           with check -assert, its LUTs and flip-flops shown;
#                           on the iCE40 the wrapper's flip-flops must be 47:
#                           per stream a 6-bit column and a 6-bit row counter
#                           (64 x 64 in, 62 x 62 out), two 10-bit entries
#                           (8 data bits, TUSER, TLAST) and a 2-bit count in
#                           the output's buffer, and the error flag
#   t_axis_options_bad      --interface takes native or axis; --check-netlist
#                           refuses axis (usage errors, exit 2)
set(SLUICE_AXIS_EXAMPLES
  blur_xy brighten gaussian cascade harris unsharp upsample downsample
  camera_pipeline laplacian_pyramid jacobi mobilenet matmul)
find_program(SLUICE_AXIS_VERILATOR verilator)
find_program(SLUICE_AXIS_YOSYS yosys)
set(SLUICE_AXIS_RUNS "axis: [0-9]+ runs back to back [^\n]*: 17 checked runs bit-exact")
if(SLUICE_AXIS_VERILATOR)
  foreach(ex ${SLUICE_AXIS_EXAMPLES})
    add_test(NAME t_axis_sim_${ex}
      COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
              --engine verilator --interface axis --seed 1
              --board ${CMAKE_CURRENT_SOURCE_DIR}/boards/pipeline.board
              -o ${CMAKE_CURRENT_BINARY_DIR}/axis_out/${ex})
    # make test: a spread (a stencil, both rate changes, a chain, a matrix
    # product); the others under "slow" (make test-slow).
    if(ex MATCHES "^(gaussian|downsample|upsample|cascade|matmul)$")
      set(axis_labels verilator)
    else()
      set(axis_labels "verilator;slow")
    endif()
    set_tests_properties(t_axis_sim_${ex} PROPERTIES LABELS "${axis_labels}" PROCESSORS 2
      TIMEOUT 900 PASS_REGULAR_EXPRESSION "${SLUICE_AXIS_RUNS}"
      ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
    add_test(NAME t_axis_lint_${ex}
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/rtlgen/check_generated.sh $<TARGET_FILE:sluice>
              ${CMAKE_SOURCE_DIR}/examples/${ex}.sl ${CMAKE_SOURCE_DIR}/rtlgen/lib lint axis)
    set_tests_properties(t_axis_lint_${ex} PROPERTIES LABELS rtlgen TIMEOUT 120)
  endforeach()
  # Data narrower than their TDATA (u12, i5, u1), a 1-D input, a 3-D
  # output, two inputs and two outputs; three frames.
  add_test(NAME t_axis_sim_odd_widths
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_CURRENT_SOURCE_DIR}/axis/odd_widths.sl
            --engine verilator --interface axis --seed 4 --frames 3
            -o ${CMAKE_CURRENT_BINARY_DIR}/axis_out/odd_widths)
  set_tests_properties(t_axis_sim_odd_widths PROPERTIES LABELS verilator PROCESSORS 2
    TIMEOUT 900 PASS_REGULAR_EXPRESSION "288 output values equal[^\n]*\n[^\n]*${SLUICE_AXIS_RUNS}"
    ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  foreach(mem native pub)
    add_test(NAME t_axis_sim_restart_${mem}
      COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_CURRENT_SOURCE_DIR}/axis/restart.sl
              --engine verilator --interface axis --seed 1 --memory ${mem}
              -o ${CMAKE_CURRENT_BINARY_DIR}/axis_out/restart_${mem})
    if(mem STREQUAL native)
      set(restart_labels verilator)
    else()
      set(restart_labels "verilator;slow")
    endif()
    set_tests_properties(t_axis_sim_restart_${mem} PROPERTIES LABELS "${restart_labels}" PROCESSORS 2
      TIMEOUT 900 PASS_REGULAR_EXPRESSION "64 output values equal[^\n]*\n[^\n]*${SLUICE_AXIS_RUNS}"
      ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  endforeach()
  add_test(NAME t_axis_lint_odd_widths
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/rtlgen/check_generated.sh $<TARGET_FILE:sluice>
            ${CMAKE_CURRENT_SOURCE_DIR}/axis/odd_widths.sl ${CMAKE_SOURCE_DIR}/rtlgen/lib lint axis)
  set_tests_properties(t_axis_lint_odd_widths PROPERTIES LABELS rtlgen TIMEOUT 120)
  add_test(NAME t_axis_stall_lib_bad
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/axis/stall_lib.sh $<TARGET_FILE:sluice>
            ${CMAKE_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/axis_stall_lib)
  set_tests_properties(t_axis_stall_lib_bad PROPERTIES LABELS verilator PROCESSORS 2
    TIMEOUT 900)
  # resnet_layer streams 916592 cycles a run: 17 checked runs of it take
  # minutes, so it runs with the slow tests.
  add_test(NAME t_axis_sim_resnet_layer
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/resnet_layer.sl
            --engine verilator --interface axis --seed 1
            --board ${CMAKE_CURRENT_SOURCE_DIR}/boards/pipeline.board
            -o ${CMAKE_CURRENT_BINARY_DIR}/axis_out/resnet_layer)
  set_tests_properties(t_axis_sim_resnet_layer PROPERTIES LABELS "verilator;slow"
    PROCESSORS 2 TIMEOUT 3600 PASS_REGULAR_EXPRESSION "${SLUICE_AXIS_RUNS}"
    ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  # Three frames: gaussian 4101 + 2 * 4096 = 12293 enabled cycles (the
  # period is the input's 64 x 64 elements, docs/hardware.md "Frames").
  # (t_axis_sim_odd_widths runs three frames of two inputs and outputs.)
  set(axis_frames_cases
    "gaussian|verilator: 3 frames, 12293 cycles \\(predicted 12293: 4101 \\+ 2 \\* period 4096\\)")
  foreach(case ${axis_frames_cases})
    string(REPLACE "|" ";" parts "${case}")
    list(GET parts 0 ex)
    list(GET parts 1 want)
    add_test(NAME t_axis_frames_${ex}
      COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
              --engine verilator --interface axis --seed 3 --frames 3
              -o ${CMAKE_CURRENT_BINARY_DIR}/axis_out/frames_${ex})
    set_tests_properties(t_axis_frames_${ex} PROPERTIES LABELS verilator PROCESSORS 2
      TIMEOUT 900 PASS_REGULAR_EXPRESSION "${want}[^\n]*\n[^\n]*${SLUICE_AXIS_RUNS}"
      ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  endforeach()
endif()
if(SLUICE_AXIS_YOSYS)
  foreach(ex gaussian cascade matmul upsample)
    add_test(NAME t_axis_yosys_${ex}
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/rtlgen/check_generated.sh $<TARGET_FILE:sluice>
              ${CMAKE_SOURCE_DIR}/examples/${ex}.sl ${CMAKE_SOURCE_DIR}/rtlgen/lib yosys axis)
    # make test: gaussian; the others under slow (make test-slow)
    if(ex STREQUAL "gaussian")
      set_tests_properties(t_axis_yosys_${ex} PROPERTIES LABELS rtlgen TIMEOUT 600)
    else()
      set_tests_properties(t_axis_yosys_${ex} PROPERTIES LABELS "rtlgen;slow" TIMEOUT 600)
    endif()
  endforeach()
  foreach(bd ice40up5k ecp5-85f artix7-100t zu9eg)
    set(want "AXI4-Stream wrapper: [0-9]+ LUTs, [0-9]+ flip-flops")
    if(bd STREQUAL "ice40up5k")
      set(want "AXI4-Stream wrapper: [0-9]+ LUTs, 47 flip-flops")
    endif()
    add_test(NAME t_axis_synth_${bd}
      COMMAND $<TARGET_FILE:sluice> synth ${CMAKE_SOURCE_DIR}/examples/gaussian.sl
              --board ${bd} --interface axis -o ${CMAKE_CURRENT_BINARY_DIR}/axis_out/synth_${bd})
    # make test: the UP5K (its exact flip-flop count); the other boards slow
    if(bd STREQUAL "ice40up5k")
      set(axis_labels synth)
    else()
      set(axis_labels "synth;slow")
    endif()
    set_tests_properties(t_axis_synth_${bd} PROPERTIES LABELS "${axis_labels}" TIMEOUT 600
      PASS_REGULAR_EXPRESSION "${want}")
  endforeach()
endif()
add_test(NAME t_axis_options_bad
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/axis/options_bad.sh $<TARGET_FILE:sluice>
          ${CMAKE_SOURCE_DIR}/examples/gaussian.sl)
set_tests_properties(t_axis_options_bad PROPERTIES LABELS frontend TIMEOUT 60)
