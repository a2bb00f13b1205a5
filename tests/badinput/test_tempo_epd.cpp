// `tempo epd FILE MS` given bad or unusual suites (issue #17): a bm/am move that does not parse or
// is illegal, or a bad FEN, is an error naming file and line with exit 2 before any search (as
// `arbiter epd` does); a UTF-8 byte-order mark is accepted; a repeated id is warned about.
#include <catch2/catch.hpp>

#include "tests/badinput/run_binary.h"

using badinput::RunResult;
using badinput::ScratchDir;
using Catch::Matchers::Contains;

namespace {

const std::string kBom = "\xEF\xBB\xBF";
// Mates in one for White.
const std::string kMateA = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"M.1\";\n";
const std::string kMateB = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id \"M.2\";\n";

RunResult tempo_epd(const std::string& suite) { return badinput::run_binary(TEMPO_BIN, {"epd", suite, "5"}); }

}  // namespace

TEST_CASE("tempo epd rejects an unparsable or illegal bm/am move with file:line", "[badinput]") {
    ScratchDir dir;
    const struct {
        const char* line;
        const char* message;
    } cases[] = {
        {"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Rxz9; id \"X.1\";\n", ":2: bm: "},  // not a move at all
        {"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Qh5; id \"X.2\";\n", ":2: bm: "},   // no queen there
        {"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - am Ra8#, Rb9; id \"X.3\";\n", ":2: am: "},
        {"6k1/5ppp/8/8/8/8/5PPP/R5K9 w - - bm Ra8#; id \"X.4\";\n", ":2: bad FEN"},
        {"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - id \"X.5\";\n", ":2: not an EPD line with bm or am"},
    };
    for (const auto& bad : cases) {
        INFO(bad.line);
        const std::string suite = dir.write("bad.epd", kMateA + bad.line);
        const RunResult run = tempo_epd(suite);
        CHECK(run.exit_code == 2);
        CHECK_THAT(run.err, Contains(suite + bad.message));
        CHECK(run.out.find("Solved") == std::string::npos);  // nothing was searched
    }
}

TEST_CASE("tempo epd reads a suite with a byte-order mark, comments and comma-separated moves", "[badinput]") {
    ScratchDir dir;
    const std::string suite = dir.write(
        "bom.epd", kBom + kMateA + "# a comment\n\n" + "6k1/5ppp/8/8/8/8/5PPP/1R4K1 w - - bm Rb8#, Rb8; id \"M.3\";\n");
    const RunResult run = tempo_epd(suite);
    CHECK(run.exit_code == 0);
    CHECK_THAT(run.out, Contains(" / 2\n"));
    CHECK(run.err.empty());
}

TEST_CASE("tempo epd warns about a repeated id with file, line and id", "[badinput]") {
    ScratchDir dir;
    const std::string suite = dir.write("repeated.epd", kMateA + kMateB + kMateA);
    const RunResult run = tempo_epd(suite);
    CHECK(run.exit_code == 0);
    CHECK_THAT(run.out, Contains(" / 3\n"));
    CHECK_THAT(run.err, Contains(suite + ":3: warning: duplicate id 'M.1' (first on line 1)"));
}
