# tests/pub.cmake: buffers on the push-memory tile (ubuffer/pub.c,
# docs/pub.md "Mapping").  The unit tests are tests/unit/t_pub.cpp.
#   t_pub_cli   --memory pub on the command line: the collision, width and
#               capacity errors against goldens (tests/pub/*.err), usage
#               errors, gaussian's pub.json, report.json and $readmemh
#               image, and the counts `sim --memory pub` prints
add_test(NAME t_pub_cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/pub/cli.sh $<TARGET_FILE:sluice>)
set_tests_properties(t_pub_cli PROPERTIES LABELS "golden;pub" TIMEOUT 120)
