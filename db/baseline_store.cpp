// BaselineStore: the `baselines` table, through a connection of its own (see baseline_store.h).
#include "db/baseline_store.h"

#include "db/schema.h"
#include "db/sqlite_handle.h"

namespace arbiter::db {

namespace {

constexpr const char* kColumns = "id, name, git_commit, engine_id, run_id, recorded_at, ";
// A read-only handle does not migrate: a schema 4 or 5 file has no verification column yet.
constexpr const char* kVerification = "verification";
constexpr const char* kUnknownVerification = "'' AS verification";

BaselineRecord read_baseline(const detail::Statement& stmt) {
    BaselineRecord baseline;
    baseline.id = stmt.int64(0);
    baseline.name = stmt.text(1);
    baseline.git_commit = stmt.text(2);
    baseline.engine_id = stmt.opt_int64(3);
    baseline.run_id = stmt.opt_int64(4);
    baseline.recorded_at = stmt.text(5);
    baseline.verification = stmt.text(6);
    return baseline;
}

}  // namespace

struct BaselineStore::Impl {
    Impl(const std::string& path, const OpenOptions& options)
        : conn(path, detail::connection_options(options)),
          retry(options.write_deadline_ms),
          read_only(options.read_only) {
        detail::prepare_database(conn, retry, options);
        detail::Statement column(conn,
                                 "SELECT count(*) FROM pragma_table_info('baselines') WHERE name = 'verification'",
                                 "look for baselines.verification");
        columns = std::string(kColumns) + (column.step() && column.int64(0) > 0 ? kVerification : kUnknownVerification);
    }
    std::string columns;  // what reads select, for this file's schema
    detail::Connection conn;
    detail::WriteRetry retry;
    bool read_only;
};

BaselineStore::BaselineStore(const std::string& path, const OpenOptions& options)
    : impl_(std::make_unique<Impl>(path, options)) {}

BaselineStore::~BaselineStore() = default;

std::int64_t BaselineStore::record(const BaselineRecord& baseline) {
    auto& conn = impl_->conn;
    const std::string purpose = "record baseline '" + baseline.name + "' at " + baseline.git_commit;
    if (baseline.name.empty() || baseline.git_commit.empty())
        throw DbError(ErrorKind::invalid_argument, conn.path(), purpose, "a baseline needs a name and a git commit");
    if (baseline.verification != "bench" && baseline.verification != "none")
        throw DbError(ErrorKind::invalid_argument, conn.path(), purpose,
                      "a baseline's verification is 'bench' or 'none', not '" + baseline.verification + "'");
    if (impl_->read_only)
        throw DbError(ErrorKind::read_only, conn.path(), purpose,
                      "database '" + conn.path() + "' was opened read-only");
    std::int64_t id = 0;
    impl_->retry.run(conn, purpose, [&] {
        auto insert = conn.cached(
            "INSERT INTO baselines (name, git_commit, engine_id, run_id, recorded_at, verification)"
            " VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            purpose);
        insert->bind(1, baseline.name);
        insert->bind(2, baseline.git_commit);
        insert->bind(3, baseline.engine_id);
        insert->bind(4, baseline.run_id);
        insert->bind(5, baseline.recorded_at.empty() ? utc_now_iso() : baseline.recorded_at);
        insert->bind(6, baseline.verification);
        insert->run();
        id = conn.last_insert_id();
    });
    return id;
}

std::optional<BaselineRecord> BaselineStore::current(const std::string& name) {
    auto stmt =
        impl_->conn.cached("SELECT " + impl_->columns + " FROM baselines WHERE name = ?1 ORDER BY id DESC LIMIT 1",
                           "read baseline '" + name + "'");
    stmt->bind(1, name);
    if (!stmt->step()) return std::nullopt;
    return read_baseline(*stmt);
}

std::vector<BaselineRecord> BaselineStore::history(const std::string& name) {
    auto stmt = impl_->conn.cached("SELECT " + impl_->columns + " FROM baselines WHERE name = ?1 ORDER BY id DESC",
                                   "list baselines '" + name + "'");
    stmt->bind(1, name);
    std::vector<BaselineRecord> rows;
    while (stmt->step()) rows.push_back(read_baseline(*stmt));
    return rows;
}

std::optional<std::int64_t> BaselineStore::find_engine(const std::string& name, const std::string& git_commit) {
    auto stmt =
        impl_->conn.cached("SELECT id FROM engines WHERE name = ?1 AND git_commit = ?2 ORDER BY id DESC LIMIT 1",
                           "find engine '" + name + "' at " + git_commit);
    stmt->bind(1, name);
    stmt->bind(2, git_commit);
    if (!stmt->step()) return std::nullopt;
    return stmt->int64(0);
}

}  // namespace arbiter::db
