// BaselineStore's verification column (schema 6): written as bench or none, read back, read as ''
// (unknown) from a file of schema 5 by a read-only handle, and kept '' by the migration.
#include <catch2/catch.hpp>

#include "db/baseline_store.h"
#include "db/errors.h"
#include "tests/db/db_test_util.h"
#include "tests/support/temp_dir.h"

using namespace arbiter::db;
using test_support::TempDir;

namespace {

BaselineRecord baseline(const std::string& commit, const std::string& verification) {
    BaselineRecord record;
    record.name = "nightly";
    record.git_commit = commit;
    record.verification = verification;
    return record;
}

}  // namespace

TEST_CASE("a baseline keeps how it was verified; anything but bench or none is refused", "[unit]") {
    TempDir dir;
    BaselineStore store(dir.file("b.db"));
    store.record(baseline("aaaa", "none"));
    store.record(baseline("bbbb", "bench"));
    CHECK(store.current("nightly")->verification == "bench");
    CHECK(store.history("nightly").back().verification == "none");
    CHECK_THROWS_AS(store.record(baseline("cccc", "")), DbError);
    CHECK_THROWS_AS(store.record(baseline("cccc", "maybe")), DbError);
}

TEST_CASE("a schema 5 file's baselines read as unverified-unknown, read-only or migrated", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("v5.db");
    BaselineStore(path).record(baseline("aaaa", "bench"));
    dbtest::back_to_schema_6(path);
    dbtest::raw_exec(path, "ALTER TABLE baselines DROP COLUMN verification; PRAGMA user_version = 5");

    OpenOptions read_only;
    read_only.read_only = true;
    CHECK(BaselineStore(path, read_only).current("nightly")->verification.empty());
    CHECK(dbtest::raw_count(path, "PRAGMA user_version") == 5);  // read-only: not migrated

    BaselineStore migrated(path);
    CHECK(migrated.current("nightly")->verification.empty());
    CHECK(dbtest::raw_count(path, "PRAGMA user_version") == kSchemaVersion);
}
