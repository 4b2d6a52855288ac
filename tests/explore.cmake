# tests/explore.cmake: `sluice explore` (tests/explore/check_explore.py,
# docs/explore.md).  The numbers (Pareto, ADRS, hypervolume, Kendall tau,
# MAPE, the fit) and the space parser are unit tests (tests/unit/t_explore.cpp).
#   t_explore_estimate_gaussian  estimate fidelity, default space, UP5K:
#                                figures against sluice compile, the front
#                                recomputed, same bytes twice
#   t_explore_errors             bad space lines located, exit 2
#   t_explore_jobs               a sweep at estimate fidelity: the runner,
#                                GNU parallel -S : and a killed and resumed
#                                run give the same explore.json
#   t_explore_random             random programs (tests/diff/gen.py) at
#                                estimate fidelity, against sluice compile
#   t_explore_shapes             --shapes: gaussian on the UP5K over four
#                                sizes (cycles by hand and by compile, every
#                                figure recomputed, the cliff at 64x64 and its
#                                block RAMs by hand), random programs with
#                                unused W and H at ratio 1
#   t_explore_validate           --validate: brighten 16x8 on the UP5K, a
#                                front of two in Verilator, cycles = W H / K
#                                + L, the inputs of --seed 1, sluice sim's
#                                cycles, same bytes twice (two Verilator
#                                builds: 24 s uncached on a loaded machine,
#                                1 s cached)
#   t_explore_validate_broken    (slow) an inverting sl_pipe: exit 1 naming
#                                the point, its verdict in explore.json
#   t_explore_random_validate    (slow) three random programs (tests/diff/
#                                gen.py) with --validate on the ECP5: every
#                                front point bit-exact at its cycles (94 s)
#   t_explore_pnr                (slow) --fidelity pnr on the UP5K and the
#                                ZU9EG: nextpnr's Fmax against nextpnr.log,
#                                the delay model's on the ZU9EG, the same
#                                bytes with and without --synth-cache
#   t_explore_slurm              (slow) the sweep's slurm.sh on a single-node Slurm
#                                the test starts and stops by pid
#                                (tests/explore/slurm_run.sh): the runner's
#                                explore.json; skipped, with the reason,
#                                without slurmd, slurmctld, sbatch and munge
#   t_explore_synth_jobs         the same with Yosys (slow)
#   t_explore_random_synth       two random programs searched with Yosys and
#                                the knob-aware correction, --truth: ADRS
#                                recomputed, the same bytes from the cache
#                                (slow)
#   t_explore_minutes            --budget-minutes 0.02: one Yosys run, stop
#                                "minutes" (slow)
#   t_explore_adrs_PROG_BOARD    the bar: 48 points, --truth, ADRS <= 1%
#                                with at most 10% of the points synthesized,
#                                gaussian, harris and blur_xy on the UP5K and
#                                the ZU9EG (slow; 2-4 minutes each quiet)
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(sl_explore_check ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/explore/check_explore.py)
set(sl_explore_out ${CMAKE_CURRENT_BINARY_DIR}/explore)
foreach(m estimate errors jobs random shapes)
  set(name t_explore_${m})
  if(m STREQUAL "estimate")
    set(name t_explore_estimate_gaussian)
  endif()
  add_test(NAME ${name}
    COMMAND ${sl_explore_check} ${m} $<TARGET_FILE:sluice> ${sl_explore_out}/${m})
  set_tests_properties(${name} PROPERTIES LABELS "explore" TIMEOUT 120)
endforeach()
add_test(NAME t_explore_validate
  COMMAND ${sl_explore_check} validate $<TARGET_FILE:sluice> ${sl_explore_out}/validate)
set_tests_properties(t_explore_validate PROPERTIES LABELS "explore;verilator;slow" TIMEOUT 300
  PROCESSORS 2)
add_test(NAME t_explore_validate_broken
  COMMAND ${sl_explore_check} validatebroken $<TARGET_FILE:sluice> ${sl_explore_out}/validatebroken)
set_tests_properties(t_explore_validate_broken PROPERTIES LABELS "explore;verilator;slow"
  TIMEOUT 300 PROCESSORS 2)
add_test(NAME t_explore_random_validate
  COMMAND ${sl_explore_check} randomvalidate $<TARGET_FILE:sluice> ${sl_explore_out}/randomvalidate)
set_tests_properties(t_explore_random_validate PROPERTIES LABELS "explore;verilator;slow"
  TIMEOUT 900 PROCESSORS 2)
add_test(NAME t_explore_pnr
  COMMAND ${sl_explore_check} pnr $<TARGET_FILE:sluice> ${sl_explore_out}/pnr)
set_tests_properties(t_explore_pnr PROPERTIES LABELS "explore;synth;slow" TIMEOUT 600)
add_test(NAME t_explore_slurm
  COMMAND ${sl_explore_check} slurm $<TARGET_FILE:sluice> ${sl_explore_out}/slurm)
set_tests_properties(t_explore_slurm PROPERTIES LABELS "explore;slow" TIMEOUT 300
  SKIP_RETURN_CODE 77)
add_test(NAME t_explore_random_synth
  COMMAND ${sl_explore_check} randomsynth $<TARGET_FILE:sluice> ${sl_explore_out}/randomsynth)
set_tests_properties(t_explore_random_synth PROPERTIES LABELS "explore;synth;slow" TIMEOUT 900)
add_test(NAME t_explore_minutes
  COMMAND ${sl_explore_check} minutes $<TARGET_FILE:sluice> ${sl_explore_out}/minutes)
set_tests_properties(t_explore_minutes PROPERTIES LABELS "explore;synth;slow" TIMEOUT 300)
add_test(NAME t_explore_synth_jobs
  COMMAND ${sl_explore_check} synthjobs $<TARGET_FILE:sluice> ${sl_explore_out}/synthjobs)
set_tests_properties(t_explore_synth_jobs PROPERTIES LABELS "explore;synth;slow" TIMEOUT 1800)
foreach(case gaussian:ice40up5k:up5k gaussian:zu9eg:zu9eg harris:ice40up5k:up5k
    harris:zu9eg:zu9eg blur_xy:ice40up5k:up5k blur_xy:zu9eg:zu9eg)
  string(REPLACE ":" ";" parts ${case})
  list(GET parts 0 prog)
  list(GET parts 1 board)
  list(GET parts 2 short)
  add_test(NAME t_explore_adrs_${prog}_${short}
    COMMAND ${sl_explore_check} adrs $<TARGET_FILE:sluice> ${sl_explore_out}/adrs_${prog}_${short}
      ${CMAKE_SOURCE_DIR}/examples/${prog}.sl ${board}
      ${CMAKE_CURRENT_SOURCE_DIR}/explore/gaussian48.space 4)
  set_tests_properties(t_explore_adrs_${prog}_${short} PROPERTIES LABELS "explore;synth;slow"
    TIMEOUT 3600)
endforeach()
