# tests/onnx.cmake: ONNX models in (onnx/, docs/onnx.md).
#   onnx_nodetest   the tool that runs one of ONNX's backend node tests
#       (libonnx-testdata) through `sluice run` and compares the outputs
#       bit for bit (tests/onnx/onnx_nodetest.c)
#   t_onnx_node_tests   every node test of libonnx-testdata: supported,
#       passed, skipped with the reason per skip; fails on any failure
#       or fewer passes than the floor (tests/onnx/run_node_tests.sh;
#       label onnx)
#   t_onnx_bad      a good model (made by tests/onnx/make_models.py, its
#       output computed there) imported, checked, run and simulated; bad
#       ones (symbolic shape, external data, opset, unsupported op, float
#       input, truncated, corrupt, missing) exit 1 with the message naming
#       the problem, by `import` and by `run` (tests/onnx/bad_models.sh;
#       label onnx)
add_executable(onnx_nodetest ${CMAKE_CURRENT_SOURCE_DIR}/onnx/onnx_nodetest.c)
target_link_libraries(onnx_nodetest PRIVATE sl_onnx sl_io sl_ir)
set(SLUICE_ONNX_TESTDATA /usr/share/libonnx-testdata/data/node)
add_test(NAME t_onnx_node_tests
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/onnx/run_node_tests.sh
    $<TARGET_FILE:sluice> $<TARGET_FILE:onnx_nodetest> ${SLUICE_ONNX_TESTDATA}
    ${CMAKE_CURRENT_BINARY_DIR}/onnx_node 60)
set_tests_properties(t_onnx_node_tests PROPERTIES LABELS onnx TIMEOUT 300)
find_package(Python3 COMPONENTS Interpreter REQUIRED)
add_test(NAME t_onnx_bad
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/onnx/bad_models.sh
    $<TARGET_FILE:sluice> ${Python3_EXECUTABLE} ${CMAKE_CURRENT_BINARY_DIR}/onnx_bad)
set_tests_properties(t_onnx_bad PROPERTIES LABELS onnx TIMEOUT 120)
