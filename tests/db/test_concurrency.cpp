// Concurrent writers: threads with their own handles, threads sharing one handle, separate processes,
// and a writer process killed mid-stream.
#include <signal.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "tests/db/db_test_util.h"

using namespace arbiter::db;
using dbtest::TempDir;

namespace {

constexpr int kThreads = 4;
constexpr int kGamesPerThread = 250;
constexpr int kPlies = 40;

// Each thread owns pair indexes [t * kGamesPerThread, (t + 1) * kGamesPerThread).
void write_from_threads(const std::function<Database&(int)>& handle_for_thread, std::int64_t run_id) {
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            Database& db = handle_for_thread(t);
            std::string white = "w";
            white += std::to_string(t);
            for (int i = 0; i < kGamesPerThread; ++i) {
                const std::int64_t pair = static_cast<std::int64_t>(t) * kGamesPerThread + i;
                db.insert_game(dbtest::make_game(run_id, pair, 0, white, "b", GameResult::draw, kPlies));
            }
        });
    }
    for (auto& thread : threads) thread.join();
}

void check_exact_counts(const std::string& path, std::int64_t games) {
    Database db(path);
    CHECK(db.count_games() == games);
    CHECK(dbtest::raw_count(path, "SELECT count(*) FROM moves") == games * kPlies);
    CHECK(dbtest::raw_count(path, "SELECT count(DISTINCT pair_index) FROM games") == games);
    CHECK(db.integrity_ok());
}

// db_writer_helper writing `count` games ("forever": until killed) from pair `first` into `path`.
test_support::ChildSpec writer(const std::string& path, const std::string& first, const std::string& count) {
    test_support::ChildSpec spec{.program = DB_WRITER_HELPER, .args = {path, first, count}};
    spec.out = spec.err = test_support::Stream::inherit();
    return spec;
}

constexpr std::chrono::seconds kWriterLimit{120};

}  // namespace

TEST_CASE("4 threads with one handle each store exactly 4 x 250 games", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("threads.db");
    std::vector<Database> handles;
    for (int t = 0; t < kThreads; ++t) handles.emplace_back(path);
    const auto run = handles[0].find_or_create_run(dbtest::make_run("{}"));
    write_from_threads([&](int t) -> Database& { return handles[static_cast<std::size_t>(t)]; }, run.id);
    handles.clear();
    check_exact_counts(path, kThreads * kGamesPerThread);
}

TEST_CASE("4 threads sharing one handle store exactly 4 x 250 games", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("shared.db");
    {
        Database shared(path);
        const auto run = shared.find_or_create_run(dbtest::make_run("{}"));
        write_from_threads([&](int) -> Database& { return shared; }, run.id);
    }
    check_exact_counts(path, kThreads * kGamesPerThread);
}

TEST_CASE("threads opening a brand-new file at once all migrate it safely", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("race.db");
    std::vector<std::thread> threads;
    std::atomic<int> opened{0};
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&] {
            Database db(path);
            db.find_or_create_run(dbtest::make_run("{}"));
            ++opened;
        });
    }
    for (auto& thread : threads) thread.join();
    CHECK(opened == kThreads);
    Database db(path);
    CHECK(db.list_runs().size() == 1);
}

TEST_CASE("2 processes writing into one file store exactly the expected games", "[integration]") {
    TempDir dir;
    const std::string path = dir.file("processes.db");
    test_support::Child first(writer(path, "0", "300"));
    test_support::Child second(writer(path, "300", "300"));
    CHECK(first.wait(kWriterLimit).exit_code == 0);
    CHECK(second.wait(kWriterLimit).exit_code == 0);
    check_exact_counts(path, 600);
    Database db(path);
    CHECK(db.list_runs().size() == 1);
}

TEST_CASE("a writer killed mid-stream leaves only complete games", "[integration]") {
    TempDir dir;
    const std::string path = dir.file("killed.db");
    test_support::Child forever(writer(path, "0", "forever"));
    // Let it get going, then kill it without warning: no destructor, no COMMIT of the game in flight.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (dbtest::fs::exists(path) && dbtest::raw_count(path, "SELECT count(*) FROM games") >= 50) break;
    }
    forever.signal(SIGKILL);
    REQUIRE_FALSE(forever.wait(kWriterLimit).timed_out);
    Database db(path);
    CHECK(db.integrity_ok());
    const std::int64_t games = db.count_games();
    CHECK(games >= 50);
    CHECK(dbtest::raw_count(path, "SELECT count(*) FROM moves") == games * 40);
    CHECK(dbtest::raw_count(path,
                            "SELECT count(*) FROM games g WHERE g.plies <> "
                            "(SELECT count(*) FROM moves m WHERE m.game_id = g.id)") == 0);
}
