// Issue #17: SIGHUP stops a run like SIGTERM (tested beside SIGINT and SIGTERM in
// test_interruptions.cpp), but under nohup it stays ignored. An engine flooding
// its stderr gets a capped log: its head and its tail, and a line saying how much was cut there.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>

#include "harness/process/capped_log.h"

#include "tests/reliability/reliability_support.h"

using namespace reliability;
using arbiter::db::RunStatus;
using Catch::Matchers::EndsWith;
using Catch::Matchers::StartsWith;
using namespace std::chrono_literals;

namespace {

constexpr std::size_t kPlanned = 8;

}  // namespace

TEST_CASE("under nohup SIGHUP does not stop the run", "[integration]") {
    TempDir dir;
    const std::string db = dir.file("run.db");
    auto nohup = arbiter_logged(tempo_match(dir, db, kPlanned, 17), dir.file("out"), dir.file("err"));
    nohup.ignored_signals = {SIGHUP};
    test_support::Child arbiter(nohup);
    REQUIRE(wait_for_lines(dir.file("out"), "Finished game", 1, 60s));
    arbiter.signal(SIGHUP);
    const auto& ended = arbiter.wait(120s);
    INFO(ended.out << ended.err);
    REQUIRE(ended.exited());
    CHECK(ended.exit_code == 0);
    CHECK(stored_games(db).size() == kPlanned);
    CHECK(stored_runs(db)[0].status == RunStatus::finished);
}

TEST_CASE("a flooding engine's stderr log keeps its head and tail under the cap and says what was cut",
          "[integration]") {
    TempDir dir;
    // misbehave_engine's stderr-spam writes 1 MiB at start and at every move, with a first and a
    // last line around it that the log must keep.
    const std::string engine = dir.file("spam.sh");
    std::ofstream(engine) << "#!/bin/sh\necho first-line-of-the-log >&2\n" MISBEHAVE_BIN
                             " --mode=stderr-spam \"$@\"\necho last-line-of-the-log >&2\n";
    std::filesystem::permissions(engine, std::filesystem::perms::owner_all, std::filesystem::perm_options::add);
    const RunOutput run =
        run_in_process({"-engine", "cmd=" + engine, "name=spam", "-engine", "cmd=" TEMPO_BIN, "name=tempo", "-each",
                        "depth=1", "-games", "2", "-concurrency", "1", "-maxmoves", "10", "--db", dir.file("run.db")});
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);

    const std::string log = read_text(dir.file("run-logs/spam.stderr.log"));
    const arbiter::process::CappedLogLimits limits;
    // Two games of ten moves and the start-up check wrote over 20 MiB; the log keeps its first
    // bytes up to the cap, then the line about the cut, then the last bytes.
    REQUIRE(log.size() > limits.head_bytes);
    CHECK_THAT(log, StartsWith("first-line-of-the-log\n"));
    const std::string note_start = "\n[arbiter: stderr log capped at " + std::to_string(limits.head_bytes) + " bytes: ";
    REQUIRE(log.compare(limits.head_bytes, note_start.size(), note_start) == 0);
    const std::size_t note_end = log.find("]\n", limits.head_bytes);
    REQUIRE(note_end != std::string::npos);
    const std::string note = log.substr(limits.head_bytes, note_end + 2 - limits.head_bytes);
    CHECK(std::stoull(note.substr(note_start.size())) > std::size_t{8} << 20);  // bytes cut
    CHECK_THAT(note, EndsWith(" bytes cut here, the last " + std::to_string(limits.tail_bytes) + " follow]\n"));
    CHECK(log.size() == limits.head_bytes + note.size() + limits.tail_bytes);
    CHECK_THAT(log, EndsWith("last-line-of-the-log\n"));
}
