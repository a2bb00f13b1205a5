# add_catch_test_cases(<target> [TEST_SPEC spec...] [TEST_PREFIX prefix] [PROPERTIES prop value...])
#
# Registers every Catch2 test case of <target> selected by TEST_SPEC as its own ctest test, as
# catch_discover_tests does, but so that each ctest test runs exactly its test case, whatever its name:
# catch_discover_tests cut names at ';' and left '\', '"', '~' and a leading '-' for Catch's test-spec
# parser and command line to read, so a test could register under half its name, select nothing and
# still pass. Here names are escaped for that syntax, and every command carries --warn NoTests,
# so a filter that selects no test case fails instead of passing. Names Catch cannot select on their
# own (a leading or trailing '*', a leading "exclude:", two names equal but for case) stop the build.
set(_catch_test_cases_script ${CMAKE_CURRENT_LIST_DIR}/catch_test_cases_script.cmake)

function(add_catch_test_cases target)
  cmake_parse_arguments(PARSE_ARGV 1 "" "" "TEST_PREFIX" "TEST_SPEC;PROPERTIES")
  string(SHA1 spec_hash "${_TEST_SPEC}|${_TEST_PREFIX}")
  string(SUBSTRING ${spec_hash} 0 7 spec_hash)
  set(include_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_include-${spec_hash}.cmake")
  set(tests_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_tests-${spec_hash}.cmake")
  # Lists travel to the script joined by a character no spec or property holds, so that -D keeps
  # them whole and a value holding ';' (LABELS "unit;slow") stays one value.
  string(ASCII 31 unit_separator)
  string(REPLACE ";" "${unit_separator}" spec "${_TEST_SPEC}")
  string(REPLACE "\\${unit_separator}" "\\;" spec "${spec}")
  string(REPLACE ";" "${unit_separator}" properties "${_PROPERTIES}")
  string(REPLACE "\\${unit_separator}" "\\;" properties "${properties}")
  # Listed right after the executable is linked, so that building the test target alone (as
  # ci/tsan does) also registers its tests; the script is a link dependency, so that a change to it
  # relinks and lists again.
  add_custom_command(
    TARGET ${target} POST_BUILD
    COMMAND "${CMAKE_COMMAND}"
            -D "TEST_EXECUTABLE=$<TARGET_FILE:${target}>"
            -D "TEST_WORKING_DIR=${CMAKE_CURRENT_BINARY_DIR}"
            -D "TEST_SPEC=${spec}"
            -D "TEST_PROPERTIES=${properties}"
            -D "TEST_PREFIX=${_TEST_PREFIX}"
            -D "CTEST_FILE=${tests_file}"
            -P "${_catch_test_cases_script}"
    VERBATIM)
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS "${_catch_test_cases_script}")
  file(WRITE "${include_file}"
    "if(EXISTS \"${tests_file}\")\n"
    "  include(\"${tests_file}\")\n"
    "else()\n"
    "  add_test(${target}_NOT_BUILT-${spec_hash} ${target}_NOT_BUILT-${spec_hash})\n"
    "endif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${include_file}")
endfunction()
