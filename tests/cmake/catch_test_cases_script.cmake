# Run at build time by add_catch_test_cases (CatchTestCases.cmake): lists the test cases of
# TEST_EXECUTABLE selected by TEST_SPEC and writes CTEST_FILE, one add_test per test case.
# Names are never held in a CMake list, which would split them at ';'.
string(ASCII 31 unit_separator)
string(REPLACE "${unit_separator}" ";" spec "${TEST_SPEC}")
string(REPLACE "${unit_separator}" ";" properties "${TEST_PROPERTIES}")

execute_process(
  COMMAND "${TEST_EXECUTABLE}" ${spec} --list-test-names-only
  OUTPUT_VARIABLE listing
  RESULT_VARIABLE listed_count
  WORKING_DIRECTORY "${TEST_WORKING_DIR}")
if(NOT listed_count MATCHES "^[0-9]+$")
  message(FATAL_ERROR "${TEST_EXECUTABLE} ${spec} --list-test-names-only failed: ${listed_count}\n${listing}")
endif()

# One argument of a generated command, as a bracket argument: read verbatim, never split.
function(bracket_argument text out_var)
  set(equals "=")
  while(text MATCHES "]${equals}]")
    string(APPEND equals "=")
  endwhile()
  set(${out_var} "[${equals}[${text}]${equals}]" PARENT_SCOPE)
endfunction()

# The test spec that selects exactly the test case named `name`. Catch's spec parser reads '\', ','
# and '[' specially anywhere, and before a name starts it skips blanks and reads '~' as an exclusion
# and '"' as a quote; its command line reads a leading '-' as a flag. So the leading characters are
# escaped up to the first one that starts the name (an escaped character does not start it), and
# the special ones after it.
function(catch_exact_spec name out_var)
  if(name MATCHES "^\\*|\\*$" OR name MATCHES "^exclude:")
    message(FATAL_ERROR "${TEST_EXECUTABLE}: Catch reads the test name '${name}' as a pattern, not "
      "as itself (a leading or trailing '*', a leading \"exclude:\"); rename the test case")
  endif()
  string(REGEX MATCH "^[-~ \"[\\,]+" lead "${name}")
  string(LENGTH "${lead}" lead_length)
  string(LENGTH "${name}" name_length)
  if(lead_length EQUAL name_length)
    message(FATAL_ERROR "${TEST_EXECUTABLE}: the test name '${name}' has nothing Catch reads as a name")
  endif()
  string(SUBSTRING "${name}" ${lead_length} -1 rest)
  if(lead_length GREATER 0)
    string(REGEX REPLACE "(.)" "\\\\\\1" lead "${lead}")
  endif()
  if(rest MATCHES "[][\\,\"]")
    string(REGEX REPLACE "([][\\,\"])" "\\\\\\1" rest "${rest}")
  endif()
  set(${out_var} "${lead}${rest}" PARENT_SCOPE)
endfunction()

set(script "")
set(names_seen "")
set(name_count 0)
string(LENGTH "${listing}" remaining)
while(remaining GREATER 0)
  string(FIND "${listing}" "\n" line_end)
  if(line_end EQUAL -1)
    set(line "${listing}")
    set(listing "")
  else()
    string(SUBSTRING "${listing}" 0 ${line_end} line)
    math(EXPR next "${line_end} + 1")
    string(SUBSTRING "${listing}" ${next} -1 listing)
  endif()
  string(LENGTH "${listing}" remaining)
  string(REGEX REPLACE "\r$" "" name "${line}")
  if(name STREQUAL "")
    continue()
  endif()
  # Catch quotes the names that start with '#' in this listing.
  if(name MATCHES "^\"#.*\"$")
    string(REGEX REPLACE "^\"(.*)\"$" "\\1" name "${name}")
  endif()
  math(EXPR name_count "${name_count} + 1")
  # Catch matches names regardless of case: two names equal but for case would both run.
  string(TOLOWER "${name}" folded)
  string(FIND "${names_seen}" "\n${folded}\n" seen_at)
  if(NOT seen_at EQUAL -1)
    message(FATAL_ERROR "${TEST_EXECUTABLE}: two test cases are named '${name}' but for case; "
      "Catch would run both for either")
  endif()
  string(APPEND names_seen "\n${folded}\n")

  catch_exact_spec("${name}" spec_arg)
  bracket_argument("${TEST_PREFIX}${name}" test_name)
  bracket_argument("${TEST_EXECUTABLE}" executable)
  bracket_argument("${spec_arg}" spec_arg)
  bracket_argument("${TEST_WORKING_DIR}" working_dir)
  set(property_args "")
  foreach(property IN LISTS properties)
    bracket_argument("${property}" property)
    string(APPEND property_args " ${property}")
  endforeach()
  string(APPEND script "add_test(${test_name} ${executable} ${spec_arg} --warn NoTests)\n"
    "set_tests_properties(${test_name} PROPERTIES WORKING_DIRECTORY ${working_dir}${property_args})\n")
endwhile()

# The exit code of a listing is the number of names listed (at most 255): a mismatch means the
# listing was misread.
if(listed_count LESS 255 AND NOT listed_count EQUAL name_count)
  message(FATAL_ERROR "${TEST_EXECUTABLE}: listed ${listed_count} test cases but ${name_count} were read")
endif()
file(WRITE "${CTEST_FILE}" "${script}")
