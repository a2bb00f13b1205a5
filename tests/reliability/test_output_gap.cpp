// -pgnout / -epdout on a full filesystem (issue #17): the game is stored and counted, the write
// fails the run, and the re-run writes the games the files miss, with the text an uninterrupted
// run writes. The full filesystem is /dev/full behind the output path for one session: every
// write fails with ENOSPC, deterministically, while the database sits on a normal disk.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "tests/reliability/reliability_support.h"

using namespace reliability;
using Catch::Matchers::Contains;
namespace fs = std::filesystem;

namespace {

// Two pairs of tempo games at fixed nodes, one at a time: deterministic, so two runs of it store
// the same games.
std::vector<std::string> four_games(const TempDir& dir, const std::string& db) {
    const std::string book = std::string(REPO_ROOT_DIR) + "/openings/noob_2moves.epd";
    return {"-engine",
            "cmd=" TEMPO_BIN,
            "name=tempo-a",
            "dir=" + dir.path(),
            "-engine",
            "cmd=" TEMPO_BIN,
            "name=tempo-b",
            "dir=" + dir.path(),
            "-each",
            "nodes=2000",
            "option.Hash=8",
            "-games",
            "4",
            "-repeat",
            "-concurrency",
            "1",
            "-openings",
            "file=" + book,
            "-maxmoves",
            "40",
            "-seed",
            "5",
            "--db",
            db};
}

// Every stored game's PGN, in the order the games were stored: what -pgnout holds after a run.
std::string stored_pgn_in_storing_order(const std::string& db) {
    std::vector<arbiter::db::GameRecord> games;
    for (const auto& [key, stored] : stored_games(db)) games.push_back(stored.game);
    std::sort(games.begin(), games.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    std::string text;
    for (const auto& game : games) text += game.pgn;
    return text;
}

// The PGN without its Date tags: two runs may straddle midnight.
std::string without_dates(const std::string& pgn) {
    std::string kept;
    std::size_t begin = 0;
    while (begin < pgn.size()) {
        std::size_t end = pgn.find('\n', begin);
        end = end == std::string::npos ? pgn.size() : end + 1;
        if (pgn.compare(begin, 6, "[Date ") != 0) kept.append(pgn, begin, end - begin);
        begin = end;
    }
    return kept;
}

// For one session, `path` is on a full filesystem; what it held before comes back afterwards.
class FullFilesystem {
public:
    explicit FullFilesystem(std::string path) : path_(std::move(path)), kept_(path_ + ".kept") {
        if (fs::exists(path_)) fs::rename(path_, kept_);
        fs::create_symlink("/dev/full", path_);
    }
    ~FullFilesystem() {
        fs::remove(path_);
        if (fs::exists(kept_)) fs::rename(kept_, path_);
    }
    FullFilesystem(const FullFilesystem&) = delete;
    FullFilesystem& operator=(const FullFilesystem&) = delete;

private:
    std::string path_;
    std::string kept_;
};

// The files of the same four games played without interruption, once per test process.
struct Reference {
    std::string min_pgn;
    std::string epd;
};
const Reference& reference_run() {
    static TempDir dir;
    static const Reference reference = [] {
        const RunOutput run = run_in_process(
            four_games(dir, dir.file("ref.db")) +
            std::vector<std::string>{"-pgnout", dir.file("ref.pgn"), "min", "-epdout", dir.file("ref.epd")});
        INFO(run.out << run.err);
        REQUIRE(run.code == 0);
        return Reference{read_text(dir.file("ref.pgn")), read_text(dir.file("ref.epd"))};
    }();
    return reference;
}

}  // namespace

TEST_CASE("a game whose -pgnout write failed is stored and counted, and the re-run writes it", "[integration]") {
    TempDir dir;
    const std::string db = dir.file("run.db");
    const std::string pgn = dir.file("games.pgn");
    const auto match = four_games(dir, db) + std::vector<std::string>{"-pgnout", pgn};
    const RunOutput first_pair = run_in_process(match + std::vector<std::string>{"--pairs", "0:1"});
    REQUIRE(first_pair.code == 0);
    {
        const FullFilesystem full(pgn);
        const RunOutput failed = run_in_process(match + std::vector<std::string>{"--pairs", "1:1"});
        INFO(failed.out << failed.err);
        CHECK(failed.code == 1);
        CHECK_THAT(failed.err, Contains("-pgnout " + pgn) && Contains("No space left on device"));
        // Stored is counted: the summary agrees with the database.
        CHECK_THAT(failed.out, Contains("Games: 1 played now, 3 in run"));
        CHECK(stored_games(db).size() == 3);
    }
    const RunOutput rest = run_in_process(match);
    INFO(rest.out << rest.err);
    CHECK(rest.code == 0);
    CHECK_THAT(rest.err, Contains("-pgnout " + pgn + ": wrote 1 stored game it was missing"));
    REQUIRE(stored_games(db).size() == 4);
    CHECK(read_text(pgn) == stored_pgn_in_storing_order(db));
}

TEST_CASE("a game missing from -pgnout min and -epdout gets the text of an uninterrupted run", "[integration]") {
    const Reference& reference = reference_run();
    TempDir dir;
    const std::string db = dir.file("run.db");
    const std::string pgn = dir.file("games.pgn");
    const std::string epd = dir.file("games.epd");
    const auto match = four_games(dir, db) + std::vector<std::string>{"-pgnout", pgn, "min", "-epdout", epd};
    REQUIRE(run_in_process(match + std::vector<std::string>{"--pairs", "0:1"}).code == 0);
    {
        // The PGN write fails first, so the game reaches neither file.
        const FullFilesystem full(pgn);
        const RunOutput failed = run_in_process(match + std::vector<std::string>{"--pairs", "1:1"});
        INFO(failed.out << failed.err);
        CHECK(failed.code == 1);
        CHECK(stored_games(db).size() == 3);
    }
    CHECK(count_of(read_text(epd), "\n") == 2);
    const RunOutput rest = run_in_process(match);
    INFO(rest.out << rest.err);
    CHECK(rest.code == 0);
    CHECK_THAT(rest.err, Contains("-pgnout " + pgn + ": wrote 1 stored game") &&
                             Contains("-epdout " + epd + ": wrote 1 stored game"));
    CHECK(without_dates(read_text(pgn)) == without_dates(reference.min_pgn));
    CHECK(read_text(epd) == reference.epd);
}

TEST_CASE("an -epdout that failed on the run's first game gets every game on the re-run", "[integration]") {
    const Reference& reference = reference_run();
    TempDir dir;
    const std::string db = dir.file("run.db");
    const std::string epd = dir.file("games.epd");
    const auto match = four_games(dir, db) + std::vector<std::string>{"-epdout", epd};
    {
        const FullFilesystem full(epd);
        const RunOutput failed = run_in_process(match);
        INFO(failed.out << failed.err);
        CHECK(failed.code == 1);
        CHECK_THAT(failed.err, Contains("-epdout " + epd) && Contains("No space left on device"));
        CHECK_THAT(failed.out, Contains("Games: 1 played now, 1 in run"));
        CHECK(stored_games(db).size() == 1);
    }
    const RunOutput rest = run_in_process(match);
    INFO(rest.out << rest.err);
    CHECK(rest.code == 0);
    CHECK(read_text(epd) == reference.epd);
}

TEST_CASE("an output file that does not end with the run's games is refused, and deleting it has it rewritten",
          "[integration]") {
    TempDir dir;
    const std::string db = dir.file("run.db");
    const std::string pgn = dir.file("games.pgn");
    const auto match = four_games(dir, db) + std::vector<std::string>{"-pgnout", pgn};
    REQUIRE(run_in_process(match).code == 0);
    const std::string complete = read_text(pgn);
    REQUIRE(complete == stored_pgn_in_storing_order(db));
    // An edit the run cannot account for: appending the games it has would mix them into it.
    std::ofstream(pgn, std::ios::app) << "[Event \"added by hand\"]\n";
    // The finished run resumed on purpose (a plain re-run would start a new run).
    const auto resumed = match + std::vector<std::string>{"--resume", "1"};
    const RunOutput refused = run_in_process(resumed);
    INFO(refused.out << refused.err);
    CHECK(refused.code == 2);
    CHECK_THAT(refused.err, Contains("-pgnout " + pgn) && Contains("delete it"));
    CHECK(read_text(pgn) == complete + "[Event \"added by hand\"]\n");

    fs::remove(pgn);
    const RunOutput rewritten = run_in_process(resumed);
    INFO(rewritten.out << rewritten.err);
    CHECK(rewritten.code == 0);
    CHECK_THAT(rewritten.err, Contains("wrote 4 stored games"));
    CHECK(read_text(pgn) == complete);
}
