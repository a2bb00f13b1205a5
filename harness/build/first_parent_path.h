#pragma once
// The commits `arbiter bisect` walks: from the good commit to the bad one along the bad commit's
// first parents, as `git bisect --first-parent` does. A merge is one step of the path (the change
// it brings in is tested as a whole), so every commit tested was once the tip of the branch.

#include <filesystem>
#include <string>
#include <vector>

namespace arbiter::build {

struct PathCommit {
    std::string sha;  // full hash
    std::string subject;
};

// [good, c1, ..., bad]: good first, then each first-parent child up to bad. Throws BuildInputError
// when git cannot list them or good is not on bad's first-parent line (bad's ancestors through
// merges, a later commit, an unrelated one): no path exists to bisect.
std::vector<PathCommit> first_parent_path(const std::filesystem::path& repo, const std::string& good_sha,
                                          const std::string& bad_sha);

}  // namespace arbiter::build
