// Chess960 and DFRC matches through `arbiter match -variant fischerandom`, against real engines
// whose input a wrapper script copies to a log: tempo against Stockfish (UCI) over
// openings/chess960_dfrc.epd, tempo against PolyGlot driving tempo (xboard) with castling book
// moves and a mate only O-O-O gives, and engines that can play neither refused before any game.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <set>
#include <cstdio>
#include <sstream>
#include <tuple>

#include "cli/import_command.h"
#include "engine/chess/position.h"
#include "harness/openings/book.h"
#include "harness/schedule/chess960.h"
#include "tests/support/match_test_support.h"
#include "tests/support/text_file.h"

using namespace match_test;

namespace {

const std::string kBook = std::string(REPO_ROOT_DIR) + "/openings/chess960_dfrc.epd";
constexpr const char* kPolyglot = "/usr/games/polyglot";
constexpr const char* kToga = "/usr/games/toga2";

// An executable script in `dir` that copies its input to `log` and runs `command` on it.
std::string logged(const TempDir& dir, const std::string& name, const std::string& command) {
    const std::string log = dir.file(name + ".in.log");
    return dir.write(name + ".sh", "#!/bin/sh\ntee -a '" + log + "' | " + command + "\n", true);
}

std::string input_log(const TempDir& dir, const std::string& name) { return read_text(dir.file(name + ".in.log")); }

using test_support::count_of;

std::size_t lines_equal(const std::string& text, const std::string& line) {
    std::istringstream in(text);
    std::size_t count = 0;
    for (std::string each; std::getline(in, each);) count += each == line ? 1 : 0;
    return count;
}

// The ends an engine can be blamed for; none may happen when both sides play Chess960.
void expect_no_failures(const Games& games) {
    for (const auto& [key, stored] : games) {
        INFO("game " << key.first << "." << key.second << ": " << stored.game.pgn);
        CHECK(stored.game.termination != "illegal-move");
        CHECK(stored.game.termination != "disconnection");
        CHECK(stored.game.termination != "stalled-connection");
    }
}

// Players, result, start position and moves of each game, in any order.
std::multiset<std::tuple<std::string, std::string, int, std::string, std::string>> contents(const Games& games) {
    std::multiset<std::tuple<std::string, std::string, int, std::string, std::string>> all;
    for (const auto& [key, stored] : games) {
        std::string moves;
        for (const auto& move : stored.moves) moves += move.uci + " ";
        all.emplace(stored.game.white, stored.game.black, static_cast<int>(stored.game.result), stored.game.opening_fen,
                    moves);
    }
    return all;
}

// Values of every [Name "..."] tag in a PGN text.
std::vector<std::string> tag_values(const std::string& pgn, const std::string& name) {
    std::vector<std::string> values;
    const std::string open = "[" + name + " \"";
    for (auto at = pgn.find(open); at != std::string::npos; at = pgn.find(open, at + 1)) {
        const auto begin = at + open.size();
        values.push_back(pgn.substr(begin, pgn.find('"', begin) - begin));
    }
    return values;
}

}  // namespace

TEST_CASE("openings/chess960_dfrc.epd follows arbiter's Chess960 numbering", "[unit][chess960]") {
    arbiter::openings::BookOptions options;
    options.file = kBook;
    options.chess960 = true;
    const auto book = arbiter::openings::OpeningBook::open(options);
    for (std::size_t i = 0; i < book.size(); ++i) {
        const auto opening = book.opening_for_pair(i);
        INFO(opening.id);
        // "chess960-N" is position N for both sides; "dfrc-W-B" takes White's rank from W, Black's from B.
        int white = -1, black = -1;
        if (std::sscanf(opening.id.c_str(), "chess960-%d", &white) == 1) black = white;
        else REQUIRE(std::sscanf(opening.id.c_str(), "dfrc-%d-%d", &white, &black) == 2);
        const std::string white_fen = arbiter::schedule::chess960_start_fen(white);
        const std::string black_fen = arbiter::schedule::chess960_start_fen(black);
        CHECK(opening.start_fen.substr(0, 8) == black_fen.substr(0, 8));
        CHECK(opening.start_fen.substr(35, 8) == white_fen.substr(35, 8));
    }
}

TEST_CASE("tempo against Stockfish over the Chess960 and DFRC book", "[integration][chess960]") {
    if (!executable(STOCKFISH_BIN)) WARN("stockfish not installed");
    if (!executable(STOCKFISH_BIN)) return;
    TempDir dir;
    const std::string pgn = dir.file("games.pgn");
    const auto result = run_match({"-variant",
                                   "fischerandom",
                                   "-engine",
                                   "cmd=" + logged(dir, "tempo", "exec " TEMPO_BIN),
                                   "name=tempo",
                                   "-engine",
                                   "cmd=" + logged(dir, "sf", "exec " STOCKFISH_BIN),
                                   "name=sf",
                                   "option.Threads=1",
                                   "option.Hash=8",
                                   "-each",
                                   "depth=3",
                                   "-openings",
                                   "file=" + kBook,
                                   "order=sequential",
                                   "-games",
                                   "2",
                                   "-repeat",
                                   "-rounds",
                                   "28",
                                   "-maxmoves",
                                   "60",
                                   "-concurrency",
                                   "2",
                                   "-pgnout",
                                   pgn,
                                   "--db",
                                   dir.file("run.db"),
                                   "-logdir",
                                   "off"});
    INFO(result.out << result.err);
    REQUIRE(result.code == 0);

    const Games games = stored_games(dir.file("run.db"));
    REQUIRE(games.size() == 56u);
    expect_no_failures(games);
    // Every opening was played, from both sides.
    std::set<std::string> openings;
    for (const auto& [key, stored] : games) openings.insert(stored.game.opening_id);
    CHECK(openings.size() == 28u);
    // Both engines were switched to Chess960 in every process they ran.
    for (const char* name : {"tempo", "sf"}) {
        const std::string log = input_log(dir, name);
        INFO(name);
        CHECK(lines_equal(log, "setoption name UCI_Chess960 value true") >= 1u);
        CHECK(lines_equal(log, "setoption name UCI_Chess960 value true") == lines_equal(log, "uci"));
    }

    // The PGN: X-FEN and the Variant tag cutechess writes, and it imports back to the same games.
    const std::string text = read_text(pgn);
    const auto fens = tag_values(text, "FEN");
    CHECK(fens.size() == 56u);
    for (const std::string& fen : fens) {
        INFO(fen);
        CHECK(fen.find(" w KQkq - ") != std::string::npos);  // start positions: every rook is the outermost
        CHECK(chess::Position(fen, true).xfen() == fen);
    }
    CHECK(tag_values(text, "Variant") == std::vector<std::string>(56, "fischerandom"));
    std::ostringstream out, err;
    REQUIRE(arbiter::cli::run_import_command({pgn, "--db", dir.file("imported.db")}, out, err) == 0);
    CHECK(contents(stored_games(dir.file("imported.db"))) == contents(games));
}

TEST_CASE("tempo against an xboard engine in Chess960: variant, X-FEN and castling as O-O", "[integration][chess960]") {
    if (!executable(kPolyglot)) WARN("polyglot not installed");
    if (!executable(kPolyglot)) return;
    TempDir dir;
    // Position 3 with both sides castled short (king and rook swap squares) as book moves, and a
    // position where only O-O-O (rook c1 to d1, king d1 to c1) mates.
    const std::string book =
        dir.write("castling.pgn",
                  "[FEN \"bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1\"]\n[SetUp \"1\"]\n"
                  "[Variant \"fischerandom\"]\n\n1. O-O O-O *\n\n"
                  "[FEN \"2rkr3/2p1p3/8/8/8/8/8/2RK4 w Q - 0 1\"]\n[SetUp \"1\"]\n[Variant \"fischerandom\"]\n\n*\n");
    const std::string polyglot = logged(dir, "pg", std::string("exec ") + kPolyglot + " -noini -ec " TEMPO_BIN);
    const auto result = run_match({"-variant",
                                   "fischerandom",
                                   "-engine",
                                   "cmd=" + polyglot,
                                   "proto=xboard",
                                   "name=pg",
                                   "-engine",
                                   "cmd=" TEMPO_BIN,
                                   "name=tempo",
                                   "-each",
                                   "depth=3",
                                   "-openings",
                                   "file=" + book,
                                   "order=sequential",
                                   "-games",
                                   "2",
                                   "-repeat",
                                   "-rounds",
                                   "2",
                                   "-maxmoves",
                                   "40",
                                   "-concurrency",
                                   "1",
                                   "--db",
                                   dir.file("run.db"),
                                   "-logdir",
                                   "off"});
    INFO(result.out << result.err);
    REQUIRE(result.code == 0);
    const Games games = stored_games(dir.file("run.db"));
    REQUIRE(games.size() == 4u);
    expect_no_failures(games);
    // The mate: tempo sends d1c1 (UCI), PolyGlot "move O-O-O" (xboard); both are the same castling.
    for (int game_index : {0, 1}) {
        const StoredGame& mate = games.at({1, game_index});
        INFO(mate.game.pgn);
        CHECK(mate.game.termination == "checkmate");
        CHECK(mate.game.result == arbiter::db::GameResult::white_win);
        REQUIRE(mate.moves.size() == 1u);
        CHECK(mate.moves[0].uci == "d1c1");
        CHECK(mate.moves[0].san == "O-O-O#");
    }
    // The castling book moves reached PolyGlot as O-O, after a setboard in X-FEN, with the variant
    // announced after every `new`.
    const std::string log = input_log(dir, "pg");
    CHECK(count_of(log, "setboard bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1\n") == 2u);
    CHECK(count_of(log, "usermove O-O\n") >= 4u);
    CHECK(count_of(log, "new\nvariant fischerandom\n") == count_of(log, "new\n"));
}

TEST_CASE("engines that can play Chess960 in neither protocol are refused before any game", "[integration][chess960]") {
    TempDir dir;
    struct Refused {
        std::vector<std::string> engine;
        std::string message;
    };
    std::vector<Refused> cases;
    if (executable(PHALANX_BIN))
        cases.push_back(
            {{"cmd=" PHALANX_BIN, "proto=xboard", "name=phalanx"},
             "-engine #1 (phalanx): engine phalanx cannot play Chess960: it announces no feature variants"});
    if (executable(kToga))
        cases.push_back({{std::string("cmd=") + kToga, "name=toga2"},
                         "-engine #1 (toga2): engine toga2 cannot play Chess960: it declares no UCI_Chess960 option"});
    if (cases.empty()) WARN("neither phalanx nor toga2 installed");
    for (const Refused& refused : cases) {
        const std::string db = dir.file(refused.engine.back().substr(5) + ".db");
        std::vector<std::string> args{"-variant", "fischerandom", "-engine"};
        args = args + refused.engine + std::vector<std::string>{"-engine", "cmd=" TEMPO_BIN, "name=tempo",
                                                                "-each",   "depth=2",        "--db",
                                                                db,        "-logdir",        "off"};
        const auto result = run_match(args);
        INFO(result.out << result.err);
        CHECK(result.code == 2);
        CHECK_THAT(result.err, Catch::Contains(refused.message));
        CHECK_FALSE(std::filesystem::exists(db));
    }
}
