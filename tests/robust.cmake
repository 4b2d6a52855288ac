# tests/robust.cmake: output files, the Verilator cache, interrupts and hung
# children, after the reproducers of the reliability audit (label "robust";
# docs/verilator.md "Output files, interrupts and time limits" and "Cache").
#   t_robust_files           tests/robust/files.sh: concurrent runs into one
#                            directory, planted symlinks, all-or-nothing
#                            outputs, failed compile writes, long names, the
#                            sweep of dead temporaries, a full tmpfs (when it
#                            can be mounted), synth into a path with spaces
#   t_robust_interrupt       tests/robust/interrupt.sh with a stand-in
#                            verilator: SIGINT/SIGTERM during the build, the
#                            child watchdog, the sweep
#   t_robust_cache           tests/robust/cache.sh: no HOME, a foreign cache,
#                            no verilator, concurrent first builds, a planted
#                            or crashing testbench, --vcd errors, a cache
#                            path with a space (5 Verilator builds of
#                            brighten, about 35 s of CPU)
#   t_robust_signals         tests/robust/signals.sh: SIGINT, SIGTERM, SIGHUP
#                            and SIGKILL (strace) at every step of an output
#                            set's commit leave the old set or the new one,
#                            and the next command recovers a killed commit
#   t_robust_oom             tests/robust/oom.sh: the N-th allocation fails
#                            (SLUICE_FAIL_ALLOC=N) for N spread over all of
#                            check, run, compile and sim of gaussian: exit 1
#                            with "sluice: error: out of memory", earlier
#                            outputs intact, no temporary left
#   t_robust_files_slow      files.sh with 30 concurrent rounds (label slow)
#   t_robust_cache_damage_slow  tests/robust/cache_damage.sh: each damage of the
#                            audit's D10 table heals (7 builds; label slow)
#   t_robust_interrupt_real_slow  interrupt.sh on a real Verilator build of
#                            gaussian (label slow)
add_test(NAME t_robust_files
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/robust/files.sh $<TARGET_FILE:sluice> ${CMAKE_SOURCE_DIR}
          ${CMAKE_CURRENT_BINARY_DIR}/robust_files)
set_tests_properties(t_robust_files PROPERTIES LABELS robust TIMEOUT 300)
add_test(NAME t_robust_signals
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/robust/signals.sh $<TARGET_FILE:sluice> ${CMAKE_SOURCE_DIR}
          ${CMAKE_CURRENT_BINARY_DIR}/robust_signals)
set_tests_properties(t_robust_signals PROPERTIES LABELS robust TIMEOUT 200)
add_test(NAME t_robust_oom
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/robust/oom.sh $<TARGET_FILE:sluice> ${CMAKE_SOURCE_DIR}
          ${CMAKE_CURRENT_BINARY_DIR}/robust_oom)
set_tests_properties(t_robust_oom PROPERTIES LABELS robust TIMEOUT 600)
add_test(NAME t_robust_files_slow
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/robust/files.sh $<TARGET_FILE:sluice> ${CMAKE_SOURCE_DIR}
          ${CMAKE_CURRENT_BINARY_DIR}/robust_files_slow 30)
set_tests_properties(t_robust_files_slow PROPERTIES LABELS "robust;slow" TIMEOUT 600)
add_test(NAME t_robust_interrupt
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/robust/interrupt.sh $<TARGET_FILE:sluice>
          ${CMAKE_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/robust_interrupt)
set_tests_properties(t_robust_interrupt PROPERTIES LABELS robust TIMEOUT 300)
find_program(SLUICE_ROBUST_VERILATOR verilator)
if(SLUICE_ROBUST_VERILATOR)
  add_test(NAME t_robust_cache
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/robust/cache.sh $<TARGET_FILE:sluice>
            ${CMAKE_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/robust_cache)
  set_tests_properties(t_robust_cache PROPERTIES LABELS "robust;verilator" TIMEOUT 900
    PROCESSORS 2)
  add_test(NAME t_robust_cache_damage_slow
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/robust/cache_damage.sh $<TARGET_FILE:sluice>
            ${CMAKE_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/robust_cache_damage)
  set_tests_properties(t_robust_cache_damage_slow PROPERTIES LABELS "robust;slow;verilator"
    TIMEOUT 1200 PROCESSORS 2)
  add_test(NAME t_robust_interrupt_real_slow
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/robust/interrupt.sh $<TARGET_FILE:sluice>
            ${CMAKE_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/robust_interrupt_real real)
  set_tests_properties(t_robust_interrupt_real_slow PROPERTIES LABELS "robust;slow;verilator"
    TIMEOUT 900 PROCESSORS 2)
endif()
