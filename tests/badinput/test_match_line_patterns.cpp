// Issue #36, items 1 and 2: `-pgnout match_line=REGEX` patterns are RE2's. The ECMAScript features
// RE2 has not (backreferences, lookahead, lookbehind) and a pattern over the instruction limit are
// refused before any game, exit 2, naming the flag or the config key, the pattern and the reason.
#include <catch2/catch.hpp>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "harness/protocol/line_pattern.h"
#include "tests/badinput/run_binary.h"

namespace fs = std::filesystem;
using badinput::RunResult;
using badinput::ScratchDir;
using Catch::Matchers::Contains;

namespace {

struct Refusal {
    std::string pattern;
    std::string reason;  // in the message
};

const std::string kTempo = TEMPO_BIN;

// `arbiter match` of two tempo engines with `pattern` given to -pgnout on the command line.
RunResult run_with_flag(const ScratchDir& dir, const std::string& pattern) {
    return badinput::run_binary(
        ARBITER_BIN, {"match", "-engine", "cmd=" + kTempo, "name=a", "-engine", "cmd=" + kTempo, "name=b", "-each",
                      "depth=1", "-games", "2", "--db", dir.file("run.db"), "-logdir", "off", "-pgnout",
                      "file=" + dir.file("g.pgn"), "match_line=" + pattern});
}

// The same match from a -config file, `pattern` in its pgnout_fastchess.match_line list.
RunResult run_with_config(const ScratchDir& dir, const std::string& pattern) {
    const nlohmann::json config = {
        {"engines", {{{"cmd", kTempo}, {"name", "a"}}, {{"cmd", kTempo}, {"name", "b"}}}},
        {"each", {{"depth", 1}}},
        {"pgnout", dir.file("g.pgn")},
        {"pgnout_fastchess", {{"match_line", {pattern}}}},
    };
    return badinput::run_binary(ARBITER_BIN,
                                {"match", "-config", dir.write("run.json", config.dump()), "--db", dir.file("run.db")});
}

void check_refused(const RunResult& run, const ScratchDir& dir, const std::string& where, const Refusal& refusal) {
    INFO("stderr: " << run.err);
    CHECK_FALSE(run.timed_out);
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.err, Contains(where + ": '" + refusal.pattern + "'") && Contains(refusal.reason));
    CHECK_FALSE(fs::exists(dir.file("run.db")));
}

}  // namespace

TEST_CASE("a match_line pattern RE2 cannot run is bad input naming the flag or key, pattern and reason", "[badinput]") {
    const Refusal refusal = GENERATE(values<Refusal>({
        {"info string (a)\\1", "invalid escape sequence: \\1; RE2 has no backreferences"},
        {"info(?= string)", "invalid perl operator: (?=; RE2 has no backreferences"},
        {"(?<!x)info", "invalid perl operator: (?<; RE2 has no backreferences"},
        {"[ab]*a[ab]{600}c",
         "over the limit of " + std::to_string(arbiter::protocol::kMaxLinePatternInstructions) + " RE2 instructions"},
    }));
    INFO(refusal.pattern);
    ScratchDir dir;
    check_refused(run_with_flag(dir, refusal.pattern), dir, "-pgnout match_line", refusal);
    check_refused(run_with_config(dir, refusal.pattern), dir, "pgnout_fastchess.match_line", refusal);
}
