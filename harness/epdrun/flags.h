#pragma once
// Command-line flags of `arbiter epd` and `arbiter ttd`. Parsing only checks shape (known flags,
// numbers, required values); errors are UsageError naming the flag.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace arbiter::epdrun {

class UsageError : public std::runtime_error {
public:
    UsageError(const std::string& flag, const std::string& what) : std::runtime_error(flag + ": " + what) {}
};

// What ends one search. At least one field is set once flags are validated.
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
    std::optional<int> max_drop;             // implies compare_previous
    bool check_db_pages = true;              // PRAGMA quick_check on --db before the run writes into it
};

struct TtdOptions {
    std::vector<std::string> engines;
    std::string positions;
    int depth = 0;
    bool json = false;
    std::optional<std::int64_t> timeout_ms;
};

EpdOptions parse_epd_options(const std::vector<std::string>& args);
TtdOptions parse_ttd_options(const std::vector<std::string>& args);

}  // namespace arbiter::epdrun
