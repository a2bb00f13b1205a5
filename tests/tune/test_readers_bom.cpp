// tempo tune's position files may start with a UTF-8 byte-order mark (Windows editors write one),
// as arbiter's EPD and PGN readers and `tempo epd` accept (issue #17).
#include <catch2/catch.hpp>

#include <sstream>

#include "tests/support/temp_dir.h"
#include "engine/text_util.h"
#include "engine/tune/labelled_positions.h"

using namespace tempo::tune;

namespace {

const std::string kBom = "\xEF\xBB\xBF";

// A file that starts with the byte-order mark, in a directory of its own.
struct BomFile : test_support::TempFile {
    BomFile(const std::string& name, const std::string& text) : TempFile(name, kBom + text) {}
};

std::vector<LabelledPosition> read(const BomFile& file) {
    std::vector<LabelledPosition> positions;
    ReadCounts counts;
    read_labelled_file(file.path(), ReadOptions{0}, positions, counts);
    return positions;
}

}  // namespace

TEST_CASE("skip_utf8_bom skips the mark and nothing else", "[readers]") {
    std::istringstream with_bom(kBom + "abc");
    tempo::skip_utf8_bom(with_bom);
    CHECK(std::string(std::istreambuf_iterator<char>(with_bom), {}) == "abc");
    // A first byte like the mark's, but no mark: everything stays to be read.
    std::istringstream lookalike(
        "\xEF"
        "abc");
    tempo::skip_utf8_bom(lookalike);
    CHECK(std::string(std::istreambuf_iterator<char>(lookalike), {}) ==
          "\xEF"
          "abc");
    std::istringstream plain("abc");
    tempo::skip_utf8_bom(plain);
    CHECK(std::string(std::istreambuf_iterator<char>(plain), {}) == "abc");
}

TEST_CASE("an EPD position file with a byte-order mark reads", "[readers]") {
    BomFile file("c9.epd", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - c9 \"1-0\";\n");
    const auto positions = read(file);
    REQUIRE(positions.size() == 1);
    CHECK(positions[0].fen == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -");
    CHECK(positions[0].white_result == 1.0);
}

TEST_CASE("a PGN position file with a byte-order mark reads", "[readers]") {
    BomFile file("games.pgn", "[Event \"test\"]\n[Result \"0-1\"]\n\n1. e4 e5 0-1\n");
    const auto positions = read(file);
    REQUIRE(positions.size() == 2);
    CHECK(positions[0].white_result == 0.0);
}
