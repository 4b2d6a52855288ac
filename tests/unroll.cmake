# tests/unroll.cmake: lanes (docs/language.md "Lanes") through the command
# line.
#   t_unroll_sim_<ex>_k<K>             `sluice sim --unroll K --seed 1` with the
#   t_unroll_sim_sequential_<ex>_k<K>  model: the lane program's outputs,
#                                      interleaved, equal the reference's (which
#                                      runs the original program) bit for bit,
#                                      measured cycles equal predicted, live
#                                      values the buffer analysis (else exit 1);
#   t_unroll_frames_<ex>               the same with --frames 3 at K = 4;
#   t_unroll_sim_blur_xy_1080p_k<K>    the issue's bar at K = 16 and 32 (a
#                                      1918-wide output: lane masks);
#                                      (jacobi, unsharp and resnet_layer read
#                                      a lane that varies along x: a clamp at
#                                      the border, a reduction variable; the
#                                      rewrite chooses among the lanes);
#   t_unroll_sim_laplacian_pyramid_k4  the same, K = 4 only (see below);
#   t_unroll_refused_<ex>              a program whose lane counts conflict is
#                                      a located error (tests/unroll/refused.sh).
# Label "model".
set(SLUICE_UNROLL_EXAMPLES
  brighten gaussian cascade blur_xy harris upsample downsample camera_pipeline
  mobilenet matmul jacobi unsharp resnet_layer)
foreach(ex ${SLUICE_UNROLL_EXAMPLES})
  foreach(k 2 4)
    add_test(NAME t_unroll_sim_${ex}_k${k}
      COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
              --unroll ${k} --seed 1 -o ${CMAKE_CURRENT_BINARY_DIR}/unroll_out/${ex}_k${k})
    add_test(NAME t_unroll_sim_sequential_${ex}_k${k}
      COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
              --unroll ${k} --schedule sequential --seed 2
              -o ${CMAKE_CURRENT_BINARY_DIR}/unroll_out/seq_${ex}_k${k})
    set_tests_properties(t_unroll_sim_${ex}_k${k} t_unroll_sim_sequential_${ex}_k${k}
      PROPERTIES LABELS model TIMEOUT 120)
  endforeach()
endforeach()
foreach(ex gaussian downsample upsample)
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

# laplacian_pyramid: at K = 2 its 2x-downsampled level 1 gets 1 lane from
# l1 but 2 from the blur b1x, refused below; at K = 4 the counts agree.
add_test(NAME t_unroll_sim_laplacian_pyramid_k4
  COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/laplacian_pyramid.sl
          --unroll 4 --seed 1 -o ${CMAKE_CURRENT_BINARY_DIR}/unroll_out/laplacian_pyramid_k4)
set_tests_properties(t_unroll_sim_laplacian_pyramid_k4 PROPERTIES LABELS model TIMEOUT 120)

# example, K, line:col of the refused access, what the error says.
set(SLUICE_UNROLL_REFUSED
  "laplacian_pyramid|2|23:27|'b1x' needs 2 lanes of 'g1' here, but 'l1' needs 1")
foreach(case ${SLUICE_UNROLL_REFUSED})
  string(REPLACE "|" ";" f "${case}")
  list(GET f 0 ex)
  list(GET f 1 k)
  list(GET f 2 at)
  list(GET f 3 text)
  add_test(NAME t_unroll_refused_${ex}
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/unroll/refused.sh $<TARGET_FILE:sluice>
            ${CMAKE_SOURCE_DIR}/examples/${ex}.sl ${k} ${at} ${text})
  set_tests_properties(t_unroll_refused_${ex} PROPERTIES LABELS model TIMEOUT 60)
endforeach()

# report.json names each declaration's lanes: the 2x downsample at K = 2
# gives its input 4 (its innermost index moves 2 per x).
add_test(NAME t_unroll_report_downsample
  COMMAND sh -c "\"$1\" compile \"$2\" --unroll 2 -o \"$3\" >/dev/null && grep -qF '\"lanes\": {\"in\": 4, \"box\": 2, \"downsample\": 2},' \"$3/report.json\""
          sh $<TARGET_FILE:sluice> ${CMAKE_SOURCE_DIR}/examples/downsample.sl
          ${CMAKE_CURRENT_BINARY_DIR}/unroll_out/report_downsample)
set_tests_properties(t_unroll_report_downsample PROPERTIES LABELS model TIMEOUT 60)

# Verilator on lane designs (label verilator): bit-exact, measured cycles
# equal predicted.  Each lane is its own port pair until the top level packs
# them (docs/hardware.md); these hold whichever way the ports go.
find_program(SLUICE_UNROLL_VERILATOR verilator)
if(SLUICE_UNROLL_VERILATOR)
  foreach(case "gaussian|2" "downsample|2" "blur_xy|8")
    string(REPLACE "|" ";" f "${case}")
    list(GET f 0 ex)
    list(GET f 1 k)
    add_test(NAME t_unroll_verilator_${ex}_k${k}
      COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
              --engine verilator --unroll ${k} --seed 1
              -o ${CMAKE_CURRENT_BINARY_DIR}/unroll_out/vl_${ex}_k${k})
    # slow: t_verilator_lanes_* covers these in make test
    set_tests_properties(t_unroll_verilator_${ex}_k${k} PROPERTIES LABELS "verilator;slow"
      TIMEOUT 600 PROCESSORS 2
      ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  endforeach()
  # A lane that chooses among the lanes it reads (a clamped border), in
  # make test: jacobi at 2 lanes, unsharp at 4.
  foreach(case "jacobi|2" "unsharp|4")
    string(REPLACE "|" ";" f "${case}")
    list(GET f 0 ex)
    list(GET f 1 k)
    add_test(NAME t_unroll_verilator_select_${ex}_k${k}
      COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
              --engine verilator --unroll ${k} --seed 1
              -o ${CMAKE_CURRENT_BINARY_DIR}/unroll_out/vl_select_${ex}_k${k})
    set_tests_properties(t_unroll_verilator_select_${ex}_k${k} PROPERTIES LABELS verilator
      TIMEOUT 900 PROCESSORS 2
      ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  endforeach()
endif()
