# tests/runtime.cmake: run-time sizes on native memory with AXI4-Lite
# control (--runtime-config --runtime-max, --control axilite; docs/pub.md
# "Run-time configuration", docs/hardware.md "AXI4-Lite control").
#   t_runtime_native        gaussian built for 1920x1080 under AXI4-Lite
#                           control and AXI4-Stream data: the Verilog at
#                           64x64, 48x40, 17x9, 5x5 and 4x4 (line-buffer
#                           lengths 60, 44, 13, 1 and 0) byte-identical to the
#                           build's, each image's line-buffer, framing and
#                           run-length registers as derived by hand, and
#                           one Verilator build running every size back
#                           to back in one testbench process (sim --size,
#                           no reset between the sizes), each bit-exact
#                           with its own reference at W*H + 4 cycles,
#                           unstalled and under one seed of random
#                           backpressure
#                           (tests/runtime/native.sh; about 20 s)
#   t_runtime_native_1080p  the same at 64x64, 48x40 and 1920x1080, and
#                           Yosys's check -assert on the build (label
#                           slow: about 2 minutes); both lint the build
#   t_runtime_border_unsharp  unsharp built 64x64, its clamped rows and
#                           columns border taps at both ends: the Verilog at
#                           48x40 and 33x17 the build's, one Verilator build
#                           bit-exact at the predicted cycles at the three
#                           sizes, the build lint-clean
#                           (tests/runtime/border.sh; about 15 s)
#   t_runtime_border_lanes  the same for gaussian and camera_pipeline at
#                           --unroll 4 (lane banks read after the last
#                           write, clamped pad points at a lane's last
#                           column), and Yosys's check -assert on each
#                           build (label slow: about 1 minute)
#   t_runtime_border_circular  circular buffers: upsample built 48x40 (a
#                           row of 'in' in block RAM, addressed modulo 48)
#                           run at 48x40, 30x20, 17x5 and 4x4, and
#                           camera_pipeline built 64x16 (green's 2-word
#                           buffer) at 64x16 and 48x8, one Verilator build
#                           each, Yosys's check -assert (label slow: about
#                           45 s)
#   t_runtime_errors_bad    the refusals of --runtime-max, each located
#                           (exit 1, no Verilog): a datapath constant from
#                           a size (the two Verilog texts differ), a
#                           circular buffer larger than the build's, a size
#                           past the build's, taps that
#                           overlap the build's register runs, an unknown
#                           param; and of sim --size (a size past the
#                           build's, an unknown param, sizes of two
#                           Verilog texts), each naming the size
#                           (tests/runtime/errors.sh; about 2 s)
add_test(NAME t_runtime_errors_bad
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/runtime/errors.sh $<TARGET_FILE:sluice>)
set_tests_properties(t_runtime_errors_bad PROPERTIES LABELS "runtime" TIMEOUT 60)
find_program(SLUICE_RUNTIME_VERILATOR verilator)
if(SLUICE_RUNTIME_VERILATOR)
  add_test(NAME t_runtime_native
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/runtime/native.sh $<TARGET_FILE:sluice>
      ${CMAKE_BINARY_DIR} small 64x64 48x40 17x9 5x5 4x4)
  set_tests_properties(t_runtime_native PROPERTIES LABELS "verilator;runtime" TIMEOUT 240)
  add_test(NAME t_runtime_border_unsharp
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/runtime/border.sh $<TARGET_FILE:sluice>
      ${CMAKE_BINARY_DIR} unsharp)
  set_tests_properties(t_runtime_border_unsharp PROPERTIES LABELS "verilator;runtime"
    TIMEOUT 180)
  add_test(NAME t_runtime_border_lanes
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/runtime/border.sh $<TARGET_FILE:sluice>
      ${CMAKE_BINARY_DIR} lanes --yosys)
  set_tests_properties(t_runtime_border_lanes PROPERTIES LABELS "verilator;runtime;slow"
    TIMEOUT 600)
  add_test(NAME t_runtime_border_circular
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/runtime/border.sh $<TARGET_FILE:sluice>
      ${CMAKE_BINARY_DIR} circular --yosys)
  set_tests_properties(t_runtime_border_circular PROPERTIES LABELS "verilator;runtime;slow"
    TIMEOUT 600)
  add_test(NAME t_runtime_native_1080p
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/runtime/native.sh $<TARGET_FILE:sluice>
      ${CMAKE_BINARY_DIR} 1080p --yosys 64x64 48x40 1920x1080)
  set_tests_properties(t_runtime_native_1080p PROPERTIES LABELS "verilator;runtime;slow"
    TIMEOUT 1200)
endif()
if(SLUICE_RUNTIME_VERILATOR)
  # t_runtime_axis_lanes: gaussian at 2 lanes built for 64x64 under
  # AXI4-Lite and AXI4-Stream: 17x9, 18x10, 64x64 and 19x7 (the output
  # row's last beat 1, 2, 2, 1 pixels: its TAIL register) in one sim
  # --size process, each bit-exact at ceil(W/2) H + 4 cycles under one
  # seed of random backpressure; ROW_LAST, ROWS_LAST and TAIL as derived
  # by hand, the Verilog the build's (tests/runtime/axis_lanes.sh; about
  # 25 s)
  add_test(NAME t_runtime_axis_lanes
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/runtime/axis_lanes.sh $<TARGET_FILE:sluice>
      ${CMAKE_BINARY_DIR})
  set_tests_properties(t_runtime_axis_lanes PROPERTIES LABELS "verilator;runtime" TIMEOUT 300)
endif()
if(SLUICE_RUNTIME_VERILATOR)
  # t_runtime_sizes_ports: sim --size on the native ports and the
  # configuration bus (--control ports): gaussian built for 64x64 runs
  # 32x16, 17x9 and 64x64 in one testbench process, the image of each
  # written through cfg_we/cfg_addr/cfg_data after the run before, each
  # at W*H + 4 cycles with (W-2)(H-2) values (derived by hand:
  # tests/golden/README.md, gaussian; about 15 s)
  add_test(NAME t_runtime_sizes_ports
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/gaussian.sl --engine verilator
      --seed 2 --runtime-config --runtime-max W=64 --runtime-max H=64
      --size W=32,H=16 --size W=17,H=9 --size W=64,H=64
      -o ${CMAKE_CURRENT_BINARY_DIR}/runtime_out/sizes_ports)
  set_tests_properties(t_runtime_sizes_ports PROPERTIES LABELS "verilator;runtime" TIMEOUT 300 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache"
    PASS_REGULAR_EXPRESSION "size 1 of 3 \\(W=32,H=16\\):\nverilator: 516 cycles \\(predicted 516\\), 420 output values equal to the reference\n.*size 2 of 3 \\(W=17,H=9\\):\nverilator: 157 cycles \\(predicted 157\\), 105 output values equal to the reference\n.*size 3 of 3 \\(W=64,H=64\\):\nverilator: 4100 cycles \\(predicted 4100\\), 3844 output values equal to the reference\n")
endif()
