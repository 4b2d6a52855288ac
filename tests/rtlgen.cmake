# tests/rtlgen.cmake: the generated Verilog (rtlgen/).
#   t_rtl_golden_<name>          tests/golden/rtl/<name>/: sluice_<name>.v
#                                byte for byte (run_rtl_golden.sh; rewrite
#                                with UPDATE_GOLDEN=1 and review the diff)
#   t_rtl_golden_yosys_<name>    Yosys synth + check -assert of the same
#   t_rtlgen_lint_<example>      verilator --lint-only -Wall, no warnings,
#                                for every example at its small size
#   t_rtlgen_yosys_<example>     Yosys synth + check -assert (label slow:
#                                minutes for the larger examples)
#   t_selfc_<example>            compile -o DIR copied into an empty directory
#                                builds from the copy alone: lint -f/-F of
#                                sluice_NAME.f, Yosys hierarchy -check + proc
#                                (self_contained.sh)
#   t_selfc_synth_<example>      the same with Yosys synth from the copy (label
#                                slow but for the small examples)
#   t_rtlgen_lint_lanes_<example>_k<k>   the same lint at --unroll 2 and 4,
#                                every example the lane rewrite accepts
#                                (docs/hardware.md "Top-level interface")
#   t_rtlgen_yosys_lanes_<example>_k<k>  and Yosys (label slow, but for
#                                blur_xy at k = 4: rtlgen)
set(SLUICE_RTL_CHECK ${CMAKE_CURRENT_SOURCE_DIR}/rtlgen/check_generated.sh)
set(SLUICE_RTL_LIB ${CMAKE_SOURCE_DIR}/rtlgen/lib)
file(GLOB SLUICE_RTL_GOLDEN LIST_DIRECTORIES true
  ${CMAKE_CURRENT_SOURCE_DIR}/golden/rtl/*)
foreach(dir ${SLUICE_RTL_GOLDEN})
  if(IS_DIRECTORY ${dir})
    get_filename_component(name ${dir} NAME)
    add_test(NAME t_rtl_golden_${name}
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/golden/run_rtl_golden.sh $<TARGET_FILE:sluice> ${name})
    set_tests_properties(t_rtl_golden_${name} PROPERTIES LABELS "golden;rtlgen")
    add_test(NAME t_rtl_golden_yosys_${name}
      COMMAND ${SLUICE_RTL_CHECK} $<TARGET_FILE:sluice> ${dir}/program.sl ${SLUICE_RTL_LIB} yosys)
    set_tests_properties(t_rtl_golden_yosys_${name} PROPERTIES LABELS rtlgen TIMEOUT 300)
  endif()
endforeach()
find_program(SLUICE_VERILATOR verilator)
find_program(SLUICE_YOSYS yosys)
file(GLOB SLUICE_RTL_EXAMPLES ${CMAKE_SOURCE_DIR}/examples/*.sl)
foreach(prog ${SLUICE_RTL_EXAMPLES})
  get_filename_component(ex ${prog} NAME_WE)
  if(SLUICE_VERILATOR)
    add_test(NAME t_rtlgen_lint_${ex}
      COMMAND ${SLUICE_RTL_CHECK} $<TARGET_FILE:sluice> ${prog} ${SLUICE_RTL_LIB} lint)
    set_tests_properties(t_rtlgen_lint_${ex} PROPERTIES LABELS rtlgen TIMEOUT 120)
  endif()
  if(SLUICE_VERILATOR AND SLUICE_YOSYS)
    add_test(NAME t_selfc_${ex}
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/rtlgen/self_contained.sh $<TARGET_FILE:sluice> ${prog} elab)
    set_tests_properties(t_selfc_${ex} PROPERTIES LABELS rtlgen TIMEOUT 120)
    add_test(NAME t_selfc_synth_${ex}
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/rtlgen/self_contained.sh $<TARGET_FILE:sluice> ${prog} synth)
    if(ex MATCHES "^(brighten|gaussian)$")
      set_tests_properties(t_selfc_synth_${ex} PROPERTIES LABELS rtlgen TIMEOUT 300)
    else()
      set_tests_properties(t_selfc_synth_${ex} PROPERTIES LABELS "rtlgen;slow" TIMEOUT 1800)
    endif()
  endif()
  if(SLUICE_YOSYS)
    add_test(NAME t_rtlgen_yosys_${ex}
      COMMAND ${SLUICE_RTL_CHECK} $<TARGET_FILE:sluice> ${prog} ${SLUICE_RTL_LIB} yosys)
    set_tests_properties(t_rtlgen_yosys_${ex} PROPERTIES LABELS "rtlgen;slow" TIMEOUT 1800)
  endif()
endforeach()

# Lanes: a spread of the examples at k = 2 and 4 (unsharp, jacobi and
# resnet_layer, whose lanes choose among the lanes they read, are checked
# by tests/unroll.cmake in the model and Verilator).
set(SLUICE_LANE_EXAMPLES blur_xy brighten gaussian cascade harris upsample downsample
  camera_pipeline mobilenet matmul jacobi unsharp laplacian_pyramid resnet_layer)
# camera_pipeline's innermost dimension is the channel, 3 points: K = 2, 3
# along it, 4 along x (8 in Verilator: tests/verilator.cmake).
foreach(ex ${SLUICE_LANE_EXAMPLES})
  set(ks 2 4)
  if(ex STREQUAL "camera_pipeline")
    set(ks 2 3 4)
  endif()
  foreach(k ${ks})
    if(SLUICE_VERILATOR)
      add_test(NAME t_rtlgen_lint_lanes_${ex}_k${k}
        COMMAND ${SLUICE_RTL_CHECK} $<TARGET_FILE:sluice> ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
                ${SLUICE_RTL_LIB} lint --unroll ${k})
      set_tests_properties(t_rtlgen_lint_lanes_${ex}_k${k} PROPERTIES LABELS rtlgen TIMEOUT 120)
    endif()
    if(SLUICE_YOSYS)
      add_test(NAME t_rtlgen_yosys_lanes_${ex}_k${k}
        COMMAND ${SLUICE_RTL_CHECK} $<TARGET_FILE:sluice> ${CMAKE_SOURCE_DIR}/examples/${ex}.sl
                ${SLUICE_RTL_LIB} yosys --unroll ${k})
      if(ex STREQUAL "blur_xy" AND k EQUAL 4)
        set_tests_properties(t_rtlgen_yosys_lanes_${ex}_k${k} PROPERTIES LABELS rtlgen TIMEOUT 600)
      else()
        set_tests_properties(t_rtlgen_yosys_lanes_${ex}_k${k} PROPERTIES LABELS "rtlgen;slow"
          TIMEOUT 1800)
      endif()
    endif()
  endforeach()
endforeach()

# Constant folding (values/range.c, rtlgen/datapath.c): tests/rtlgen/fold.sl,
# expressions of one value and comparisons the operands' intervals decide
# (issue 24: Verilator's UNSIGNED was fatal on `max(in(x), in(x) % 1)`).
#   t_rtlgen_lint_fold_{native,axis,k2}  verilator -Wall, no warnings
#   t_rtlgen_sim_fold    sim --engine verilator: equal to the reference
if(SLUICE_VERILATOR)
  foreach(v native axis k2)
    set(fold_args native)
    if(v STREQUAL axis)
      set(fold_args axis)
    elseif(v STREQUAL k2)
      set(fold_args native --unroll 2)
    endif()
    add_test(NAME t_rtlgen_lint_fold_${v}
      COMMAND ${SLUICE_RTL_CHECK} $<TARGET_FILE:sluice> ${CMAKE_CURRENT_SOURCE_DIR}/rtlgen/fold.sl
              ${SLUICE_RTL_LIB} lint ${fold_args})
    set_tests_properties(t_rtlgen_lint_fold_${v} PROPERTIES LABELS rtlgen TIMEOUT 120)
  endforeach()
  add_test(NAME t_rtlgen_sim_fold
    COMMAND $<TARGET_FILE:sluice> sim ${CMAKE_CURRENT_SOURCE_DIR}/rtlgen/fold.sl
            --engine verilator --seed 3 -o ${CMAKE_CURRENT_BINARY_DIR}/rtlgen_out/fold)
  set_tests_properties(t_rtlgen_sim_fold PROPERTIES LABELS verilator TIMEOUT 600
    ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache"
    PASS_REGULAR_EXPRESSION "128 output values equal to the reference")
endif()
