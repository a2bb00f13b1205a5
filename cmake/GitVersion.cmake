# Writes OUT as a source file defining arbiter_git_commit[], the checkout's commit (with "-dirty" when the
# tree has changes, "unknown" outside a git checkout), rewritten only when it changes so that a
# build at the same commit recompiles nothing: cmake -D SOURCE_DIR=... -D OUT=... -P GitVersion.cmake
execute_process(COMMAND git -C "${SOURCE_DIR}" describe --always --dirty --abbrev=12 --exclude "*"
                OUTPUT_VARIABLE commit ERROR_QUIET RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0 OR commit STREQUAL "")
  set(commit "unknown")
endif()
file(WRITE "${OUT}.tmp" "extern \"C\" const char arbiter_git_commit[];\nextern \"C\" const char arbiter_git_commit[] = \"${commit}\";\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
