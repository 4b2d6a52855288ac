# tests/model.cmake: the cycle-level model through the command line.
#   t_model_sim_<name>             `sluice sim --engine model --seed 1`:
#   t_model_sim_sequential_<name>  the model's outputs equal the reference's
#                                  bit for bit, its measured cycles equal the
#                                  schedule's prediction and its live values
#                                  the buffer analysis (else exit 1).
#   t_model_frames_<name>          the same with --frames 3 (three frames back
#   t_model_frames_sequential_<name>  to back through one run: every frame
#                                  compared, cycles against predicted +
#                                  2 * period; docs/hardware.md, "Frames");
#   t_frames_check_<name>          tests/frames_check.py: run --frames N equals
#                                  N one-frame runs, inputs as one .npy or one
#                                  file per frame, and sim --frames N agrees;
#   t_model_frames_gaussian_1080p  sim --frames 10 on a 1080p frame.
# Label "model"; the 1080p runs also carry "slow".
set(SLUICE_MODEL_EXAMPLES
  brighten gaussian cascade harris unsharp upsample downsample
  camera_pipeline laplacian_pyramid jacobi resnet_layer mobilenet matmul)
# At 1080p: the same programs with -D W=1920 -D H=1080, named <example>_1080p.
set(SLUICE_MODEL_EXAMPLES_1080P gaussian harris unsharp camera_pipeline jacobi)

foreach(ex ${SLUICE_MODEL_EXAMPLES})
  add_test(NAME t_model_sim_${ex}
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
            --engine model --seed 1 -o ${CMAKE_CURRENT_BINARY_DIR}/model_out/${ex})
  set_tests_properties(t_model_sim_${ex} PROPERTIES LABELS model)
endforeach()
foreach(ex ${SLUICE_MODEL_EXAMPLES_1080P})
  add_test(NAME t_model_sim_${ex}_1080p
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/${ex}.sl -D W=1920 -D H=1080
            --engine model --seed 1 -o ${CMAKE_CURRENT_BINARY_DIR}/model_out/${ex}_1080p)
  set_tests_properties(t_model_sim_${ex}_1080p PROPERTIES LABELS "model;slow" TIMEOUT 600)
endforeach()
foreach(ex ${SLUICE_MODEL_EXAMPLES})
  add_test(NAME t_model_sim_sequential_${ex}
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
            --engine model --schedule sequential --seed 2
            -o ${CMAKE_CURRENT_BINARY_DIR}/model_out/seq_${ex})
  set_tests_properties(t_model_sim_sequential_${ex} PROPERTIES LABELS model)
endforeach()

foreach(ex ${SLUICE_MODEL_EXAMPLES} blur_xy)
  add_test(NAME t_model_frames_${ex}
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
            --engine model --seed 3 --frames 3
            -o ${CMAKE_CURRENT_BINARY_DIR}/model_out/frames_${ex})
  add_test(NAME t_model_frames_sequential_${ex}
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
            --engine model --schedule sequential --seed 4 --frames 3
            -o ${CMAKE_CURRENT_BINARY_DIR}/model_out/frames_seq_${ex})
  set_tests_properties(t_model_frames_${ex} t_model_frames_sequential_${ex}
    PROPERTIES LABELS model PASS_REGULAR_EXPRESSION "model: 3 frames")
endforeach()
foreach(ex gaussian camera_pipeline laplacian_pyramid matmul)
  add_test(NAME t_frames_check_${ex}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/frames_check.py
            $<TARGET_FILE:sluice> ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
            ${CMAKE_CURRENT_BINARY_DIR}/model_out/frames_check_${ex} 3)
  set_tests_properties(t_frames_check_${ex} PROPERTIES LABELS model)
endforeach()
# The same with the compiled reference: frames of packed arrays.
foreach(ex gaussian)
  add_test(NAME t_frames_check_cref_${ex}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/frames_check.py
            $<TARGET_FILE:sluice> ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
            ${CMAKE_CURRENT_BINARY_DIR}/model_out/frames_check_cref_${ex} 3)
  set_tests_properties(t_frames_check_cref_${ex} PROPERTIES LABELS "model;cref"
    ENVIRONMENT "FRAMES_CHECK_ENGINE=c;SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/cref_cache")
endforeach()
add_test(NAME t_model_frames_gaussian_1080p
  COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/gaussian.sl -D W=1920 -D H=1080
          --engine model --seed 1 --frames 10
          -o ${CMAKE_CURRENT_BINARY_DIR}/model_out/frames_gaussian_1080p)
set_tests_properties(t_model_frames_gaussian_1080p PROPERTIES LABELS "model;slow" TIMEOUT 600
  PASS_REGULAR_EXPRESSION "model: 10 frames, 20736004 cycles \\(predicted 20736004")
