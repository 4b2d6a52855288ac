# tests/border.cmake: line buffers with border taps (ubuffer/border.c,
# docs/hardware.md "Border taps").  Each case is tests/border/check_border.py:
# the mapping (no circular buffer; at one lane the input is the one chain
# with border taps) and `sluice sim` bit for bit with measured = predicted
# cycles, on examples/box_clamp.sl and the corner cases of tests/border/:
# a 5x5 clamp, a clamp on one axis, one-sided clamps (max or min alone), a
# constant border by select, mirrored borders (reflect-101 and reflect),
# a clamp at stride 2; odd widths at one lane, k = 2, 4, 8
# lanes on rows of 32 (a multiple of k: rows that are not wait for issue
# 25 item 2), three frames.  box_clamp at k > 1: one sl_sched of the
# shifts after the last write, shared by the input's lanes.
#   t_border_model_<prog>_k<k>       the cycle-level model (label ubuffer)
#   t_border_verilator_<prog>_k<k>   Verilator (label verilator; all but box
#                                    at k = 1 and 8, the constant border and
#                                    reflect-101 at k = 1 also "slow")
# With --memory pub the buffer stays native (t_border_model_box_clamp_pub).
# The mirrored borders at k > 1 stay a circular buffer (the lane rewrite
# keeps its input one lane, read k elements a word): checked as such.
find_package(Python3 COMPONENTS Interpreter REQUIRED)

set(SLUICE_BORDER_PROGS
  box_clamp=${CMAKE_SOURCE_DIR}/examples/box_clamp.sl
  clamp5=${CMAKE_CURRENT_SOURCE_DIR}/border/clamp5.sl
  clamp_x=${CMAKE_CURRENT_SOURCE_DIR}/border/clamp_x.sl
  const_border=${CMAKE_CURRENT_SOURCE_DIR}/border/const_border.sl
  mirror=${CMAKE_CURRENT_SOURCE_DIR}/border/mirror.sl
  mirror_reflect=${CMAKE_CURRENT_SOURCE_DIR}/border/mirror_reflect.sl
  onesided=${CMAKE_CURRENT_SOURCE_DIR}/border/onesided.sl
  stride2=${CMAKE_CURRENT_SOURCE_DIR}/border/stride2.sl)

function(sluice_border_case engine name prog k)
  set(extra ${ARGN})
  if(k GREATER 1)
    list(APPEND extra -D W=32 -D H=9)
    if(name MATCHES "^mirror")
      list(APPEND extra --allow-circular --expect-border 0)
    endif()
    if(name STREQUAL "box_clamp")
      # the k lanes of 'in' end their writes together and shift as many
      # times after: one sl_sched of those shifts, not k
      list(APPEND extra --expect-vsched 1)
    endif()
  else()
    list(APPEND extra --expect-border 1)
  endif()
  add_test(NAME t_border_${engine}_${name}_k${k}
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/border/check_border.py
            $<TARGET_FILE:sluice> ${prog} --unroll ${k} --engine ${engine} ${extra})
  if(engine STREQUAL "verilator")
    # make test: a spread (box at 1 and 8 lanes, the constant border, a
    # mirror, and the frames below); the other Verilator builds are slow
    # (make test-slow): each is a cold Verilator build on a fresh machine.
    if("${name}_k${k}" MATCHES "^(box_clamp_k1|box_clamp_k8|const_border_k1|mirror_reflect_k1)$")
      set(border_labels verilator)
    else()
      set(border_labels "verilator;slow")
    endif()
    set_tests_properties(t_border_${engine}_${name}_k${k} PROPERTIES
      LABELS "${border_labels}" TIMEOUT 600)
  else()
    set_tests_properties(t_border_${engine}_${name}_k${k} PROPERTIES
      LABELS ubuffer TIMEOUT 120)
  endif()
endfunction()

foreach(entry ${SLUICE_BORDER_PROGS})
  string(REPLACE "=" ";" kv ${entry})
  list(GET kv 0 name)
  list(GET kv 1 prog)
  foreach(k 1 2 4 8)
    sluice_border_case(model ${name} ${prog} ${k})
  endforeach()
  sluice_border_case(verilator ${name} ${prog} 1)
  if(NOT name MATCHES "^mirror")
    sluice_border_case(verilator ${name} ${prog} 8)
  else()
    sluice_border_case(verilator ${name} ${prog} 2)
  endif()
endforeach()

set(box ${CMAKE_SOURCE_DIR}/examples/box_clamp.sl)
# odd sizes at one lane (the other programs' defaults are odd already),
# three frames (the shifts after each frame's last write), Verilator at
# k = 2 and 4
add_test(NAME t_border_model_box_clamp_odd
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/border/check_border.py
          $<TARGET_FILE:sluice> ${box} -D W=15 -D H=7 --expect-border 1)
add_test(NAME t_border_model_box_clamp_frames
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/border/check_border.py
          $<TARGET_FILE:sluice> ${box} -D W=15 -D H=7 --frames 3 --expect-border 1)
set_tests_properties(t_border_model_box_clamp_odd t_border_model_box_clamp_frames
  PROPERTIES LABELS ubuffer TIMEOUT 120)
sluice_border_case(verilator box_clamp ${box} 2)
sluice_border_case(verilator box_clamp ${box} 4)
add_test(NAME t_border_verilator_box_clamp_frames
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/border/check_border.py
          $<TARGET_FILE:sluice> ${box} -D W=15 -D H=7 --frames 3 --engine verilator
          --expect-border 1)
set_tests_properties(t_border_verilator_box_clamp_frames PROPERTIES
  LABELS verilator TIMEOUT 600)
add_test(NAME t_border_model_box_clamp_pub
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/border/check_border.py
          $<TARGET_FILE:sluice> ${box} -D W=16 -D H=8 --memory pub --expect-border 1)
set_tests_properties(t_border_model_box_clamp_pub PROPERTIES LABELS ubuffer TIMEOUT 120)
