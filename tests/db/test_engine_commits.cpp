// engines.commit_subject and committed_at (schema 7): stored with an engine, filled in when blank,
// outside its identity, copied by a merge, read as '' from an older file; and engines_of_run.
#include <catch2/catch.hpp>

#include "db/merge.h"
#include "tests/db/db_test_util.h"

using namespace arbiter::db;
using dbtest::TempDir;

namespace {

EngineRecord build_engine(const std::string& subject, const std::string& date) {
    EngineRecord engine{0, "tempo@abc", "/cache/abc/tempo", "uci", "{}", "abc123", ""};
    engine.commit_subject = subject;
    engine.committed_at = date;
    return engine;
}

// One game of `white` against `black` in a new run; returns the run's id.
std::int64_t one_game_run(Database& db, std::int64_t white, std::int64_t black, const std::string& config) {
    const RunRecord run = db.find_or_create_run(dbtest::make_run(config));
    auto game = dbtest::make_game(run.id, 0, 0, db.engine_by_id(white)->name, db.engine_by_id(black)->name,
                                  GameResult::draw, 2);
    game.white_engine_id = white;
    game.black_engine_id = black;
    db.insert_game(game);
    return run.id;
}

}  // namespace

TEST_CASE("an engine's commit subject and date are stored, and filled in when blank", "[unit]") {
    TempDir dir;
    Database db(dir.file("engines.db"));
    const auto blank = db.upsert_engine(build_engine("", ""));
    CHECK(db.engine_by_id(blank)->commit_subject.empty());
    // Same identity: the same engine, which learns its commit now.
    CHECK(db.upsert_engine(build_engine("Passed pawns (#12)", "2026-01-03T09:00:00Z")) == blank);
    const EngineRecord known = *db.engine_by_id(blank);
    CHECK(known.commit_subject == "Passed pawns (#12)");
    CHECK(known.committed_at == "2026-01-03T09:00:00Z");
    // Known values stay: the commit decides them.
    CHECK(db.upsert_engine(build_engine("other", "2030-01-01T00:00:00Z")) == blank);
    CHECK(db.list_engines().at(0).commit_subject == "Passed pawns (#12)");
    EngineRecord other = build_engine("New search", "2026-02-01T00:00:00Z");
    other.git_commit = "def456";
    const auto second = db.upsert_engine(other);
    CHECK(db.engine_by_id(second)->committed_at == "2026-02-01T00:00:00Z");
}

TEST_CASE("engines_of_run lists the engines of a run's games and EPD answers", "[unit]") {
    TempDir dir;
    Database db(dir.file("runs.db"));
    const auto a = db.upsert_engine(build_engine("A's subject", "2026-01-01T00:00:00Z"));
    const auto b = db.upsert_engine({0, "sf", "stockfish", "uci", "{}", "", ""});
    const auto c = db.upsert_engine({0, "other", "other", "uci", "{}", "", ""});
    const auto run = one_game_run(db, b, a, R"({"n":1})");
    one_game_run(db, c, b, R"({"n":2})");
    const auto engines = db.engines_of_run(run);
    REQUIRE(engines.size() == 2);
    CHECK(engines[0].id == a);
    CHECK(engines[0].commit_subject == "A's subject");
    CHECK(engines[1].name == "sf");
    CHECK(db.engines_of_run(999).empty());
}

TEST_CASE("a schema 6 file reads commit info as '' read-only and migrates read-write", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("v6.db");
    std::int64_t run = 0;
    {
        Database db(path);
        const auto a = db.upsert_engine(build_engine("lost", "2026-01-01T00:00:00Z"));
        run = one_game_run(db, a, db.upsert_engine({0, "sf", "stockfish", "uci", "{}", "", ""}), "{}");
    }
    dbtest::back_to_schema_6(path);
    OpenOptions read_only;
    read_only.read_only = true;
    {
        Database db(path, read_only);
        CHECK(db.schema_version() == 6);
        CHECK(db.engines_of_run(run).size() == 2);
        CHECK(db.engine_by_id(1)->commit_subject.empty());
    }
    Database db(path);
    CHECK(db.schema_version() == kSchemaVersion);
    CHECK(db.upsert_engine(build_engine("found", "2026-01-01T00:00:00Z")) == 1);
    CHECK(db.engine_by_id(1)->commit_subject == "found");
}

TEST_CASE("a merge copies the commit info, and fills it in where the output lacks it", "[unit]") {
    TempDir dir;
    const std::string with = dir.file("with.db"), without = dir.file("without.db"), out = dir.file("out.db");
    {
        Database db(without);
        const auto a = db.upsert_engine(build_engine("", ""));
        one_game_run(db, a, db.upsert_engine({0, "sf", "stockfish", "uci", "{}", "", ""}), R"({"n":1})");
    }
    {
        Database db(with);
        const auto a = db.upsert_engine(build_engine("Passed pawns", "2026-01-03T09:00:00Z"));
        one_game_run(db, a, db.upsert_engine({0, "sf", "stockfish", "uci", "{}", "", ""}), R"({"n":2})");
    }
    merge(out, {without});
    merge(out, {with});
    Database db(out);
    const auto engines = db.list_engines();
    REQUIRE(engines.size() == 2);
    CHECK(engines[0].commit_subject == "Passed pawns");
    CHECK(engines[0].committed_at == "2026-01-03T09:00:00Z");
}
