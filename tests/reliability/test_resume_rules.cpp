// Resume that never surprises: an interrupted run is resumed, a finished one replayed as a new run,
// a rebuilt engine never continues an old run, --resume RUN and --new override; the first line of
// output says which happened.
#include <catch2/catch.hpp>

#include <csignal>
#include <filesystem>
#include <fstream>

#include "tests/reliability/reliability_support.h"

using namespace reliability;
using namespace std::chrono_literals;
using arbiter::db::RunStatus;
using Catch::Matchers::Contains;
namespace fs = std::filesystem;

namespace {

// Tempo (or whatever `engine` is) against itself at fixed nodes, both from the same file.
std::vector<std::string> match_of(const TempDir& dir, const std::string& engine, const std::string& db, int games) {
    const std::string book = std::string(REPO_ROOT_DIR) + "/openings/noob_2moves.epd";
    return {"-engine",
            "cmd=" + engine,
            "name=tempo-a",
            "dir=" + dir.path(),
            "-engine",
            "cmd=" + engine,
            "name=tempo-b",
            "dir=" + dir.path(),
            "-each",
            "nodes=2000",
            "option.Hash=8",
            "-games",
            std::to_string(games),
            "-repeat",
            "-concurrency",
            "2",
            "-openings",
            "file=" + book,
            "-maxmoves",
            "40",
            "-seed",
            "5",
            "--db",
            db};
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

// What a SIGKILLed run leaves behind: its status still says running.
void mark(const std::string& db, std::int64_t run_id, RunStatus status) {
    arbiter::db::Database(db).set_run_status(run_id, status);
}

std::string copy_of_tempo(const TempDir& dir) {
    fs::create_directories(dir.file("engine"));
    const std::string copy = dir.file("engine/tempo");
    fs::copy_file(TEMPO_BIN, copy, fs::copy_options::overwrite_existing);
    return copy;
}

}  // namespace

TEST_CASE("an interrupted run is resumed and the first line says how far it got", "[integration]") {
    TempDir dir;
    const std::string db = dir.file("run.db");
    const auto match = match_of(dir, TEMPO_BIN, db, 8);
    test_support::Child arbiter(arbiter_logged(match, dir.file("out"), dir.file("err")));
    REQUIRE(wait_for_lines(dir.file("out"), "Finished game", 2, 60s));
    arbiter.signal(SIGINT);
    REQUIRE(arbiter.wait(30s).exited());
    CHECK(first_line(read_text(dir.file("out"))) == "new run 1");
    const std::size_t played = stored_games(db).size();
    REQUIRE(played < 8);
    REQUIRE(stored_runs(db)[0].status == RunStatus::aborted);

    const RunOutput rest = run_in_process(match);
    INFO(rest.out << rest.err);
    CHECK(rest.code == 0);
    CHECK(first_line(rest.out) == "resuming run 1: " + std::to_string(played) + " of 8 games played");
    CHECK(count_of(rest.out, "Finished game") == 8 - played);
    CHECK(stored_runs(db).size() == 1);
}

TEST_CASE("re-running a finished run starts a new run that plays every game again", "[integration]") {
    TempDir dir;
    const std::string db = dir.file("run.db");
    const auto match = match_of(dir, TEMPO_BIN, db, 4);
    const RunOutput first = run_in_process(match);
    REQUIRE(first.code == 0);
    CHECK(first_line(first.out) == "new run 1");

    const RunOutput again = run_in_process(match);
    INFO(again.out << again.err);
    CHECK(again.code == 0);
    CHECK(first_line(again.out) == "new run 2");
    CHECK(count_of(again.out, "Finished game") == 4);
    CHECK_THAT(again.out, Contains("Games: 4 played now, 4 in run 2"));
    const auto runs = stored_runs(db);
    REQUIRE(runs.size() == 2);
    CHECK(runs[0].status == RunStatus::finished);
    CHECK(runs[1].status == RunStatus::finished);
    CHECK(stored_games(db, runs[0].id).size() == 4);
    CHECK(stored_games(db, runs[1].id).size() == 4);
}

TEST_CASE("a rebuilt engine file never resumes the run of the old one", "[integration]") {
    TempDir dir;
    const std::string db = dir.file("run.db");
    const std::string engine = copy_of_tempo(dir);
    const auto match = match_of(dir, engine, db, 4);
    REQUIRE(run_in_process(match).code == 0);

    // The same bytes: the run left "running" (as by SIGKILL) is resumed.
    mark(db, 1, RunStatus::running);
    const RunOutput same = run_in_process(match);
    CHECK(first_line(same.out) == "resuming run 1: 4 of 4 games played");

    // One byte more: a new run, although run 1 was left unfinished.
    mark(db, 1, RunStatus::running);
    std::ofstream(engine, std::ios::binary | std::ios::app) << '\0';
    const RunOutput rebuilt = run_in_process(match);
    INFO(rebuilt.out << rebuilt.err);
    CHECK(rebuilt.code == 0);
    CHECK(first_line(rebuilt.out) == "new run 2");
    CHECK(count_of(rebuilt.out, "Finished game") == 4);

    // Another file under the same name (a wrapper script is hashed as the script).
    mark(db, 2, RunStatus::aborted);
    fs::remove(engine);
    std::ofstream(engine) << "#!/bin/sh\nexec '" << TEMPO_BIN << "' \"$@\"\n";
    fs::permissions(engine, fs::perms::owner_all);
    const RunOutput replaced = run_in_process(match);
    INFO(replaced.out << replaced.err);
    CHECK(replaced.code == 0);
    CHECK(first_line(replaced.out) == "new run 3");
    CHECK(stored_runs(db).size() == 3);
}

TEST_CASE("resuming a given run with --resume RUN, and a fresh one with --new", "[integration]") {
    TempDir dir;
    const std::string db = dir.file("run.db");
    const auto match = match_of(dir, TEMPO_BIN, db, 4);
    REQUIRE(run_in_process(match).code == 0);

    const RunOutput resumed = run_in_process(match + std::vector<std::string>{"--resume", "1"});
    INFO(resumed.out << resumed.err);
    CHECK(resumed.code == 0);
    CHECK(first_line(resumed.out) == "resuming run 1: 4 of 4 games played");
    CHECK_THAT(resumed.out, Contains("already played") && Contains("Games: 0 played now, 4 in run 1"));

    const RunOutput other = run_in_process(match_of(dir, TEMPO_BIN, db, 6) + std::vector<std::string>{"--resume", "1"});
    CHECK(other.code == 2);
    CHECK_THAT(other.err, Contains("--resume 1") && Contains("games: 4 in run 1, 6 in this command"));
    const RunOutput missing = run_in_process(match + std::vector<std::string>{"--resume", "7"});
    CHECK(missing.code == 2);
    CHECK_THAT(missing.err, Contains("--resume 7") && Contains("no run 7"));
    CHECK(run_in_process(match + std::vector<std::string>{"--resume", "1", "--new"}).code == 2);
    CHECK(stored_runs(db).size() == 1);

    mark(db, 1, RunStatus::aborted);  // --new even over a run that would resume
    const RunOutput fresh = run_in_process(match + std::vector<std::string>{"--new"});
    CHECK(fresh.code == 0);
    CHECK(first_line(fresh.out) == "new run 2");
    CHECK(count_of(fresh.out, "Finished game") == 4);
}

TEST_CASE("shards of one run in one file share it; a finished shard re-run starts a new run", "[integration]") {
    TempDir dir;
    const std::string db = dir.file("run.db");
    const auto match = match_of(dir, TEMPO_BIN, db, 4);
    const RunOutput one = run_in_process(match + std::vector<std::string>{"--shard", "1/2"});
    REQUIRE(one.code == 0);
    CHECK(first_line(one.out) == "new run 1");
    const RunOutput two = run_in_process(match + std::vector<std::string>{"--shard", "2/2"});
    INFO(two.out << two.err);
    REQUIRE(two.code == 0);
    CHECK(first_line(two.out) == "resuming run 1: 0 of 2 games played");
    CHECK(stored_games(db, 1).size() == 4);

    const RunOutput again = run_in_process(match + std::vector<std::string>{"--shard", "1/2"});
    CHECK(first_line(again.out) == "new run 2");
}
