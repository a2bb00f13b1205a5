#include <catch2/catch.hpp>

#include <sstream>

#include "tests/support/temp_dir.h"
#include "engine/tune/labelled_positions.h"
#include "engine/tune/param_file.h"

using namespace tempo::tune;

namespace {

using test_support::TempFile;

std::vector<LabelledPosition> read(const TempFile& file, ReadCounts& counts, int skip_plies = 0) {
    std::vector<LabelledPosition> positions;
    read_labelled_file(file.path(), ReadOptions{skip_plies}, positions, counts);
    return positions;
}

std::string error_of(const TempFile& file) {
    ReadCounts counts;
    try {
        read(file, counts);
    } catch (const InputError& error) {
        return error.what();
    }
    return "";
}

const char* const kFen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

}  // namespace

TEST_CASE("the bracket format reads every result spelling", "[readers]") {
    const std::string fen = kFen;
    TempFile file("brackets.epd",
                  fen + " [1.0]\n" + fen + " [0.5]\n\n# comment\n" + fen + " [0-1]\n" + fen + " [1/2-1/2]\n");
    ReadCounts counts;
    const auto positions = read(file, counts);
    REQUIRE(positions.size() == 4);
    CHECK(positions[0].white_result == 1.0);
    CHECK(positions[1].white_result == 0.5);
    CHECK(positions[2].white_result == 0.0);
    CHECK(positions[3].white_result == 0.5);
    CHECK(positions[0].fen == kFen);
}

TEST_CASE("the c9 EPD format reads the quoted result", "[readers]") {
    TempFile file("c9.epd",
                  "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - c9 \"1/2-1/2\";\n"
                  "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - c9 \"1-0\";\n");
    ReadCounts counts;
    const auto positions = read(file, counts);
    REQUIRE(positions.size() == 2);
    CHECK(positions[0].white_result == 0.5);
    CHECK(positions[1].white_result == 1.0);
    CHECK(positions[1].fen == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -");
}

TEST_CASE("the pipe format (arbiter export-positions) reads the score and the result", "[readers]") {
    const std::string fen = kFen;
    TempFile file("pipe.txt", fen + " | 35 | 1.0\n" + fen + " | #-3 | 0.0\n" + fen + " | - | 0.5\n" + fen +
                                  " | -120 | 0.5\n" + fen + " | #2 | 1-0\n");
    ReadCounts counts;
    const auto positions = read(file, counts);
    REQUIRE(positions.size() == 5);
    CHECK(positions[0].white_result == 1.0);
    CHECK(positions[1].white_result == 0.0);
    CHECK(positions[2].white_result == 0.5);
    CHECK(positions[0].white_score == 35.0);
    CHECK(positions[1].white_score == -kMateScoreCp);
    CHECK_FALSE(positions[2].white_score.has_value());
    CHECK(positions[3].white_score == -120.0);
    CHECK(positions[4].white_score == kMateScoreCp);
}

TEST_CASE("the other line formats carry no score", "[readers]") {
    const std::string fen = kFen;
    TempFile file("noscore.epd",
                  fen + " [1.0]\n" + std::string(kFen).substr(0, std::string(kFen).size() - 4) + " c9 \"1-0\";\n");
    ReadCounts counts;
    const auto positions = read(file, counts);
    REQUIRE(positions.size() == 2);
    CHECK_FALSE(positions[0].white_score.has_value());
    CHECK_FALSE(positions[1].white_score.has_value());
}

TEST_CASE("positions in check and early plies are skipped", "[readers]") {
    TempFile file("skip.txt",
                  "rnb1kbnr/pppp1ppp/8/4p3/5PPq/8/PPPPP2P/RNBQKBNR w KQkq - 1 3 [0.0]\n"  // White is mated: in check
                  "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 [0.5]\n"    // ply 1
                  "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 [1.0]\n");  // ply 4
    ReadCounts counts;
    const auto positions = read(file, counts, 2);
    CHECK(positions.size() == 1);
    CHECK(counts.lines == 3);
    CHECK(counts.in_check == 1);
    CHECK(counts.early == 1);
}

TEST_CASE("bad lines are reported with file and line", "[readers]") {
    const std::string fen = kFen;
    TempFile no_result("no_result.epd", fen + " [1.0]\n" + fen + " [1.0]\n" + fen + "\n");
    CHECK_THAT(error_of(no_result), Catch::Contains(no_result.path() + ":3: no result"));
    TempFile bad_result("bad_result.epd", fen + " [2.0]\n");
    CHECK_THAT(error_of(bad_result), Catch::Contains(bad_result.path() + ":1: bad result '2.0'"));
    TempFile bad_fen("bad_fen.txt", "\n8/8/8/8 w - - | 0 | 1.0\n");
    CHECK_THAT(error_of(bad_fen), Catch::Contains(bad_fen.path() + ":2: bad FEN"));
    TempFile bad_score("bad_score.txt", fen + " | 12 | 1.0\n" + fen + " | +0.35/12 | 1.0\n");
    CHECK_THAT(error_of(bad_score), Catch::Contains(bad_score.path() + ":2: bad score '+0.35/12'"));
    TempFile bare_mate("bare_mate.txt", fen + " | # | 1.0\n");
    CHECK_THAT(error_of(bare_mate), Catch::Contains(bare_mate.path() + ":1: bad score '#'"));
    TempFile missing_field("missing.txt", fen + " | 1.0\n");
    CHECK_THAT(error_of(missing_field),
               Catch::Contains(missing_field.path() + ":1: expected '<fen> | score | result'"));
    CHECK_THROWS_AS(
        [] {
            std::vector<LabelledPosition> out;
            ReadCounts counts;
            read_labelled_file("/nonexistent/positions.epd", {}, out, counts);
        }(),
        InputError);
}

TEST_CASE("PGN games give labelled positions, without book moves", "[readers]") {
    TempFile file("games.pgn",
                  "[Event \"test\"]\n[Result \"1-0\"]\n\n"
                  "1. e4 {book} e5 {book} 2. Nf3 {+0.30/10 0.1s} Nc6 {-0.2/9}\n"
                  "3. Bb5 (3. Bc4 Bc5) a6 $1 4. Ba4 ; a rest-of-line comment\n"
                  "Nf6 {a comment\nover two lines} 1-0\n\n"
                  "[Event \"test\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[Result \"*\"]\n\n1. e3 *\n\n"
                  "[Event \"test\"]\n[Result \"1/2-1/2\"]\n\n1.d4 d5 1/2-1/2\n");
    ReadCounts counts;
    const auto positions = read(file, counts);
    CHECK(counts.book == 2);
    REQUIRE(positions.size() == 6 + 2);  // 2. Nf3 .. 4... Nf6, then the drawn game; the '*' game has no label
    CHECK(positions[0].fen == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    CHECK(positions[0].white_result == 1.0);
    CHECK(positions[6].fen == chess::kStartFen);
    CHECK(positions[7].white_result == 0.5);
}

TEST_CASE("a bad PGN move names file and line", "[readers]") {
    TempFile file("bad.pgn", "[Result \"1-0\"]\n\n1. e4 e5\n2. Ke3 Nc6 1-0\n");
    CHECK_THAT(error_of(file), Catch::Contains(file.path() + ":4: bad move 'Ke3'"));
}

TEST_CASE("the parameter file is C++ with one assignment per field", "[param_file]") {
    std::ostringstream out;
    write_param_file(out, tempo::hand_set_params(), {"made by a test"});
    const std::string text = out.str();
    CHECK(text.find("// made by a test") != std::string::npos);
    CHECK(text.find("EvalParams generated_tuned_params() {") != std::string::npos);
    CHECK(text.find("  p.material = {{\n      {0, 0}, {85, 110}, {330, 310},") != std::string::npos);
    CHECK(text.find("  p.unstoppable_passed_pawn = 650;") != std::string::npos);
    CHECK(text.find("p.piece_square[KING] = {{") != std::string::npos);
    CHECK(text.find("p.mobility[QUEEN] = {{") != std::string::npos);
}
