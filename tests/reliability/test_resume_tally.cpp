// A resumed run rebuilds its tally from the stored games, read one at a time (issue #19: memory
// flat in the games stored): the results, the pentanomial and each game's ending as the outcome
// list words it are the ones the run printed when it played them, and the -pgnout and -epdout
// files, already complete, get nothing written twice.
#include <catch2/catch.hpp>

#include "tests/reliability/reliability_support.h"

using namespace reliability;
using Catch::Matchers::Contains;

namespace {

// Four tempo engines, two games a pairing, without a move limit, so that they end by the rules: their endings differ.
std::vector<std::string> four_engines(const TempDir& dir, const std::string& kind_flag, const std::string& kind) {
    const std::string book = std::string(REPO_ROOT_DIR) + "/openings/noob_2moves.epd";
    return {"-dialect",
            "cutechess",
            "-engine",
            "cmd=" TEMPO_BIN,
            "name=A",
            "dir=" + dir.path(),
            "-engine",
            "cmd=" TEMPO_BIN,
            "name=B",
            "dir=" + dir.path(),
            "-engine",
            "cmd=" TEMPO_BIN,
            "name=C",
            "dir=" + dir.path(),
            "-engine",
            "cmd=" TEMPO_BIN,
            "name=D",
            "dir=" + dir.path(),
            "-each",
            "nodes=1500",
            "option.Hash=8",
            kind_flag,
            kind,
            "-games",
            "2",
            "-concurrency",
            "2",
            "-openings",
            "file=" + book,
            "-seed",
            "3",
            "--db",
            dir.file("run.db"),
            "-pgnout",
            dir.file("games.pgn"),
            "-epdout",
            dir.file("games.epd")};
}

// What the summary says of the tally: everything after the last game, but the pace, the line that
// counts the games played now, and the lines a resume starts with.
std::string tally_summary(const std::string& out) {
    const std::size_t last_game = out.rfind("Finished game");
    std::size_t begin = last_game == std::string::npos ? 0 : out.find('\n', last_game) + 1;
    std::string summary;
    for (std::size_t end = out.find('\n', begin); end != std::string::npos;
         begin = end + 1, end = out.find('\n', begin)) {
        const std::string line = out.substr(begin, end - begin);
        bool kept = true;
        for (const char* dropped : {"Pace ", "Games: ", "Score of", "resuming run", "All ", "The knockout of run"})
            kept = kept && line.rfind(dropped, 0) != 0;
        if (kept) summary += line + '\n';
    }
    return summary;
}

void check_tally_after_resume(const std::string& kind) {
    TempDir dir;
    const auto args = four_engines(dir, "-tournament", kind);
    const RunOutput played = run_in_process(args);
    INFO(played.out << played.err);
    REQUIRE(played.code == 0);
    const std::string pgn = read_text(dir.file("games.pgn"));
    const std::string epd = read_text(dir.file("games.epd"));
    const std::size_t games = stored_games(dir.file("run.db")).size();
    REQUIRE(games > 0);
    CHECK_THAT(played.out, Contains("Player: A") && Contains("mates"));

    const RunOutput resumed = run_in_process(args + std::vector<std::string>{"--resume", "1"});
    INFO(resumed.out << resumed.err);
    REQUIRE(resumed.code == 0);
    CHECK_THAT(resumed.out, Contains("Games: 0 played now, " + std::to_string(games) + " in run 1"));
    CHECK(tally_summary(resumed.out) == tally_summary(played.out));
    CHECK(read_text(dir.file("games.pgn")) == pgn);
    CHECK(read_text(dir.file("games.epd")) == epd);
}

}  // namespace

TEST_CASE("a resumed round-robin's tally and outcomes are the ones it played", "[integration]") {
    check_tally_after_resume("round-robin");
}

TEST_CASE("a resumed knockout's tally and outcomes are the ones it played", "[integration]") {
    check_tally_after_resume("knockout");
}
