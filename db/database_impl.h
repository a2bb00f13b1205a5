#pragma once
// Internal: the state behind Database, shared by the .cpp files that implement its parts
// (database.cpp: open/engines/runs, game_store.cpp: writes, queries.cpp: reads, stats.cpp: aggregates).

#include <mutex>
#include <string>
#include <string_view>

#include "db/database.h"
#include "db/sqlite_handle.h"

namespace arbiter::db {

struct Database::Impl {
    Impl(const std::string& path, const OpenOptions& options);

    // One write transaction with lock-conflict retries; refuses on a read-only handle.
    void write(std::string_view purpose, const std::function<void()>& body);

    detail::Connection conn;
    detail::WriteRetry retry;
    bool read_only;
    // engines.commit_subject/committed_at exist (schema 7; a read-only open of an older file lacks them).
    bool engines_have_commit_info = false;
    // Schema 10's games_by_run_engines, run_results and run_pairs exist (an older file read-only lacks them).
    bool games_have_run_engines_index = false;
    bool has_run_results = false;
    // Recursive so that a helper called from a locked method may lock again.
    std::recursive_mutex mutex;
};

namespace detail {

// Turns a filter into a SQL condition on a games table alias's run_id and binds it; shared by the read
// and statistics queries so they filter identically. The condition text is fixed per filter shape.
std::string run_filter_condition(const ResultFilter& filter, std::string_view run_id_column, int first_param);
void bind_run_filter(Statement& stmt, const ResultFilter& filter, int first_param);

// The columns an EngineRecord is read from, `alias.` before each when given; read_engine reads them.
std::string engine_columns(const Database::Impl& impl, std::string_view alias = {});
EngineRecord read_engine(const Statement& stmt);

// Row readers: columns in the order of the matching *_columns text.
extern const char* const kGameColumns;
extern const char* const kMoveColumns;
extern const char* const kRunColumns;
GameRecord read_game(const Statement& stmt);
MoveRecord read_move(const Statement& stmt);
RunRecord read_run(const Statement& stmt);

}  // namespace detail
}  // namespace arbiter::db
