# tests/model.cmake: the cycle-level model through the command line.
#   t_model_sim_<name>             `sluice sim --engine model --seed 1`:
#   t_model_sim_sequential_<name>  the model's outputs equal the reference's
#                                  bit for bit, its measured cycles equal the
#                                  schedule's prediction and its live values
#                                  the buffer analysis (else exit 1).
# Label "model"; the 1080p runs also carry "slow".
set(SLUICE_MODEL_EXAMPLES
  brighten gaussian cascade harris unsharp upsample downsample
  camera_pipeline laplacian_pyramid jacobi resnet_layer mobilenet matmul)
set(SLUICE_MODEL_EXAMPLES_1080P
  gaussian_1080p harris_1080p unsharp_1080p camera_pipeline_1080p jacobi_1080p)

foreach(ex ${SLUICE_MODEL_EXAMPLES} ${SLUICE_MODEL_EXAMPLES_1080P})
  add_test(NAME t_model_sim_${ex}
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
            --engine model --seed 1 -o ${CMAKE_CURRENT_BINARY_DIR}/model_out/${ex})
  set_tests_properties(t_model_sim_${ex} PROPERTIES LABELS model)
endforeach()
foreach(ex ${SLUICE_MODEL_EXAMPLES})
  add_test(NAME t_model_sim_sequential_${ex}
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
            --engine model --schedule sequential --seed 2
            -o ${CMAKE_CURRENT_BINARY_DIR}/model_out/seq_${ex})
  set_tests_properties(t_model_sim_sequential_${ex} PROPERTIES LABELS model)
endforeach()
foreach(ex ${SLUICE_MODEL_EXAMPLES_1080P})
  set_tests_properties(t_model_sim_${ex} PROPERTIES LABELS "model;slow" TIMEOUT 600)
endforeach()
