#pragma once
// Where builds are cached when no --cache is given: one place for `arbiter build`, `build=` engines,
// ci/nightly and ci/per-commit-wac alike, outside the engine's working tree (no untracked .cache/
// in the author's repository), so one commit and recipe is built once whichever entry point asks.

#include <filesystem>

namespace arbiter::build {

// $ARBITER_BUILD_CACHE when set (how ci/nightly's --cache reaches the build= engines of the matches
// it runs, which take no cache key), else <base>/builds, base by harness/cachedir's rule (an empty
// ARBITER_CACHE_DIR, which turns the advisory file-hash cache off, is ignored here: a build needs a
// cache). Throws BuildInputError when no base can be found.
std::filesystem::path default_build_cache();

}  // namespace arbiter::build
