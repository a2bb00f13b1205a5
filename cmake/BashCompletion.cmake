# Writes a bash completion script for a program from what it prints for --help, so completion knows
# exactly the subcommands and flags that the usage text names:
#   cmake -D PROGRAM=bin/arbiter -D NAME=arbiter -D SUBCOMMANDS="match;epd;..." -D OUT=arbiter.bash
#         -P BashCompletion.cmake
# After a subcommand, its own --help's flags are offered; otherwise the top level's flags (for
# arbiter, the match flags, as a cutechess-cli line has no subcommand) and the subcommands. Words
# that are not flags complete as file names.

function(flags_of program args out_var)
  execute_process(COMMAND ${program} ${args} OUTPUT_VARIABLE text ERROR_VARIABLE text RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "BashCompletion: '${program} ${args}' exited ${rc}")
  endif()
  # Brackets would also group CMake list elements: turn the usage's punctuation into spaces first.
  string(REGEX REPLACE "[][()|]" " " text "${text}")
  string(REGEX MATCHALL "(^|[ \t\n])--?[a-zA-Z][a-zA-Z0-9-]*" found "${text}")
  set(flags "")
  foreach(word ${found})
    string(REGEX MATCH "--?[a-zA-Z][a-zA-Z0-9-]*" flag "${word}")
    list(APPEND flags "${flag}")
  endforeach()
  list(REMOVE_DUPLICATES flags)
  list(SORT flags)
  string(REPLACE ";" " " flags "${flags}")
  set(${out_var} "${flags}" PARENT_SCOPE)
endfunction()

foreach(required PROGRAM NAME OUT)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "BashCompletion: -D ${required}=... is required")
  endif()
endforeach()

string(MAKE_C_IDENTIFIER "${NAME}" function_name)
flags_of(${PROGRAM} "--help" top_flags)
string(REPLACE ";" " " subcommand_words "${SUBCOMMANDS}")
set(script "# bash completion for ${NAME}, generated from its --help (cmake/BashCompletion.cmake)\n")
string(APPEND script "_${function_name}() {\n")
string(APPEND script "  local cur=\${COMP_WORDS[COMP_CWORD]} words\n")
string(APPEND script "  case \"\${COMP_WORDS[1]}\" in\n")
foreach(sub ${SUBCOMMANDS})
  flags_of(${PROGRAM} "${sub};--help" sub_flags)
  string(APPEND script "    ${sub}) words=\"${sub_flags}\" ;;\n")
endforeach()
string(APPEND script "    *) words=\"${top_flags}\"\n")
string(APPEND script "       [ \"\$COMP_CWORD\" -eq 1 ] && words=\"${subcommand_words} \$words\" ;;\n")
string(APPEND script "  esac\n")
string(APPEND script "  if [[ \$cur == -* || \$COMP_CWORD -eq 1 ]]; then\n")
string(APPEND script "    mapfile -t COMPREPLY < <(compgen -W \"\$words\" -- \"\$cur\")\n")
string(APPEND script "  fi\n")
string(APPEND script "}\n")
string(APPEND script "complete -o default -o bashdefault -F _${function_name} ${NAME}\n")
file(WRITE "${OUT}.tmp" "${script}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
