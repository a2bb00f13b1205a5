#pragma once
// `arbiter epd`'s use of the database: the engine record, the run (keyed by engine, suite content
// and search limit, so a re-run of the same command resumes it), and one stored row per position.

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "db/database.h"
#include "harness/epdrun/epd_options.h"
#include "harness/epdrun/suite.h"

namespace arbiter::epdrun {

// What identifies an epd run; concurrency, --first, the database path and output flags do not.
// A repetition above 1 is part of it, so the n-th run of the same limit is a run of its own.
std::string epd_run_config_json(const db::EngineRecord& engine, const Suite& suite, const SearchLimit& limit,
                                int repetition = 1);

class EpdStore {
public:
    // Opens (creating) the database, first reading every page when check_pages; throws db::DbError
    // naming the file.
    EpdStore(const std::string& path, bool check_pages, const db::EngineRecord& engine, const Suite& suite,
             const SearchLimit& limit, int repetition = 1);

    std::int64_t run_id() const { return run_.id; }
    std::int64_t engine_id() const { return engine_id_; }
    const db::RunRecord& run() const { return run_; }
    db::Database& database() { return db_; }

    std::set<std::string> completed_positions();
    // This run's stored rows for this engine and suite, by position id.
    std::vector<db::EpdResultRecord> stored_results();
    void store(db::EpdResultRecord result);
    void finish(db::RunStatus status);

private:
    db::Database db_;
    std::string suite_;
    std::int64_t engine_id_ = 0;
    db::RunRecord run_;
};

}  // namespace arbiter::epdrun
