# tests/verilator.cmake: the generated Verilog in Verilator (label "verilator").
#   t_verilator_harness_*   the harness (sim/verilator.c) on a hand-written
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
#   t_verilator_sim_crop    an input stream that ends after the last output:
#                           done at 256 (crop.sl)
#   t_verilator_cache_vcd   a second run reuses the build; --vcd dumps the
#                           first 2000 cycles (tests/verilator/cache_vcd.sh)
#   t_verilator_no_lib_bad  a missing library is an error, exit 1
#   t_bench_verilator_smoke tests/bench/verilator_bench.sh once on the 64x64
#                           gaussian, so that the script keeps working
#                           (label "bench")
#   t_verilator_broken_lib_bad  a library that inverts pipeline values: the
#                           first mismatch is reported (broken_lib.sh)
# Builds are cached in ${CMAKE_BINARY_DIR}/verilator_cache; a first run
# verilates every example (about 10-30 s each).
find_program(SLUICE_VERILATOR_EXE verilator)
if(SLUICE_VERILATOR_EXE)
  add_executable(sluice_vl_harness ${CMAKE_CURRENT_SOURCE_DIR}/verilator/t_vl_harness.cpp)
  target_link_libraries(sluice_vl_harness PRIVATE sl_flow sl_sim sl_frontend sl_ir GTest::gtest GTest::gtest_main)
  target_compile_definitions(sluice_vl_harness PRIVATE
    SLUICE_SOURCE_DIR="${CMAKE_SOURCE_DIR}" SLUICE_BINARY_DIR="${CMAKE_BINARY_DIR}")
  gtest_discover_tests(sluice_vl_harness
    PROPERTIES LABELS verilator RUN_SERIAL TRUE TIMEOUT 300 DISCOVERY_TIMEOUT 60)

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
  # RAM (--ram block, down to the small ones).
  foreach(ex upsample camera_pipeline matmul)
    foreach(ram lut block)
      add_test(NAME t_verilator_sim_${ram}_${ex}
        COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
                --engine verilator --seed 2 --ram ${ram}
                -o ${CMAKE_CURRENT_BINARY_DIR}/verilator_out/${ram}_${ex})
      set_tests_properties(t_verilator_sim_${ram}_${ex} PROPERTIES LABELS verilator
        TIMEOUT 600 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
    endforeach()
  endforeach()
  # The sequential schedule keeps whole frames in block RAM, one copy per
  # read holding its read's window (gaussian: 9 copies of 3966 of the 4096
  # words, tests/golden/README.md), written only inside it and addressed
  # from its first word: 11787 cycles (the golden's predicted_cycles).
  add_test(NAME t_verilator_sim_sequential_gaussian
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_SOURCE_DIR}/examples/gaussian.sl
            --engine verilator --seed 3 --schedule sequential
            -o ${CMAKE_CURRENT_BINARY_DIR}/verilator_out/sequential_gaussian)
  set_tests_properties(t_verilator_sim_sequential_gaussian PROPERTIES LABELS verilator
    TIMEOUT 600 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache"
    PASS_REGULAR_EXPRESSION "verilator: 11787 cycles \\(predicted 11787\\), 3844 output values equal to the reference")
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

  add_test(NAME t_verilator_sim_crop
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_CURRENT_SOURCE_DIR}/verilator/crop.sl
            --engine verilator --seed 1 -o ${CMAKE_CURRENT_BINARY_DIR}/verilator_out/crop)
  set_tests_properties(t_verilator_sim_crop PROPERTIES LABELS verilator TIMEOUT 600
    ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache"
    PASS_REGULAR_EXPRESSION "verilator: 256 cycles \\(predicted 256\\), 16 output values equal to the reference")

  add_test(NAME t_verilator_cache_vcd
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/verilator/cache_vcd.sh $<TARGET_FILE:sluice>
            ${CMAKE_SOURCE_DIR}/examples/brighten.sl ${CMAKE_CURRENT_BINARY_DIR}/verilator_cache_vcd)
  set_tests_properties(t_verilator_cache_vcd PROPERTIES LABELS verilator TIMEOUT 600)

  add_test(NAME t_verilator_broken_lib_bad
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/verilator/broken_lib.sh $<TARGET_FILE:sluice>
            ${CMAKE_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/verilator_broken_lib)
  set_tests_properties(t_verilator_broken_lib_bad PROPERTIES LABELS verilator TIMEOUT 600)

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
