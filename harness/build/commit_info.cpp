#include "harness/build/commit_info.h"

#include <ctime>
#include <sstream>

#include "harness/build/subprocess.h"

namespace arbiter::build {

std::string utc_iso_from_epoch(long long seconds) {
    const std::time_t time = static_cast<std::time_t>(seconds);
    std::tm parts{};
    gmtime_r(&time, &parts);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
    return text;
}

std::optional<CommitInfo> commit_info(const std::filesystem::path& repo, const std::string& commit) {
    // %ct: the committer date as epoch seconds, so the stored date is UTC whatever the commit's zone.
    const std::string where = repo.empty() ? "." : repo.string();
    const ToolResult log = run_captured({"git", "-C", where, "log", "-1", "--format=%ct%n%s", commit, "--"});
    if (!log.ok()) return std::nullopt;
    std::istringstream lines(log.output);
    std::string seconds, subject;
    if (!std::getline(lines, seconds) || seconds.empty()) return std::nullopt;
    std::getline(lines, subject);
    try {
        return CommitInfo{subject, utc_iso_from_epoch(std::stoll(seconds))};
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

}  // namespace arbiter::build
