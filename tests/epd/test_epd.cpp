// EPD test-suite parser: the real WAC files, opcode handling, STS point lists, and errors that
// name file and line.
#include <catch2/catch.hpp>

#include <set>

#include "engine/chess/movegen.h"
#include "engine/chess/position.h"
#include "harness/epd/epd.h"
#include "tests/support/data_paths.h"

using namespace arbiter;
using arbiter::epd::EpdRecord;

namespace {

bool is_legal_in(const EpdRecord& record, chess::Move move) {
    chess::Position pos(record.fen, record.chess960);
    chess::MoveList legal;
    chess::generate_legal(pos, legal);
    return legal.contains(move);
}

EpdRecord parse_one(const std::string& line) { return epd::parse_epd_line(line, "inline.epd", 7); }

}  // namespace

TEST_CASE("epd: all 300 WAC positions parse with bm/am resolved", "[epd]") {
    auto records = epd::read_epd_file(io_test::data_path("wac.epd"));
    REQUIRE(records.size() == 300);
    std::set<std::string> ids;
    for (const EpdRecord& record : records) {
        INFO(record.id << " line " << record.line);
        CHECK((record.best_moves.size() + record.avoid_moves.size()) > 0);
        for (const auto& move : record.best_moves) CHECK(is_legal_in(record, move.move));
        for (const auto& move : record.avoid_moves) CHECK(is_legal_in(record, move.move));
        ids.insert(record.id);
    }
    CHECK(ids.size() == 300);
    CHECK(records.front().id == "WAC.001");
    CHECK(records.front().best_moves.at(0).san == "Qg6");
    CHECK(records.front().best_moves.at(0).uci == "g3g6");
    CHECK(records.front().fen == "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1");
}

TEST_CASE("epd: WAC.274 has both am and a two-move bm", "[epd]") {
    auto records = epd::read_epd_file(io_test::data_path("wac.epd"));
    const EpdRecord& record = records.at(273);
    CHECK(record.id == "WAC.274");
    REQUIRE(record.avoid_moves.size() == 1);
    CHECK(record.avoid_moves[0].san == "Rd6");
    REQUIRE(record.best_moves.size() == 2);
    CHECK(record.best_moves[0].uci == "g6b6");
    CHECK(record.best_moves[1].san == "Rg5+");
    REQUIRE(record.opcode("am"));
    CHECK(*record.opcode("am") == "Rd6");
}

TEST_CASE("epd: the 201-position WAC revision parses", "[epd]") {
    auto records = epd::read_epd_file(io_test::data_path("wac_2018_201.epd"));
    CHECK(records.size() == 201);
    for (const EpdRecord& record : records) CHECK_FALSE(record.best_moves.empty());
}

TEST_CASE("epd: perft files with counters and D-depth opcodes", "[epd]") {
    auto records = epd::read_epd_file(io_test::data_path("perft.epd"));
    REQUIRE_FALSE(records.empty());
    const EpdRecord& start = records.front();
    CHECK(start.fen == chess::kStartFen);
    REQUIRE(start.opcode("D1"));
    CHECK(*start.opcode("D1") == "20");
    CHECK(*start.opcode("D3") == "8902");
}

TEST_CASE("epd: STS point lists in c0", "[epd]") {
    EpdRecord record = parse_one(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"STS(v0.0) Test.001\"; "
        "c0 \"e4=10, d4=8, Nf3=5, c4=3\"; c7 \"other text\";");
    CHECK(record.id == "STS(v0.0) Test.001");
    REQUIRE(record.scored_moves.size() == 4);
    CHECK(record.scored_moves[0].move.uci == "e2e4");
    CHECK(record.scored_moves[0].points == 10);
    CHECK(record.scored_moves[2].move.san == "Nf3");
    CHECK(record.scored_moves[3].points == 3);
    REQUIRE(record.opcode("c7"));
    CHECK(*record.opcode("c7") == "other text");
    CHECK(record.line == 7);
}

TEST_CASE("epd: plain comments are not point lists", "[epd]") {
    EpdRecord record = parse_one("8/8/8/8/8/k7/8/K7 w - - c0 \"mate=impossible, draw\"; c1 \"x=1\";");
    CHECK(record.scored_moves.empty());
    CHECK(*record.opcode("c0") == "mate=impossible, draw");
}

TEST_CASE("epd: counters from numbers or hmvc/fmvn", "[epd]") {
    CHECK(parse_one("8/8/8/8/8/k7/8/K7 b - - 12 40 id \"x\";").fen == "8/8/8/8/8/k7/8/K7 b - - 12 40");
    CHECK(parse_one("8/8/8/8/8/k7/8/K7 w - - hmvc 5; fmvn 30;").fen == "8/8/8/8/8/k7/8/K7 w - - 5 30");
    CHECK(parse_one("8/8/8/8/8/k7/8/K7 w - -").fen == "8/8/8/8/8/k7/8/K7 w - - 0 1");
}

TEST_CASE("epd: SAN lists with commas and unknown opcodes kept as text", "[epd]") {
    EpdRecord record = parse_one("4k3/8/8/8/8/8/8/R3K2R w KQ - bm O-O, O-O-O; pv O-O Kd7; acd 20;");
    REQUIRE(record.best_moves.size() == 2);
    CHECK(record.best_moves[0].uci == "e1g1");
    CHECK(record.best_moves[1].uci == "e1c1");
    CHECK(*record.opcode("pv") == "O-O Kd7");
    CHECK(*record.opcode("acd") == "20");
}

TEST_CASE("epd: Shredder castling letters mean Chess960", "[epd]") {
    EpdRecord record = parse_one("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1 bm O-O;");
    CHECK(record.chess960);
    REQUIRE(record.best_moves.size() == 1);
    CHECK(record.best_moves[0].uci == "e1h1");  // Chess960 UCI: king takes rook
}

TEST_CASE("epd: books may skip move resolution", "[epd]") {
    epd::ParseOptions options;
    options.resolve_moves = false;
    EpdRecord record = epd::parse_epd_line("8/8/8/8/8/k7/8/K7 w - - bm Qz9; id \"book 1\";", "b.epd", 1, options);
    CHECK(record.best_moves.empty());
    CHECK(record.id == "book 1");
}

TEST_CASE("epd: malformed lines name file and line", "[epd]") {
    const std::string good = "8/8/8/8/8/k7/8/K7 w - - id \"ok\";\n";
    struct Case {
        const char* line;
        const char* expected;
    };
    const Case cases[] = {
        {"8/8/8/8/8/k7/8/K7 x - - id \"a\";", "bad FEN"},
        {"8/8/8/8/8/k7/8 w - - id \"a\";", "bad FEN"},
        {"8/8/8/8/8/k7/8/K7 w -", "expected 4 FEN fields"},
        {"8/8/8/8/8/k7/8/K7 w - - bm Qz9;", "bm:"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e5;", "bm:"},
        {"8/8/8/8/8/k7/8/K7 w - - id \"open;", "unterminated quoted operand"},
        {"8/8/8/8/8/k7/8/K7 w - - 1abc 3;", "bad opcode"},
        {"8/8/8/8/8/k7/8/K7 w - - bm;", "bm: no moves given"},
        {"8/8/8/8/8/k7/8/K7 w - - hmvc x;", "hmvc: expected one number"},
    };
    for (const Case& c : cases) {
        INFO(c.line);
        io_test::TempFile file("suite.epd", good + "\n" + c.line + "\n" + good);
        try {
            epd::read_epd_file(file.path());
            FAIL("accepted");
        } catch (const io::SourceError& e) {
            CHECK(e.file() == file.path());
            CHECK(e.line() == 3);
            CHECK_THAT(e.what(), Catch::StartsWith(file.path() + ":3: "));
            CHECK_THAT(e.message(), Catch::Contains(c.expected));
        }
    }
}

TEST_CASE("epd: a missing file is an error naming it", "[epd]") {
    CHECK_THROWS_AS(epd::read_epd_file("/nonexistent/suite.epd"), io::SourceError);
    CHECK_THROWS_WITH(epd::read_epd_file("/nonexistent/suite.epd"), Catch::StartsWith("/nonexistent/suite.epd:0:"));
}

TEST_CASE("epd: blank lines, comments and CRLF are tolerated", "[epd]") {
    auto records = epd::parse_epd_text("# header\r\n\r\n8/8/8/8/8/k7/8/K7 w - - id \"a\";\r\n", "crlf.epd");
    REQUIRE(records.size() == 1);
    CHECK(records[0].line == 3);
    CHECK(records[0].id == "a");
}
