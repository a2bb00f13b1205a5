// Ladder files with values no ladder can mean, end to end (issue #36): an anchor rating of 1e300, a
// step dated 2024-13-45, a WAC suite that is missing or broken. Each exits 2 naming the ladder file
// and the key before the first game is played and before the database exists (the suite used to be
// read only after the first step's gauntlet).
#include <catch2/catch.hpp>

#include <filesystem>

#include "tests/badinput/run_binary.h"

namespace fs = std::filesystem;
using badinput::RunResult;
using badinput::ScratchDir;
using Catch::Matchers::Contains;

namespace {

struct LadderParts {
    std::string anchor = "2000";
    std::string date = "2024-02-29";
    std::string wac = "{}";
};

// One step against one tempo opponent, smoke-sized: with a good suite it plays 2 games and 10 WAC
// positions at a few milliseconds each.
std::string ladder_json(const LadderParts& parts) {
    const std::string tempo = TEMPO_BIN;
    return R"({"name": "t", "steps": [
      {"id": "A", "feature": "a", "category": "Baseline", "date": ")" +
           parts.date + R"(",
       "options": {"Features": "none"}}],
    "gauntlet": {"opponents": [{"name": "ref", "cmd": ")" +
           tempo + R"(", "anchor": )" + parts.anchor + R"(}]},
    "engine": {"cmd": ")" +
           tempo + R"("},
    "wac": )" +
           parts.wac + "}";
}

RunResult check_refused(const LadderParts& parts, const std::string& message) {
    ScratchDir dir;
    const std::string ladder = dir.write("ladder.json", ladder_json(parts));
    const RunResult run = badinput::run_binary(ARBITER_BIN, {"ladder", ladder, "--smoke", "--db", dir.file("l.db")});
    INFO("stdout: " << run.out << "\nstderr: " << run.err);
    CHECK_FALSE(run.timed_out);
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.err, Contains(ladder + ": " + message));
    CHECK_THAT(run.out, !Contains("step 1/"));
    CHECK_FALSE(fs::exists(dir.file("l.db")));
    return run;
}

}  // namespace

TEST_CASE("a ladder anchor outside the rating range exits 2 naming the key and the range", "[badinput][ladder]") {
    for (const char* anchor : {"1e300", "-1e300", "50000", "-1001", "5000.5"}) {
        LadderParts parts;
        parts.anchor = anchor;
        check_refused(parts, "gauntlet.opponents[0].anchor: expected a rating from -1000 to 5000 Elo");
    }
}

TEST_CASE("a ladder step date that is no calendar day exits 2 naming the step", "[badinput][ladder]") {
    for (const char* date : {"2024-13-45", "2024-00-10", "2023-02-29", "2024-04-31", "2024-01-00"}) {
        LadderParts parts;
        parts.date = date;
        check_refused(parts,
                      "steps[0].date: expected YYYY-MM-DD, a day of the calendar, got '" + std::string(date) + "'");
    }
}

TEST_CASE("a missing or broken WAC suite exits 2 before the first game, naming the suite", "[badinput][ladder]") {
    LadderParts missing;
    missing.wac = R"({"suite": "no-such-suite.epd"})";
    const RunResult run = check_refused(missing, "wac.suite: ");
    CHECK_THAT(run.err, Contains("/no-such-suite.epd:0: cannot open file"));

    ScratchDir dir;
    const std::string broken = dir.write("broken.epd", "not a position at all\n");
    LadderParts garbled;
    garbled.wac = R"({"suite": ")" + broken + R"("})";
    check_refused(garbled, "wac.suite: " + broken + ":1:");
}
