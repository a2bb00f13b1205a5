// arbiter as a child process, interrupted: SIGINT/SIGTERM stop it cleanly, SIGKILL loses nothing
// that was stored and a re-run finishes exactly the planned games with the statistics of an
// uninterrupted run; a full disk or a read-only database fails with a clear message and leaves
// the games stored before intact. Tempo at fixed nodes is deterministic (one thread, hash cleared
// by ucinewgame), which is what makes runs comparable game by game.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>

#include "tests/reliability/reliability_support.h"

using namespace reliability;
using arbiter::db::RunStatus;
using namespace std::chrono_literals;

namespace {

constexpr std::size_t kPlanned = 12;

std::vector<std::string> planned_match(const TempDir& dir, const std::string& db, std::size_t games = kPlanned,
                                       int seed = 11) {
    return tempo_match(dir, db, games, seed);
}

// The last line of `text` that starts with `prefix` (the final report's figures).
std::string last_line_starting(const std::string& text, const std::string& prefix) {
    std::string found;
    std::size_t begin = 0;
    while (begin < text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string::npos) end = text.size();
        if (text.compare(begin, prefix.size(), prefix) == 0) found = text.substr(begin, end - begin);
        begin = end + 1;
    }
    return found;
}

// W/D/L, pentanomial and Elo of the final report.
std::vector<std::string> final_statistics(const std::string& out) {
    return {last_line_starting(out, "W "), last_line_starting(out, "Pentanomial"), last_line_starting(out, "Elo ")};
}

void check_whole(const Games& games) {
    for (const auto& [key, stored] : games) CHECK(stored.game.plies == static_cast<int>(stored.moves.size()));
}

// The uninterrupted run, played once per test process (Catch re-enters a test for each section).
struct Reference {
    Games games;
    std::vector<std::string> statistics;
};
const Reference& reference_run() {
    static TempDir dir;
    static const Reference reference = [] {
        const RunOutput full = run_in_process(planned_match(dir, dir.file("full.db")));
        INFO(full.out << full.err);
        REQUIRE(full.code == 0);
        return Reference{stored_games(dir.file("full.db")), final_statistics(full.out)};
    }();
    return reference;
}

}  // namespace

// SIGHUP (the terminal or ssh session went away) stops a run like SIGTERM: marked aborted, not
// left running, and resumable. The child starts with SIGHUP at its default whatever this test
// process inherited (test_support::Child resets every signal), so that the case holds even when
// the tests themselves run under nohup.
TEST_CASE("SIGINT, SIGTERM and SIGHUP stop the run cleanly and a re-run completes it", "[integration]") {
    const int signal_number = GENERATE(SIGINT, SIGTERM, SIGHUP);
    INFO("signal " << signal_number);
    TempDir dir;
    const std::string db = dir.file("run.db");
    test_support::Child arbiter(arbiter_logged(planned_match(dir, db), dir.file("out"), dir.file("err")));
    REQUIRE(wait_for_lines(dir.file("out"), "Finished game", 2, 60s));
    arbiter.signal(signal_number);
    const auto& ended = arbiter.wait(30s);
    const std::string& out = ended.out;
    INFO(out << ended.err);
    REQUIRE(ended.exited());
    CHECK(ended.exit_code == 1);

    // Games in flight were dropped: the database holds exactly the games reported finished.
    const Games partial = stored_games(db);
    CHECK(partial.size() == count_of(out, "Finished game"));
    REQUIRE(partial.size() < kPlanned);
    check_whole(partial);
    const auto runs = stored_runs(db);
    REQUIRE(runs.size() == 1);
    CHECK(runs[0].status == RunStatus::aborted);
    CHECK(leftovers_in(dir.path(), 2000ms).empty());

    const RunOutput rest = run_in_process(planned_match(dir, db));
    INFO(rest.out << rest.err);
    CHECK(rest.code == 0);
    CHECK(count_of(rest.out, "Finished game") == kPlanned - partial.size());
    CHECK(stored_games(db).size() == kPlanned);
    CHECK(stored_runs(db)[0].status == RunStatus::finished);
}

TEST_CASE("after SIGKILL a re-run finishes the planned games with the uninterrupted statistics", "[integration]") {
    const Reference& reference = reference_run();
    REQUIRE(reference.games.size() == kPlanned);
    TempDir dir;
    const std::string db = dir.file("run.db");
    test_support::Child arbiter(arbiter_logged(planned_match(dir, db), dir.file("out"), dir.file("err")));
    REQUIRE(wait_for_lines(dir.file("out"), "Finished game", 3, 60s));
    arbiter.signal(SIGKILL);
    const auto& ended = arbiter.wait(10s);
    REQUIRE_FALSE(ended.timed_out);
    REQUIRE(ended.signal == SIGKILL);
    // The engines lose their pipes with arbiter and must not outlive it.
    CHECK(leftovers_in(dir.path(), 3000ms).empty());
    CHECK(integrity_ok(db));
    const Games partial = stored_games(db);
    CHECK(partial.size() >= 3);
    REQUIRE(partial.size() < kPlanned);
    check_whole(partial);

    const RunOutput rest = run_in_process(planned_match(dir, db));
    INFO(rest.out << rest.err);
    REQUIRE(rest.code == 0);
    CHECK(count_of(rest.out, "Finished game") == kPlanned - partial.size());
    const Games all = stored_games(db);
    CHECK(all.size() == kPlanned);
    CHECK(same_games(all, reference.games));
    CHECK(final_statistics(rest.out) == reference.statistics);
}

TEST_CASE("a full disk fails the run with a clear error and damages nothing stored", "[integration]") {
    TempDir dir;
    const std::string db = dir.file("run.db");
    const RunOutput first = run_in_process(planned_match(dir, db, 4));
    REQUIRE(first.code == 0);
    const Games before = stored_games(db);
    REQUIRE(before.size() == 4);

    // A new run (other seed) in the same file, with room for only a little more data.
    const auto second_run = planned_match(dir, db, 40, 12);
    const auto size = std::filesystem::file_size(db);
    test_support::ChildSpec full_disk = arbiter_logged(second_run, dir.file("out"), dir.file("err"));
    full_disk.max_file_bytes = size + 8 * 1024;
    const auto ended = test_support::run(full_disk, 60s);
    const std::string& err = ended.err;
    INFO(ended.out << err);
    REQUIRE(ended.exited());
    CHECK(ended.exit_code != 0);
    CHECK((err.find("full") != std::string::npos || err.find("I/O error") != std::string::npos));
    CHECK(leftovers_in(dir.path(), 2000ms).empty());

    CHECK(integrity_ok(db));
    const std::int64_t first_run = stored_runs(db).front().id;
    CHECK(same_games(stored_games(db, first_run), before));
    // What the failing run stored before the disk filled up is whole too.
    const auto runs = stored_runs(db);
    REQUIRE(runs.size() == 2);
    check_whole(stored_games(db, runs.back().id));
}

TEST_CASE("a read-only database fails with a clear error and damages nothing stored", "[integration]") {
    TempDir dir;
    dir.open_to_everyone();  // the second run drops root to nobody
    const std::string db = dir.file("run.db");
    const RunOutput first = run_in_process(planned_match(dir, db, 2));
    REQUIRE(first.code == 0);
    const Games before = stored_games(db);
    REQUIRE(chmod(db.c_str(), 0444) == 0);
    // Only the database is read-only: whatever else the first run left (engine logs) stays writable.
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir.path()))
        if (entry.path() != db) chmod(entry.path().c_str(), entry.is_directory() ? 0777 : 0666);

    test_support::ChildSpec as_nobody = arbiter_logged(planned_match(dir, db, 4), dir.file("out"), dir.file("err"));
    as_nobody.drop_root = true;  // root writes read-only files
    const auto ended = test_support::run(as_nobody, 60s);
    const std::string& err = ended.err;
    INFO(ended.out << err);
    REQUIRE(ended.exited());
    CHECK(ended.exit_code != 0);
    CHECK(err.find(db) != std::string::npos);
    CHECK(err.find("read") != std::string::npos);
    CHECK(leftovers_in(dir.path(), 2000ms).empty());
    CHECK(integrity_ok(db));
    CHECK(same_games(stored_games(db), before));
}
