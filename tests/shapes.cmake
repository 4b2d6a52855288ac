# tests/shapes.cmake: programs shaped like users' (tests/shapes/*.sl, written
# apart from the examples and the generator; issue 26's held-out bar) through
# `sim` on every default that matters (label shapes):
#   t_shapes_model_{native,k2,pub,pub_k2}  the cycle model: bit-exact, cycles
#                               = predicted, at 1 and 2 lanes, natively and on
#                               tiles with default tile parameters
#   t_shapes_verilator_axis_k2, _axis_k2_pub, _pub   (slow) Verilator with the
#                               AXI4-Stream interface at 2 lanes, natively and
#                               on tiles, and the tiles at one lane
set(sl_shapes ${CMAKE_CURRENT_SOURCE_DIR}/shapes/run.sh)
foreach(mode native k2 pub pub_k2)
  set(args)
  if(mode MATCHES "k2")
    list(APPEND args --unroll 2)
  endif()
  if(mode MATCHES "pub")
    list(APPEND args --memory pub)
  endif()
  add_test(NAME t_shapes_model_${mode} COMMAND ${sl_shapes} $<TARGET_FILE:sluice> model ${args})
  set_tests_properties(t_shapes_model_${mode} PROPERTIES LABELS shapes TIMEOUT 300)
endforeach()
find_program(SLUICE_VERILATOR_EXE verilator)
if(SLUICE_VERILATOR_EXE)
  foreach(mode axis_k2 axis_k2_pub pub)
    set(args)
    if(mode MATCHES "axis")
      list(APPEND args --interface axis --unroll 2)
    endif()
    if(mode MATCHES "pub")
      list(APPEND args --memory pub)
    endif()
    add_test(NAME t_shapes_verilator_${mode}
      COMMAND ${sl_shapes} $<TARGET_FILE:sluice> verilator ${args})
    set_tests_properties(t_shapes_verilator_${mode} PROPERTIES LABELS "shapes;verilator;slow"
      TIMEOUT 3600 ENVIRONMENT "SLUICE_CACHE_DIR=${CMAKE_BINARY_DIR}/verilator_cache")
  endforeach()
endif()
