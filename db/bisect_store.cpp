// Database: the rows `arbiter bisect` keeps beside its games (schema 9): one per bisection, found
// again by its identity, and one per commit of its path naming the run that holds the commit's games.
#include <stdexcept>

#include "db/database_impl.h"

namespace arbiter::db {

namespace {

constexpr std::pair<BisectVerdict, std::string_view> kVerdicts[] = {
    {BisectVerdict::running, "running"},
    {BisectVerdict::named, "named"},
    {BisectVerdict::range, "range"},
    {BisectVerdict::not_confirmed, "not_confirmed"},
    {BisectVerdict::several_steps, "several_steps"},
    {BisectVerdict::budget, "budget"},
};

constexpr const char* kBisectionColumns =
    "id, identity, repo, good, bad, commits, started_at, finished_at, verdict, first_bad, last_bad, levels";

// The identity's conflict leaves the stored row as it is: its id, started_at and verdict are what a
// resumed bisection continues from.
constexpr const char* kInsertBisection = R"sql(
INSERT INTO bisections (identity, repo, good, bad, commits, started_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
ON CONFLICT (identity) DO NOTHING
)sql";

constexpr const char* kUpsertCommit = R"sql(
INSERT INTO bisection_commits (bisection, position, sha, subject, state, reason, bench, run_id)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
ON CONFLICT (bisection, position) DO UPDATE SET
  sha = excluded.sha, subject = excluded.subject, state = excluded.state, reason = excluded.reason,
  bench = excluded.bench, run_id = excluded.run_id
)sql";

// Running has no end, so finished_at goes back to NULL when a bisection is marked running again.
constexpr const char* kFinish = R"sql(
UPDATE bisections SET verdict = ?2, first_bad = ?3, last_bad = ?4,
  finished_at = CASE WHEN ?2 = 'running' THEN NULL ELSE ?5 END
WHERE id = ?1
)sql";

BisectionRecord read_bisection_row(const detail::Statement& stmt) {
    BisectionRecord record;
    record.id = stmt.int64(0);
    record.identity = stmt.text(1);
    record.repo = stmt.text(2);
    record.good = stmt.text(3);
    record.bad = stmt.text(4);
    record.commits = stmt.int32(5);
    record.started_at = stmt.text(6);
    record.finished_at = stmt.opt_text(7);
    record.verdict = parse_bisect_verdict(stmt.text(8));
    record.first_bad = stmt.opt_int32(9);
    record.last_bad = stmt.opt_int32(10);
    record.levels_json = stmt.text(11);
    return record;
}

// The JSON canonical (keys sorted, compact), so the same settings in another key order find the
// same bisection; not JSON is the caller's error, named before anything is written.
std::string canonical_or_throw(const std::string& json, const std::string& path, const std::string& purpose) {
    try {
        return canonical_json(json);
    } catch (const std::invalid_argument& error) {
        throw DbError(ErrorKind::invalid_argument, path, purpose, error.what());
    }
}

void require_one_change(detail::Connection& conn, const std::string& path, const std::string& purpose,
                        std::int64_t bisection) {
    if (conn.changes() == 1) return;
    throw DbError(ErrorKind::invalid_argument, path, purpose,
                  "database '" + path + "' has no bisection with id " + std::to_string(bisection));
}

}  // namespace

std::string_view to_string(BisectVerdict verdict) {
    for (const auto& [value, name] : kVerdicts)
        if (value == verdict) return name;
    return "?";
}

BisectVerdict parse_bisect_verdict(std::string_view text) {
    for (const auto& [value, name] : kVerdicts)
        if (name == text) return value;
    throw std::invalid_argument("unknown bisection verdict '" + std::string(text) + "'");
}

std::string_view to_string(BisectCommitState state) {
    switch (state) {
        case BisectCommitState::pending: return "pending";
        case BisectCommitState::built: return "built";
        case BisectCommitState::skipped: return "skipped";
    }
    return "pending";
}

BisectCommitState parse_bisect_commit_state(std::string_view text) {
    if (text == "pending") return BisectCommitState::pending;
    if (text == "built") return BisectCommitState::built;
    if (text == "skipped") return BisectCommitState::skipped;
    throw std::invalid_argument("unknown bisection commit state '" + std::string(text) + "'");
}

BisectionRecord Database::find_or_create_bisection(const BisectionRecord& wanted) {
    std::lock_guard lock(impl_->mutex);
    const std::string purpose = "store bisection of " + wanted.repo + " from " + wanted.good + " to " + wanted.bad;
    const std::string identity = canonical_or_throw(wanted.identity, path(), purpose);
    auto& conn = impl_->conn;
    BisectionRecord result;
    impl_->write(purpose, [&] {
        auto insert = conn.cached(kInsertBisection, purpose);
        insert->bind(1, identity);
        insert->bind(2, wanted.repo);
        insert->bind(3, wanted.good);
        insert->bind(4, wanted.bad);
        insert->bind(5, wanted.commits);
        insert->bind(6, utc_now_iso());
        insert->run();
        auto select =
            conn.cached(std::string("SELECT ") + kBisectionColumns + " FROM bisections WHERE identity = ?1", purpose);
        select->bind(1, identity);
        if (!select->step()) throw DbError(ErrorKind::other, path(), purpose, "the bisection's row is missing");
        result = read_bisection_row(*select);
    });
    return result;
}

void Database::upsert_bisection_commit(const BisectionCommitRecord& commit) {
    std::lock_guard lock(impl_->mutex);
    const std::string purpose = "store commit " + std::to_string(commit.position) + " (" + commit.sha +
                                ") of bisection " + std::to_string(commit.bisection);
    auto& conn = impl_->conn;
    impl_->write(purpose, [&] {
        auto stmt = conn.cached(kUpsertCommit, purpose);
        stmt->bind(1, commit.bisection);
        stmt->bind(2, commit.position);
        stmt->bind(3, commit.sha);
        stmt->bind(4, commit.subject);
        stmt->bind(5, to_string(commit.state));
        stmt->bind(6, commit.reason);
        stmt->bind(7, commit.bench);
        stmt->bind(8, commit.run_id);
        stmt->run();
    });
}

std::vector<BisectionCommitRecord> Database::bisection_commits(std::int64_t bisection) {
    std::lock_guard lock(impl_->mutex);
    if (!has_table("bisection_commits")) return {};
    auto stmt = impl_->conn.cached(
        "SELECT bisection, position, sha, subject, state, reason, bench, run_id FROM bisection_commits "
        "WHERE bisection = ?1 ORDER BY position",
        "read commits of bisection " + std::to_string(bisection));
    stmt->bind(1, bisection);
    std::vector<BisectionCommitRecord> commits;
    while (stmt->step()) {
        commits.push_back(BisectionCommitRecord{stmt->int64(0), stmt->int32(1), stmt->text(2), stmt->text(3),
                                                parse_bisect_commit_state(stmt->text(4)), stmt->text(5), stmt->text(6),
                                                stmt->opt_int64(7)});
    }
    return commits;
}

void Database::set_bisection_levels(std::int64_t bisection, const std::string& levels_json) {
    std::lock_guard lock(impl_->mutex);
    const std::string purpose = "store the levels of bisection " + std::to_string(bisection);
    const std::string levels = canonical_or_throw(levels_json, path(), purpose);
    auto& conn = impl_->conn;
    impl_->write(purpose, [&] {
        auto stmt = conn.cached("UPDATE bisections SET levels = ?2 WHERE id = ?1", purpose);
        stmt->bind(1, bisection);
        stmt->bind(2, levels);
        stmt->run();
        require_one_change(conn, path(), purpose, bisection);
    });
}

void Database::finish_bisection(std::int64_t bisection, BisectVerdict verdict, std::optional<int> first_bad,
                                std::optional<int> last_bad) {
    std::lock_guard lock(impl_->mutex);
    const std::string purpose =
        "store verdict '" + std::string(to_string(verdict)) + "' of bisection " + std::to_string(bisection);
    auto& conn = impl_->conn;
    impl_->write(purpose, [&] {
        auto stmt = conn.cached(kFinish, purpose);
        stmt->bind(1, bisection);
        stmt->bind(2, to_string(verdict));
        stmt->bind(3, first_bad);
        stmt->bind(4, last_bad);
        stmt->bind(5, utc_now_iso());
        stmt->run();
        require_one_change(conn, path(), purpose, bisection);
    });
}

std::vector<BisectionRecord> Database::bisections() {
    std::lock_guard lock(impl_->mutex);
    if (!has_table("bisections")) return {};
    auto stmt = impl_->conn.cached(std::string("SELECT ") + kBisectionColumns + " FROM bisections ORDER BY id",
                                   "list bisections");
    std::vector<BisectionRecord> records;
    while (stmt->step()) records.push_back(read_bisection_row(*stmt));
    return records;
}

double Database::bisection_game_seconds(std::int64_t bisection) {
    std::lock_guard lock(impl_->mutex);
    if (!has_table("bisection_commits")) return 0.0;
    auto stmt = impl_->conn.cached(
        "SELECT coalesce(sum(max(0.0, (julianday(g.finished_at) - julianday(g.started_at)) * 86400.0)), 0.0) "
        "FROM bisection_commits c JOIN games g ON g.run_id = c.run_id WHERE c.bisection = ?1",
        "game time of bisection " + std::to_string(bisection));
    stmt->bind(1, bisection);
    return stmt->step() ? stmt->real(0) : 0.0;
}

}  // namespace arbiter::db
