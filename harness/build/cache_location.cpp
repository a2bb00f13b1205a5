#include "harness/build/cache_location.h"

#include <cstdlib>
#include <optional>

#include "harness/build/revision_build.h"

namespace arbiter::build {
namespace {

// The cache base, by the rule of harness/scheduler/file_hash_cache.cpp's directory_from_environment.
// NOTE(#38): a copy of that rule, kept here because arbiter_build does not link the scheduler (which
// #37 is restructuring); to be merged into one function when both land.
std::optional<std::filesystem::path> cache_base() {
    if (const char* own = std::getenv("ARBITER_CACHE_DIR"); own && *own) return std::filesystem::path(own);
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg == '/')
        return std::filesystem::path(xdg) / "arbiter";
    if (const char* home = std::getenv("HOME"); home && *home == '/')
        return std::filesystem::path(home) / ".cache" / "arbiter";
    return std::nullopt;
}

}  // namespace

std::filesystem::path default_build_cache() {
    if (const char* chosen = std::getenv("ARBITER_BUILD_CACHE"); chosen && *chosen) return chosen;
    const auto base = cache_base();
    if (!base)
        throw BuildInputError(
            "no place for the build cache: set ARBITER_CACHE_DIR, XDG_CACHE_HOME or HOME, or pass --cache DIR");
    return *base / "builds";
}

}  // namespace arbiter::build
