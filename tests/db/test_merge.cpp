// Merging shard databases: the happy path, refusals that name files and pairs, and the command.
#include <catch2/catch.hpp>
#include <sstream>

#include "cli/merge_command.h"
#include "db/merge.h"
#include "tests/db/db_test_util.h"
#include "tests/support/text_file.h"

using namespace arbiter::db;
using arbiter::cli::run_merge_command;
using dbtest::TempDir;

namespace {

constexpr const char* kConfig = R"({"engines":["tempo","sf"],"games":40})";

// Writes one shard: pairs [begin, end) of the shared config, both games of each pair, plus an EPD
// result and a rating so that every table takes part in the merge.
void write_shard(const std::string& path, int shard, std::int64_t begin, std::int64_t end, std::int64_t declared_begin,
                 std::int64_t declared_end) {
    Database db(path);
    const auto tempo = db.upsert_engine({0, "tempo", "./tempo", "uci", "{\"Hash\":16}", "abc", ""});
    const auto sf = db.upsert_engine({0, "sf", "stockfish", "uci", "{}", "", ""});
    RunRecord wanted = dbtest::make_run(kConfig, shard, 2, declared_begin, declared_end);
    wanted.host = "host" + std::to_string(shard);
    const RunRecord run = db.find_or_create_run(wanted);
    for (std::int64_t pair = begin; pair < end; ++pair) {
        auto first = dbtest::make_game(run.id, pair, 0, "tempo", "sf", GameResult::white_win, 6);
        first.white_engine_id = tempo;
        first.black_engine_id = sf;
        auto second = dbtest::make_game(run.id, pair, 1, "sf", "tempo", GameResult::draw, 6);
        second.white_engine_id = sf;
        second.black_engine_id = tempo;
        db.insert_games({first, second});
    }
    db.set_run_status(run.id, RunStatus::finished);
    RunRecord epd = dbtest::make_run(R"({"suite":"wac"})");
    epd.kind = RunKind::epd;
    epd.pair_begin.reset();  // EPD runs have no opening pairs
    epd.pair_end.reset();
    const auto epd_run = db.find_or_create_run(epd).id;
    EpdResultRecord result;
    result.run_id = epd_run;
    result.suite = "wac";
    result.position_id = "WAC.00" + std::to_string(shard);
    result.engine_id = tempo;
    result.solved = true;
    db.insert_epd_results({result});
    RatingRecord rating;
    rating.run_id = run.id;
    rating.player = "tempo";
    rating.rating = shard;
    db.insert_ratings({rating});
}

std::string conflict_message(const std::string& out, const std::vector<std::string>& inputs) {
    try {
        merge(out, inputs);
    } catch (const DbError& error) {
        CHECK(error.kind() == ErrorKind::merge_conflict);
        return error.what();
    }
    FAIL("merge accepted overlapping inputs");
    return {};
}

using test_support::contains;

}  // namespace

TEST_CASE("two shards merge into one run", "[unit]") {
    TempDir dir;
    const std::string a = dir.file("shard1.db"), b = dir.file("shard2.db"), out = dir.file("all.db");
    write_shard(a, 1, 0, 10, 0, 20);
    write_shard(b, 2, 20, 25, 20, 40);
    const MergeSummary summary = merge(out, {a, b});
    CHECK_FALSE(dbtest::fs::exists(out + "-wal"));  // closed cleanly: everything is in the main file
    CHECK(summary.inputs == 2);
    CHECK(summary.games == 30);
    CHECK(summary.moves == 180);
    CHECK(summary.epd_results == 2);
    CHECK(summary.ratings == 2);
    CHECK(summary.runs == 2);

    Database db(out);
    CHECK(db.integrity_ok());
    CHECK(db.list_engines().size() == 2);
    const auto run = db.find_run(make_config_key(RunKind::match, kConfig));
    REQUIRE(run.has_value());
    CHECK(run->shard_index == 0);
    CHECK(run->shard_count == 2);
    CHECK(run->pair_begin == 0);
    CHECK(run->pair_end == 40);
    CHECK(run->status == RunStatus::finished);
    CHECK(run->host == "host1,host2");
    CHECK(db.completed_games(run->id).size() == 30);
    const auto stats = db.pair_stats_by_run("tempo", "sf");
    REQUIRE(stats.size() == 1);
    CHECK(stats[0].wins == 15);
    CHECK(stats[0].draws == 15);
    CHECK(stats[0].pentanomial[3] == 15);
    for (const GameRecord& game : db.games_of_run(run->id)) {
        REQUIRE(game.white_engine_id.has_value());
        CHECK(db.engine_by_id(*game.white_engine_id)->name == game.white);
        CHECK(db.moves_of_game(game.id).size() == 6);
    }
    CHECK(db.ratings_of_run(run->id).size() == 2);
    CHECK(dbtest::raw_count(out, "SELECT count(*) FROM epd_results") == 2);
}

TEST_CASE("a shard can be merged into an existing output later", "[unit]") {
    TempDir dir;
    const std::string a = dir.file("s1.db"), b = dir.file("s2.db"), out = dir.file("out.db");
    write_shard(a, 1, 0, 5, 0, 5);
    write_shard(b, 2, 5, 10, 5, 10);
    merge(out, {a});
    const MergeSummary added = merge(out, {b});
    CHECK(added.games == 10);
    {
        Database db(out);
        CHECK(db.count_games() == 20);
        CHECK(dbtest::raw_count(out, "SELECT count(*) FROM moves") == 120);
    }
    // Merging the same shard again is a double count and must be refused.
    const std::string message = conflict_message(out, {b});
    CHECK(contains(message, b));
    CHECK(contains(message, "5, 6, 7, 8, 9"));
}

TEST_CASE("overlapping shards are refused, naming files and pairs", "[unit]") {
    TempDir dir;
    const std::string a = dir.file("left.db"), b = dir.file("right.db"), out = dir.file("merged.db");

    SECTION("the same pair indexes stored in two inputs") {
        write_shard(a, 1, 0, 12, 0, 20);
        write_shard(b, 2, 10, 14, 20, 40);  // misconfigured: plays pairs 10, 11 of shard 1's range
        const std::string message = conflict_message(out, {a, b});
        CHECK(contains(message, a));
        CHECK(contains(message, b));
        CHECK(contains(message, "pair indexes 10, 11 have games in both"));
    }
    SECTION("declared pair ranges overlap") {
        write_shard(a, 1, 0, 2, 0, 20);
        write_shard(b, 2, 30, 32, 15, 40);
        const std::string message = conflict_message(out, {a, b});
        CHECK(contains(message, "overlaps pair range"));
        CHECK(contains(message, "pairs 15..19"));
        CHECK(contains(message, a));
        CHECK(contains(message, b));
    }
    CHECK_FALSE(dbtest::fs::exists(out));
    for (const auto& entry : dbtest::fs::directory_iterator(dir.path())) {
        CHECK(entry.path().string().find(".merging-") == std::string::npos);
    }
}

TEST_CASE("a refused merge leaves an existing output byte-for-byte unchanged", "[unit]") {
    TempDir dir;
    const std::string a = dir.file("a.db"), b = dir.file("b.db"), out = dir.file("out.db");
    write_shard(a, 1, 0, 3, 0, 3);
    write_shard(b, 1, 0, 3, 0, 3);
    merge(out, {a});
    const std::string before = test_support::read_text(out);
    conflict_message(out, {b});
    CHECK(test_support::read_text(out) == before);
}

TEST_CASE("bad merge inputs are named", "[unit]") {
    TempDir dir;
    const std::string good = dir.file("good.db"), junk = dir.file("junk.db"), out = dir.file("out.db");
    write_shard(good, 1, 0, 1, 0, 1);
    dbtest::write_bytes(junk, std::string(4096, 'x'));
    try {
        merge(out, {good, junk});
        FAIL("garbage input accepted");
    } catch (const DbError& error) {
        CHECK(error.kind() == ErrorKind::not_a_database);
        CHECK(contains(error.what(), junk));
    }
    CHECK_FALSE(dbtest::fs::exists(out));
    CHECK_THROWS_AS(merge(out, {good, dir.file("absent.db")}), DbError);
    CHECK_FALSE(dbtest::fs::exists(dir.file("absent.db")));
    CHECK_THROWS_AS(merge(out, {good, good}), DbError);
    CHECK_THROWS_AS(merge(good, {good}), DbError);
}

TEST_CASE("the merge command reports, refuses and explains usage", "[unit]") {
    TempDir dir;
    const std::string a = dir.file("a.db"), b = dir.file("b.db"), out = dir.file("out.db");
    write_shard(a, 1, 0, 2, 0, 2);
    write_shard(b, 2, 2, 4, 2, 4);
    std::ostringstream stdout_text, stderr_text;
    CHECK(run_merge_command({}, stdout_text, stderr_text) == 2);
    CHECK(contains(stderr_text.str(), "usage: arbiter merge"));
    CHECK(run_merge_command({"--bogus", out, a}, stdout_text, stderr_text) == 2);
    CHECK(run_merge_command({"--help"}, stdout_text, stderr_text) == 0);

    std::ostringstream merged;
    CHECK(run_merge_command({out, a, b}, merged, stderr_text) == 0);
    CHECK(contains(merged.str(), "added 8 game(s)"));

    std::ostringstream refused;
    CHECK(run_merge_command({out, a}, stdout_text, refused) == 1);
    CHECK(contains(refused.str(), "arbiter merge: "));
    CHECK(contains(refused.str(), "pair indexes 0, 1"));
}

TEST_CASE("EPD results repeated across inputs are refused", "[unit]") {
    TempDir dir;
    const std::string a = dir.file("epd1.db"), b = dir.file("epd2.db"), out = dir.file("out.db");
    for (const std::string& path : {a, b}) {
        Database db(path);
        const auto engine = db.upsert_engine({0, "tempo", "./tempo", "uci", "{}", "abc", ""});
        RunRecord run = dbtest::make_run(R"({"suite":"wac"})");
        run.kind = RunKind::epd;
        run.pair_begin.reset();
        run.pair_end.reset();
        EpdResultRecord result;
        result.run_id = db.find_or_create_run(run).id;
        result.suite = "wac";
        result.position_id = "WAC.001";
        result.engine_id = engine;
        db.insert_epd_results({result});
    }
    try {
        merge(out, {a, b});
        FAIL("repeated EPD result accepted");
    } catch (const DbError& error) {
        CHECK(error.kind() == ErrorKind::merge_conflict);
        CHECK(contains(error.what(), b));
    }
    CHECK_FALSE(dbtest::fs::exists(out));
}
