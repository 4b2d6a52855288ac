# Unified buffers: the unit tests in tests/unit/t_ubuffer.cpp need the
# library (and, through it, the scheduler).
target_link_libraries(sluice_unit PRIVATE sl_ubuffer)
