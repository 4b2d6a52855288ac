# Fuzzing: the replay of the fuzz corpus and of every crasher found
# (t_fuzz_replay, label "frontend", so it also runs in the sanitizer
# build), and with -DSLUICE_FUZZ=ON a target `fuzzers` that builds the
# libFuzzer binaries with clang into ${CMAKE_BINARY_DIR}/fuzz (the normal
# compiler is left alone).  See tests/fuzz/README.md.
option(SLUICE_FUZZ "Add the target 'fuzzers' (libFuzzer, needs clang)" OFF)

set(SLUICE_FUZZ_DIR ${CMAKE_CURRENT_SOURCE_DIR}/fuzz)

add_executable(fuzz_replay ${SLUICE_FUZZ_DIR}/replay.c
  ${SLUICE_FUZZ_DIR}/fuzz_frontend.c ${SLUICE_FUZZ_DIR}/fuzz_npy.c)
target_link_libraries(fuzz_replay PRIVATE sl_ref sl_frontend sl_io sl_ir)
target_compile_definitions(fuzz_replay PRIVATE FUZZ_REPLAY=1
  SLUICE_SOURCE_DIR="${CMAKE_SOURCE_DIR}")

add_test(NAME t_fuzz_replay
  COMMAND fuzz_replay
    frontend ${SLUICE_FUZZ_DIR}/corpus/frontend ${SLUICE_FUZZ_DIR}/crashers/frontend
    npy ${SLUICE_FUZZ_DIR}/corpus/npy ${SLUICE_FUZZ_DIR}/crashers/npy)
set_tests_properties(t_fuzz_replay PROPERTIES LABELS frontend TIMEOUT 300)

if(SLUICE_FUZZ)
  add_custom_target(fuzzers
    COMMAND sh ${SLUICE_FUZZ_DIR}/build_fuzzers.sh ${CMAKE_BINARY_DIR}/fuzz
    COMMENT "Building the libFuzzer targets with clang"
    VERBATIM)
endif()
