#pragma once
// What one `arbiter epd` or `arbiter ttd` invocation asks for, as typed values; the flags are read
// into these by cli/epd_flags.cpp, which checks their shape (known flags, numbers, required values).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::epdrun {

// What ends one search. At least one field is set once the options are complete (run_epd falls
// back to the engine spec's own st=/nodes=/depth=).
struct SearchLimit {
    std::optional<std::int64_t> movetime_ms;
    std::optional<std::uint64_t> nodes;
    std::optional<int> depth;
    bool empty() const { return !movetime_ms && !nodes && !depth; }
    // "movetime=3000", "nodes=1000000 depth=12": for run records and headings.
    std::string describe() const;
};

struct EpdOptions {
    std::string engine;  // key=value spec or catalogue name, as typed
    std::string suite;   // empty: the default WAC copy
    SearchLimit limit;
    int concurrency = 1;
    std::string db = "arbiter.db";
    bool json = false;
    std::optional<std::size_t> first;
    std::string engine_name;
    std::string git_commit;
    std::optional<std::int64_t> timeout_ms;  // hard limit per search; default derived from the limit
    bool compare_previous = false;
    std::optional<int> max_drop;  // implies compare_previous
    bool check_db_pages = true;   // PRAGMA quick_check on --db before the run writes into it
    // The positions need nothing to score (no bm, am or c0): the run measures the search only, as a
    // ladder's time to depth does (its nodes and time per position are what it stores).
    bool search_only = false;
    // The n-th run of the same engine, suite and limit, a run of its own (a ladder's timed WAC played
    // several times for its spread); 1 is the run `arbiter epd` has always played and resumes.
    int repetition = 1;
};

struct TtdOptions {
    std::vector<std::string> engines;
    std::string positions;
    int depth = 0;
    bool json = false;
    std::optional<std::int64_t> timeout_ms;
};

}  // namespace arbiter::epdrun
