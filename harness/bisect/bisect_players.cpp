#include "harness/bisect/bisect_players.h"

#include <filesystem>

namespace arbiter::bisect {

std::string candidate_player(const std::string& repo, const std::string& sha) {
    std::filesystem::path path(repo);
    if (!path.has_filename()) path = path.parent_path();  // "/x/weiss/" names weiss too
    return path.filename().string() + " " + sha.substr(0, 12);
}

std::string good_player(const std::string& repo, const std::string& sha) {
    return candidate_player(repo, sha) + " (good)";
}

}  // namespace arbiter::bisect
