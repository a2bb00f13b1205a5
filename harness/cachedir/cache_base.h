#pragma once
// Where arbiter keeps what it can always make again (engine file hashes, engine builds): one rule
// for every cache, so that ARBITER_CACHE_DIR moves them all and the engine's own working tree never
// holds one.

#include <filesystem>
#include <optional>

namespace arbiter::cachedir {

// What an ARBITER_CACHE_DIR set to the empty string means to a cache: an advisory cache (the file
// hashes) takes it as "off"; a cache that a command cannot work without (the builds) ignores it.
enum class EmptySetting { turns_off, ignored };

// $ARBITER_CACHE_DIR, else $XDG_CACHE_HOME/arbiter, else $HOME/.cache/arbiter (relative XDG_CACHE_HOME
// and HOME are ignored, as the XDG specification says). Nothing when none applies or the cache is off.
std::optional<std::filesystem::path> cache_base(EmptySetting empty);

}  // namespace arbiter::cachedir
