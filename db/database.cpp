// Database: opening, engines and runs.
#include <algorithm>
#include <stdexcept>

#include "db/database_impl.h"
#include "db/schema.h"

namespace arbiter::db {

namespace {

DbError invalid_record(const std::string& path, const std::string& purpose, const std::exception& cause) {
    return DbError(ErrorKind::invalid_argument, path, purpose,
                   "database '" + path + "': " + purpose + ": " + cause.what());
}

bool in_schema(detail::Connection& conn, const char* type, const char* name) {
    detail::Statement find(conn, "SELECT count(*) FROM sqlite_schema WHERE type = ?1 AND name = ?2",
                           "look for " + std::string(type) + " " + name);
    find.bind(1, type);
    find.bind(2, name);
    return find.step() && find.int64(0) > 0;
}

}  // namespace

Database::Impl::Impl(const std::string& path, const OpenOptions& options)
    : conn(path, detail::connection_options(options)), retry(options.write_deadline_ms), read_only(options.read_only) {
    detail::prepare_database(conn, retry, options);
    detail::Statement column(conn, "SELECT count(*) FROM pragma_table_info('engines') WHERE name = 'commit_subject'",
                             "look for engines.commit_subject");
    engines_have_commit_info = column.step() && column.int64(0) > 0;
    games_have_run_engines_index = in_schema(conn, "index", "games_by_run_engines");
    has_run_results = in_schema(conn, "table", "run_results");
}

void Database::Impl::write(std::string_view purpose, const std::function<void()>& body) {
    if (read_only) {
        throw DbError(ErrorKind::read_only, conn.path(), std::string(purpose),
                      "database '" + conn.path() + "' was opened read-only: cannot " + std::string(purpose));
    }
    retry.run(conn, purpose, body);
}

Database::Database(const std::string& path, const OpenOptions& options)
    : impl_(std::make_unique<Impl>(path, options)) {}

Database::~Database() = default;
Database::Database(Database&&) noexcept = default;
Database& Database::operator=(Database&&) noexcept = default;

const std::string& Database::path() const { return impl_->conn.path(); }

int Database::schema_version() {
    std::lock_guard lock(impl_->mutex);
    return detail::read_user_version(impl_->conn);
}

bool Database::integrity_ok() {
    std::lock_guard lock(impl_->mutex);
    detail::Statement check(impl_->conn, "PRAGMA integrity_check", "check integrity");
    return check.step() && check.text(0) == "ok";
}

bool Database::has_table(const std::string& name) {
    std::lock_guard lock(impl_->mutex);
    detail::Statement find(impl_->conn, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1",
                           "look up a table");
    find.bind(1, name);
    return find.step();
}

// --- engines ---

namespace detail {

std::string engine_columns(const Database::Impl& impl, std::string_view alias) {
    const std::string a = alias.empty() ? std::string() : std::string(alias) + ".";
    std::string columns;
    for (const char* column : {"id", "name", "command", "protocol", "options", "git_commit", "feature_set"})
        columns += (columns.empty() ? "" : ", ") + a + column;
    if (impl.engines_have_commit_info) return columns + ", " + a + "commit_subject, " + a + "committed_at";
    return columns + ", '', ''";
}

EngineRecord read_engine(const Statement& stmt) {
    EngineRecord engine;
    engine.id = stmt.int64(0);
    engine.name = stmt.text(1);
    engine.command = stmt.text(2);
    engine.protocol = stmt.text(3);
    engine.options_json = stmt.text(4);
    engine.git_commit = stmt.text(5);
    engine.feature_set = stmt.text(6);
    engine.commit_subject = stmt.text(7);
    engine.committed_at = stmt.text(8);
    return engine;
}

}  // namespace detail

namespace {

void bind_engine_identity(detail::Statement& stmt, const EngineRecord& engine, const std::string& options) {
    stmt.bind(1, engine.name);
    stmt.bind(2, engine.command);
    stmt.bind(3, engine.protocol);
    stmt.bind(4, options);
    stmt.bind(5, engine.git_commit);
    stmt.bind(6, engine.feature_set);
}

// An engine registered before its commit was known (or before schema 7) learns it now; known
// values stay, since the commit decides them.
void fill_commit_info(detail::Connection& conn, std::int64_t id, const EngineRecord& engine,
                      const std::string& purpose) {
    if (engine.commit_subject.empty() && engine.committed_at.empty()) return;
    auto update = conn.cached(
        "UPDATE engines SET commit_subject = CASE WHEN commit_subject = '' THEN ?2 ELSE commit_subject END, "
        "committed_at = CASE WHEN committed_at = '' THEN ?3 ELSE committed_at END WHERE id = ?1",
        purpose);
    update->bind(1, id);
    update->bind(2, engine.commit_subject);
    update->bind(3, engine.committed_at);
    update->run();
}

}  // namespace

std::int64_t Database::upsert_engine(const EngineRecord& engine) {
    std::lock_guard lock(impl_->mutex);
    const std::string purpose = "register engine '" + engine.name + "'";
    std::string options;
    try {
        options = canonical_json(engine.options_json);
    } catch (const std::invalid_argument& error) {
        throw invalid_record(path(), purpose, error);
    }
    auto& conn = impl_->conn;
    std::int64_t id = 0;
    impl_->write(purpose, [&] {
        auto find = conn.cached(
            "SELECT id FROM engines WHERE name = ?1 AND command = ?2 AND protocol = ?3 AND options = ?4 "
            "AND git_commit = ?5 AND feature_set = ?6",
            purpose);
        bind_engine_identity(*find, engine, options);
        if (find->step()) {
            id = find->int64(0);
            find->reset();
            fill_commit_info(conn, id, engine, purpose);
            return;
        }
        auto insert = conn.cached(
            "INSERT INTO engines (name, command, protocol, options, git_commit, feature_set, created_at, commit_subject, "
            "committed_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            purpose);
        bind_engine_identity(*insert, engine, options);
        insert->bind(7, utc_now_iso());
        insert->bind(8, engine.commit_subject);
        insert->bind(9, engine.committed_at);
        insert->run();
        id = conn.last_insert_id();
    });
    return id;
}

std::optional<EngineRecord> Database::engine_by_id(std::int64_t id) {
    std::lock_guard lock(impl_->mutex);
    auto stmt =
        impl_->conn.cached("SELECT " + detail::engine_columns(*impl_) + " FROM engines WHERE id = ?1", "read engine");
    stmt->bind(1, id);
    if (!stmt->step()) return std::nullopt;
    return detail::read_engine(*stmt);
}

std::vector<EngineRecord> Database::list_engines() {
    std::lock_guard lock(impl_->mutex);
    auto stmt =
        impl_->conn.cached("SELECT " + detail::engine_columns(*impl_) + " FROM engines ORDER BY id", "list engines");
    std::vector<EngineRecord> engines;
    while (stmt->step()) engines.push_back(detail::read_engine(*stmt));
    return engines;
}

// --- runs ---

namespace {

std::optional<RunRecord> select_run(detail::Connection& conn, std::string_view where, const auto& key) {
    const std::string sql = std::string("SELECT ") + detail::kRunColumns + " FROM runs WHERE " + std::string(where);
    auto stmt = conn.cached(sql, "read run");
    stmt->bind(1, key);
    if (!stmt->step()) return std::nullopt;
    return detail::read_run(*stmt);
}

void insert_run(detail::Connection& conn, const RunRecord& run, std::string_view purpose) {
    auto stmt = conn.cached(
        "INSERT INTO runs (kind, config_hash, config, time_control, host, ladder, shard_index, shard_count, "
        "pair_begin, pair_end, started_at, finished_at, status) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
        purpose);
    stmt->bind(1, to_string(run.kind));
    stmt->bind(2, run.config_key);
    stmt->bind(3, run.config_json);
    stmt->bind(4, run.time_control);
    stmt->bind(5, run.host);
    stmt->bind(6, run.ladder);
    stmt->bind(7, run.shard_index);
    stmt->bind(8, run.shard_count);
    stmt->bind(9, run.pair_begin);
    stmt->bind(10, run.pair_end);
    stmt->bind(11, run.started_at.empty() ? utc_now_iso() : run.started_at);
    stmt->bind(12, run.finished_at);
    stmt->bind(13, to_string(run.status));
    stmt->run();
}

std::optional<std::int64_t> hull(std::optional<std::int64_t> a, std::optional<std::int64_t> b, bool low) {
    if (!a || !b) return std::nullopt;  // an unknown bound stays unknown
    return low ? std::min(*a, *b) : std::max(*a, *b);
}

// A second shard of the same run writing into the same file: the stored run now covers both, marked
// shard_index 0 ("several shards") with the hull of the pair ranges.
void widen_run(detail::Connection& conn, const RunRecord& stored, const RunRecord& shard) {
    auto stmt =
        conn.cached("UPDATE runs SET shard_index = 0, shard_count = ?2, pair_begin = ?3, pair_end = ?4 WHERE id = ?1",
                    "widen run to several shards");
    stmt->bind(1, stored.id);
    stmt->bind(2, std::max(stored.shard_count, shard.shard_count));
    stmt->bind(3, hull(stored.pair_begin, shard.pair_begin, true));
    stmt->bind(4, hull(stored.pair_end, shard.pair_end, false));
    stmt->run();
}

// True when the stored run already describes the caller's shard, so nothing needs to change.
bool already_covers(const RunRecord& stored, const RunRecord& shard) {
    if (stored.shard_index == shard.shard_index && stored.shard_count == shard.shard_count) return true;
    if (stored.shard_index != 0) return false;  // a different shard of the same run
    // Already a combination: only a known range reaching outside the known hull changes anything.
    if (!stored.pair_begin || !stored.pair_end || !shard.pair_begin || !shard.pair_end) return true;
    return *shard.pair_begin >= *stored.pair_begin && *shard.pair_end <= *stored.pair_end;
}

// Runs of one identity: the key itself, or the key with a "#N" generation suffix.
constexpr const char* kSameIdentity = "(config_hash = ?1 OR substr(config_hash, 1, length(?1) + 1) = ?1 || '#')";

std::optional<RunRecord> latest_of_identity(detail::Connection& conn, const std::string& key) {
    return select_run(conn, std::string(kSameIdentity) + " ORDER BY id DESC LIMIT 1", key);
}

// The first run of an identity takes its key, later ones the next free "#N".
std::string next_generation_key(detail::Connection& conn, const std::string& key) {
    auto count = conn.cached(std::string("SELECT count(*) FROM runs WHERE ") + kSameIdentity, "count runs of identity");
    count->bind(1, key);
    std::int64_t generation = count->step() ? count->int64(0) + 1 : 1;
    for (;; ++generation) {
        const std::string candidate = generation == 1 ? key : key + "#" + std::to_string(generation);
        if (!select_run(conn, "config_hash = ?1", candidate)) return candidate;
    }
}

std::int64_t stored_games(detail::Connection& conn, const RunRecord& run, const RunRecord& range) {
    auto count = conn.cached(
        "SELECT count(*) FROM games WHERE run_id = ?1 AND (?2 IS NULL OR pair_index >= ?2) "
        "AND (?3 IS NULL OR pair_index < ?3)",
        "count stored games of run");
    count->bind(1, run.id);
    count->bind(2, range.pair_begin);
    count->bind(3, range.pair_end);
    return count->step() ? count->int64(0) : 0;
}

// A finished run is done for the caller when every game of the caller's pairs is stored, or when both
// the run and the caller span all pairs (an SPRT may have finished it early). A run that finished a
// part (a shard, --pairs) is not done for a caller wanting other pairs of it.
bool done_for(detail::Connection& conn, const RunRecord& stored, const RunRecord& wanted, const RunChoice& choice) {
    if (stored.status != RunStatus::finished) return false;
    if (!wanted.pair_begin && !stored.pair_begin) return true;
    return stored_games(conn, stored, wanted) >= choice.selection_games;
}

std::optional<RunRecord> run_to_resume(detail::Connection& conn, const RunRecord& wanted, const RunChoice& choice,
                                       const std::string& path) {
    switch (choice.mode) {
        case RunChoice::Mode::fresh: return std::nullopt;
        case RunChoice::Mode::run_id: {
            auto stored = select_run(conn, "id = ?1", choice.run_id);
            if (!stored) {
                throw DbError(ErrorKind::invalid_argument, path, "resume run",
                              "database '" + path + "' has no run " + std::to_string(choice.run_id));
            }
            return stored;
        }
        case RunChoice::Mode::latest: return latest_of_identity(conn, wanted.config_key);
        default: {
            auto stored = latest_of_identity(conn, wanted.config_key);
            if (stored && done_for(conn, *stored, wanted, choice)) return std::nullopt;
            return stored;
        }
    }
}

// The run as stored: its config in canonical JSON and, unless given, the key made from it.
RunRecord keyed_run(const RunRecord& run, const std::string& path, const std::string& purpose) {
    RunRecord keyed = run;
    try {
        keyed.config_json = canonical_json(run.config_json);
        if (keyed.config_key.empty()) keyed.config_key = make_config_key(run.kind, run.config_json);
    } catch (const std::invalid_argument& error) {
        throw invalid_record(path, purpose, error);
    }
    return keyed;
}

}  // namespace

RunRecord Database::find_or_create_run(const RunRecord& run) {
    std::lock_guard lock(impl_->mutex);
    const std::string purpose = "find or create " + std::string(to_string(run.kind)) + " run";
    const RunRecord wanted = keyed_run(run, path(), purpose);
    auto& conn = impl_->conn;
    RunRecord result;
    impl_->write(purpose, [&] {
        auto stored = select_run(conn, "config_hash = ?1", wanted.config_key);
        if (!stored) {
            insert_run(conn, wanted, purpose);
            stored = select_run(conn, "id = ?1", conn.last_insert_id());
        } else if (stored->kind != wanted.kind) {
            throw DbError(ErrorKind::invalid_argument, path(), purpose,
                          "database '" + path() + "': run key '" + wanted.config_key + "' already belongs to a " +
                              std::string(to_string(stored->kind)) + " run");
        } else if (!already_covers(*stored, wanted)) {
            widen_run(conn, *stored, wanted);
            stored = select_run(conn, "id = ?1", stored->id);
        }
        result = *stored;
    });
    return result;
}

OpenedRun Database::open_run(const RunRecord& run, const RunChoice& choice) {
    std::lock_guard lock(impl_->mutex);
    const std::string purpose = "open " + std::string(to_string(run.kind)) + " run";
    const RunRecord wanted = keyed_run(run, path(), purpose);
    auto& conn = impl_->conn;
    OpenedRun opened;
    impl_->write(purpose, [&] {
        auto stored = run_to_resume(conn, wanted, choice, path());
        opened.created = !stored;
        if (!stored) {
            RunRecord fresh = wanted;
            fresh.config_key = next_generation_key(conn, wanted.config_key);
            insert_run(conn, fresh, purpose);
            stored = select_run(conn, "id = ?1", conn.last_insert_id());
        } else if (!already_covers(*stored, wanted)) {
            widen_run(conn, *stored, wanted);
            stored = select_run(conn, "id = ?1", stored->id);
        }
        opened.run = *stored;
        opened.games_stored = stored_games(conn, *stored, wanted);
    });
    return opened;
}

std::optional<RunRecord> Database::find_run(const std::string& config_key) {
    std::lock_guard lock(impl_->mutex);
    return select_run(impl_->conn, "config_hash = ?1", config_key);
}

bool Database::has_runs_with_unversioned_file_hashes() {
    std::lock_guard lock(impl_->mutex);
    // Stored identities are canonical JSON (sorted keys, compact), so the list always starts so.
    auto stmt = impl_->conn.cached(
        "SELECT 1 FROM runs WHERE config LIKE '%\"engine_files\":[\"%' "
        "AND config NOT LIKE '%\"engine_files\":[\"v_:%' LIMIT 1",
        "look for runs with unversioned engine file hashes");
    return stmt->step();
}

std::optional<RunRecord> Database::run_by_id(std::int64_t id) {
    std::lock_guard lock(impl_->mutex);
    return select_run(impl_->conn, "id = ?1", id);
}

std::vector<RunRecord> Database::list_runs() {
    std::lock_guard lock(impl_->mutex);
    auto stmt =
        impl_->conn.cached(std::string("SELECT ") + detail::kRunColumns + " FROM runs ORDER BY id", "list runs");
    std::vector<RunRecord> runs;
    while (stmt->step()) runs.push_back(detail::read_run(*stmt));
    return runs;
}

void Database::set_run_status(std::int64_t run_id, RunStatus status) {
    std::lock_guard lock(impl_->mutex);
    const std::string purpose = "set status of run " + std::to_string(run_id);
    auto& conn = impl_->conn;
    impl_->write(purpose, [&] {
        auto stmt = conn.cached(
            "UPDATE runs SET status = ?2, finished_at = CASE WHEN ?2 = 'running' THEN NULL ELSE ?3 END "
            "WHERE id = ?1",
            purpose);
        stmt->bind(1, run_id);
        stmt->bind(2, to_string(status));
        stmt->bind(3, utc_now_iso());
        stmt->run();
        if (conn.changes() == 0) {
            throw DbError(ErrorKind::invalid_argument, path(), purpose,
                          "database '" + path() + "' has no run with id " + std::to_string(run_id));
        }
    });
}

}  // namespace arbiter::db
