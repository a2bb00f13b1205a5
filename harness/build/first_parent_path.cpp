#include "harness/build/first_parent_path.h"

#include <sstream>

#include "harness/build/revision_build.h"
#include "harness/build/subprocess.h"

namespace arbiter::build {

std::vector<PathCommit> first_parent_path(const std::filesystem::path& repo, const std::string& good_sha,
                                          const std::string& bad_sha) {
    const std::string where = repo.empty() ? "." : repo.string();
    if (good_sha == bad_sha) throw BuildInputError("good and bad are the same commit " + good_sha.substr(0, 12));
    // %P: the parents, so that the path can be checked to hang from good by first parents.
    const ToolResult listed = run_captured({"git", "-C", where, "log", "--first-parent", "--reverse",
                                            "--format=%H%x09%P%x09%s", good_sha + ".." + bad_sha, "--"});
    if (!listed.ok()) throw BuildInputError("git log of " + good_sha + ".." + bad_sha + " failed: " + listed.ending());
    std::vector<PathCommit> path{{good_sha, ""}};
    std::istringstream lines(listed.output);
    std::string line;
    std::string expected_parent = good_sha;
    while (std::getline(lines, line)) {
        const auto tab = line.find('\t');
        const auto second_tab = line.find('\t', tab + 1);
        if (tab == std::string::npos || second_tab == std::string::npos) continue;
        const std::string sha = line.substr(0, tab);
        const std::string parents = line.substr(tab + 1, second_tab - tab - 1);
        if (parents.substr(0, parents.find(' ')) != expected_parent)
            throw BuildInputError("the good commit " + good_sha.substr(0, 12) +
                                  " is not on the first-parent history of the bad commit " + bad_sha.substr(0, 12) +
                                  " (is good older than bad, and on the branch bad was committed to?)");
        path.push_back({sha, line.substr(second_tab + 1)});
        expected_parent = sha;
    }
    if (path.size() < 2 || path.back().sha != bad_sha)
        throw BuildInputError("the good commit " + good_sha.substr(0, 12) + " is not an ancestor of the bad commit " +
                              bad_sha.substr(0, 12));
    return path;
}

}  // namespace arbiter::build
