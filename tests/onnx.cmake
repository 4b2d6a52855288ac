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

#   t_onnx_fuzz_replay   the fuzz target (tests/onnx/fuzz_onnx.c) over every
#       model and tensor of libonnx-testdata's node tests and the models of
#       make_models.py: no crash (label frontend, so the sanitizer build
#       runs it too)
#   t_onnx_fuzz     builds the libFuzzer binary with clang
#       (tests/onnx/build_fuzzer.sh) and fuzzes the importer for 120 s from
#       the node tests' models: no crash (label slow)
add_executable(onnx_fuzz_replay ${CMAKE_CURRENT_SOURCE_DIR}/onnx/fuzz_onnx.c)
target_link_libraries(onnx_fuzz_replay PRIVATE sl_onnx sl_io sl_ir)
target_compile_definitions(onnx_fuzz_replay PRIVATE FUZZ_REPLAY=1)
add_test(NAME t_onnx_fuzz_replay
  COMMAND onnx_fuzz_replay ${SLUICE_ONNX_TESTDATA} ${CMAKE_CURRENT_BINARY_DIR}/onnx_bad)
set_tests_properties(t_onnx_fuzz_replay PROPERTIES LABELS frontend TIMEOUT 300)
find_program(SLUICE_ONNX_CLANG clang)
if(SLUICE_ONNX_CLANG)
  add_test(NAME t_onnx_fuzz
    COMMAND sh -c "sh ${CMAKE_CURRENT_SOURCE_DIR}/onnx/build_fuzzer.sh ${CMAKE_BINARY_DIR}/onnx/gen ${CMAKE_CURRENT_BINARY_DIR}/onnx_fuzz && mkdir -p ${CMAKE_CURRENT_BINARY_DIR}/onnx_fuzz/work && ${CMAKE_CURRENT_BINARY_DIR}/onnx_fuzz/fuzz_onnx -max_len=65536 -timeout=10 -rss_limit_mb=4096 -max_total_time=120 -print_final_stats=1 ${CMAKE_CURRENT_BINARY_DIR}/onnx_fuzz/work ${SLUICE_ONNX_TESTDATA}/test_qlinearconv ${SLUICE_ONNX_TESTDATA}/test_convinteger_with_padding ${SLUICE_ONNX_TESTDATA}/test_mod_mixed_sign_int64 ${SLUICE_ONNX_TESTDATA}/test_reflect_pad ${SLUICE_ONNX_TESTDATA}/test_maxpool_2d_uint8 ${SLUICE_ONNX_TESTDATA}/test_qlinearmatmul_3D")
  set_tests_properties(t_onnx_fuzz PROPERTIES LABELS slow TIMEOUT 900)
endif()

#   t_onnx_networks     fifteen small quantized networks (tests/onnx/
#       make_networks.py: QLinearConv with ties, depthwise + pointwise with
#       per-channel scales, conv-pool-reshape-QLinearMatMul, ConvInteger +
#       Add, MatMulInteger, Max + Clip) through onnxruntime-node (the
#       reference, tests/onnx/ort_run.js, installed by scripts/install-deps.sh)
#       and `sluice run MODEL.onnx`, bit for bit, then `sluice sim` on the
#       model: cycles = predicted (tests/onnx/networks.sh; label onnx;
#       skipped without onnxruntime-node unless $CI is set)
#   t_onnx_networks_verilator   the same with `sim --engine verilator`
#       (label slow): the networks but the four bar ones, whose Verilator
#       builds are long (the classifier in ONNX's order took 1,186 s on the
#       loaded machine; the four with --channels-last were run by hand)
set(SLUICE_ORT_DIR /opt/sluice-ort CACHE PATH "where install-deps.sh puts onnxruntime-node")
add_test(NAME t_onnx_networks
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/onnx/networks.sh $<TARGET_FILE:sluice>
    ${Python3_EXECUTABLE} ${SLUICE_ORT_DIR} ${CMAKE_CURRENT_BINARY_DIR}/onnx_networks model)
set_tests_properties(t_onnx_networks PROPERTIES LABELS onnx TIMEOUT 300 SKIP_RETURN_CODE 77)
add_test(NAME t_onnx_networks_verilator
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/onnx/networks.sh $<TARGET_FILE:sluice>
    ${Python3_EXECUTABLE} ${SLUICE_ORT_DIR} ${CMAKE_CURRENT_BINARY_DIR}/onnx_networks_vl verilator)
set_tests_properties(t_onnx_networks_verilator PROPERTIES LABELS slow TIMEOUT 3600
  PROCESSORS 2 SKIP_RETURN_CODE 77
  ENVIRONMENT "SLUICE_ONNX_NETS=qconv_ties dw_pw conv_pool_fc convint_add matmulint max_clip qdq_conv qdq_matmul layout fc_wide qdq_add_relu")
#   t_onnx_networks_channels_last   the same networks with --channels-last
#       (the files too channels last): inputs moved to [N][H][W][C] for
#       sluice, outputs moved back, bit for bit with onnxruntime, cycles =
#       predicted (label slow: t_onnx_networks covers the importer in make
#       test; 70 s)
#   t_onnx_networks_channels_first  the same streamed in ONNX's order
#       (--channels-first; label slow, about 60 s)
#   t_onnx_ideal        the four bar networks (MobileNet block, ResNet block,
#       MLP, classifier) predict at most 1.1 times their ideal cycles in the
#       default stream order (tests/onnx/ideal.sh; compile only, about 15 s)
#   t_onnx_layout       a model's .npy files in ONNX's order whatever the
#       stream order: the default and --channels-first write the same
#       bytes (seeded, --frames 3, from files, sim), --channels-last moves
#       them; the flags on a program are usage errors (tests/onnx/layout.sh,
#       about 6 s)
add_test(NAME t_onnx_networks_channels_last
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/onnx/networks.sh $<TARGET_FILE:sluice>
    ${Python3_EXECUTABLE} ${SLUICE_ORT_DIR} ${CMAKE_CURRENT_BINARY_DIR}/onnx_networks_cl model
    channels-last)
set_tests_properties(t_onnx_networks_channels_last PROPERTIES LABELS slow TIMEOUT 900
  SKIP_RETURN_CODE 77)
add_test(NAME t_onnx_networks_channels_first
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/onnx/networks.sh $<TARGET_FILE:sluice>
    ${Python3_EXECUTABLE} ${SLUICE_ORT_DIR} ${CMAKE_CURRENT_BINARY_DIR}/onnx_networks_cf model
    channels-first)
set_tests_properties(t_onnx_networks_channels_first PROPERTIES LABELS slow TIMEOUT 900
  SKIP_RETURN_CODE 77)
add_test(NAME t_onnx_layout
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/onnx/layout.sh $<TARGET_FILE:sluice>
    ${Python3_EXECUTABLE} ${CMAKE_CURRENT_BINARY_DIR}/onnx_layout)
set_tests_properties(t_onnx_layout PROPERTIES LABELS onnx TIMEOUT 120)
add_test(NAME t_onnx_ideal
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/onnx/ideal.sh $<TARGET_FILE:sluice>
    ${Python3_EXECUTABLE} ${CMAKE_CURRENT_BINARY_DIR}/onnx_ideal)
set_tests_properties(t_onnx_ideal PROPERTIES LABELS onnx TIMEOUT 120)
