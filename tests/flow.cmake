# tests/flow.cmake: one design for every command (flow/).
#   t_flow_options            every command rejects the options it does not
#                             honour (exit 2), accepts those it documents
#   t_flow_same_design_model  every example on every board: `sim --board B`
#                             (model) writes byte-identical schedule.txt,
#                             buffers.txt, report.json, report.html and Verilog to what
#                             `compile --board B` writes, or both say the
#                             design does not fit
#   t_flow_same_design_verilator_gaussian   the same through Verilator
#   t_flow_same_design_verilator            every example (label slow)
#   t_flow_dumps_stable       `compile -d PLSBR` twice: the same bytes
#   t_flow_defines            -D NAME=VALUE on check, run, compile, sim, synth and
#                             study; malformed (exit 2) and unknown (exit 1) ones
#   t_flow_order              the warning of a plane kept by the output order:
#                             camera_pipeline channel outermost warns for
#                             red, green and blue (64x64, and 1080p before the
#                             zu9eg's fit error); the example (channel
#                             innermost) fits the zu9eg at 1080p in 2 RAMB18E2
#                             (tests/order/check_order.sh, compile only)
#   t_flow_progress           the progress line through a pseudo-terminal (model,
#                             Yosys, a study, a Verilator build), nothing on a
#                             pipe, with --quiet or TERM=dumb (progress.py)
set(SLUICE_FLOW_EXAMPLES brighten gaussian cascade harris unsharp upsample downsample
  camera_pipeline jacobi laplacian_pyramid matmul mobilenet resnet_layer)
add_test(NAME t_flow_options
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/flow/options.sh $<TARGET_FILE:sluice>)
set_tests_properties(t_flow_options PROPERTIES LABELS flow TIMEOUT 120)
add_test(NAME t_flow_defines
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/flow/defines.sh $<TARGET_FILE:sluice>)
set_tests_properties(t_flow_defines PROPERTIES LABELS "flow;frontend" TIMEOUT 120)
find_package(Python3 COMPONENTS Interpreter REQUIRED)
add_test(NAME t_flow_progress
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/flow/progress.py $<TARGET_FILE:sluice>
    ${CMAKE_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/flow_progress)
set_tests_properties(t_flow_progress PROPERTIES LABELS flow TIMEOUT 120)
# The sanitizer build (14 times slower here) compares two boards of the
# four, one small (iCE40: the designs that do not fit) and one Xilinx
# (DSP48, SRL): the other two run the same C with other numbers.
if(SLUICE_SANITIZE)
  set(SLUICE_SAME_DESIGN_BOARDS -- ice40up5k artix7-100t)
endif()
add_test(NAME t_flow_same_design_model
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/flow/same_design.sh $<TARGET_FILE:sluice> model
    ${SLUICE_FLOW_EXAMPLES} ${SLUICE_SAME_DESIGN_BOARDS})
set_tests_properties(t_flow_same_design_model PROPERTIES LABELS flow TIMEOUT 600)
find_program(SLUICE_VERILATOR_EXE verilator)
if(SLUICE_VERILATOR_EXE)
  add_test(NAME t_flow_same_design_verilator_gaussian
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/flow/same_design.sh $<TARGET_FILE:sluice> verilator
      gaussian)
  set_tests_properties(t_flow_same_design_verilator_gaussian PROPERTIES
    LABELS "flow;verilator" TIMEOUT 1200
    ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  add_test(NAME t_flow_same_design_verilator
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/flow/same_design.sh $<TARGET_FILE:sluice> verilator
      ${SLUICE_FLOW_EXAMPLES})
  set_tests_properties(t_flow_same_design_verilator PROPERTIES
    LABELS "flow;verilator;slow" TIMEOUT 7200
    ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
endif()
add_test(NAME t_flow_dumps_stable
  COMMAND sh -c "mkdir -p \"$3\" && \"$1\" compile \"$2\" -d PLSB -o \"$3/a\" | grep -v '^wrote ' > \"$3/a.txt\" && \"$1\" compile \"$2\" -d PLSB -o \"$3/b\" | grep -v '^wrote ' > \"$3/b.txt\" && grep -c '^==== ' \"$3/a.txt\" | grep -qx 4 && cmp \"$3/a.txt\" \"$3/b.txt\""
    sh $<TARGET_FILE:sluice> ${CMAKE_SOURCE_DIR}/examples/gaussian.sl ${CMAKE_CURRENT_BINARY_DIR}/flow_dumps)
set_tests_properties(t_flow_dumps_stable PROPERTIES LABELS flow TIMEOUT 120)
add_test(NAME t_flow_order
  COMMAND sh ${CMAKE_SOURCE_DIR}/tests/order/check_order.sh $<TARGET_FILE:sluice>
    ${CMAKE_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/flow_order)
set_tests_properties(t_flow_order PROPERTIES LABELS flow TIMEOUT 120)
