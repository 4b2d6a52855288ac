# tests/report.cmake: report.html in a real headless browser
# (tests/report/check_report.py, docs/report.md).  Each test runs the
# command, loads the page in chromium-headless-shell (or chromium) with
# logging on: no console message, no fetch; parses the browser's DOM and
# checks its SVG against schedule.txt, buffers.txt, synth.json, study.json
# and the board file, every figure recomputed by the script; writes a
# screenshot (report.png).  Skipped (exit 77) when no browser is installed,
# unless $CI is set: scripts/install-deps.sh installs it.
#   t_report_gaussian_compile     compile --board ice40up5k, the program
#                                 copied under a name full of & < > " '
#   t_report_gaussian_frames      sim --frames 3: three bars a statement
#   t_report_gaussian_sequential  compile --schedule sequential: circular
#                                 buffers, one copy per distinct read
#   t_report_onnx_classifier      the classifier of tests/onnx/make_networks.py
#                                 imported (channels last), compile --board
#                                 zu9eg: one layer row per ONNX node (x c p o)
#   t_report_upsample_synth       synth --board ice40up5k: the measurement
#   t_report_study_upsample       a study of four configurations on the
#                                 iCE40 (two schedules, two RAM choices):
#                                 both scatters and the Pareto front
#   t_report_explore_shapes       explore --shapes over four sizes: the
#                                 robust choice's rows and cliffs
#   t_report_explore_gaussian     explore with --truth on the iCE40 (label
#                                 synth): every point, the fronts, the
#                                 syntheses in order
#   t_report_explore_transfer     explore --truth --transfer on two boards
#                                 (label synth; slow: tests/CMakeLists.txt): the sign-agreement matrix
#   t_report_compile_<example>    every other example's compile (slow)
find_package(Python3 COMPONENTS Interpreter REQUIRED)
find_program(SLUICE_BROWSER NAMES chromium-headless-shell chromium chromium-browser)
if(NOT SLUICE_BROWSER)
  set(SLUICE_BROWSER "")
endif()
find_program(SLUICE_REPORT_YOSYS yosys)
set(sl_report_check ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/report/check_report.py)
set(sl_report_out ${CMAKE_CURRENT_BINARY_DIR}/report)
set(sl_report_tests t_report_gaussian_compile t_report_gaussian_frames
  t_report_gaussian_sequential t_report_explore_shapes)
add_test(NAME t_report_explore_shapes
  COMMAND ${sl_report_check} explore $<TARGET_FILE:sluice> "${SLUICE_BROWSER}"
    ${sl_report_out}/explore_shapes ${CMAKE_SOURCE_DIR}/examples/gaussian.sl
    --boards ice40up5k --knob unroll=1,2 --shapes 64x64,320x240,640x480,1920x1080)
add_test(NAME t_report_gaussian_compile
  COMMAND ${sl_report_check} compile $<TARGET_FILE:sluice> "${SLUICE_BROWSER}"
    ${sl_report_out}/gaussian_compile ${CMAKE_SOURCE_DIR}/examples/gaussian.sl
    --board ice40up5k --name "g&<b>\"q'.sl")
add_test(NAME t_report_gaussian_frames
  COMMAND ${sl_report_check} sim $<TARGET_FILE:sluice> "${SLUICE_BROWSER}"
    ${sl_report_out}/gaussian_frames ${CMAKE_SOURCE_DIR}/examples/gaussian.sl
    --seed 1 --frames 3)
add_test(NAME t_report_gaussian_sequential
  COMMAND ${sl_report_check} compile $<TARGET_FILE:sluice> "${SLUICE_BROWSER}"
    ${sl_report_out}/gaussian_sequential ${CMAKE_SOURCE_DIR}/examples/gaussian.sl
    --schedule sequential)
add_test(NAME t_report_onnx_classifier
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/report/onnx_report.sh $<TARGET_FILE:sluice>
    ${Python3_EXECUTABLE} "${SLUICE_BROWSER}" ${sl_report_out}/onnx_classifier classifier
    x c p o)
list(APPEND sl_report_tests t_report_onnx_classifier)
set_tests_properties(${sl_report_tests} PROPERTIES LABELS report TIMEOUT 300
  PROCESSORS 2 SKIP_RETURN_CODE 77)
if(SLUICE_REPORT_YOSYS)
  add_test(NAME t_report_upsample_synth
    COMMAND ${sl_report_check} synth $<TARGET_FILE:sluice> "${SLUICE_BROWSER}"
      ${sl_report_out}/upsample_synth ${CMAKE_SOURCE_DIR}/examples/upsample.sl
      --board ice40up5k)
  add_test(NAME t_report_study_upsample
    COMMAND ${sl_report_check} study $<TARGET_FILE:sluice> "${SLUICE_BROWSER}"
      ${sl_report_out}/study_upsample ${CMAKE_SOURCE_DIR}/examples/upsample.sl
      --boards ice40up5k --schedules stream,sequential --rams auto,lut)
  add_test(NAME t_report_explore_gaussian
    COMMAND ${sl_report_check} explore $<TARGET_FILE:sluice> "${SLUICE_BROWSER}"
      ${sl_report_out}/explore_gaussian ${CMAKE_SOURCE_DIR}/examples/gaussian.sl
      --boards ice40up5k --knob unroll=1,2 --knob clock=default,30,50 --budget 2 --truth)
  add_test(NAME t_report_explore_transfer
    COMMAND ${sl_report_check} explore $<TARGET_FILE:sluice> "${SLUICE_BROWSER}"
      ${sl_report_out}/explore_transfer ${CMAKE_SOURCE_DIR}/examples/gaussian.sl
      --boards ice40up5k,ecp5-85f --knob unroll=1,2 --knob clock=default,30 --truth --transfer)
  set_tests_properties(t_report_upsample_synth t_report_study_upsample t_report_explore_gaussian
    t_report_explore_transfer PROPERTIES
    LABELS "report;synth" TIMEOUT 600 PROCESSORS 2 SKIP_RETURN_CODE 77)

endif()
# A study whose synthesis fails (SLUICE_YOSYS=false): exit 1, the page
# still written, its statuses naming the run directories relative to DIR.
#   t_report_study_failed
add_test(NAME t_report_study_failed
  COMMAND ${sl_report_check} study $<TARGET_FILE:sluice> "${SLUICE_BROWSER}"
    ${sl_report_out}/study_failed ${CMAKE_SOURCE_DIR}/examples/brighten.sl
    --boards ice40up5k,ecp5-85f --exit 1)
set_tests_properties(t_report_study_failed PROPERTIES LABELS report TIMEOUT 300
  PROCESSORS 2 SKIP_RETURN_CODE 77 ENVIRONMENT "SLUICE_YOSYS=false")
# Every example's compile page, each curve recomputed (label slow: about
# 3 s each).
#   t_report_compile_<name>
foreach(ex brighten cascade harris unsharp upsample downsample camera_pipeline jacobi
    laplacian_pyramid matmul mobilenet resnet_layer blur_xy)
  add_test(NAME t_report_compile_${ex}
    COMMAND ${sl_report_check} compile $<TARGET_FILE:sluice> "${SLUICE_BROWSER}"
      ${sl_report_out}/compile_${ex} ${CMAKE_SOURCE_DIR}/examples/${ex}.sl)
  set_tests_properties(t_report_compile_${ex} PROPERTIES LABELS "report;slow" TIMEOUT 300
    PROCESSORS 2 SKIP_RETURN_CODE 77)
endforeach()
