# tests/unroll.cmake: lanes (docs/language.md "Lanes") through the command
# line.
#   t_unroll_sim_<ex>_k<K>             `sluice sim --unroll K --seed 1` with the
#   t_unroll_sim_sequential_<ex>_k<K>  model: the lane program's outputs,
#                                      interleaved, equal the reference's (which
#                                      runs the original program) bit for bit,
#                                      measured cycles equal predicted, live
#                                      values the buffer analysis (else exit 1);
#   t_unroll_frames_<ex>               the same with --frames 3 at K = 4;
#   t_unroll_axis_lane_dim_bad         camera_pipeline at K = 4 (lanes along
#                                      x, not the innermost channel) under
#                                      --interface axis: refused, located;
#   t_unroll_sim_blur_xy_1080p_k<K>    the issue's bar at K = 16 and 32 (a
#                                      1918-wide output: lane masks);
#                                      (jacobi, unsharp and resnet_layer read
#                                      a lane that varies along x: a clamp at
#                                      the border, a reduction variable; the
#                                      rewrite chooses among the lanes);
#                                      (laplacian_pyramid's level 1 is asked
#                                      for 1 lane by l1 and 2 by b1x at K = 2:
#                                      it gets 2, and l1 reads through a
#                                      select).
# Label "model".
set(SLUICE_UNROLL_EXAMPLES
  brighten gaussian cascade blur_xy harris upsample downsample camera_pipeline
  mobilenet matmul jacobi unsharp resnet_layer laplacian_pyramid)
# camera_pipeline's innermost dimension is the channel (3 points): K = 2
# and 3 run their lanes along it (one pixel a cycle), K = 4 and 8 along x,
# the innermost dimension with K points (docs/language.md, "Lanes": every
# lane computes each channel of its pixel); its channel-outer form
# (tests/order/camera_pipeline.sl, lanes along x over planes kept whole,
# t_unroll_sim_camera_channel_outer_k*) at 2 and 4.
set(SLUICE_UNROLL_PATH_camera_channel_outer ${CMAKE_SOURCE_DIR}/tests/order/camera_pipeline.sl)
foreach(ex ${SLUICE_UNROLL_EXAMPLES} camera_channel_outer)
  set(ks 2 4)
  if(ex STREQUAL "camera_pipeline")
    set(ks 2 3 4 8)
  endif()
  set(path ${CMAKE_SOURCE_DIR}/examples/${ex}.sl)
  if(DEFINED SLUICE_UNROLL_PATH_${ex})
    set(path ${SLUICE_UNROLL_PATH_${ex}})
  endif()
  foreach(k ${ks})
    add_test(NAME t_unroll_sim_${ex}_k${k}
      COMMAND $<TARGET_FILE:sluice> sim ${path}
              --unroll ${k} --seed 1 -o ${CMAKE_CURRENT_BINARY_DIR}/unroll_out/${ex}_k${k})
    add_test(NAME t_unroll_sim_sequential_${ex}_k${k}
      COMMAND $<TARGET_FILE:sluice> sim ${path}
              --unroll ${k} --schedule sequential --seed 2
              -o ${CMAKE_CURRENT_BINARY_DIR}/unroll_out/seq_${ex}_k${k})
    set_tests_properties(t_unroll_sim_${ex}_k${k} t_unroll_sim_sequential_${ex}_k${k}
      PROPERTIES LABELS model TIMEOUT 120)
  endforeach()
endforeach()
foreach(ex gaussian downsample upsample camera_pipeline)
  add_test(NAME t_unroll_frames_${ex}
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
            --unroll 4 --frames 3 --seed 3 -o ${CMAKE_CURRENT_BINARY_DIR}/unroll_out/frames_${ex})
  set_tests_properties(t_unroll_frames_${ex} PROPERTIES LABELS model TIMEOUT 120
    PASS_REGULAR_EXPRESSION "model: 3 frames")
endforeach()
foreach(k 16 32)
  add_test(NAME t_unroll_sim_blur_xy_1080p_k${k}
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/blur_xy.sl -D W=1920 -D H=1080
            --unroll ${k} --seed 1 -o ${CMAKE_CURRENT_BINARY_DIR}/unroll_out/blur_xy_1080p_k${k})
  set_tests_properties(t_unroll_sim_blur_xy_1080p_k${k} PROPERTIES LABELS model TIMEOUT 120)
endforeach()

# Rows that are not a multiple of k (issue 25 item 2; docs/language.md,
# "Extents that are not a multiple of k"): a buffered input's or func's
# lanes are padded to one word count, so their buffers are delay chains,
# not circular banked copies.
#   t_unroll_pad_chains_<case>  `compile -dB` (rows of 250: 250 mod 8 = 2,
#                               or the default 64): a delay chain, and no buffer
#                               circular (before the padding: gaussian k4's
#                               input "circular, 6 banks", box_valid k8's
#                               lanes 2-7 banked copies; camera_pipeline k8
#                               its lanes along x, the channel innermost);
#   t_unroll_sim_box_valid_k<K> the model bit-exact with cycles as predicted
#                               on the valid-region box (66 wide: 66 mod 3
#                               is 0 but its 64-wide px rows are not, 66
#                               mod 8 is 2);
#   t_unroll_verilator_box_valid_k<K>  the same in Verilator (slow).
set(SLUICE_PAD_CASES
  "gaussian_k4|${CMAKE_SOURCE_DIR}/examples/gaussian.sl|4|W=64"
  "blur_xy_k8|${CMAKE_SOURCE_DIR}/examples/blur_xy.sl|8|W=250"
  "harris_k8|${CMAKE_SOURCE_DIR}/examples/harris.sl|8|W=250"
  "box_valid_k8|${CMAKE_SOURCE_DIR}/tests/bench/box_valid.sl|8|W=250"
  "box_valid_k3|${CMAKE_SOURCE_DIR}/tests/bench/box_valid.sl|3|W=64"
  "camera_pipeline_k8|${CMAKE_SOURCE_DIR}/examples/camera_pipeline.sl|8|W=250")
foreach(c ${SLUICE_PAD_CASES})
  string(REPLACE "|" ";" f "${c}")
  list(GET f 0 name)
  list(GET f 1 prog)
  list(GET f 2 k)
  list(GET f 3 def)
  add_test(NAME t_unroll_pad_chains_${name}
    COMMAND $<TARGET_FILE:sluice> compile ${prog} -D ${def} --unroll ${k} -dB
            -o ${CMAKE_CURRENT_BINARY_DIR}/unroll_out/pad_${name})
  set_tests_properties(t_unroll_pad_chains_${name} PROPERTIES LABELS model TIMEOUT 120
    PASS_REGULAR_EXPRESSION "storage delay_chain" FAIL_REGULAR_EXPRESSION "storage circular|error:")
endforeach()
foreach(k 3 8)
  add_test(NAME t_unroll_sim_box_valid_k${k}
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/tests/bench/box_valid.sl
            --unroll ${k} --seed 4 -o ${CMAKE_CURRENT_BINARY_DIR}/unroll_out/box_valid_k${k})
  set_tests_properties(t_unroll_sim_box_valid_k${k} PROPERTIES LABELS model TIMEOUT 120)
  add_test(NAME t_unroll_verilator_box_valid_k${k}
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/tests/bench/box_valid.sl
            --unroll ${k} --seed 5 --engine verilator
            -o ${CMAKE_CURRENT_BINARY_DIR}/unroll_out/box_valid_vl_k${k})
  set_tests_properties(t_unroll_verilator_box_valid_k${k} PROPERTIES
    LABELS "verilator;slow" TIMEOUT 900)
endforeach()
