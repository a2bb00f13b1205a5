#pragma once
// Plain data of `arbiter bisect` (issue #41; db/README.md "bisections"). No SQLite include.
//
// A bisection is keyed by its identity: the repository, the good and bad commits and every setting
// that decides its games and its decisions (canonical JSON, written by harness/bisect). The same
// command finds its row again and continues; a changed setting starts another bisection.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace arbiter::db {

// How a bisection ended. `running` until it ends (also after a kill: re-running resumes it).
enum class BisectVerdict {
    running,
    named,          // one commit is the first bad one (first_bad == last_bad)
    range,          // skipped commits leave first_bad..last_bad, each could be the first bad one
    not_confirmed,  // the bad build is not worse than the good one
    several_steps,  // the measurements contradict a single regression (first_bad names the commit)
    budget,         // --budget-games ran out; first_bad..last_bad is the range still open
};

std::string_view to_string(BisectVerdict verdict);
// Throws std::invalid_argument for a text that names no verdict.
BisectVerdict parse_bisect_verdict(std::string_view text);

struct BisectionRecord {
    std::int64_t id = 0;          // assigned by the database
    std::string identity = "{}";  // canonical JSON; unique
    std::string repo;             // the repository's top directory
    std::string good;             // full commit hashes
    std::string bad;
    int commits = 1;  // positions 0 (good) .. commits (bad) on the first-parent path
    std::string started_at;
    std::optional<std::string> finished_at;
    BisectVerdict verdict = BisectVerdict::running;
    std::optional<int> first_bad;  // positions, set when the bisection ends with a commit or a range
    std::optional<int> last_bad;
    std::string levels_json = "{}";  // {"good": Elo, "bad": Elo, "bad_sigma": Elo} once known
};

// What the bisection knows of one commit of its path: not built yet (every commit of the path is
// stored from the start, so the report names them all), built, or skipped; and the run of its games
// against the good build (every batch of the commit is a slice of that one run).
enum class BisectCommitState { pending, built, skipped };

std::string_view to_string(BisectCommitState state);
BisectCommitState parse_bisect_commit_state(std::string_view text);

struct BisectionCommitRecord {
    std::int64_t bisection = 0;
    int position = 0;  // 0 good .. commits bad
    std::string sha;   // full hash
    std::string subject;
    BisectCommitState state = BisectCommitState::pending;
    std::string reason;                  // why skipped: the build's or the bench's failure, its log named
    std::string bench;                   // the bench node count when it ran ('' otherwise)
    std::optional<std::int64_t> run_id;  // its games against the good build, once it has played
};

}  // namespace arbiter::db
