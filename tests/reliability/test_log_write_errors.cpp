// -log on a full filesystem (issue #36): a write that fails fails the run as a failed -pgnout write
// does (exit 1, the flag, the path and the reason on stderr), and the games played are stored. A
// plain log meets the failure at its first write; a compressed one only when it is closed, after
// the games, because zlib keeps the text back until then. /dev/full stands for the full
// filesystem: every write to it fails with ENOSPC, while the database sits on a normal disk.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>

#include "harness/runlog/run_log.h"

#include "tests/reliability/reliability_support.h"

using namespace reliability;
using Catch::Matchers::Contains;
namespace fs = std::filesystem;

namespace {

constexpr std::size_t kGames = 2;

// Every name a compressed log FILE started in the next `seconds` can take, as a link to /dev/full:
// the log is then written to a full filesystem whichever second it opens in.
void full_filesystem_for_compressed_log(const std::string& file, int seconds) {
    const auto now = std::chrono::system_clock::now();
    for (int second = -1; second <= seconds; ++second) {
        const std::string name = arbiter::runlog::compressed_log_name(file, now + std::chrono::seconds(second));
        if (!fs::is_symlink(name)) fs::create_symlink("/dev/full", name);
    }
}

}  // namespace

TEST_CASE("a -log that cannot be written fails the run naming it, and the game played is stored", "[integration]") {
    const std::string realtime = GENERATE(as<std::string>(), "true", "false");
    INFO("realtime=" << realtime);
    TempDir dir;
    const std::string db = dir.file("run.db");
    const RunOutput run =
        run_in_process(tempo_match(dir, db, kGames, 3) +
                       std::vector<std::string>{"-log", "file=/dev/full", "level=info", "realtime=" + realtime});
    INFO(run.out << run.err);
    CHECK(run.code == 1);
    CHECK_THAT(run.err, Contains("run failed: -log file /dev/full: write failed: No space left on device"));
    // Stored is counted, as with -pgnout: the run stops at the end of the game the failure was seen in.
    CHECK_FALSE(stored_games(db).empty());
}

TEST_CASE("a compressed -log that cannot be finished fails the run naming it after the games", "[integration]") {
    TempDir dir;
    const std::string db = dir.file("run.db");
    const std::string log = dir.file("run.log");
    full_filesystem_for_compressed_log(log, 60);
    const RunOutput run = run_in_process(tempo_match(dir, db, kGames, 3) +
                                         std::vector<std::string>{"-log", "file=" + log, "compress=true"});
    INFO(run.out << run.err);
    CHECK(run.code == 1);
    CHECK_THAT(run.err,
               Contains("run failed: -log file " + log) && Contains(".gz: write failed: No space left on device"));
    CHECK(stored_games(db).size() == kGames);
}
