# Scheduler: the unit tests in tests/unit/t_sched.cpp need the library.
target_link_libraries(sluice_unit PRIVATE sl_scheduler)
