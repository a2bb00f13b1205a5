#include "tests/reliability/reliability_support.h"

#include <unistd.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>
#include <thread>

namespace reliability {

namespace fs = std::filesystem;

std::string tool_path(const std::string& name) { return (fs::path(ARBITER_BIN).parent_path() / name).string(); }

test_support::ChildSpec tool_in(const std::string& program, const std::vector<std::string>& args,
                                const std::string& cwd) {
    test_support::ChildSpec spec = test_support::logged(program, args, cwd + "/out.txt", cwd + "/err.txt");
    spec.cwd = cwd;
    return spec;
}

std::vector<std::string> tempo_match(const TempDir& dir, const std::string& db, std::size_t games, int seed) {
    const std::string book = std::string(REPO_ROOT_DIR) + "/openings/noob_2moves.epd";
    return {"-engine",
            "cmd=" TEMPO_BIN,
            "name=tempo-a",
            "dir=" + dir.path(),
            "-engine",
            "cmd=" TEMPO_BIN,
            "name=tempo-b",
            "dir=" + dir.path(),
            "-each",
            "nodes=4000",
            "option.Hash=8",
            "-games",
            std::to_string(games),
            "-repeat",
            "-concurrency",
            "2",
            "-openings",
            "file=" + book,
            "-maxmoves",
            "60",
            "-seed",
            std::to_string(seed),
            "--db",
            db};
}

bool wait_for_lines(const std::string& path, const std::string& needle, std::size_t count, std::chrono::seconds limit) {
    const auto give_up = std::chrono::steady_clock::now() + limit;
    while (count_of(read_text(path), needle) < count) {
        if (std::chrono::steady_clock::now() > give_up) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
}

namespace {

std::vector<pid_t> all_pids() {
    std::vector<pid_t> pids;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator("/proc", error)) {
        const std::string name = entry.path().filename().string();
        if (!name.empty() && name.find_first_not_of("0123456789") == std::string::npos) pids.push_back(std::stoi(name));
    }
    return pids;
}

// The parent pid from /proc/PID/stat: the field after the parenthesised command name.
std::optional<pid_t> parent_of(pid_t pid) {
    const std::string stat = read_text("/proc/" + std::to_string(pid) + "/stat");
    const auto close_paren = stat.rfind(')');
    if (close_paren == std::string::npos) return std::nullopt;
    std::istringstream fields(stat.substr(close_paren + 1));
    std::string state;
    pid_t parent = 0;
    if (!(fields >> state >> parent)) return std::nullopt;
    return parent;
}

}  // namespace

std::vector<pid_t> processes_in(const std::string& dir) {
    std::vector<pid_t> found;
    const fs::path wanted = fs::weakly_canonical(dir);
    for (const pid_t pid : all_pids()) {
        std::error_code error;
        const fs::path cwd = fs::read_symlink("/proc/" + std::to_string(pid) + "/cwd", error);
        if (!error && cwd == wanted) found.push_back(pid);
    }
    return found;
}

std::vector<pid_t> leftovers_in(const std::string& dir, std::chrono::milliseconds limit) {
    const auto give_up = std::chrono::steady_clock::now() + limit;
    for (;;) {
        auto left = processes_in(dir);
        if (left.empty() || std::chrono::steady_clock::now() > give_up) return left;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

std::vector<pid_t> children_of(pid_t parent) {
    std::vector<pid_t> children;
    for (const pid_t pid : all_pids())
        if (parent_of(pid) == parent) children.push_back(pid);
    return children;
}

std::size_t open_descriptors() {
    std::size_t count = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator("/proc/self/fd")) ++count;
    return count;
}

namespace {

arbiter::db::Database open_read_only(const std::string& path) {
    arbiter::db::OpenOptions options;
    options.read_only = true;
    return arbiter::db::Database(path, options);
}

}  // namespace

std::vector<arbiter::db::RunRecord> stored_runs(const std::string& db_path) {
    return open_read_only(db_path).list_runs();
}

bool integrity_ok(const std::string& db_path) { return open_read_only(db_path).integrity_ok(); }

}  // namespace reliability
