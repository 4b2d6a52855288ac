# tests/golden.cmake: golden tests of `sluice compile` dumps.
#   t_golden_compile_<name>   tests/golden/compile/<name>/: schedule.txt
#                             (and buffers.txt once it has a golden file)
#                             byte for byte; see tests/golden/README.md.
#   t_golden_layout_<name>    the delay-chain layout its golden buffers.txt
#                             states is the one in the Verilog
#                             (golden/check_runs.sh); not for the cases
#                             with --memory pub, whose tiles replace it
# Rewrite the goldens with
#   tests/golden/run_golden.sh build/driver/sluice --update
file(GLOB SLUICE_GOLDEN_COMPILE LIST_DIRECTORIES true
  ${CMAKE_CURRENT_SOURCE_DIR}/golden/compile/*)
foreach(dir ${SLUICE_GOLDEN_COMPILE})
  if(IS_DIRECTORY ${dir})
    get_filename_component(name ${dir} NAME)
    add_test(NAME t_golden_compile_${name}
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/golden/run_golden.sh $<TARGET_FILE:sluice> ${name})
    set_tests_properties(t_golden_compile_${name} PROPERTIES LABELS golden)
    # with --memory pub the Verilog holds tiles where buffers.txt describes
    # the native layout they replace: no layout check (tiles.txt is theirs)
    set(args "")
    if(EXISTS ${dir}/args)
      file(READ ${dir}/args args)
    endif()
    if(NOT args MATCHES "--memory pub")
      add_test(NAME t_golden_layout_${name}
        COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/golden/check_runs.sh $<TARGET_FILE:sluice> ${name})
      set_tests_properties(t_golden_layout_${name} PROPERTIES LABELS golden)
    endif()
  endif()
endforeach()
