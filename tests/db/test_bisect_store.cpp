// bisections and bisection_commits (schema 9): what `arbiter bisect` keeps beside its games. Found
// again by identity, commits replaced per position, the verdict and levels stored, empty from an
// older file, carried through a merge.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "db/merge.h"
#include "tests/db/capture_error.h"
#include "tests/db/db_test_util.h"
#include "tests/support/text_file.h"

using namespace arbiter::db;
using dbtest::capture_error;
using dbtest::TempDir;
using test_support::contains;

namespace {

constexpr const char* kGood = "1111111111111111111111111111111111111111";
constexpr const char* kBad = "2222222222222222222222222222222222222222";

BisectionRecord wanted(const std::string& identity, int commits = 16) {
    BisectionRecord record;
    record.identity = identity;
    record.repo = "/src/weiss";
    record.good = kGood;
    record.bad = kBad;
    record.commits = commits;
    return record;
}

BisectionCommitRecord commit(std::int64_t bisection, int position, const std::string& sha,
                             std::optional<std::int64_t> run_id = std::nullopt) {
    return BisectionCommitRecord{bisection, position, sha,   "subject of " + sha, BisectCommitState::built,
                                 "",        "123456", run_id};
}

std::int64_t match_run(Database& db, const std::string& config) {
    return db.find_or_create_run(dbtest::make_run(config)).id;
}

}  // namespace

TEST_CASE("bisections: created once, then found again by identity with their id and start", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("b.db");
    std::int64_t id = 0;
    {
        Database db(path);
        const BisectionRecord created = db.find_or_create_bisection(wanted(R"({"repo":"/src/weiss","pairs":16})"));
        id = created.id;
        CHECK(created.identity == R"({"pairs":16,"repo":"/src/weiss"})");  // stored canonical
        CHECK(created.repo == "/src/weiss");
        CHECK(created.good == kGood);
        CHECK(created.bad == kBad);
        CHECK(created.commits == 16);
        CHECK(created.verdict == BisectVerdict::running);
        CHECK_FALSE(created.finished_at.has_value());
        CHECK(created.levels_json == "{}");
        CHECK(created.started_at.size() == 24);  // 2026-01-05T10:00:00.000Z, as runs.started_at
    }
    dbtest::raw_exec(path, "UPDATE bisections SET started_at = '2026-01-05T10:00:00.000Z'");
    Database db(path);
    // The same identity in another key order, with other fields that are not read: the stored row.
    const BisectionRecord again = db.find_or_create_bisection(wanted(R"({"pairs":16,"repo":"/src/weiss"})", 99));
    CHECK(again.id == id);
    CHECK(again.started_at == "2026-01-05T10:00:00.000Z");
    CHECK(again.commits == 16);
    const BisectionRecord other = db.find_or_create_bisection(wanted(R"({"pairs":32,"repo":"/src/weiss"})"));
    CHECK(other.id != id);
    const auto all = db.bisections();
    REQUIRE(all.size() == 2);
    CHECK(all[0].id == id);
    CHECK(all[1].id == other.id);
    CHECK(capture_error([&] { db.find_or_create_bisection(wanted("{not json")); }).kind() ==
          ErrorKind::invalid_argument);
    CHECK(capture_error([&] { db.find_or_create_bisection(wanted(R"({"n":0})", 0)); }).kind() == ErrorKind::constraint);
    CHECK(db.bisections().size() == 2);
}

TEST_CASE("bisection commits: replaced per position, read in position order, runs linked or not", "[unit]") {
    TempDir dir;
    Database db(dir.file("c.db"));
    const std::int64_t id = db.find_or_create_bisection(wanted(R"({"n":1})")).id;
    const std::int64_t other = db.find_or_create_bisection(wanted(R"({"n":2})")).id;
    const std::int64_t run = match_run(db, R"({"commit":8})");
    db.upsert_bisection_commit(commit(id, 16, kBad));
    db.upsert_bisection_commit(commit(id, 0, kGood));
    db.upsert_bisection_commit(commit(id, 8, "8888", run));
    db.upsert_bisection_commit(commit(other, 3, "3333"));
    BisectionCommitRecord skipped = commit(id, 4, "4444");
    skipped.state = BisectCommitState::skipped;
    skipped.reason = "build failed (log: /tmp/bisect/4444.log)";
    skipped.bench = "";
    db.upsert_bisection_commit(skipped);
    db.upsert_bisection_commit(commit(id, 16, "bad again"));  // the same position: replaces
    const auto commits = db.bisection_commits(id);
    REQUIRE(commits.size() == 4);
    CHECK(commits[0].position == 0);
    CHECK(commits[1].position == 4);
    CHECK(commits[1].state == BisectCommitState::skipped);
    CHECK(commits[1].reason == "build failed (log: /tmp/bisect/4444.log)");
    CHECK(commits[1].bench.empty());
    CHECK_FALSE(commits[1].run_id.has_value());
    CHECK(commits[2].position == 8);
    CHECK(commits[2].run_id == run);
    CHECK(commits[2].subject == "subject of 8888");
    CHECK(commits[2].bench == "123456");
    CHECK(commits[3].position == 16);
    CHECK(commits[3].sha == "bad again");
    CHECK(commits[3].bisection == id);
    REQUIRE(db.bisection_commits(other).size() == 1);
    CHECK(db.bisection_commits(other)[0].sha == "3333");
    CHECK(db.bisection_commits(12345).empty());
    CHECK(capture_error([&] { db.upsert_bisection_commit(commit(12345, 1, "x")); }).kind() == ErrorKind::constraint);
    CHECK(capture_error([&] { db.upsert_bisection_commit(commit(id, 1, "x", 999)); }).kind() == ErrorKind::constraint);
}

TEST_CASE("bisections: the game time is every stored game's duration in the bisection's runs", "[unit]") {
    TempDir dir;
    Database db(dir.file("t.db"));
    const std::int64_t id = db.find_or_create_bisection(wanted(R"({"n":1})")).id;
    const std::int64_t other = db.find_or_create_bisection(wanted(R"({"n":2})")).id;
    CHECK(db.bisection_game_seconds(id) == 0.0);
    const std::int64_t first = match_run(db, R"({"a":1})"), second = match_run(db, R"({"a":2})");
    const std::int64_t elsewhere = match_run(db, R"({"a":3})");
    db.upsert_bisection_commit(commit(id, 3, "3333", first));
    db.upsert_bisection_commit(commit(id, 5, "5555", second));
    db.upsert_bisection_commit(commit(id, 6, "6666"));  // not played yet
    db.upsert_bisection_commit(commit(other, 3, "3333", elsewhere));
    // dbtest::make_game lasts 60 s; the second game of run `second` ends 30 s after it starts.
    db.insert_game(dbtest::make_game(first, 0, 0, "a", "b", GameResult::white_win));
    db.insert_game(dbtest::make_game(first, 0, 1, "b", "a", GameResult::draw));
    GameRecord short_game = dbtest::make_game(second, 0, 0, "a", "b", GameResult::black_win);
    short_game.finished_at = "2024-05-01T12:00:30.000Z";
    db.insert_game(short_game);
    db.insert_game(dbtest::make_game(elsewhere, 0, 0, "a", "b", GameResult::draw));
    CHECK(db.bisection_game_seconds(id) == Approx(150.0));
    CHECK(db.bisection_game_seconds(other) == Approx(60.0));
}

TEST_CASE("bisection commits: deleting a commit's run leaves the commit unmeasured", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("d.db");
    {
        Database db(path);
        const std::int64_t id = db.find_or_create_bisection(wanted(R"({"n":1})")).id;
        db.upsert_bisection_commit(commit(id, 5, "5555", match_run(db, "{}")));
    }
    dbtest::raw_exec(path, "PRAGMA foreign_keys = ON; DELETE FROM runs");
    Database db(path);
    const auto commits = db.bisection_commits(db.bisections().at(0).id);
    REQUIRE(commits.size() == 1);
    CHECK_FALSE(commits[0].run_id.has_value());
}

TEST_CASE("bisections: levels stored, the verdict sets the range and the end, running clears them", "[unit]") {
    TempDir dir;
    Database db(dir.file("v.db"));
    const std::int64_t id = db.find_or_create_bisection(wanted(R"({"n":1})")).id;
    db.set_bisection_levels(id, R"({"good": 0, "bad": -15.5, "bad_sigma": 4})");
    CHECK(db.bisections().at(0).levels_json == R"({"bad":-15.5,"bad_sigma":4,"good":0})");
    db.finish_bisection(id, BisectVerdict::named, 7, 7);
    BisectionRecord stored = db.bisections().at(0);
    CHECK(stored.verdict == BisectVerdict::named);
    CHECK(stored.first_bad == 7);
    CHECK(stored.last_bad == 7);
    REQUIRE(stored.finished_at.has_value());
    CHECK(stored.finished_at->size() == 24);
    CHECK(stored.finished_at >= stored.started_at);
    db.finish_bisection(id, BisectVerdict::running, std::nullopt, std::nullopt);
    stored = db.bisections().at(0);
    CHECK(stored.verdict == BisectVerdict::running);
    CHECK_FALSE(stored.finished_at.has_value());
    CHECK_FALSE(stored.first_bad.has_value());
    CHECK_FALSE(stored.last_bad.has_value());
    CHECK(stored.levels_json == R"({"bad":-15.5,"bad_sigma":4,"good":0})");  // kept
    const DbError unknown = capture_error([&] { db.finish_bisection(id + 1, BisectVerdict::budget, 2, 5); });
    CHECK(unknown.kind() == ErrorKind::invalid_argument);
    CHECK(contains(unknown.what(), "no bisection with id " + std::to_string(id + 1)));
    CHECK(capture_error([&] { db.set_bisection_levels(id + 1, "{}"); }).kind() == ErrorKind::invalid_argument);
    CHECK(capture_error([&] { db.set_bisection_levels(id, "{bad"); }).kind() == ErrorKind::invalid_argument);
}

TEST_CASE("bisection verdict and commit state names round trip, and the schema takes each", "[unit]") {
    TempDir dir;
    Database db(dir.file("n.db"));
    const std::int64_t id = db.find_or_create_bisection(wanted(R"({"n":1})")).id;
    const std::pair<BisectVerdict, const char*> verdicts[] = {
        {BisectVerdict::running, "running"},
        {BisectVerdict::named, "named"},
        {BisectVerdict::range, "range"},
        {BisectVerdict::not_confirmed, "not_confirmed"},
        {BisectVerdict::several_steps, "several_steps"},
        {BisectVerdict::budget, "budget"},
    };
    for (const auto& [verdict, name] : verdicts) {
        INFO(name);
        CHECK(to_string(verdict) == name);
        CHECK(parse_bisect_verdict(name) == verdict);
        db.finish_bisection(id, verdict, 1, 2);  // the schema's CHECK knows the name
        CHECK(db.bisections().at(0).verdict == verdict);
    }
    for (const BisectCommitState state :
         {BisectCommitState::pending, BisectCommitState::built, BisectCommitState::skipped}) {
        CHECK(parse_bisect_commit_state(to_string(state)) == state);
        BisectionCommitRecord row = commit(id, 1, "1");
        row.state = state;
        db.upsert_bisection_commit(row);
        CHECK(db.bisection_commits(id).at(0).state == state);
    }
    CHECK(to_string(BisectCommitState::skipped) == "skipped");
    CHECK_THROWS_AS(parse_bisect_verdict("Named"), std::invalid_argument);
    CHECK_THROWS_WITH(parse_bisect_verdict(""), Catch::Contains("unknown bisection verdict ''"));
    CHECK_THROWS_AS(parse_bisect_commit_state("broken"), std::invalid_argument);
}

TEST_CASE("bisections: a schema 8 file reads none read-only and gains the tables read-write", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("v8.db");
    { Database db(path); }
    dbtest::back_to_schema_8(path);
    OpenOptions read_only;
    read_only.read_only = true;
    {
        Database db(path, read_only);
        CHECK(db.schema_version() == 8);
        CHECK_FALSE(db.has_table("bisections"));
        CHECK(db.bisections().empty());
        CHECK(db.bisection_commits(1).empty());
    }
    Database db(path);
    CHECK(db.schema_version() == kSchemaVersion);
    CHECK(db.has_table("bisections"));
    CHECK(db.has_table("bisection_commits"));
    const std::int64_t id = db.find_or_create_bisection(wanted("{}")).id;
    db.upsert_bisection_commit(commit(id, 0, kGood));
    CHECK(db.bisection_commits(id).size() == 1);
}

TEST_CASE("bisections: a merge carries them with their commits; one the output holds keeps its rows", "[unit]") {
    TempDir dir;
    const std::string a = dir.file("a.db"), b = dir.file("b.db"), c = dir.file("c.db"), out = dir.file("out.db");
    {
        Database db(a);
        const std::int64_t shared = db.find_or_create_bisection(wanted(R"({"n":"shared"})")).id;
        db.upsert_bisection_commit(commit(shared, 3, "from a", match_run(db, R"({"a":1})")));
        db.finish_bisection(shared, BisectVerdict::named, 3, 3);
    }
    {
        Database db(b);
        const std::int64_t own = db.find_or_create_bisection(wanted(R"({"n":"own"})")).id;
        db.upsert_bisection_commit(commit(own, 2, "own 2", match_run(db, R"({"b":2})")));
        db.upsert_bisection_commit(commit(own, 1, "own 1"));
        const std::int64_t shared = db.find_or_create_bisection(wanted(R"({"n":"shared"})")).id;
        db.upsert_bisection_commit(commit(shared, 9, "from b"));
    }
    { Database db(c); }
    merge(out, {a, b});
    merge(out, {c});  // the output is an input too: what it holds stays
    Database db(out);
    const auto all = db.bisections();
    REQUIRE(all.size() == 2);
    CHECK(all[0].identity == R"({"n":"shared"})");
    CHECK(all[0].verdict == BisectVerdict::named);
    const auto shared = db.bisection_commits(all[0].id);
    REQUIRE(shared.size() == 1);  // a's rows, not b's position 9 beside them
    CHECK(shared[0].sha == "from a");
    REQUIRE(shared[0].run_id.has_value());
    CHECK(db.run_by_id(*shared[0].run_id)->config_json == R"({"a":1})");
    CHECK(all[1].identity == R"({"n":"own"})");
    const auto own = db.bisection_commits(all[1].id);
    REQUIRE(own.size() == 2);
    CHECK(own[0].sha == "own 1");
    CHECK_FALSE(own[0].run_id.has_value());
    REQUIRE(own[1].run_id.has_value());
    CHECK(db.run_by_id(*own[1].run_id)->config_json == R"({"b":2})");  // b's run 1 is the output's run 2
}
