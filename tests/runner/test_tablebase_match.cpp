// Syzygy tablebase adjudication in whole runs: tempo against tempo at fixed nodes from 5- and
// 6-piece positions with the 3- and 4-piece tables of tests/data/syzygy. Every game must end with
// "TB adjudication" in the PGN and the database on the first move that brings it into the tables,
// with the result Debian's fathom gives for that position; -tbpieces, -tbignore50, -tbadjudicate and
// their JSON keys must change what they say they change.
#include <catch2/catch.hpp>

#include <set>
#include <nlohmann/json.hpp>

#include "cli/match_flags.h"
#include "engine/chess/bitboard.h"
#include "engine/chess/san.h"
#include "tests/support/match_test_support.h"
#include "tests/support/fathom.h"
#include "tests/support/text_file.h"

using namespace arbiter;
using namespace match_test;

namespace {

const std::string kTables = REPO_ROOT_DIR "/tests/data/syzygy";
const std::string kFathom = "/usr/games/fathom";

// Each reaches at most 4 pieces within a few moves at 5000 nodes: a queen, a rook, a rook trade
// that draws, a 6-piece rook trade, and a knight won after a pawn march.
const std::string kOpenings =
    "4k3/8/8/3r4/8/8/5P2/2KQ4 w - - 0 1\n"
    "2kq4/5p2/8/8/3R4/8/8/4K3 b - - 0 1\n"
    "r7/8/3k4/8/8/3K4/6p1/6R1 w - - 0 1\n"
    "4k3/8/8/3r4/8/8/3R3P/3QK3 b - - 0 1\n"
    "8/8/3k4/8/3n4/8/2PK4/5R2 w - - 0 1\n";
// White's only move takes the checking rook, leaving KRvK: 3 pieces (and a win) whatever the engines think.
const std::string kForcedToThree = "7R/8/8/8/8/8/r1k5/K7 w - - 0 1\n";
// KBNvK won in 58 plies, but with 70 already on the clock: a cursed win after any move.
const std::string kCursed = "8/8/8/8/3k4/8/8/KBN5 w - - 70 1\n";

// Two tempo engines at fixed nodes playing every opening of `epd` once, in order, into dir/run.db.
std::vector<std::string> tempo_match(const TempDir& dir, const std::string& epd, int games) {
    return {"-engine",
            "cmd=" TEMPO_BIN,
            "name=a",
            "-engine",
            "cmd=" TEMPO_BIN,
            "name=b",
            "-each",
            "nodes=5000",
            "-openings",
            "file=" + dir.write("openings.epd", epd),
            "order=sequential",
            "-games",
            std::to_string(games),
            "-concurrency",
            "1",
            "-maxmoves",
            "100",
            "--db",
            dir.file("run.db")};
}

// A stored game replayed from its opening: the position after each move.
std::vector<chess::Position> positions_after_moves(const StoredGame& stored) {
    std::vector<chess::Position> positions;
    chess::Position position(stored.game.opening_fen, false);
    for (const auto& move : stored.moves) {
        position.make_move(chess::parse_uci(position, move.uci));
        positions.push_back(position);
    }
    return positions;
}

int pieces(const chess::Position& position) { return chess::popcount(position.pieces()); }

using test_support::count_of;

// A game ended by the tables: on the first position after a move with at most `max_pieces`
// pieces, with fathom's result for that position (the fifty-move rule counted).
void check_adjudicated_on_entry(const StoredGame& stored, int max_pieces) {
    INFO("game from " << stored.game.opening_fen << ": " << stored.game.pgn);
    CHECK(stored.game.termination == "TB adjudication");
    CHECK_THAT(stored.game.pgn, Catch::Matchers::Contains("[Termination \"TB adjudication\"]"));
    CHECK_THAT(stored.game.pgn, Catch::Matchers::Contains("by adjudication: SyzygyTB}"));
    const std::vector<chess::Position> positions = positions_after_moves(stored);
    REQUIRE_FALSE(positions.empty());
    CHECK(pieces(positions.back()) <= max_pieces);
    for (std::size_t ply = 0; ply + 1 < positions.size(); ++ply) CHECK(pieces(positions[ply]) > max_pieces);
    if (!test_support::fathom_installed(kFathom)) {
        WARN("fathom is not installed at " + kFathom + " (Debian package fathom): results not compared with it");
        return;
    }
    const auto fathom = test_support::fathom_verdict(kFathom, kTables, positions.back().fen());
    REQUIRE(fathom);
    CHECK(std::string(db::to_string(stored.game.result)) == fathom->result);
}

std::vector<StoredGame> games_in_order(const std::string& db_path) {
    std::vector<StoredGame> games;
    for (auto& [key, game] : stored_games(db_path)) games.push_back(std::move(game));
    return games;
}

}  // namespace

TEST_CASE("tablebase adjudication with -tbpieces 4 ends every game on entering the tables with fathom's verdict",
          "[integration][tablebase]") {
    TempDir dir;
    const RunOutput run =
        run_match(tempo_match(dir, kOpenings, 5) +
                  std::vector<std::string>{"-tb", kTables, "-tbpieces", "4", "-pgnout", dir.file("games.pgn")});
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);
    const std::vector<StoredGame> games = games_in_order(dir.file("run.db"));
    REQUIRE(games.size() == 5);
    for (const auto& game : games) check_adjudicated_on_entry(game, 4);
    const std::string pgn = read_text(dir.file("games.pgn"));
    CHECK(count_of(pgn, "[Termination \"TB adjudication\"]") == 5);
    CHECK(count_of(run.out, "by adjudication: SyzygyTB}") == 5);
    // Wins for either side and a draw: the verdict, not a default, decides.
    std::set<std::string> results;
    for (const auto& game : games) results.insert(std::string(db::to_string(game.game.result)));
    CHECK(results == std::set<std::string>{"1-0", "0-1", "1/2-1/2"});
}

TEST_CASE("with -tbpieces 3 the tables leave 4-piece positions to the engines", "[integration][tablebase]") {
    TempDir dir;
    // The last opening reaches 3 pieces by force, so a game ends in the tables however the engine
    // plays the others.
    const RunOutput run = run_match(tempo_match(dir, kOpenings + kForcedToThree, 6) +
                                    std::vector<std::string>{"-tb", kTables, "-tbpieces", "3"});
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);
    const std::vector<StoredGame> games = games_in_order(dir.file("run.db"));
    REQUIRE(games.size() == 6);
    int by_tables = 0;
    for (const auto& game : games) {
        if (game.game.termination != "TB adjudication") continue;
        check_adjudicated_on_entry(game, 3);
        ++by_tables;
    }
    CHECK(by_tables >= 1);
    const StoredGame& forced = games.back();
    CHECK(forced.game.termination == "TB adjudication");
    REQUIRE(forced.moves.size() == 1);
    CHECK(forced.moves.front().uci == "a1a2");
    // The first game's queen takes the rook at once, leaving KQPvK: in the tables, but 4 pieces.
    const StoredGame& queen_takes = games.front();
    REQUIRE_FALSE(queen_takes.moves.empty());
    CHECK(queen_takes.moves.front().uci == "d1d5");
    CHECK(queen_takes.moves.size() > 1);
}

TEST_CASE("a cursed win is a TB draw, and a TB win with -tbignore50", "[integration][tablebase]") {
    TempDir dir;
    const auto base = tempo_match(dir, kCursed, 1) + std::vector<std::string>{"-tb", kTables};
    const RunOutput counted = run_match(base);
    INFO(counted.out << counted.err);
    REQUIRE(counted.code == 0);
    const auto drawn = games_in_order(dir.file("run.db"));
    REQUIRE(drawn.size() == 1);
    check_adjudicated_on_entry(drawn.front(), 4);
    CHECK(drawn.front().game.result == db::GameResult::draw);

    const RunOutput ignored =
        run_match(base + std::vector<std::string>{"-tbignore50", "--db", dir.file("ignore50.db")});
    INFO(ignored.out << ignored.err);
    REQUIRE(ignored.code == 0);
    const auto won = games_in_order(dir.file("ignore50.db"));
    REQUIRE(won.size() == 1);
    CHECK(won.front().game.termination == "TB adjudication");
    CHECK(won.front().moves.size() == 1);
    CHECK(won.front().game.result == db::GameResult::white_win);
}

TEST_CASE("with -tbadjudicate WIN_LOSS or DRAW the tables end games only on those verdicts",
          "[integration][tablebase]") {
    TempDir dir;
    // The queen wins the rook at once (a win); the rook takes the pawn at once (a draw).
    const std::string epd =
        "4k3/8/8/3r4/8/8/5P2/2KQ4 w - - 0 1\n"
        "r7/8/3k4/8/8/3K4/6p1/6R1 w - - 0 1\n";
    const auto base = tempo_match(dir, epd, 2) + std::vector<std::string>{"-tb", kTables, "-maxmoves", "12"};
    const auto ended_by_tables = [](const StoredGame& game) { return game.game.termination == "TB adjudication"; };

    using Words = std::vector<std::string>;
    REQUIRE(run_match(base + Words{"-tbadjudicate", "WIN_LOSS", "--db", dir.file("wl.db")}).code == 0);
    const auto win_loss = games_in_order(dir.file("wl.db"));
    REQUIRE(win_loss.size() == 2);
    CHECK(ended_by_tables(win_loss[0]));
    CHECK(win_loss[0].game.result == db::GameResult::white_win);
    CHECK_FALSE(ended_by_tables(win_loss[1]));
    CHECK(win_loss[1].moves.size() > 1);

    REQUIRE(run_match(base + Words{"-tbadjudicate", "DRAW", "--db", dir.file("draw.db")}).code == 0);
    const auto draws = games_in_order(dir.file("draw.db"));
    REQUIRE(draws.size() == 2);
    CHECK_FALSE(ended_by_tables(draws[0]));
    CHECK(draws[0].moves.size() > 1);
    CHECK(ended_by_tables(draws[1]));
    CHECK(draws[1].game.result == db::GameResult::draw);
}

TEST_CASE("the JSON keys tb, tbpieces, tbignore50 and tbadjudicate run as the flags do", "[integration][tablebase]") {
    TempDir dir;
    const std::string config = R"({"engines": [{"cmd": ")" TEMPO_BIN R"(", "name": "a"}, {"cmd": ")" TEMPO_BIN
                               R"(", "name": "b"}], "each": {"nodes": 5000}, "openings": {"file": ")" +
                               dir.write("cursed.epd", kCursed) + R"(", "order": "sequential"}, "concurrency": 1,
                               "tb": ")" +
                               kTables + R"(", "tbpieces": 4, "tbignore50": true, "tbadjudicate": "WIN_LOSS"})";
    const RunOutput run = run_match({"-config", dir.write("run.json", config), "--db", dir.file("run.db")});
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);
    const auto games = games_in_order(dir.file("run.db"));
    REQUIRE(games.size() == 1);
    CHECK(games.front().game.termination == "TB adjudication");
    CHECK(games.front().game.result == db::GameResult::white_win);  // the cursed win, ignoring the clock
}

TEST_CASE("tablebase settings: flags and JSON agree, and they are part of the run's identity", "[unit][tablebase]") {
    const std::vector<std::string> engines{"-engine", "cmd=x", "-engine", "cmd=y"};
    const auto config = cli::parse_match_flags(
        engines + std::vector<std::string>{"-tb", "a;b:c", "-tbpieces", "5", "-tbignore50", "-tbadjudicate", "DRAW"});
    CHECK(config.tb_paths == std::vector<std::string>{"a", "b", "c"});
    CHECK(config.tb_pieces == 5);
    CHECK(config.tb_ignore50);
    CHECK(config.tb_adjudicate == adjudication::TablebaseVerdicts::draw);
    const nlohmann::json json = config::match_config_to_json(config);
    CHECK(json.at("tb") == "a:b:c");
    CHECK(json.at("tbadjudicate") == "DRAW");
    const auto read_back = config::match_config_from_json(json, "run.json");
    CHECK(config::run_identity(read_back) == config::run_identity(config));

    config::MatchConfig counted = config;
    counted.tb_ignore50 = false;
    CHECK(config::run_identity(counted) != config::run_identity(config));
    // Without -tb nothing is written: identities of runs from before the flags stay as they were.
    const auto plain = cli::parse_match_flags(engines);
    CHECK(config::run_identity(plain).find("\"tb") == std::string::npos);

    CHECK_THROWS_WITH(cli::parse_match_flags(engines + std::vector<std::string>{"-tbpieces", "2"}),
                      "-tbpieces: must be 3 or more (or 0 for every table found), got 2");
    CHECK_THROWS_WITH(cli::parse_match_flags(engines + std::vector<std::string>{"-tbadjudicate", "both"}),
                      "-tbadjudicate: must be BOTH, WIN_LOSS or DRAW, got 'both'");
    CHECK_THROWS_WITH(cli::parse_match_flags(engines + std::vector<std::string>{"-tb", ";"}),
                      "-tb: expects one or more tablebase directories, got ';'");
    CHECK_THROWS_WITH(cli::parse_match_flags(engines + std::vector<std::string>{"-tbignore50", "yes"}),
                      "-tbignore50: takes no value, got 'yes'");
}
