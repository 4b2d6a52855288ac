# Unified buffers: the unit tests in tests/unit/t_ubuffer.cpp need the
# library (and, through it, the scheduler).
target_link_libraries(sluice_unit PRIVATE sl_pub sl_ubuffer)

find_package(Python3 COMPONENTS Interpreter REQUIRED)

# Compile time of the programs whose buffer analysis once ran for minutes
# or did not finish (issue 15; tests/diff/regress/ub_blowup_*.sl, which
# t_diff_regress also simulates): each must compile.  They take well under
# a second of CPU (ub_blowup_fallback.sl, which spends the whole isl budget,
# about one); the timeout only catches a hang.  Label "ubuffer".
file(GLOB SLUICE_UB_BLOWUP CONFIGURE_DEPENDS
  ${CMAKE_CURRENT_SOURCE_DIR}/diff/regress/ub_blowup_*.sl)
foreach(prog ${SLUICE_UB_BLOWUP})
  get_filename_component(name ${prog} NAME_WE)
  add_test(NAME t_ubuffer_compile_time_${name}
    COMMAND $<TARGET_FILE:sluice> compile ${prog}
            -o ${CMAKE_CURRENT_BINARY_DIR}/compile_time/${name})
  set_tests_properties(t_ubuffer_compile_time_${name} PROPERTIES LABELS ubuffer TIMEOUT 60)
endforeach()

# The budget fallback end to end: ub_blowup_fallback.sl's in0 is sized by
# the walk after its symbolic analysis exceeds the budget, and buffers.txt
# and report.json say so (tests/ubuffer/check_walk_note.py).
add_test(NAME t_ubuffer_walk_note
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/ubuffer/check_walk_note.py
          $<TARGET_FILE:sluice> ${CMAKE_CURRENT_SOURCE_DIR}/diff/regress/ub_blowup_fallback.sl
          ${CMAKE_CURRENT_BINARY_DIR}/walk_note in0 1116274)
set_tests_properties(t_ubuffer_walk_note PROPERTIES LABELS ubuffer TIMEOUT 60)
