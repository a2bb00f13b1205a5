#pragma once
// Shared by the fuzz targets: the libFuzzer entry point's signature, input as text, and a check
// that aborts. Aborting (not assert) keeps the checks alive in NDEBUG builds, and libFuzzer saves
// the input that aborted as a crash.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

[[noreturn]] inline void fail(const std::string& what) {
    std::fprintf(stderr, "fuzz property violated: %s\n", what.c_str());
    std::abort();
}

inline void check(bool holds, const std::string& what) {
    if (!holds) fail(what);
}

}  // namespace fuzz
