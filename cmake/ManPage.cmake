# Writes a man page from what a program prints for --help, so the page and the usage text cannot
# drift apart: cmake -D PROGRAM=bin/arbiter -D NAME=arbiter -D SUMMARY="..." -D OUT=arbiter.1
#   [-D SUBCOMMANDS="match;epd;..."] [-D VERSION=0.1.0] -P ManPage.cmake
# Each subcommand's own --help becomes a section of its own. The text is set as written (.nf), with
# backslashes and leading dots or quotes escaped for troff.

function(help_text program args out_var)
  execute_process(COMMAND ${program} ${args} OUTPUT_VARIABLE text ERROR_VARIABLE text RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "ManPage: '${program} ${args}' exited ${rc}:\n${text}")
  endif()
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

function(troff_verbatim text out_var)
  string(REPLACE "\\" "\\e" text "${text}")
  # A line starting with . or ' is a troff request: \& in front keeps it text.
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out_var} ".nf\n${text}\n.fi\n" PARENT_SCOPE)
endfunction()

foreach(required PROGRAM NAME SUMMARY OUT)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "ManPage: -D ${required}=... is required")
  endif()
endforeach()

string(TOUPPER "${NAME}" upper_name)
set(page ".TH ${upper_name} 1 \"\" \"${NAME} ${VERSION}\" \"User Commands\"\n")
string(APPEND page ".SH NAME\n${NAME} \\- ${SUMMARY}\n.SH DESCRIPTION\n")
help_text(${PROGRAM} "--help" main_help)
troff_verbatim("${main_help}" body)
string(APPEND page "${body}")
foreach(sub ${SUBCOMMANDS})
  help_text(${PROGRAM} "${sub};--help" sub_help)
  troff_verbatim("${sub_help}" body)
  string(APPEND page ".SH \"${upper_name} ${sub}\"\n${body}")
endforeach()
string(APPEND page ".SH SEE ALSO\nThe README.md and docs/ of the source, installed under share/doc/arbiter.\n")
file(WRITE "${OUT}.tmp" "${page}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
