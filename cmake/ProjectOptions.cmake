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
  if(ARBITER_SANITIZE OR ARBITER_FUZZ)
    message(FATAL_ERROR "ARBITER_TSAN cannot be combined with ARBITER_SANITIZE or ARBITER_FUZZ (ASan and TSan exclude each other)")
  endif()
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
endif()

if(ARBITER_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "ARBITER_FUZZ needs clang (libFuzzer): configure with -DCMAKE_CXX_COMPILER=clang++")
  endif()
  # Every library gets libFuzzer's coverage hooks and ASan+UBSan, so the fuzzers see into the
  # parsers they call; only the fuzz targets (tests/fuzz) link libFuzzer's main.
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()

find_package(Threads REQUIRED)
