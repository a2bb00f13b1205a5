// PGN reader: replays games through the core, on the real 8-move book and on samples in the
// styles cutechess-cli, fastchess and lichess write.
#include <catch2/catch.hpp>

#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "harness/pgn/reader.h"
#include "tests/support/data_paths.h"

using namespace arbiter;
using arbiter::pgn::PgnGame;

namespace {

std::vector<std::string> uci_moves(const PgnGame& game) {
    std::vector<std::string> moves;
    for (const auto& move : game.moves) moves.push_back(move.uci);
    return moves;
}

const char* kLichessGame = R"PGN([Event "Rated Blitz game"]
[Site "https://lichess.org/abcdefgh"]
[White "alice"]
[Black "bob"]
[Result "0-1"]
[Variant "Standard"]
[ECO "C20"]

1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%eval 0.2] [%clk 0:03:00] } 2. Qh5?! $6 { Inaccuracy. }
(2. Nf3 Nc6 (2... d6 { Philidor (old) }) 3. Bb5) 2... Nc6 3. Bc4 g6 4. Qf3 Nf6 5. Qb3?? Nd4 { Blunder } 0-1

)PGN";

}  // namespace

TEST_CASE("pgn reader: every game of the 8-move book replays", "[pgn]") {
    auto games = pgn::read_pgn_file(io_test::openings_path("8moves_v3.pgn"));
    REQUIRE(games.size() == 34700);
    for (const PgnGame& game : games) {
        REQUIRE(game.moves.size() == 16);
        REQUIRE(game.result == "1/2-1/2");
    }
    const PgnGame& first = games.front();
    CHECK(uci_moves(first) == std::vector<std::string>{"g1f3", "d7d5", "g2g3", "c7c6", "f1g2", "g8f6", "d2d3", "c8g4",
                                                       "h2h3", "g4h5", "b2b3", "e7e6", "c1b2", "d8a5", "d1d2", "a5d2"});
    CHECK(first.moves[15].san == "Qxd2+");
    CHECK(*first.tag("Eco") == "A07");
    CHECK(first.start_fen == chess::kStartFen);
    CHECK_FALSE(first.has_fen_tag);
    CHECK(games[1].line == 13);
}

TEST_CASE("pgn reader: lichess export with clocks, NAGs and nested variations", "[pgn]") {
    auto games = pgn::parse_pgn_text(kLichessGame, "lichess.pgn");
    REQUIRE(games.size() == 1);
    const PgnGame& game = games[0];
    CHECK(game.result == "0-1");
    CHECK(*game.tag("Site") == "https://lichess.org/abcdefgh");
    CHECK_FALSE(game.chess960);
    CHECK(uci_moves(game) ==
          std::vector<std::string>{"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g7g6", "h5f3", "g8f6", "f3b3", "c6d4"});
    CHECK(game.moves[0].comment == "[%eval 0.17] [%clk 0:03:00]");
    CHECK(game.moves[2].san == "Qh5");
    CHECK(game.moves[2].nags == std::vector<std::string>{"$6"});
    CHECK(game.moves[2].comment == "Inaccuracy.");
    CHECK(game.moves[9].comment == "Blunder");
}

TEST_CASE("pgn reader: cutechess and fastchess style comments", "[pgn]") {
    const char* text =
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"a\"]\n[Black \"b\"]\n"
        "[Result \"1-0\"]\n[PlyCount \"7\"]\n[Termination \"adjudication\"]\n[TimeControl \"40/60\"]\n\n"
        "1. e4 {book} e5 {book} 2. Bc4 {+0.31/12 0.45s} Nc6 {-0.25/11 1.2s} 3. Qh5\n"
        "{+1.00/9 0.050s, tl=59.2s} Nf6 {-M2/5 0.1s} 4. Qxf7# {+M1/1 0s, White mates} 1-0\n\n"
        "[Event \"second\"]\n\n1. d4 *\n";
    auto games = pgn::parse_pgn_text(text, "cc.pgn");
    REQUIRE(games.size() == 2);
    CHECK(games[0].moves.size() == 7);
    CHECK(games[0].moves[0].comment == "book");
    CHECK(games[0].moves[4].comment == "+1.00/9 0.050s, tl=59.2s");
    CHECK(games[0].moves[6].san == "Qxf7#");
    CHECK(*games[0].tag("Termination") == "adjudication");
    CHECK(games[1].result == "*");
    CHECK(games[1].line == 15);
    CHECK(uci_moves(games[1]) == std::vector<std::string>{"d2d4"});
}

TEST_CASE("pgn reader: FEN/SetUp start with Black to move", "[pgn]") {
    const char* text =
        "[Event \"?\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"]\n"
        "[Result \"*\"]\n\n1... c5 2. Nf3 *\n";
    auto games = pgn::parse_pgn_text(text, "fen.pgn");
    REQUIRE(games.size() == 1);
    CHECK(games[0].has_fen_tag);
    CHECK(games[0].start_fen == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK(uci_moves(games[0]) == std::vector<std::string>{"c7c5", "g1f3"});
}

TEST_CASE("pgn reader: Chess960 games castle king-takes-rook", "[pgn]") {
    const char* text =
        "[Event \"?\"]\n[Variant \"fischerandom\"]\n[SetUp \"1\"]\n"
        "[FEN \"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1\"]\n\n1. O-O O-O-O *\n";
    auto games = pgn::parse_pgn_text(text, "960.pgn");
    REQUIRE(games.size() == 1);
    CHECK(games[0].chess960);
    CHECK(uci_moves(games[0]) == std::vector<std::string>{"e1g1", "e8b8"});
    CHECK(pgn::is_chess960_variant("chess 960"));
    CHECK(pgn::is_chess960_variant("Chess960"));
    CHECK_FALSE(pgn::is_chess960_variant("Standard"));
}

TEST_CASE("pgn reader: a game without termination marker ends at the next game", "[pgn]") {
    const char* text = "[Event \"a\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5\n\n[Event \"b\"]\n\n1. d4 d5 *";
    auto games = pgn::parse_pgn_text(text, "loose.pgn");
    REQUIRE(games.size() == 2);
    CHECK(games[0].result == "1/2-1/2");
    CHECK(games[0].moves.size() == 2);
    CHECK(*games[1].tag("Event") == "b");
}

TEST_CASE("pgn reader: a game with tags only is followed by the next game", "[pgn]") {
    const char* text = "[Event \"a\"]\n[Result \"*\"]\n\n[Event \"b\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n";
    auto games = pgn::parse_pgn_text(text, "tags_only.pgn");
    REQUIRE(games.size() == 2);
    CHECK(games[0].moves.empty());
    CHECK(games[0].result == "*");
    CHECK(*games[1].tag("Event") == "b");
    CHECK(games[1].line == 4);
    CHECK(games[1].moves.size() == 1);
}

TEST_CASE("pgn reader: max_plies keeps the first moves only", "[pgn]") {
    pgn::ReadOptions options;
    options.max_plies = 3;
    auto games = pgn::parse_pgn_text(kLichessGame, "lichess.pgn", options);
    REQUIRE(games.size() == 1);
    CHECK(games[0].moves.size() == 3);
    CHECK(games[0].truncated);
    CHECK(games[0].result == "0-1");
}

TEST_CASE("pgn reader: empty input has no games", "[pgn]") {
    CHECK(pgn::parse_pgn_text("", "empty.pgn").empty());
    CHECK(pgn::parse_pgn_text("\n\n  \n", "blank.pgn").empty());
}

TEST_CASE("pgn reader: bad games name file and line", "[pgn]") {
    struct Case {
        const char* text;
        std::size_t line;
        const char* message;
    };
    const Case cases[] = {
        {"[Event \"?\"]\n\n1. e4 e5 2. Qh6 Nc6 *\n", 3, "ply 3 'Qh6'"},
        {"[Event \"?\"]\n\n1. e4 e5\n2. Ke3 *\n", 4, "'Ke3'"},
        {"[Event \"?\"]\n[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n", 1, "FEN tag"},
        {"[Event \"?\"]\n\n1. e4 (1. d4 d5\n\n", 3, "variation not closed"},
        {"[Event \"?\"]\n\n1. e4 ) e5 *\n", 3, "')' without a variation"},
        {"[Event \"?\"]\n\n1. e4 {\n\n", 3, "comment not closed"},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        io_test::TempFile file("games.pgn", c.text);
        try {
            pgn::read_pgn_file(file.path());
            FAIL("accepted");
        } catch (const io::SourceError& e) {
            CHECK(e.file() == file.path());
            CHECK(e.line() == c.line);
            CHECK_THAT(e.message(), Catch::Contains(c.message));
        }
    }
}

TEST_CASE("pgn reader: streaming reader returns games one by one", "[pgn]") {
    std::string text = std::string(kLichessGame) + kLichessGame;
    pgn::PgnReader reader(text, "two.pgn");
    auto first = reader.next();
    auto second = reader.next();
    REQUIRE(first);
    REQUIRE(second);
    CHECK(second->line == first->line + 11);
    CHECK_FALSE(reader.next());
}
