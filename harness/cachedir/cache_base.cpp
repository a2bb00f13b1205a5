#include "harness/cachedir/cache_base.h"

#include <cstdlib>

namespace arbiter::cachedir {

std::optional<std::filesystem::path> cache_base(EmptySetting empty) {
    if (const char* own = std::getenv("ARBITER_CACHE_DIR")) {
        if (*own != '\0') return std::filesystem::path(own);
        if (empty == EmptySetting::turns_off) return std::nullopt;
    }
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg == '/')
        return std::filesystem::path(xdg) / "arbiter";
    if (const char* home = std::getenv("HOME"); home && *home == '/')
        return std::filesystem::path(home) / ".cache" / "arbiter";
    return std::nullopt;
}

}  // namespace arbiter::cachedir
