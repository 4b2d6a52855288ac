# tests/verilator.cmake: the generated Verilog in Verilator (label "verilator").
#   t_verilator_harness_*   the harness (verilator/run.c) on a hand-written
#                           module, tests/verilator/two.v (gtest binary
#                           sluice_vl_harness)
#   t_verilator_sim_<name>  `sluice sim --engine verilator --seed 1` on each
#                           example at its small size, pipelined for
#                           tests/boards/pipeline.board (about two operators
#                           a cycle, so deep pipelines): outputs equal to the
#                           reference bit for bit and measured cycles equal
#                           to predicted_cycles (else exit 1)
#   t_verilator_sim_{lut,block}_<name>  the same with --ram lut / block on
#                           examples with circular buffers
#   t_verilator_sim_sequential_gaussian  --schedule sequential: whole-frame
#                           block-RAM copies of the reads' windows
#   t_verilator_sim_names_{block,lut}  tests/rtlgen/t_rtlgen_names.sl: program
#                           names shaped like generated wire names
#   t_verilator_frames_<name>  `sim --engine verilator --frames 3`: three
#                           frames back to back through one start
#                           (docs/hardware.md "Frames"), every frame bit-exact
#                           and the cycles predicted + 2 * period: gaussian
#                           (delay-chain line buffers), cascade (a multi-stage
#                           pipeline), matmul (reductions), upsample in block
#                           RAM (a circular buffer) and
#                           tests/verilator/frames_transpose.sl in block RAM
#                           and as a register file (a circular buffer whose
#                           capacity does not divide a frame: its write
#                           address restarts every frame)
#   t_verilator_frames_gaussian_1080p  issue 14's bar: ten 1080p frames,
#                           bit-exact, 20736004 cycles (label slow)
#   t_verilator_sim_pack    tests/golden/compile/pack: two delay chains of 8
#                           and 16 bits in one 38x24 FIFO (a pack): 244
#                           cycles (the golden's), 7 x 20 = 140 outputs
#   t_verilator_lanes_<name>_k<k>  `sim --unroll k --engine verilator` on every
#                           example the lane rewrite accepts (SLUICE_LANE_EXAMPLES,
#                           tests/rtlgen.cmake) at k = 2 and 4 (camera_pipeline,
#                           3 channels innermost, at 2 and 3), pipelined for
#                           pipeline.board: k-lane port groups, bit-exact and
#                           measured == predicted cycles (else exit 1)
#   t_verilator_lanes_block_{upsample,camera_pipeline}_k4  --ram block: lanes
#                           sharing block-RAM copies of repeated reads
#                           (camera_pipeline channel outermost,
#                           tests/order/camera_pipeline.sl)
#   t_verilator_lanes_blur_xy_k8, _k3  blur_xy at 8 lanes (slow since 2026-12-05,
#                           tests/CMakeLists.txt; 128-bit ports:
#                           Verilator's wide words) and at 3 (62 and 64 not
#                           multiples: the last word of a row part empty):
#                           cycles reasoned in the test
#   t_verilator_sim_crop    an input stream that ends after the last output:
#                           done at 256 (crop.sl)
#   t_verilator_signed_mul_concat  an overflowing 32-bit signed product
#                           in a wider word (signed_mul.sl): the Verilated
#                           C++ is built with -fwrapv (label slow)
#   t_verilator_cache_vcd   a second run reuses the build; --vcd dumps the
#                           first 2000 cycles (tests/verilator/cache_vcd.sh)
#   t_verilator_no_lib_bad  a missing library is an error, exit 1
#   t_bench_verilator_smoke tests/bench/verilator_bench.sh once on the 64x64
#                           gaussian, so that the script keeps working
#                           (label "bench")
#   t_verilator_broken_lib_bad  a library that inverts pipeline values: the
#                           first mismatch is reported (broken_lib.sh)
#   t_verilator_frames_corrupt_bad  a library whose pipes invert one value of
#                           frame 1 of 3: the mismatch is named in frame 1,
#                           in the cycle the schedule predicts (label slow;
#                           frames_corrupt.sh)
# Builds are cached in ${CMAKE_BINARY_DIR}/verilator_cache; a first run
# verilates every example (about 10-30 s each).
find_program(SLUICE_VERILATOR_EXE verilator)
if(SLUICE_VERILATOR_EXE)
  add_executable(sluice_vl_harness ${CMAKE_CURRENT_SOURCE_DIR}/verilator/t_vl_harness.cpp)
  target_link_libraries(sluice_vl_harness PRIVATE sl_flow sl_sim sl_frontend sl_ir GTest::gtest GTest::gtest_main)
  target_compile_options(sluice_vl_harness PRIVATE -O0)   # as sluice_unit (tests/CMakeLists.txt)
  target_compile_definitions(sluice_vl_harness PRIVATE
    SLUICE_SOURCE_DIR="${CMAKE_SOURCE_DIR}" SLUICE_BINARY_DIR="${CMAKE_BINARY_DIR}")
  gtest_discover_tests(sluice_vl_harness
    PROPERTIES LABELS verilator TIMEOUT 300 ENVIRONMENT SLUICE_VERILATOR_JOBS=1
    DISCOVERY_TIMEOUT 60)

  set(SLUICE_VERILATOR_EXAMPLES
    brighten gaussian cascade harris unsharp upsample downsample
    camera_pipeline laplacian_pyramid jacobi resnet_layer mobilenet matmul)
  foreach(ex ${SLUICE_VERILATOR_EXAMPLES})
    add_test(NAME t_verilator_sim_${ex}
      COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
              --engine verilator --seed 1
              --board ${CMAKE_CURRENT_SOURCE_DIR}/boards/pipeline.board
              -o ${CMAKE_CURRENT_BINARY_DIR}/verilator_out/${ex})
    set_tests_properties(t_verilator_sim_${ex} PROPERTIES LABELS verilator TIMEOUT 600
      ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  endforeach()

  # Circular buffers as register files (--ram lut; the default puts those
  # of 8 words or more in block RAM, read a cycle ahead) and all in block
  # RAM (--ram block, down to the small ones).  camera_pipeline here is
  # its channel-outer form (tests/order/camera_pipeline.sl: red, green and
  # blue circular, a plane each; the example keeps them in registers).
  set(SLUICE_VL_PATH_camera_pipeline ${CMAKE_SOURCE_DIR}/tests/order/camera_pipeline.sl)
  foreach(ex upsample camera_pipeline matmul)
    set(path ${CMAKE_SOURCE_DIR}/examples/${ex}.sl)
    if(DEFINED SLUICE_VL_PATH_${ex})
      set(path ${SLUICE_VL_PATH_${ex}})
    endif()
    foreach(ram lut block)
      add_test(NAME t_verilator_sim_${ram}_${ex}
        COMMAND $<TARGET_FILE:sluice> sim ${path}
                --engine verilator --seed 2 --ram ${ram}
                -o ${CMAKE_CURRENT_BINARY_DIR}/verilator_out/${ram}_${ex})
      set_tests_properties(t_verilator_sim_${ram}_${ex} PROPERTIES LABELS verilator
        TIMEOUT 600 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
    endforeach()
  endforeach()
  # The sequential schedule keeps whole frames in block RAM, one copy per
  # read holding its read's window (gaussian: 9 copies of 3966 of the 4096
  # words, tests/golden/README.md), written only inside it and addressed
  # from its first word: 11786 cycles (the golden's predicted_cycles).
  add_test(NAME t_verilator_sim_sequential_gaussian
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/gaussian.sl
            --engine verilator --seed 3 --schedule sequential
            -o ${CMAKE_CURRENT_BINARY_DIR}/verilator_out/sequential_gaussian)
  set_tests_properties(t_verilator_sim_sequential_gaussian PROPERTIES LABELS verilator
    TIMEOUT 600 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache"
    PASS_REGULAR_EXPRESSION "verilator: 11786 cycles \\(predicted 11786\\), 3844 output values equal to the reference")
  # A pack: a's and b's runs side by side in one memory (the golden's
  # figures, tests/golden/README.md "pack").
  add_test(NAME t_verilator_sim_pack
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_CURRENT_SOURCE_DIR}/golden/compile/pack/program.sl
            --engine verilator --seed 3
            -o ${CMAKE_CURRENT_BINARY_DIR}/verilator_out/pack)
  set_tests_properties(t_verilator_sim_pack PROPERTIES LABELS verilator
    TIMEOUT 600 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache"
    PASS_REGULAR_EXPRESSION "verilator: 244 cycles \\(predicted 244\\), 140 output values equal to the reference")
  # Lanes (docs/hardware.md "Top-level interface").  make test runs a
  # spread of them (a stencil, both rate changes, a tree of reductions, a
  # three-channel pipeline); the rest carry "slow" (make test-slow), so a
  # cold CI machine does not build 22 more Verilated models.
  set(SLUICE_LANES_QUICK gaussian_k2 downsample_k4 upsample_k4 harris_k2 camera_pipeline_k2)
  foreach(ex ${SLUICE_LANE_EXAMPLES})
    set(ks 2 4)
    if(ex STREQUAL "camera_pipeline")
      set(ks 2 3 4 8)	# the channel innermost, 3 points: 4 and 8 lanes along x
    endif()
    foreach(k ${ks})
      if("${ex}_k${k}" IN_LIST SLUICE_LANES_QUICK)
        set(lanes_labels verilator)
      else()
        set(lanes_labels "verilator;slow")
      endif()
      add_test(NAME t_verilator_lanes_${ex}_k${k}
        COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
                --unroll ${k} --engine verilator --seed 1
                --board ${CMAKE_CURRENT_SOURCE_DIR}/boards/pipeline.board
                -o ${CMAKE_CURRENT_BINARY_DIR}/verilator_out/lanes_${ex}_k${k})
      set_tests_properties(t_verilator_lanes_${ex}_k${k} PROPERTIES LABELS "${lanes_labels}"
        TIMEOUT 600 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache"
        PASS_REGULAR_EXPRESSION "output values equal to the reference")
    endforeach()
  endforeach()
  # Circular buffers in block RAM read by lanes that share a schedule
  # generator: a read one lane repeats of another shares its copy
  # (ubuffer.c find_same_reads; upsample 2 such reads at k = 4,
  # camera_pipeline 28: its channel-outer form, tests/order/camera_pipeline.sl).
  foreach(ex upsample camera_pipeline)
    set(path ${CMAKE_SOURCE_DIR}/examples/${ex}.sl)
    if(DEFINED SLUICE_VL_PATH_${ex})
      set(path ${SLUICE_VL_PATH_${ex}})
    endif()
    add_test(NAME t_verilator_lanes_block_${ex}_k4
      COMMAND $<TARGET_FILE:sluice> sim ${path}
              --unroll 4 --ram block --engine verilator --seed 6
              -o ${CMAKE_CURRENT_BINARY_DIR}/verilator_out/lanes_block_${ex}_k4)
    set_tests_properties(t_verilator_lanes_block_${ex}_k4 PROPERTIES LABELS verilator
      TIMEOUT 600 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache"
      PASS_REGULAR_EXPRESSION "output values equal to the reference")
  endforeach()
  # blur_xy at 8 lanes: in (64 wide) 8 words a row at t = 8y + xo, written
  # a cycle later; bx's lanes 6 and 7 read in's lanes 0 and 1 a word on
  # (x + 2 = 8xo + 8 and + 9), written at 8y + xo + 2: offset 2, latency 2
  # (the / 3); by reads bx(y + 2, x): offset 2 + 16 + 2 = 20, latency 2.
  # by's box is 62 wide, lanes 0-5 8 words a row, 6 and 7 seven; its last
  # word (61, 7) is written at 20 + 8 * 61 + 7 + 2 = 517: 518 cycles.  At
  # 3 lanes (in's 64 points a row are lanes of 22, 21, 21 words, by's 62
  # of 21, 21, 20) the rows are 22 words: bx lane 2 reads in lane 1 a word on, written at
  # 22y + xo + 2: offset 2; by offset 2 + 44 + 2 = 48; last word (61, 20)
  # at 48 + 22 * 61 + 20 + 2 = 1412: 1413 cycles.
  foreach(case "8|518" "3|1413")
    string(REPLACE "|" ";" parts "${case}")
    list(GET parts 0 k)
    list(GET parts 1 cycles)
    add_test(NAME t_verilator_lanes_blur_xy_k${k}
      COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/blur_xy.sl
              --unroll ${k} --engine verilator --seed 4
              -o ${CMAKE_CURRENT_BINARY_DIR}/verilator_out/lanes_blur_xy_k${k})
    set_tests_properties(t_verilator_lanes_blur_xy_k${k} PROPERTIES LABELS verilator
      TIMEOUT 600 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache"
      PASS_REGULAR_EXPRESSION "verilator: ${cycles} cycles \\(predicted ${cycles}\\), 3844 output values equal to the reference")
  endforeach()
  # Wire names that could collide with the program's names (the .sl says
  # which), with the circular buffer in block RAM and as a register file.
  foreach(ram block lut)
    add_test(NAME t_verilator_sim_names_${ram}
      COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_CURRENT_SOURCE_DIR}/rtlgen/t_rtlgen_names.sl
              --engine verilator --seed 5 --ram ${ram}
              -o ${CMAKE_CURRENT_BINARY_DIR}/verilator_out/names_${ram})
    set_tests_properties(t_verilator_sim_names_${ram} PROPERTIES LABELS verilator TIMEOUT 600
      ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache"
      PASS_REGULAR_EXPRESSION "verilator: [0-9]+ cycles .*, 64 output values equal to the reference")
  endforeach()

  # Frames.  The values in the expressions are reasoned, not copied: the
  # 64x64 gaussian takes a pixel a cycle, so its period is 64 * 64 = 4096
  # and three frames take 4100 + 2 * 4096 = 12292 cycles; a 1080p frame's
  # period is 1920 * 1080 = 2073600 and ten take 2073604 + 9 * 2073600.  The
  # output counts are three (ten) times the output boxes (gaussian 62 * 62,
  # 1080p 1918 * 1078; cascade 60 * 60; matmul 16 * 16; upsample 128 * 128;
  # transpose 7 * 9).
  set(frames_cases
    "gaussian|examples/gaussian.sl|--ram,auto|verilator: 3 frames, 12292 cycles \\(predicted 12292: 4100 \\+ 2 \\* period 4096\\), 11532 output values"
    "cascade|examples/cascade.sl|--ram,auto|verilator: 3 frames, .*, 10800 output values equal"
    "matmul|examples/matmul.sl|--ram,auto|verilator: 3 frames, .*, 768 output values equal"
    "block_upsample|examples/upsample.sl|--ram,block|verilator: 3 frames, .*, 49152 output values equal"
    "block_transpose|tests/verilator/frames_transpose.sl|--ram,block|verilator: 3 frames, .*, 189 output values equal"
    "lut_transpose|tests/verilator/frames_transpose.sl|--ram,lut|verilator: 3 frames, .*, 189 output values equal")
  foreach(case ${frames_cases})
    string(REPLACE "|" ";" parts "${case}")
    list(GET parts 0 name)
    list(GET parts 1 src)
    list(GET parts 2 extra)
    list(GET parts 3 expect)
    string(REPLACE "," ";" extra "${extra}")
    add_test(NAME t_verilator_frames_${name}
      COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/${src}
              --engine verilator --seed 3 --frames 3 ${extra}
              -o ${CMAKE_CURRENT_BINARY_DIR}/verilator_out/frames_${name})
    set_tests_properties(t_verilator_frames_${name} PROPERTIES LABELS verilator TIMEOUT 600
      ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache"
      PASS_REGULAR_EXPRESSION "${expect}")
  endforeach()
  add_test(NAME t_verilator_frames_gaussian_1080p
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/gaussian.sl -D W=1920 -D H=1080
            --engine verilator --seed 1 --frames 10
            -o ${CMAKE_CURRENT_BINARY_DIR}/verilator_out/frames_gaussian_1080p)
  set_tests_properties(t_verilator_frames_gaussian_1080p PROPERTIES LABELS "verilator;slow" TIMEOUT 600
    ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache"
    PASS_REGULAR_EXPRESSION "verilator: 10 frames, 20736004 cycles \\(predicted 20736004: 2073604 \\+ 9 \\* period 2073600\\), 20676040 output values equal")

  add_test(NAME t_verilator_sim_crop
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_CURRENT_SOURCE_DIR}/verilator/crop.sl
            --engine verilator --seed 1 -o ${CMAKE_CURRENT_BINARY_DIR}/verilator_out/crop)
  set_tests_properties(t_verilator_sim_crop PROPERTIES LABELS verilator TIMEOUT 600
    ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache"
    PASS_REGULAR_EXPRESSION "verilator: 256 cycles \\(predicted 256\\), 16 output values equal to the reference")

  add_test(NAME t_verilator_signed_mul_concat
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_CURRENT_SOURCE_DIR}/verilator/signed_mul.sl
            --engine verilator --seed 1 -o ${CMAKE_CURRENT_BINARY_DIR}/verilator_out/signed_mul)
  set_tests_properties(t_verilator_signed_mul_concat PROPERTIES LABELS "verilator;slow"
    TIMEOUT 600
    ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache"
    PASS_REGULAR_EXPRESSION "verilator: 20 cycles \\(predicted 20\\), 16 output values equal to the reference")

  add_test(NAME t_verilator_cache_vcd
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/verilator/cache_vcd.sh $<TARGET_FILE:sluice>
            ${CMAKE_SOURCE_DIR}/examples/brighten.sl ${CMAKE_CURRENT_BINARY_DIR}/verilator_cache_vcd)
  set_tests_properties(t_verilator_cache_vcd PROPERTIES LABELS verilator TIMEOUT 600)

  add_test(NAME t_verilator_broken_lib_bad
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/verilator/broken_lib.sh $<TARGET_FILE:sluice>
            ${CMAKE_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/verilator_broken_lib)
  set_tests_properties(t_verilator_broken_lib_bad PROPERTIES LABELS verilator TIMEOUT 600)
  add_test(NAME t_verilator_frames_corrupt_bad
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/verilator/frames_corrupt.sh $<TARGET_FILE:sluice>
            ${CMAKE_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/verilator_frames_corrupt)
  set_tests_properties(t_verilator_frames_corrupt_bad PROPERTIES LABELS "verilator;slow"
    PROCESSORS 2 TIMEOUT 600)

  add_test(NAME t_bench_verilator_smoke
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/bench/verilator_bench.sh $<TARGET_FILE:sluice>
            -n 1 ${CMAKE_SOURCE_DIR}/examples/gaussian.sl)
  set_tests_properties(t_bench_verilator_smoke PROPERTIES LABELS bench TIMEOUT 600
    ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")

  add_test(NAME t_verilator_no_lib_bad
    COMMAND sh -c "out=$(\"$0\" sim \"$1\" --engine verilator --seed 1 -o \"$2\" 2>&1); rc=$?; echo \"$out\"; [ $rc = 1 ] && echo \"$out\" | grep -q \"error: no hardware library at '.*no_such_lib' (set SLUICE_RTL_LIB)\""
            $<TARGET_FILE:sluice> ${CMAKE_SOURCE_DIR}/examples/brighten.sl
            ${CMAKE_CURRENT_BINARY_DIR}/verilator_out/no_lib)
  set_tests_properties(t_verilator_no_lib_bad PROPERTIES LABELS verilator
    ENVIRONMENT "SLUICE_RTL_LIB=${CMAKE_CURRENT_BINARY_DIR}/no_such_lib;SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
endif()

# SLUICE_VERILATOR_JOBS outside 1..64 is an error before any build (exit 1).
add_test(NAME t_verilator_jobs_bad
  COMMAND sh -c "SLUICE_VERILATOR_JOBS=0x \"$0\" sim \"$1\" --engine verilator --seed 1 -o \"$2\"; echo \"exit $?\""
    $<TARGET_FILE:sluice> ${CMAKE_SOURCE_DIR}/examples/brighten.sl
    ${CMAKE_CURRENT_BINARY_DIR}/verilator_out/jobs_bad)
set_tests_properties(t_verilator_jobs_bad PROPERTIES LABELS verilator TIMEOUT 120
  PASS_REGULAR_EXPRESSION "error: SLUICE_VERILATOR_JOBS is '0x': give the compiler jobs of a Verilator build, 1 to 64\nexit 1")
