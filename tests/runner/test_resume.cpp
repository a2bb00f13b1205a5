// Resume, shards and interrupts: however a run is cut into pieces, the games stored at the end
// are the games an uninterrupted run stores (Stockfish is deterministic at fixed nodes with one
// thread after ucinewgame, and openings depend only on the pair index and the seed).
#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>

#include "db/merge.h"
#include "tests/support/match_test_support.h"
#include "tests/support/text_file.h"
#include "tests/support/wait_until.h"

using namespace match_test;

namespace {

const std::string kBook = std::string(REPO_ROOT_DIR) + "/openings/noob_2moves.epd";

std::vector<std::string> eight_games(const std::string& db) {
    return stockfish_engine("sf-a", 2000) + stockfish_engine("sf-b", 2000) +
           std::vector<std::string>{"-games",        "8",         "-repeat", "-concurrency", "2", "-openings",
                                    "file=" + kBook, "-maxmoves", "50",      "--db",         db};
}

using test_support::count_of;

// The match driver with stdout in `out_path` (stderr the test's own).
test_support::ChildSpec driver(const std::vector<std::string>& args, const std::string& out_path) {
    test_support::ChildSpec spec = test_support::logged(MATCH_DRIVER_BIN, args, out_path);
    spec.err = test_support::Stream::inherit();
    return spec;
}

// The uninterrupted run, played once per test process (Catch re-enters the test case for
// every section).
const std::map<std::pair<std::int64_t, int>, StoredGame>& reference_games() {
    static TempDir dir;
    static const auto games = [] {
        const auto full = run_match(eight_games(dir.file("full.db")));
        INFO(full.out << full.err);
        REQUIRE(full.code == 0);
        return stored_games(dir.file("full.db"));
    }();
    return games;
}

}  // namespace

TEST_CASE("resume and shards and interrupts reproduce the uninterrupted run", "[integration]") {
    if (!executable(STOCKFISH_BIN)) WARN("stockfish not installed");
    if (!executable(STOCKFISH_BIN)) return;
    TempDir dir;
    const auto& reference = reference_games();
    REQUIRE(reference.size() == 8);

    SECTION("a run cut short by --pairs resumes with exactly the missing games") {
        auto first = run_match(eight_games(dir.file("resume.db")) + std::vector<std::string>{"--pairs", "0:2"});
        REQUIRE(first.code == 0);
        CHECK(stored_games(dir.file("resume.db")).size() == 4);
        auto rest = run_match(eight_games(dir.file("resume.db")));
        INFO(rest.out << rest.err);
        REQUIRE(rest.code == 0);
        CHECK(count_of(rest.out, "Finished game") == 4);
        CHECK(same_games(stored_games(dir.file("resume.db")), reference));
        // Everything played: resuming the finished run plays nothing (without --resume, a new run).
        auto again = run_match(eight_games(dir.file("resume.db")) + std::vector<std::string>{"--resume", "1"});
        CHECK(again.code == 0);
        CHECK(count_of(again.out, "Finished game") == 0);
    }

    SECTION("shards 1/2 and 2/2 merged equal the unsharded run") {
        auto one = run_match(eight_games(dir.file("s1.db")) + std::vector<std::string>{"--shard", "1/2"});
        auto two = run_match(eight_games(dir.file("s2.db")) + std::vector<std::string>{"--shard", "2/2"});
        REQUIRE(one.code == 0);
        REQUIRE(two.code == 0);
        CHECK(stored_games(dir.file("s1.db")).size() == 4);
        arbiter::db::merge(dir.file("merged.db"), {dir.file("s1.db"), dir.file("s2.db")});
        CHECK(same_games(stored_games(dir.file("merged.db")), reference));
    }

    SECTION("SIGINT stops cleanly and a re-run completes the run") {
        const std::string out_path = dir.file("driver.out");
        test_support::Child match(driver(eight_games(dir.file("int.db")), out_path));
        // The signal goes once a game is stored, or after 30 s whatever happened (as before).
        test_support::wait_until([&] { return read_text(out_path).find("Finished game") != std::string::npos; },
                                 std::chrono::seconds(30), std::chrono::milliseconds(20));
        match.signal(SIGINT);
        const auto& ended = match.wait(std::chrono::seconds(60));
        REQUIRE(ended.exited());
        CHECK(ended.exit_code == 1);
        const auto partial = stored_games(dir.file("int.db"));
        CHECK(partial.size() >= 1);
        CHECK(partial.size() < 8);
        for (const auto& [key, stored] : partial) CHECK(stored.game.plies == static_cast<int>(stored.moves.size()));

        auto rest = run_match(eight_games(dir.file("int.db")));
        REQUIRE(rest.code == 0);
        CHECK(same_games(stored_games(dir.file("int.db")), reference));
    }
}
