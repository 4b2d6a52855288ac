# tests/bad.cmake: the catalogue of bad programs (tests/bad/), one test per
# program:
#   t_bad_<name>          `sluice check <name>.sl`, run from tests/bad, exits
#                         1 with empty stdout and stderr equal to <name>.err
#                         (a <name>.err without <name>.sl: the program file
#                         does not exist);
#   t_bad_fixtures        the bad .npy files of tests/bad/data match
#                         make_fixtures.py.
# Regenerate goldens with tests/bad/run_bad.sh build/driver/sluice --update
# (or UPDATE_GOLDEN=1) and review the diff.  Label "frontend": these also run
# in the sanitizer build.
find_package(Python3 COMPONENTS Interpreter REQUIRED)

file(GLOB SLUICE_BAD_FILES CONFIGURE_DEPENDS
  ${CMAKE_CURRENT_SOURCE_DIR}/bad/*.sl ${CMAKE_CURRENT_SOURCE_DIR}/bad/*.err)
set(SLUICE_BAD_NAMES)
foreach(f ${SLUICE_BAD_FILES})
  get_filename_component(n ${f} NAME_WE)
  list(APPEND SLUICE_BAD_NAMES ${n})
endforeach()
list(REMOVE_DUPLICATES SLUICE_BAD_NAMES)

foreach(n ${SLUICE_BAD_NAMES})
  add_test(NAME t_bad_${n}
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/bad/run_bad.sh $<TARGET_FILE:sluice> ${n})
  set_tests_properties(t_bad_${n} PROPERTIES LABELS frontend)
endforeach()

add_test(NAME t_bad_fixtures
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/bad/make_fixtures.py --check)
set_tests_properties(t_bad_fixtures PROPERTIES LABELS frontend)
