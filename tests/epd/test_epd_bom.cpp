// A UTF-8 byte-order mark at the start of an EPD file (Windows editors write one) is accepted by
// arbiter's EPD reader and so by everything that reads EPD through it: suites and opening books.
#include <catch2/catch.hpp>

#include "harness/epd/epd.h"
#include "harness/openings/book.h"
#include "tests/support/data_paths.h"

using namespace arbiter;

namespace {

const std::string kBom = "\xEF\xBB\xBF";
const std::string kWac001 = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";\n";
const std::string kWac002 = "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id \"WAC.002\";\n";

}  // namespace

TEST_CASE("epd: a leading byte-order mark is skipped", "[epd]") {
    const auto records = epd::parse_epd_text(kBom + kWac001 + kWac002, "bom.epd");
    REQUIRE(records.size() == 2);
    CHECK(records[0].line == 1);
    CHECK(records[0].id == "WAC.001");
    CHECK(records[0].fen == "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1");
    REQUIRE(records[0].best_moves.size() == 1);
    CHECK(records[0].best_moves[0].uci == "g3g6");

    io_test::TempFile file("bom.epd", kBom + kWac001 + kWac002);
    CHECK(epd::read_epd_file(file.path()).size() == 2);
}

TEST_CASE("epd: a file that is only a byte-order mark has no records", "[epd]") {
    CHECK(epd::parse_epd_text(kBom, "empty.epd").empty());
    CHECK(epd::parse_epd_text(kBom + "\r\n# comment\n", "empty.epd").empty());
}

TEST_CASE("epd: a byte-order mark after the start is still an error naming the line", "[epd]") {
    // Only the file's first three bytes can be a byte-order mark; elsewhere it is garbage.
    CHECK_THROWS_WITH(epd::parse_epd_text(kWac001 + kBom + kWac002, "mid.epd"), Catch::Contains("mid.epd:2:"));
}

TEST_CASE("openings: an EPD book with a byte-order mark opens", "[openings]") {
    io_test::TempFile file("book.epd", kBom + "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n" +
                                           "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n");
    openings::BookOptions options;
    options.file = file.path();
    const openings::OpeningBook book = openings::OpeningBook::open(options);
    REQUIRE(book.size() == 2);
    CHECK(book.opening_for_pair(0).start_fen == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}
