// Issue #17: SIGHUP (the terminal or ssh session went away) stops a run like SIGTERM, so the run is
// marked aborted, not left `running`, and resumes; under nohup it is ignored. An engine flooding
// its stderr gets a capped log: its head and its tail, and a line saying how much was cut there.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>

#include "harness/process/capped_log.h"

#include "tests/reliability/reliability_support.h"

using namespace reliability;
using arbiter::db::RunStatus;
using Catch::Matchers::Contains;
using Catch::Matchers::EndsWith;
using Catch::Matchers::StartsWith;
using namespace std::chrono_literals;

namespace {

constexpr std::size_t kPlanned = 8;

std::vector<std::string> tempo_match(const TempDir& dir, const std::string& db) {
    const std::string book = std::string(REPO_ROOT_DIR) + "/openings/noob_2moves.epd";
    return {"-engine", "cmd=" TEMPO_BIN, "name=tempo-a", "dir=" + dir.path(), "-engine", "cmd=" TEMPO_BIN,
            "name=tempo-b", "dir=" + dir.path(), "-each", "nodes=4000", "option.Hash=8", "-games",
            std::to_string(kPlanned), "-repeat", "-concurrency", "2", "-openings", "file=" + book, "-maxmoves", "60",
            "-seed", "17", "--db", db};
}

// Ignores SIGHUP in this process while in scope, so that a child spawned meanwhile inherits the
// ignored disposition, as `nohup` gives it.
class SighupIgnored {
public:
    SighupIgnored() { previous_ = std::signal(SIGHUP, SIG_IGN); }
    ~SighupIgnored() { std::signal(SIGHUP, previous_); }
    SighupIgnored(const SighupIgnored&) = delete;
    SighupIgnored& operator=(const SighupIgnored&) = delete;

private:
    void (*previous_)(int) = SIG_DFL;
};

}  // namespace

TEST_CASE("SIGHUP stops the run cleanly like SIGTERM and a re-run completes it", "[integration]") {
    TempDir dir;
    const std::string db = dir.file("run.db");
    const pid_t pid = spawn_arbiter(tempo_match(dir, db), dir.file("out"), dir.file("err"));
    REQUIRE(wait_for_lines(dir.file("out"), "Finished game", 2, 60s));
    kill(pid, SIGHUP);
    const int status = wait_child(pid, 30s);
    const std::string out = read_text(dir.file("out"));
    INFO(out << read_text(dir.file("err")));
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 1);
    const Games partial = stored_games(db);
    CHECK(partial.size() == count_of(out, "Finished game"));
    REQUIRE(partial.size() < kPlanned);
    const auto runs = stored_runs(db);
    REQUIRE(runs.size() == 1);
    CHECK(runs[0].status == RunStatus::aborted);
    CHECK(leftovers_in(dir.path(), 2000ms).empty());

    const RunOutput rest = run_in_process(tempo_match(dir, db));
    INFO(rest.out << rest.err);
    CHECK(rest.code == 0);
    CHECK(count_of(rest.out, "Finished game") == kPlanned - partial.size());
    CHECK(stored_games(db).size() == kPlanned);
    CHECK(stored_runs(db)[0].status == RunStatus::finished);
}

TEST_CASE("under nohup SIGHUP does not stop the run", "[integration]") {
    TempDir dir;
    const std::string db = dir.file("run.db");
    pid_t pid = 0;
    {
        const SighupIgnored nohup;
        pid = spawn_arbiter(tempo_match(dir, db), dir.file("out"), dir.file("err"));
    }
    REQUIRE(wait_for_lines(dir.file("out"), "Finished game", 1, 60s));
    kill(pid, SIGHUP);
    const int status = wait_child(pid, 120s);
    INFO(read_text(dir.file("out")) << read_text(dir.file("err")));
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
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
