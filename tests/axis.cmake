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
#   t_axis_sim_stall_seeds_0  --stall-seeds 0: the AXI4-Stream testbench all
#                           the same (was the native ports' testbench against
#                           the wrapper, a Verilator compile error): the
#                           unstalled run, the reset mid-frame and its run
#                           after, two framing errors: 1 + 5 x 0 + 2 + 2 = 5
#                           runs; gaussian 32x8 gives 30 x 6 = 180 values
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
#   t_axis_lint_odd_widths_k3, t_axis_yosys_gaussian_k4 (slow): the same
#                           checks of lane streams and their padded tails
#   t_axis_synth_ice40up5k_k<K>  (slow) the wrapper's flip-flops at k = 2
#                           and 4: 61 and 91 (the counts below)
#   t_axis_lanes_<case>     --unroll K: k pixels a beat (docs/hardware.md
#                           "AXI4-Stream interface", "Lanes"), the same
#                           testbench and checks as t_axis_sim_<example>,
#                           natively and on tiles (--memory pub); make test:
#                           gaussian at W = 65 and k = 2 (rows of 33 input
#                           and 32 output beats, the last output beat one
#                           pixel and a zero: 33 * 64 words + the 4 cycles
#                           of latency of gaussian's 4100 = 64 * 64 + 4
#                           (tests/golden/README.md) = 2116 enabled cycles) and odd_widths at k = 3
#                           (u12, i5 and u1 pixels in byte lanes, 9 and 3
#                           lanes, rows of 12 and 4 that 9 and 3 do not
#                           divide, three frames); the rest slow
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
    set_tests_properties(t_axis_sim_${ex} PROPERTIES LABELS "${axis_labels}"
      TIMEOUT 900 PASS_REGULAR_EXPRESSION "${SLUICE_AXIS_RUNS}"
      ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
    add_test(NAME t_axis_lint_${ex}
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/rtlgen/check_generated.sh $<TARGET_FILE:sluice>
              ${CMAKE_SOURCE_DIR}/examples/${ex}.sl ${CMAKE_SOURCE_DIR}/rtlgen/lib lint axis)
    set_tests_properties(t_axis_lint_${ex} PROPERTIES LABELS rtlgen TIMEOUT 120)
  endforeach()
  # Data narrower than their TDATA (u12, i5, u1), a 1-D input, a 3-D
  # output, two inputs and two outputs; three frames.
  add_test(NAME t_axis_sim_stall_seeds_0
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/gaussian.sl -D W=32 -D H=8
            --engine verilator --interface axis --stall-seeds 0 --seed 1
            -o ${CMAKE_CURRENT_BINARY_DIR}/axis_out/stall_seeds_0)
  set_tests_properties(t_axis_sim_stall_seeds_0 PROPERTIES LABELS verilator
    TIMEOUT 600 PASS_REGULAR_EXPRESSION
    "180 output values equal[^\n]*\n  axis: 5 runs back to back[^\n]*: 2 checked runs bit-exact"
    ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  add_test(NAME t_axis_sim_odd_widths
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_CURRENT_SOURCE_DIR}/axis/odd_widths.sl
            --engine verilator --interface axis --seed 4 --frames 3
            -o ${CMAKE_CURRENT_BINARY_DIR}/axis_out/odd_widths)
  set_tests_properties(t_axis_sim_odd_widths PROPERTIES LABELS verilator
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
    set_tests_properties(t_axis_sim_restart_${mem} PROPERTIES LABELS "${restart_labels}"
      TIMEOUT 900 PASS_REGULAR_EXPRESSION "64 output values equal[^\n]*\n[^\n]*${SLUICE_AXIS_RUNS}"
      ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  endforeach()
  # Lanes: "name|program|sim arguments|labels|what the output line says".
  set(axis_lanes_cases
    "gaussian_w65_k2|examples/gaussian.sl|-D,W=65,--unroll,2,--seed,1|verilator|verilator: 2116 cycles \\(predicted 2116\\), 3906 output values equal"
    "odd_widths_k3|tests/axis/odd_widths.sl|--unroll,3,--frames,3,--seed,4|verilator|288 output values equal"
    "gaussian_k4|examples/gaussian.sl|--unroll,4,--seed,1|verilator,slow|3844 output values equal"
    "gaussian_k8|examples/gaussian.sl|--unroll,8,--seed,1|verilator,slow|3844 output values equal"
    "gaussian_frames_k2|examples/gaussian.sl|--unroll,2,--frames,3,--seed,1|verilator,slow|11532 output values equal"
    "gaussian_pub_k2|examples/gaussian.sl|--unroll,2,--memory,pub,--seed,1|verilator,slow|3844 output values equal"
    "gaussian_pub_k4|examples/gaussian.sl|--unroll,4,--memory,pub,--seed,1|verilator,slow|3844 output values equal"
    "harris_pub_k2|examples/harris.sl|--unroll,2,--memory,pub,--seed,1|verilator,slow|3364 output values equal"
    "restart_k2|tests/axis/restart.sl|--unroll,2,--seed,1|verilator,slow|64 output values equal"
    "harris_k2|examples/harris.sl|--unroll,2,--seed,1|verilator,slow|3364 output values equal"
    "camera_pipeline_k2|examples/camera_pipeline.sl|--unroll,2,--seed,1|verilator,slow|11532 output values equal"
    # camera_pipeline's [H-2][W-2][3] output at 4 lanes runs them along x:
    # beats y, xo, c; 61 columns leave 1 pixel in each of a row's last 3
    # beats (8 x 61 x 3 = 1464 values)
    "camera_pipeline_w63_k4|examples/camera_pipeline.sl|-D,W=63,-D,H=10,--unroll,4,--seed,1|verilator|1464 output values equal"
    "blur_xy_k4|examples/blur_xy.sl|--unroll,4,--seed,1|verilator,slow|3844 output values equal"
    "downsample_k2|examples/downsample.sl|--unroll,2,--seed,1|verilator,slow|1024 output values equal"
    "upsample_k4|examples/upsample.sl|--unroll,4,--seed,1|verilator,slow|16384 output values equal")
  foreach(case ${axis_lanes_cases})
    string(REPLACE "|" ";" parts "${case}")
    list(GET parts 0 name)
    list(GET parts 1 prog)
    list(GET parts 2 args)
    list(GET parts 3 labels)
    list(GET parts 4 want)
    string(REPLACE "," ";" args "${args}")
    string(REPLACE "," ";" labels "${labels}")
    add_test(NAME t_axis_lanes_${name}
      COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/${prog}
              --engine verilator --interface axis ${args}
              -o ${CMAKE_CURRENT_BINARY_DIR}/axis_out/lanes_${name})
    set_tests_properties(t_axis_lanes_${name} PROPERTIES LABELS "${labels}"
      TIMEOUT 900 PASS_REGULAR_EXPRESSION "${want}[^\n]*\n[^\n]*${SLUICE_AXIS_RUNS}"
      ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  endforeach()
  add_test(NAME t_axis_lint_odd_widths
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/rtlgen/check_generated.sh $<TARGET_FILE:sluice>
            ${CMAKE_CURRENT_SOURCE_DIR}/axis/odd_widths.sl ${CMAKE_SOURCE_DIR}/rtlgen/lib lint axis)
  set_tests_properties(t_axis_lint_odd_widths PROPERTIES LABELS rtlgen TIMEOUT 120)
  # Lanes: byte lanes of u12, i5 and u1 pixels, padded tails (--unroll 3).
  add_test(NAME t_axis_lint_odd_widths_k3
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/rtlgen/check_generated.sh $<TARGET_FILE:sluice>
            ${CMAKE_CURRENT_SOURCE_DIR}/axis/odd_widths.sl ${CMAKE_SOURCE_DIR}/rtlgen/lib lint axis
            --unroll 3)
  set_tests_properties(t_axis_lint_odd_widths_k3 PROPERTIES LABELS rtlgen TIMEOUT 120)
  # Lanes along x, not the innermost (camera_pipeline's [y][x][c] at 4
  # lanes), with a padded tail (61 columns), and the same under run-time
  # sizes (ROW_LAST and TAIL configured: the padded beats found by a
  # comparison with ROW_LAST): lint and Yosys's check -assert.
  foreach(mode lint yosys)
    add_test(NAME t_axis_${mode}_camera_pipeline_k4
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/rtlgen/check_generated.sh $<TARGET_FILE:sluice>
              ${CMAKE_SOURCE_DIR}/examples/camera_pipeline.sl ${CMAKE_SOURCE_DIR}/rtlgen/lib
              ${mode} axis --unroll 4 -D W=63 -D H=10)
    add_test(NAME t_axis_${mode}_camera_pipeline_k4_runtime
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/rtlgen/check_generated.sh $<TARGET_FILE:sluice>
              ${CMAKE_SOURCE_DIR}/examples/camera_pipeline.sl ${CMAKE_SOURCE_DIR}/rtlgen/lib
              ${mode} axis --unroll 4 -D W=63 -D H=10 --memory pub --runtime-config
              --control axilite)
  endforeach()
  set_tests_properties(t_axis_lint_camera_pipeline_k4 t_axis_lint_camera_pipeline_k4_runtime
    PROPERTIES LABELS rtlgen TIMEOUT 120)
  set_tests_properties(t_axis_yosys_camera_pipeline_k4 t_axis_yosys_camera_pipeline_k4_runtime
    PROPERTIES LABELS "rtlgen;slow" TIMEOUT 900)
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
  set_tests_properties(t_axis_sim_resnet_layer PROPERTIES LABELS "verilator;slow" TIMEOUT 3600 PASS_REGULAR_EXPRESSION "${SLUICE_AXIS_RUNS}"
    ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  # Three frames: gaussian 4100 + 2 * 4096 = 12292 enabled cycles (the
  # period is the input's 64 x 64 elements, docs/hardware.md "Frames").
  # (t_axis_sim_odd_widths runs three frames of two inputs and outputs.)
  set(axis_frames_cases
    "gaussian|verilator: 3 frames, 12292 cycles \\(predicted 12292: 4100 \\+ 2 \\* period 4096\\)")
  foreach(case ${axis_frames_cases})
    string(REPLACE "|" ";" parts "${case}")
    list(GET parts 0 ex)
    list(GET parts 1 want)
    add_test(NAME t_axis_frames_${ex}
      COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
              --engine verilator --interface axis --seed 3 --frames 3
              -o ${CMAKE_CURRENT_BINARY_DIR}/axis_out/frames_${ex})
    set_tests_properties(t_axis_frames_${ex} PROPERTIES LABELS verilator
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
  # gaussian at 67 columns and k = 4: rows of 17 beats, the last 1 pixel
  add_test(NAME t_axis_yosys_gaussian_k4
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/rtlgen/check_generated.sh $<TARGET_FILE:sluice>
            ${CMAKE_SOURCE_DIR}/examples/gaussian.sl ${CMAKE_SOURCE_DIR}/rtlgen/lib yosys axis
            --unroll 4 -D W=67)
  set_tests_properties(t_axis_yosys_gaussian_k4 PROPERTIES LABELS "rtlgen;slow" TIMEOUT 600)
  # The wrapper with lanes on the iCE40 (slow): gaussian at k = 2 has
  # 5 + 6 counter bits per stream (32 input and 31 output beats a row, 64
  # and 62 rows), two 18-bit entries (16 data bits, TUSER, TLAST), the
  # 2-bit count and the error flag: 22 + 36 + 3 = 61 flip-flops; at k = 4
  # 4 + 6 per stream (16 beats a row both ways) and two 34-bit entries:
  # 20 + 68 + 3 = 91.
  foreach(case "2|61" "4|91")
    string(REPLACE "|" ";" parts "${case}")
    list(GET parts 0 k)
    list(GET parts 1 ffs)
    add_test(NAME t_axis_synth_ice40up5k_k${k}
      COMMAND $<TARGET_FILE:sluice> synth ${CMAKE_SOURCE_DIR}/examples/gaussian.sl
              --board ice40up5k --interface axis --unroll ${k}
              -o ${CMAKE_CURRENT_BINARY_DIR}/axis_out/synth_ice40up5k_k${k})
    set_tests_properties(t_axis_synth_ice40up5k_k${k} PROPERTIES LABELS "synth;slow"
      TIMEOUT 600 PASS_REGULAR_EXPRESSION "AXI4-Stream wrapper: [0-9]+ LUTs, ${ffs} flip-flops")
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
