#pragma once
// The `baselines` table (schema v2, verification since v6): builds a CI job recorded as good, by name ("nightly"). The newest
// row of a name is the current baseline; older rows are its history. One BaselineStore is one
// connection of its own to the file, opened (and migrated) the way Database opens it.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "db/database.h"

namespace arbiter::db {

struct BaselineRecord {
    std::int64_t id = 0;
    std::string name;
    std::string git_commit;
    std::optional<std::int64_t> engine_id;  // the engines row of that build, when known
    std::optional<std::int64_t> run_id;     // the run that qualified it, when known
    std::string recorded_at;                // set by record() when empty
    // How the build was checked before it was recorded: "bench" (its bench equals its commit's
    // Bench: line), "none" (not checked), "" (recorded before schema 6: unknown).
    std::string verification;
};

class BaselineStore {
public:
    explicit BaselineStore(const std::string& path, const OpenOptions& options = {});
    ~BaselineStore();
    BaselineStore(const BaselineStore&) = delete;
    BaselineStore& operator=(const BaselineStore&) = delete;

    // Appends a row (it becomes the name's current baseline) and returns its id. Throws DbError
    // (invalid_argument) for an empty name or commit, a verification other than "bench" or "none",
    // or (constraint) an engine/run id the file does not hold.
    std::int64_t record(const BaselineRecord& baseline);
    std::optional<BaselineRecord> current(const std::string& name);
    std::vector<BaselineRecord> history(const std::string& name);  // newest first

    // The newest engines row with this name and git commit: what record() takes as engine_id.
    std::optional<std::int64_t> find_engine(const std::string& name, const std::string& git_commit);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace arbiter::db
