// The ladder scores each step on a suite through `arbiter epd` and keeps that command's log to
// itself unless the step fails; a warning about the suite (a repeated id, issue #17) still
// reaches the user's stderr. One step, two games at 200 nodes, two positions at 10 ms.
#include <catch2/catch.hpp>

#include <sstream>

#include "tests/support/temp_dir.h"
#include "cli/ladder_command.h"

namespace {

std::string one_step_ladder(const std::string& suite) {
    const std::string tempo = TEMPO_BIN;
    return R"({
  "name": "wac-warnings",
  "engine": {"name": "tempo", "cmd": ")" +
           tempo + R"(", "options": {"Hash": "8"}},
  "steps": [{"id": "All", "feature": "Everything", "category": "Search", "options": {"Features": "all"}}],
  "gauntlet": {
    "opponents": [{"name": "tempo-ref", "cmd": ")" +
           tempo + R"(", "options": {"Hash": "8"}, "anchor": 2000}],
    "games_per_opponent": 2,
    "tc": "10+0.1",
    "openings": {"file": ")" +
           std::string(REPO_ROOT_DIR) + R"(/openings/noob_2moves.epd", "format": "epd"},
    "maxmoves": 40
  },
  "wac": {"suite": ")" +
           suite + R"(", "movetime_ms": 10},
  "smoke": {"nodes": 200, "games_per_opponent": 2, "wac_positions": 2, "wac_movetime_ms": 10}
})";
}

}  // namespace

TEST_CASE("ladder: a repeated id in the WAC suite is warned about on stderr", "[integration]") {
    const test_support::TempDir work;
    const std::string suite = work.write("repeated.epd",
                                         "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"R.1\";\n"
                                         "6k1/5ppp/8/8/8/8/5PPP/1R4K1 w - - bm Rb8#; id \"R.1\";\n");
    const std::string config = work.write("ladder.json", one_step_ladder(suite));
    std::ostringstream out, err;
    const int code = arbiter::cli::run_ladder_command(
        {config, "--db", work.file("ladder.db"), "--smoke", "--concurrency", "1"}, out, err);
    INFO(out.str() << err.str());
    CHECK(code == 0);
    CHECK(out.str().find("WAC: run") != std::string::npos);
    CHECK(err.str().find("arbiter epd: warning: " + suite + ":2: duplicate id 'R.1' (first on line 1)") !=
          std::string::npos);
}
