#pragma once
// The check most bad-input cases end with: the binary exited 2, in time, with a message naming the file
// (and the line or key) on stderr.

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "tests/badinput/run_binary.h"

namespace badinput {

inline void check_bad_input(const RunResult& run, const std::string& names) {
    INFO("stdout: " << run.out << "\nstderr: " << run.err);
    CHECK_FALSE(run.timed_out);
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.err, Catch::Matchers::Contains(names));
}

// check_bad_input, refused before anything ran: no game started and no database `db` written.
inline void check_refused_before_games(const RunResult& run, const std::string& db, const std::string& names) {
    check_bad_input(run, names);
    CHECK_THAT(run.out, !Catch::Matchers::Contains("Started game"));
    CHECK_FALSE(std::filesystem::exists(db));
}

}  // namespace badinput
