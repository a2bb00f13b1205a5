// The target that compiles Catch2's header once for every test executable (tests/CMakeLists.txt).
