# Flags shared by every target. Warnings are errors-in-spirit: the tree builds clean with -Wall -Wextra.
add_compile_options(-Wall -Wextra)

if(CMAKE_BUILD_TYPE STREQUAL "Release")
  add_compile_options(-O3)
  add_compile_definitions(NDEBUG)
endif()

if(TEMPO_NATIVE)
  include(CheckCXXCompilerFlag)
  check_cxx_compiler_flag(-march=native HAVE_MARCH_NATIVE)
  if(HAVE_MARCH_NATIVE)
    add_compile_options(-march=native)
  endif()
endif()

if(TEMPO_PEXT)
  add_compile_definitions(TEMPO_USE_PEXT=1)
  add_compile_options(-mbmi2)
endif()

if(ARBITER_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
  # GCC 12's instrumentation makes -Warray-bounds and -Wmaybe-uninitialized report paths the
  # sanitizers themselves add (e.g. a king square it cannot prove is on the board, std::regex
  # internals); the Release build keeps both warnings on and is clean.
  add_compile_options(-Wno-array-bounds -Wno-maybe-uninitialized)
endif()

if(ARBITER_TSAN)
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
endif()

find_package(Threads REQUIRED)
