// The site without a socket (serve/site.h): every page is the report `arbiter report` builds, as a
// page, a fragment or JSON; names from users come out as text; a database that cannot be read is a
// page or a startup error; several shard files show as one; nothing is ever written.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "reports/render.h"
#include "reports/results_reports.h"
#include "reports/runs_report.h"
#include "serve/site.h"
#include "tests/db/db_test_util.h"
#include "tests/reports/match_run_fixture.h"
#include "tests/reports/rendered.h"
#include "tests/support/read_only_mount.h"
#include "tests/support/temp_dir.h"

namespace {

using arbiter::serve::PageRequest;
using arbiter::serve::Reply;

const std::string kHostileName = "<script>alert(1)</script> \"quoted\" 'single'\nnext line";

arbiter::testing::MatchRunSpec two_engine_run(const std::string& first_name, const std::string& results) {
    arbiter::testing::MatchRunSpec spec;
    spec.first.name = first_name;
    spec.first.command = "./tempo";
    spec.second.name = "base";
    spec.second.command = "./tempo";
    spec.config = {{"engines", {{{"name", first_name}, {"nodes", 20000}}, {{"name", "base"}, {"nodes", 20000}}}},
                   {"games", 2},
                   {"rounds", 8}};
    spec.results = results;
    return spec;
}

std::string make_database(const std::string& path, const std::string& first_name, const std::string& results) {
    arbiter::db::Database database(path);
    arbiter::testing::store_match_run(database, two_engine_run(first_name, results));
    return path;
}

// Another process's write while the site serves: a third game (pair 1) for make_database's run.
void store_third_game(const std::string& path) {
    arbiter::db::Database writer(path);
    arbiter::db::GameRecord game;
    game.run_id = 1;
    game.pair_index = 1;
    game.white = "new";
    game.black = "base";
    writer.insert_game(game);
}

Reply get(arbiter::serve::Site& site, const std::string& path, std::map<std::string, std::string> query = {}) {
    return site.respond(PageRequest{path, std::move(query)});
}

std::string report_json(const arbiter::reports::Report& report) {
    return arbiter::testing::rendered(report, arbiter::reports::Format::json);
}

arbiter::db::Database read_only(const std::string& path) {
    arbiter::db::OpenOptions options;
    options.read_only = true;
    return arbiter::db::Database(path, options);
}

}  // namespace

TEST_CASE("a run's page as JSON is what arbiter report run builds", "[serve]") {
    test_support::TempDir dir;
    const std::string path = make_database(dir.file("a.db"), "new", "WDLWWDDLWW");
    arbiter::serve::Sources sources({path});
    arbiter::serve::Site site(sources);
    const Reply page = get(site, "/run/1", {{"format", "json"}});
    REQUIRE(page.status == 200);
    CHECK(page.content_type.rfind("application/json", 0) == 0);
    auto database = read_only(path);
    CHECK(nlohmann::json::parse(page.body) ==
          nlohmann::json::parse(report_json(arbiter::reports::build_run_report(database, 1))));
    const Reply runs = get(site, "/", {{"format", "json"}});
    CHECK(nlohmann::json::parse(runs.body) ==
          nlohmann::json::parse(report_json(arbiter::reports::build_runs_report(database))));
}

TEST_CASE("a page is the site's shell around the report, and its fragment the report alone", "[serve]") {
    test_support::TempDir dir;
    const std::string path = make_database(dir.file("a.db"), "new", "WDLW");
    arbiter::serve::Sources sources({path});
    arbiter::serve::Site site(sources);
    const Reply page = get(site, "/run/1");
    REQUIRE(page.status == 200);
    CHECK(page.body.find("<nav>") != std::string::npos);
    CHECK(page.body.find("<script src=\"/live.js\"></script>") != std::string::npos);
    CHECK(page.body.find("data-version=\"" + page.version + "\"") != std::string::npos);
    CHECK(page.body.find("href=\"/run/1?format=json\"") != std::string::npos);
    const Reply fragment = get(site, "/run/1", {{"fragment", "1"}});
    CHECK(fragment.body.find("<nav>") == std::string::npos);
    CHECK(fragment.body.find("<h1>Run 1</h1>") != std::string::npos);
    CHECK(page.body.find(fragment.body) != std::string::npos);
    const Reply script = get(site, "/live.js");
    CHECK(script.content_type.rfind("text/javascript", 0) == 0);
    CHECK(script.body.find("X-Arbiter-Version") != std::string::npos);
}

TEST_CASE("a hostile engine name is text in the page, the fragment and the JSON", "[serve]") {
    test_support::TempDir dir;
    const std::string path = make_database(dir.file("a.db"), kHostileName, "WDLW");
    arbiter::serve::Sources sources({path});
    arbiter::serve::Site site(sources);
    for (const std::string address : {"/", "/run/1", "/opponents/base"}) {
        INFO(address);
        const Reply page = get(site, address);
        REQUIRE(page.status == 200);
        CHECK(page.body.find("<script>alert") == std::string::npos);
        CHECK(page.body.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
        const Reply json = get(site, address, {{"format", "json"}});
        const std::string quoted = nlohmann::json(kHostileName).dump();
        CHECK(json.body.find(quoted.substr(1, quoted.size() - 2)) != std::string::npos);
        CHECK_NOTHROW(nlohmann::json::parse(json.body));
    }
}

TEST_CASE("a missing page, object or malformed id gets its status and a page saying so", "[serve]") {
    test_support::TempDir dir;
    const std::string path = make_database(dir.file("a.db"), "new", "WD");
    arbiter::serve::Sources sources({path});
    arbiter::serve::Site site(sources);
    CHECK(get(site, "/nothing/here").status == 404);
    CHECK(get(site, "/run/99").status == 404);
    CHECK(get(site, "/run/x1").status == 400);
    CHECK(get(site, "/ladder/none").status == 404);
    CHECK(get(site, "/bisect/3").status == 404);
    CHECK(get(site, "/games/777.pgn").status == 404);
    const Reply json = get(site, "/run/99", {{"format", "json"}});
    CHECK(nlohmann::json::parse(json.body).at("status") == 404);
    CHECK(get(site, "/run/1", {{"format", "xml"}}).status == 400);
}

TEST_CASE("a stored game's PGN is served as stored", "[serve]") {
    test_support::TempDir dir;
    const std::string path = dir.file("a.db");
    {
        arbiter::db::Database database(path);
        const std::int64_t run = arbiter::testing::store_match_run(database, two_engine_run("new", "W"));
        arbiter::db::GameRecord game;
        game.run_id = run;
        game.pair_index = 5;
        game.white = "new";
        game.black = "base";
        game.pgn = "[Event \"x\"]\n\n1. e4 e5 1-0\n";
        game.result = arbiter::db::GameResult::white_win;
        REQUIRE(database.insert_game(game) == 2);
    }
    arbiter::serve::Sources sources({path});
    arbiter::serve::Site site(sources);
    const Reply pgn = get(site, "/games/2.pgn");
    CHECK(pgn.status == 200);
    CHECK(pgn.content_type.rfind("application/x-chess-pgn", 0) == 0);
    CHECK(pgn.body == "[Event \"x\"]\n\n1. e4 e5 1-0\n");
}

TEST_CASE("the version changes when a game is stored, and the page then shows it", "[serve]") {
    test_support::TempDir dir;
    const std::string path = make_database(dir.file("a.db"), "new", "WD");
    arbiter::serve::Sources sources({path});
    arbiter::serve::Site site(sources);
    const std::string before = nlohmann::json::parse(get(site, "/version").body).at("version");
    CHECK(get(site, "/version").body == get(site, "/version").body);
    store_third_game(path);
    const std::string after = nlohmann::json::parse(get(site, "/version").body).at("version");
    CHECK(after != before);
    CHECK(get(site, "/run/1").body.find("Progress: 3 games stored") != std::string::npos);
}

TEST_CASE("serving never writes to the database", "[serve]") {
    test_support::TempDir dir;
    const std::string path = make_database(dir.file("a.db"), "new", "WDLWDD");
    {
        arbiter::db::Database checkpoint(path);  // the writer's last close folds the log into the file
    }
    std::filesystem::permissions(path, std::filesystem::perms::owner_read, std::filesystem::perm_options::replace);
    const auto bytes = [&] {
        std::ifstream in(path, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    const std::string before = bytes();
    arbiter::serve::Sources sources({path});
    arbiter::serve::Site site(sources);
    for (const std::string address : {"/", "/run/1", "/ladders", "/commits", "/bisections", "/spsa", "/version"})
        CHECK(get(site, address).status == 200);
    CHECK(bytes() == before);
}

TEST_CASE("a database that cannot be served is a startup error naming it", "[serve]") {
    test_support::TempDir dir;
    using arbiter::serve::Sources;
    using arbiter::serve::SourcesError;
    CHECK_THROWS_WITH(Sources({dir.file("missing.db")}),
                      Catch::Contains("missing.db") && Catch::Contains("no such file"));
    CHECK_THROWS_WITH(Sources({dir.path()}), Catch::Contains("no *.db file"));
    const std::string garbage = dir.write("garbage.db", std::string(8192, 'x'));
    CHECK_THROWS_AS(Sources({garbage}), SourcesError);
    CHECK_THROWS_WITH(Sources({garbage}), Catch::Contains("garbage.db"));
    const std::string newer = make_database(dir.file("newer.db"), "new", "W");
    sqlite3* handle = nullptr;
    REQUIRE(sqlite3_open(newer.c_str(), &handle) == SQLITE_OK);
    REQUIRE(sqlite3_exec(handle, "PRAGMA user_version = 999", nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(handle);
    CHECK_THROWS_WITH(Sources({newer}), Catch::Contains("newer.db") && Catch::Contains("999"));
}

TEST_CASE("a database damaged after startup is an error page, not a crash", "[serve]") {
    test_support::TempDir dir;
    const std::string path = make_database(dir.file("a.db"), "new", "WD");
    arbiter::serve::Sources sources({path});
    arbiter::serve::Site site(sources);
    std::filesystem::remove(path);
    std::filesystem::remove(path + "-wal");
    dir.write("a.db", std::string(8192, 'y'));
    const Reply page = get(site, "/run/1");
    CHECK(page.status == 503);
    CHECK(page.body.find("a.db") != std::string::npos);
}

TEST_CASE("a directory of shard databases shows as one", "[serve]") {
    test_support::TempDir dir;
    std::filesystem::create_directories(dir.file("shards"));
    // Two shards of one run: the same config, pair ranges [0, 2) and [2, 4).
    for (int shard = 1; shard <= 2; ++shard) {
        arbiter::db::Database database(dir.file("shards/shard-" + std::to_string(shard) + ".db"));
        arbiter::testing::MatchRunSpec spec = two_engine_run("new", "");
        arbiter::db::RunRecord wanted;
        wanted.config_json = spec.config.dump();
        wanted.time_control = "inf";
        wanted.shard_index = shard;
        wanted.shard_count = 2;
        wanted.pair_begin = (shard - 1) * 2;
        wanted.pair_end = shard * 2;
        const arbiter::db::RunRecord run = database.find_or_create_run(wanted);
        for (int pair = (shard - 1) * 2; pair < shard * 2; ++pair) {
            for (int game_index = 0; game_index < 2; ++game_index) {
                arbiter::db::GameRecord game;
                game.run_id = run.id;
                game.pair_index = pair;
                game.game_index = game_index;
                game.white = game_index == 0 ? "new" : "base";
                game.black = game_index == 0 ? "base" : "new";
                game.result = arbiter::db::GameResult::white_win;
                database.insert_game(game);
            }
        }
    }
    arbiter::serve::Sources sources({dir.file("shards")});
    CHECK(sources.files().size() == 2);
    arbiter::serve::Site site(sources);
    const auto runs = nlohmann::json::parse(get(site, "/", {{"format", "json"}}).body);
    const auto& rows = runs.at("sections").at(0).at("tables").at(0).at("rows");
    REQUIRE(rows.size() == 1);
    CHECK(get(site, "/run/1").body.find("Progress: 8 games stored") != std::string::npos);
}

TEST_CASE("a game stored with its moves and no PGN text is served as PGN written from the moves", "[serve]") {
    test_support::TempDir dir;
    const std::string path = dir.file("a.db");
    {
        arbiter::db::Database database(path);
        const std::int64_t run = arbiter::testing::store_match_run(database, two_engine_run("new", ""));
        arbiter::db::GameRecord game;
        game.run_id = run;
        game.white = "new";
        game.black = "base";
        game.result = arbiter::db::GameResult::black_win;
        game.termination = "checkmate";
        game.started_at = "2026-03-04T05:06:07.000Z";
        int ply = 0;
        for (const char* uci : {"f2f3", "e7e5", "g2g4", "d8h4"}) {
            arbiter::db::MoveRecord move;
            move.ply = ply++;
            move.uci = uci;
            move.score_cp = 20;
            move.depth = 9;
            move.time_ms = 1500;
            game.moves.push_back(move);
        }
        REQUIRE(database.insert_game(game) == 1);
    }
    arbiter::serve::Sources sources({path});
    arbiter::serve::Site site(sources);
    const Reply pgn = get(site, "/games/1.pgn");
    REQUIRE(pgn.status == 200);
    CHECK(pgn.body.find("[White \"new\"]") != std::string::npos);
    CHECK(pgn.body.find("[Date \"2026.03.04\"]") != std::string::npos);
    CHECK(pgn.body.find("[Result \"0-1\"]") != std::string::npos);
    CHECK(pgn.body.find("1. f3 {+0.20/9 1.5s} e5 {+0.20/9 1.5s} 2. g4 {+0.20/9 1.5s} Qh4#") != std::string::npos);
}

TEST_CASE("a page is built once per data version and rebuilt when the data changes", "[serve]") {
    test_support::TempDir dir;
    const std::string path = make_database(dir.file("a.db"), "new", "WD");
    arbiter::serve::Sources sources({path});
    arbiter::serve::Site site(sources);
    const Reply first = get(site, "/run/1");
    CHECK(get(site, "/run/1").body == first.body);
    CHECK(get(site, "/run/1", {{"format", "json"}}).body != first.body);  // another address, another reply
    store_third_game(path);
    const Reply after = get(site, "/run/1");
    CHECK(after.version != first.version);
    CHECK(after.body.find("Progress: 3 games stored") != std::string::npos);
}

TEST_CASE("a file of an older schema is served as it is, with a warning, and never migrated", "[serve]") {
    test_support::TempDir dir;
    const std::string path = make_database(dir.file("old.db"), "new", "WDLW");
    dbtest::back_to_schema_9(path);
    arbiter::serve::Sources sources({path});
    REQUIRE(sources.warnings().size() == 1);
    CHECK_THAT(sources.warnings().front(), Catch::Contains("old.db is at schema 9"));
    arbiter::serve::Site site(sources);
    const Reply page = get(site, "/run/1", {{"format", "json"}});
    CHECK(page.status == 200);
    CHECK(dbtest::raw_count(path, "PRAGMA user_version") == 9);
}

TEST_CASE("a database on read-only media is served", "[serve]") {
    test_support::TempDir dir;
    const std::string original = make_database(dir.file("results.db"), "new", "WDLW");
    {
        arbiter::db::Database checkpoint(original);  // the last close folds the log into the file
    }
    const test_support::ReadOnlyMount mount(dir.file("media"), {original});
    if (!mount.ready()) {
        WARN("skipped, no read-only mount: " << mount.why_not());
        return;
    }
    arbiter::serve::Sources sources({mount.file("results.db")});
    arbiter::serve::Site site(sources);
    CHECK(get(site, "/").status == 200);
    const Reply run = get(site, "/run/1", {{"format", "json"}});
    REQUIRE(run.status == 200);
    CHECK(run.body.find("Progress: 4 games stored") != std::string::npos);
}
