#include "harness/build/cache_location.h"

#include <cstdlib>

#include "harness/build/revision_build.h"
#include "harness/cachedir/cache_base.h"

namespace arbiter::build {

std::filesystem::path default_build_cache() {
    if (const char* chosen = std::getenv("ARBITER_BUILD_CACHE"); chosen && *chosen) return chosen;
    const auto base = cachedir::cache_base(cachedir::EmptySetting::ignored);
    if (!base)
        throw BuildInputError(
            "no place for the build cache: set ARBITER_CACHE_DIR, XDG_CACHE_HOME or HOME, or pass --cache DIR");
    return *base / "builds";
}

}  // namespace arbiter::build
