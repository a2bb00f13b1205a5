// A separate writer process for the multi-process tests:
//   db_writer_helper DB FIRST_PAIR COUNT      writes COUNT games (pairs FIRST_PAIR...) and exits 0
//   db_writer_helper DB FIRST_PAIR forever    writes games until killed (crash-consistency test)
// Every game goes into the run of the fixed config below, so all writers share one run.
#include <cstdlib>
#include <iostream>
#include <string>

#include "tests/db/db_test_util.h"

namespace {

constexpr const char* kSharedConfig = R"({"test":"multi-process"})";

int write_games(const std::string& path, std::int64_t first_pair, std::int64_t count) {
    arbiter::db::Database db(path);
    const auto run = db.find_or_create_run(dbtest::make_run(kSharedConfig));
    for (std::int64_t i = 0; count < 0 || i < count; ++i) {
        const auto result = i % 3 == 0 ? arbiter::db::GameResult::white_win : arbiter::db::GameResult::draw;
        db.insert_game(dbtest::make_game(run.id, first_pair + i, 0, "tempo", "sf", result, 40));
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 4) {
        std::cerr << "usage: db_writer_helper DB FIRST_PAIR COUNT|forever\n";
        return 2;
    }
    try {
        const std::string count = argv[3];
        return write_games(argv[1], std::atoll(argv[2]), count == "forever" ? -1 : std::atoll(argv[3]));
    } catch (const std::exception& error) {
        std::cerr << "db_writer_helper: " << error.what() << "\n";
        return 1;
    }
}
