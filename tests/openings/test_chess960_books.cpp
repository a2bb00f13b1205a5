// Chess960 and DFRC openings: EPD and PGN books in Shredder-FEN or X-FEN castling, read for
// -variant fischerandom with their moves in king-takes-rook notation, and refused (naming file and
// line) in a standard-chess match, whose engines would read them wrongly.
#include <catch2/catch.hpp>

#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "harness/epd/epd.h"
#include "harness/openings/book.h"
#include "harness/adjudication/outcome.h"
#include "harness/pgn/reader.h"
#include "harness/pgn/cutechess_layout.h"
#include "tests/support/data_paths.h"

using namespace arbiter;

namespace {

// Position 3: king f1 and rook g1 castle short onto each other's squares.
const std::string kSwapShredder = "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1";
const std::string kSwapXfen = "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1";
// DFRC: White on position 29's rank, Black on 611's.
const std::string kDfrcXfen = "brnqkrnb/pppppppp/8/8/8/8/PPPPPPPP/NQNBRKBR w KQkq - 0 1";
const std::string kDfrcShredder = "brnqkrnb/pppppppp/8/8/8/8/PPPPPPPP/NQNBRKBR w HEfb - 0 1";

openings::BookOptions book(const std::string& file, bool chess960) {
    openings::BookOptions options;
    options.file = file;
    options.chess960 = chess960;
    return options;
}

}  // namespace

TEST_CASE("EPD records in X-FEN or Shredder-FEN are Chess960", "[unit][chess960]") {
    const auto records = epd::parse_epd_text(kSwapXfen.substr(0, kSwapXfen.size() - 4) + " id \"x\";\n" +
                                                 kDfrcShredder.substr(0, kDfrcShredder.size() - 4) + " id \"s\";\n" +
                                                 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"std\";\n",
                                             "mixed.epd");
    REQUIRE(records.size() == 3u);
    CHECK(records[0].chess960);
    CHECK(records[0].fen == kSwapShredder);
    CHECK(records[1].chess960);
    CHECK(records[1].fen == kDfrcShredder);
    CHECK_FALSE(records[2].chess960);
}

TEST_CASE("a Chess960 book reads X-FEN and Shredder-FEN lines alike", "[unit][chess960]") {
    io_test::TempFile file("960.epd", kSwapXfen + "\n" + kDfrcShredder + "\n" +
                                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
    const auto opened = openings::OpeningBook::open(book(file.path(), true));
    REQUIRE(opened.size() == 3u);
    CHECK(opened.opening_for_pair(0).start_fen == kSwapShredder);
    CHECK(opened.opening_for_pair(1).start_fen == kDfrcShredder);
    // The standard start is played as Chess960 too: castling is then written e1h1.
    const openings::Opening standard = opened.opening_for_pair(2);
    CHECK(standard.chess960);
    CHECK(standard.start_fen == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
}

TEST_CASE("a standard-chess book refuses a Chess960 line, naming file and line", "[unit][chess960]") {
    io_test::TempFile epd("mixed.epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n" + kSwapXfen + "\n");
    CHECK_THROWS_WITH(openings::OpeningBook::open(book(epd.path(), false)),
                      Catch::Contains("mixed.epd:2") && Catch::Contains("-variant fischerandom"));
    io_test::TempFile pgn("960.pgn", "[FEN \"" + kDfrcXfen + "\"]\n[SetUp \"1\"]\n\n1. a3 *\n");
    CHECK_THROWS_WITH(openings::OpeningBook::open(book(pgn.path(), false)),
                      Catch::Contains("960.pgn:1") && Catch::Contains("Chess960 position"));
}

TEST_CASE("PGN openings castle king-takes-rook in a Chess960 book", "[unit][chess960]") {
    // No Variant tag: the X-FEN alone says Chess960. Both sides castle short, king and rook
    // swapping squares (f1/g1, f8/g8).
    io_test::TempFile file("swap.pgn", "[FEN \"" + kSwapXfen + "\"]\n[SetUp \"1\"]\n\n1. O-O O-O 2. e4 *\n");
    const auto games = pgn::read_pgn_file(file.path());
    REQUIRE(games.size() == 1u);
    CHECK(games[0].chess960);
    const auto opened = openings::OpeningBook::open(book(file.path(), true));
    const openings::Opening opening = opened.opening_for_pair(0);
    CHECK(opening.start_fen == kSwapShredder);
    CHECK(opening.moves == std::vector<std::string>{"f1g1", "f8g8", "e2e4"});
    CHECK(opening.final_fen == "bqnnrrkb/pppppppp/8/8/4P3/8/PPPP1PPP/BQNNRRKB b - - 0 2");
}

TEST_CASE("openings/chess960_dfrc.epd holds Chess960 and DFRC starts that a Chess960 book reads", "[unit][chess960]") {
    const auto opened = openings::OpeningBook::open(book(io_test::openings_path("chess960_dfrc.epd"), true));
    REQUIRE(opened.size() == 28u);
    int alike = 0, different = 0;
    for (std::size_t i = 0; i < opened.size(); ++i) {
        const openings::Opening opening = opened.opening_for_pair(i);
        INFO(opening.id << ": " << opening.start_fen);
        const chess::Position pos(opening.start_fen, true);
        CHECK(pos.castling_rights() == chess::ANY_CASTLING);
        const std::string placement = opening.start_fen.substr(0, opening.start_fen.find(' '));
        const std::string black = placement.substr(0, 8), white = placement.substr(placement.size() - 8);
        std::string white_lower = white;
        for (char& c : white_lower) c = static_cast<char>(c - 'A' + 'a');
        ++(black == white_lower ? alike : different);
        CHECK((black == white_lower) == (opening.id.rfind("chess960-", 0) == 0));
    }
    CHECK(alike == 14);
    CHECK(different == 14);
}

TEST_CASE("cutechess-cli's Chess960 PGN reads back, and ours carries the same FEN and Variant tags",
          "[unit][chess960]") {
    const auto games = pgn::read_pgn_file(io_test::data_path("cutechess_chess960.pgn"));
    REQUIRE(games.size() == 1u);
    const pgn::PgnGame& game = games[0];
    CHECK(game.chess960);
    REQUIRE(game.moves.size() == 98u);
    // Black castles short: king c8 takes its rook on d8, written O-O.
    CHECK(game.moves[23].san == "O-O");
    CHECK(game.moves[23].uci == "c8d8");

    pgn::GameRecord record;
    record.start_fen = game.start_fen;
    record.chess960 = true;
    for (const pgn::PgnMove& move : game.moves) record.moves.push_back({move.uci, false, std::nullopt, {}});
    record.outcome = adjudication::rule_outcome(chess::Termination::Checkmate, chess::WHITE);
    const std::string ours = pgn::write_game(record);
    CHECK_THAT(ours, Catch::Contains("[FEN \"" + *game.tag("FEN") + "\"]\n"));
    CHECK_THAT(ours, Catch::Contains("[Variant \"" + *game.tag("Variant") + "\"]\n"));
    CHECK_THAT(ours, Catch::Contains("12. a5 O-O 13. Ra4"));
}
