// The arbiter subcommands that glue the database, PGN and statistics parts together, run in-process
// and through the real binary (exit codes and messages are part of the interface).
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tests/support/child.h"
#include "tests/support/temp_dir.h"
#include "cli/import_command.h"
#include "cli/ratings_command.h"
#include "db/database.h"

namespace fs = std::filesystem;
using arbiter::cli::run_import_command;
using arbiter::cli::run_ratings_command;

namespace {

using test_support::TempDir;

// Three cutechess-style games: A beats B twice as White, B and A draw once.
const char* kGames = R"([Event "test"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 {+0.31/12 0.45s} e5 {-0.20/11 0.40s} 2. Qh5 {+0.10/10 1.2s} Nc6 3. Bc4 Nf6 4. Qxf7# {+M1/1 0.01s, White mates} 1-0

[Event "test"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. f4 e5 2. g4 Qh4# 1-0

[Event "test"]
[White "B"]
[Black "A"]
[Result "1/2-1/2"]
[Termination "adjudication"]

1. d4 d5 1/2-1/2
)";

// The arbiter binary given `args` (words split at spaces); its exit code, with stdout and stderr
// in `output` as `2>&1` gives them.
int run_binary(const std::string& args, std::string& output) {
    test_support::ChildSpec arbiter{.program = ARBITER_BIN};
    std::istringstream words(args);
    for (std::string word; words >> word;) arbiter.args.push_back(word);
    arbiter.err = test_support::Stream::into_stdout();
    const test_support::ChildResult run = test_support::run(arbiter);
    output = run.out;
    return run.exit_code;
}

}  // namespace

TEST_CASE("import stores games with moves, and a second import adds nothing", "[cli]") {
    TempDir dir;
    const std::string pgn = dir.write("games.pgn", kGames);
    const std::string db_path = dir.file("games.db");
    std::ostringstream out, err;
    REQUIRE(run_import_command({pgn, "--db", db_path}, out, err) == 0);
    CHECK(out.str().find("imported 3 games") != std::string::npos);
    {
        arbiter::db::Database db(db_path);
        CHECK(db.count_games() == 3);
        auto runs = db.list_runs();
        REQUIRE(runs.size() == 1);
        auto games = db.games_of_run(runs[0].id);
        REQUIRE(games.size() == 3);
        auto first = db.game_by_id(games[0].id);
        REQUIRE(first);
        CHECK(first->white == "A");
        REQUIRE(first->moves.size() == 7);
        CHECK(first->moves[0].uci == "e2e4");
        CHECK(first->moves[0].score_cp == 31);
        CHECK(first->moves[0].depth == 12);
        CHECK(first->moves[0].time_ms == 450);
        CHECK(first->moves[6].san == "Qxf7#");
        CHECK(first->moves[6].score_mate == 1);
        CHECK(games[2].termination == "adjudication");
    }
    std::ostringstream again, err2;
    REQUIRE(run_import_command({pgn, "--db", db_path}, again, err2) == 0);
    CHECK(again.str().find("imported 0 games") != std::string::npos);
}

TEST_CASE("a broken PGN is refused naming file and line, and nothing is written", "[cli]") {
    TempDir dir;
    const std::string pgn =
        dir.write("broken.pgn", "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n");
    const std::string db_path = dir.file("broken.db");
    std::ostringstream out, err;
    CHECK(run_import_command({pgn, "--db", db_path}, out, err) == 2);  // bad input
    CHECK(err.str().find(pgn + ":5") != std::string::npos);
    CHECK_FALSE(fs::exists(db_path));
}

TEST_CASE("ratings from the database and from PGN agree with the closed form", "[cli]") {
    TempDir dir;
    const std::string pgn = dir.write("games.pgn", kGames);
    const std::string db_path = dir.file("games.db");
    std::ostringstream ignore, ignore_err;
    REQUIRE(run_import_command({pgn, "--db", db_path}, ignore, ignore_err) == 0);
    // A scored 2.5 of 3 against B: with B anchored at 2000, the maximum-likelihood rating of A is
    // 2000 - 400 log10(1/s - 1) with s = 5/6, i.e. 2000 + 400 log10(5).
    const double expected_a = 2000.0 + 400.0 * std::log10(5.0);
    for (const std::vector<std::string>& source :
         {std::vector<std::string>{"--db", db_path}, std::vector<std::string>{"--pgn", pgn}}) {
        std::vector<std::string> args = source;
        args.insert(args.end(), {"--anchor", "B=2000", "--json"});
        std::ostringstream out, err;
        REQUIRE(run_ratings_command(args, out, err) == 0);
        auto players = nlohmann::json::parse(out.str());
        REQUIRE(players.size() == 2);
        CHECK(players[0]["name"] == "A");
        CHECK(players[0]["rating"].get<double>() == Approx(expected_a).margin(1e-6));
        CHECK(players[0]["games"] == 3);
        CHECK(players[0]["score"].get<double>() == Approx(5.0 / 6.0).margin(1e-12));
        for (const char* key : {"name", "rating", "error95", "games", "score"}) CHECK(players[0].contains(key));
    }
}

TEST_CASE("ratings and import reject bad flags with exit 2", "[cli]") {
    std::ostringstream out, err;
    CHECK(run_ratings_command({"--pgn", "x.pgn", "--db", "y.db"}, out, err) == 2);
    CHECK(run_ratings_command({"--db", "y.db", "--scale", "fide"}, out, err) == 2);
    CHECK(err.str().find("--scale") != std::string::npos);
    CHECK(run_ratings_command({"--db", "y.db", "--anchor", "nobody"}, out, err) == 2);
    CHECK(run_import_command({"--db"}, out, err) == 2);
}

TEST_CASE("the arbiter binary dispatches subcommands and reports unknown ones", "[cli]") {
    std::string output;
    CHECK(run_binary("--help", output) == 0);
    CHECK(output.find("arbiter stats") != std::string::npos);
    CHECK(run_binary("frobnicate", output) == 2);
    CHECK(output.find("unknown command 'frobnicate'") != std::string::npos);
    CHECK(run_binary("stats --wdl 10 5 5 --json", output) == 0);
    auto json = nlohmann::json::parse(output);
    CHECK(json.contains("elo"));
    CHECK(run_binary("-engine cmd=/nonexistent/engine -engine cmd=/bin/true -games 1", output) == 2);
    CHECK(output.find("/nonexistent/engine") != std::string::npos);
    CHECK(run_binary("ratings --db /nonexistent/dir/x.db", output) == 2);  // a missing database is bad input
    CHECK(output.find("/nonexistent/dir/x.db") != std::string::npos);
}

TEST_CASE("every subcommand answers --help with its usage and exit 0", "[cli]") {
    std::string output;
    for (const std::string command : {"epd", "ttd", "ratings", "import", "export-positions", "stats", "ladder",
                                      "report", "build", "merge", "baseline"}) {
        INFO(command << ": " << output);
        CHECK(run_binary(command + " --help", output) == 0);
        CHECK(output.find("usage: arbiter " + command) != std::string::npos);
    }
    CHECK(run_binary("export-positions --help", output) == 0);
    CHECK(output.find("--skip-plies") != std::string::npos);
    CHECK(output.find("arbiter epd") == std::string::npos);  // only the command asked about
}
