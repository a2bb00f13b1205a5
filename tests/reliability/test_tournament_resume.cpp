// Every tournament type resumes after an interruption to the same games, move for move, as the
// run that was never interrupted: round-robin (cutechess dialect), gauntlet with seeds (fastchess
// dialect), pyramid and knockout, whose later rounds depend on the stored results.
#include <catch2/catch.hpp>

#include <csignal>

#include "tests/reliability/reliability_support.h"

using namespace reliability;
using namespace std::chrono_literals;

namespace {

std::vector<std::string> tournament(const TempDir& dir, const std::string& db, const std::vector<std::string>& kind) {
    const std::string book = std::string(REPO_ROOT_DIR) + "/tests/data/openings12.epd";
    std::vector<std::string> args;
    const char* nodes[] = {"2000", "700", "1200", "400"};
    for (int i = 0; i < 4; ++i)
        args = args + std::vector<std::string>{"-engine", "cmd=" TEMPO_BIN, "name=E" + std::to_string(i + 1),
                                               "dir=" + dir.path(), std::string("nodes=") + nodes[i]};
    return args + std::vector<std::string>{"-each",
                                           "option.Hash=8",
                                           "-openings",
                                           "file=" + book,
                                           "order=sequential",
                                           "-maxmoves",
                                           "40",
                                           "-concurrency",
                                           "2",
                                           "--db",
                                           db} +
           kind;
}

// Plays `kind` once straight through and once interrupted after two games and resumed: the two
// databases must hold the same games.
void check_resume(const std::vector<std::string>& kind) {
    TempDir dir;
    const RunOutput straight = run_in_process(tournament(dir, dir.file("straight.db"), kind));
    INFO(straight.out << straight.err);
    REQUIRE(straight.code == 0);

    const std::string db = dir.file("resumed.db");
    const auto args = tournament(dir, db, kind);
    test_support::Child arbiter(arbiter_logged(args, dir.file("out"), dir.file("err")));
    REQUIRE(wait_for_lines(dir.file("out"), "Finished game", 2, 120s));
    arbiter.signal(SIGINT);
    REQUIRE(arbiter.wait(60s).exited());
    const std::size_t before = stored_games(db).size();
    const Games all = stored_games(dir.file("straight.db"));
    REQUIRE(before < all.size());

    const RunOutput rest = run_in_process(args);
    INFO(rest.out << rest.err);
    REQUIRE(rest.code == 0);
    CHECK(rest.out.rfind("resuming run 1: " + std::to_string(before) + " of ", 0) == 0);
    CHECK(count_of(rest.out, "Finished game") == all.size() - before);
    CHECK(same_games(stored_games(db), all));
}

}  // namespace

TEST_CASE("a cutechess round-robin resumes to the games of an uninterrupted one", "[integration]") {
    check_resume({"-dialect", "cutechess", "-games", "2", "-repeat"});
}

TEST_CASE("a fastchess gauntlet with two seeds resumes to the games of an uninterrupted one", "[integration]") {
    check_resume({"-dialect", "fastchess", "-tournament", "gauntlet", "-seeds", "2", "-rounds", "1"});
}

TEST_CASE("a pyramid resumes to the games of an uninterrupted one", "[integration]") {
    check_resume({"-tournament", "pyramid", "-games", "2"});
}

TEST_CASE("a knockout resumes into its bracket and finishes as an uninterrupted one", "[integration]") {
    check_resume({"-tournament", "knockout", "-seeds", "4", "-games", "2"});
}
