// Opening books: the format of a book, the real EPD and PGN books, the seed-determined schedule,
// Polyglot walks, and file:line errors.
#include <catch2/catch.hpp>

#include <set>

#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "harness/openings/book.h"
#include "tests/support/data_paths.h"

using namespace arbiter;
using namespace arbiter::openings;

namespace {

BookOptions options_for(const std::string& file, BookOrder order = BookOrder::Sequential, std::uint64_t seed = 0) {
    BookOptions options;
    options.file = file;
    options.order = order;
    options.seed = seed;
    return options;
}

std::string replay(const Opening& opening) {
    chess::Position pos(opening.start_fen, opening.chess960);
    for (const std::string& uci : opening.moves) pos.make_move(chess::parse_uci(pos, uci));
    return pos.fen();
}

std::string ten_line_book() {
    std::string text;
    const char* moves[] = {"a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4"};
    for (int i = 0; i < 10; ++i) {
        chess::Position pos;
        pos.make_move(chess::parse_san(pos, moves[i]));
        text += pos.fen() + " id \"line " + std::to_string(i + 1) + "\";\n";
    }
    return text;
}

}  // namespace

// The -openings flag itself is read in cli/match_flags.cpp (tests/config/test_match_args.cpp).
TEST_CASE("openings: the format from the file's extension, or an error naming -openings", "[openings]") {
    CHECK(resolve_format(options_for("x.epd")) == BookFormat::Epd);
    CHECK(resolve_format(options_for("b.bin")) == BookFormat::Bin);
    CHECK(resolve_format(options_for("b.pgn")) == BookFormat::Pgn);
    CHECK_THROWS_WITH(resolve_format(options_for("book.txt")), Catch::StartsWith("-openings: cannot tell the format"));
}

TEST_CASE("openings: every position of the EPD books parses", "[openings]") {
    OpeningBook noob = OpeningBook::open(options_for(io_test::openings_path("noob_2moves.epd")));
    CHECK(noob.size() == 7314);
    OpeningBook deep = OpeningBook::open(options_for(io_test::openings_path("8mvs_+90_+99.epd")));
    CHECK(deep.size() == 8533);

    Opening first = noob.opening_for_pair(0);
    CHECK(first.id == "noob_2moves.epd:1");
    CHECK(first.start_fen == "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3");
    CHECK(first.moves.empty());
    CHECK(first.final_fen == first.start_fen);
    CHECK(deep.opening_for_pair(0).start_fen == "r1bq1rk1/pp1nppbp/3p1np1/8/2PNP3/2N5/PP2BPPP/R1BQ1RK1 w - - 4 9");
}

TEST_CASE("openings: sequential order, start= and wrap-around", "[openings]") {
    io_test::TempFile file("ten.epd", ten_line_book());
    BookOptions options = options_for(file.path());
    OpeningBook book = OpeningBook::open(options);
    CHECK(book.opening_for_pair(0).id == "line 1");
    CHECK(book.opening_for_pair(9).id == "line 10");
    CHECK(book.opening_for_pair(10).id == "line 1");
    options.start = 3;
    OpeningBook from_three = OpeningBook::open(options);
    CHECK(from_three.opening_for_pair(0).id == "line 3");
    CHECK(from_three.opening_for_pair(8).id == "line 1");
}

TEST_CASE("openings: random order is a seeded shuffle, same on every run", "[openings]") {
    io_test::TempFile file("ten.epd", ten_line_book());
    OpeningBook a = OpeningBook::open(options_for(file.path(), BookOrder::Random, 2024));
    OpeningBook b = OpeningBook::open(options_for(file.path(), BookOrder::Random, 2024));
    OpeningBook other = OpeningBook::open(options_for(file.path(), BookOrder::Random, 7));
    std::set<std::string> cycle;
    std::vector<std::string> order_a, order_other;
    for (std::size_t pair = 0; pair < 10; ++pair) {
        CHECK(a.opening_for_pair(pair).id == b.opening_for_pair(pair).id);
        cycle.insert(a.opening_for_pair(pair).id);
        order_a.push_back(a.opening_for_pair(pair).id);
        order_other.push_back(other.opening_for_pair(pair).id);
    }
    CHECK(cycle.size() == 10);  // each opening once per cycle
    CHECK(order_a != order_other);
    CHECK(a.opening_for_pair(10).id == a.opening_for_pair(0).id);
    // Asking out of order (a resumed or sharded run) gives the same answers.
    CHECK(a.opening_for_pair(7).id == order_a[7]);
}

TEST_CASE("openings: every game of the PGN book replays into an opening", "[openings]") {
    OpeningBook book = OpeningBook::open(options_for(io_test::openings_path("8moves_v3.pgn")));
    REQUIRE(book.size() == 34700);
    Opening first = book.opening_for_pair(0);
    CHECK(first.id == "8moves_v3.pgn:1");
    CHECK(first.start_fen == chess::kStartFen);
    REQUIRE(first.moves.size() == 16);
    CHECK(first.moves.front() == "g1f3");
    CHECK(first.moves.back() == "a5d2");
    CHECK(first.final_fen == replay(first));
    for (std::size_t pair = 0; pair < book.size(); pair += 997)
        CHECK(replay(book.opening_for_pair(pair)) == book.opening_for_pair(pair).final_fen);
}

TEST_CASE("openings: plies= cuts PGN lines", "[openings]") {
    BookOptions options = options_for(io_test::openings_path("8moves_v3.pgn"));
    options.plies = 4;
    OpeningBook book = OpeningBook::open(options);
    Opening first = book.opening_for_pair(0);
    CHECK(first.moves == std::vector<std::string>{"g1f3", "d7d5", "g2g3", "c7c6"});
    CHECK(first.final_fen == replay(first));
}

TEST_CASE("openings: PGN books honour FEN/SetUp tags", "[openings]") {
    const char* text =
        "[Event \"a\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n"
        "1... c5 2. Nf3 d6 *\n";
    io_test::TempFile file("fen.pgn", text);
    OpeningBook book = OpeningBook::open(options_for(file.path()));
    Opening opening = book.opening_for_pair(0);
    CHECK(opening.start_fen == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK(opening.moves == std::vector<std::string>{"c7c5", "g1f3", "d7d6"});
    CHECK(opening.final_fen == "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3");
}

TEST_CASE("openings: malformed books name file and line", "[openings]") {
    io_test::TempFile epd("bad.epd", ten_line_book() + "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq\n");
    CHECK_THROWS_WITH(OpeningBook::open(options_for(epd.path())), Catch::StartsWith(epd.path() + ":11: "));

    io_test::TempFile pgn("bad.pgn", "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e4 *\n");
    CHECK_THROWS_WITH(OpeningBook::open(options_for(pgn.path())), Catch::StartsWith(pgn.path() + ":7: ply 2 'e4'"));

    io_test::TempFile empty("empty.epd", "\n# nothing\n");
    CHECK_THROWS_WITH(OpeningBook::open(options_for(empty.path())), Catch::Contains("holds no openings"));
    CHECK_THROWS_AS(OpeningBook::open(options_for(empty.sibling("missing.pgn"))), io::SourceError);
}

TEST_CASE("openings: Polyglot books give seeded walks per pair", "[openings]") {
    const std::uint64_t start_key = chess::Position().key();
    chess::Position e4;
    e4.make_move(chess::parse_uci(e4, "e2e4"));
    chess::Position e4d5 = e4;
    e4d5.make_move(chess::parse_uci(e4d5, "d7d5"));
    auto entry = [](const chess::Position& pos, const char* uci, std::uint16_t weight) {
        return PolyglotEntry{pos.key(), encode_polyglot_move(pos, chess::parse_uci(pos, uci)), weight, 0};
    };
    io_test::TempFile file("tiny.bin");
    save_polyglot_book(file.path(), {entry(chess::Position(), "e2e4", 1), entry(chess::Position(), "d2d4", 1),
                                     entry(e4, "d7d5", 1), entry(e4d5, "e4d5", 1)});
    REQUIRE(start_key == 0x463b96181691fc9cULL);

    BookOptions options = options_for(file.path(), BookOrder::Random, 11);
    OpeningBook book = OpeningBook::open(options);
    CHECK(book.size() == 0);
    std::set<std::vector<std::string>> lines;
    for (std::size_t pair = 0; pair < 40; ++pair) {
        Opening opening = book.opening_for_pair(pair);
        CHECK(opening.start_fen == chess::kStartFen);
        CHECK(opening.final_fen == replay(opening));
        CHECK(opening.id == "tiny.bin#" + std::to_string(pair + 1));
        lines.insert(opening.moves);
    }
    CHECK(lines == std::set<std::vector<std::string>>{{"d2d4"}, {"e2e4", "d7d5", "e4d5"}});

    OpeningBook same = OpeningBook::open(options);
    for (std::size_t pair = 0; pair < 20; ++pair)
        CHECK(same.opening_for_pair(pair).moves == book.opening_for_pair(pair).moves);

    options.plies = 2;
    OpeningBook short_walks = OpeningBook::open(options);
    for (std::size_t pair = 0; pair < 20; ++pair) CHECK(short_walks.opening_for_pair(pair).moves.size() <= 2);
}
