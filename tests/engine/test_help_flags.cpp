// `tempo --help` and `tempo <command> --help` print a usage on stdout and exit 0, through main().
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/support/child.h"

using test_support::Child;
using namespace std::chrono_literals;

namespace {

struct Finished {
    std::vector<std::string> out;
    int code = -1;
};

Finished run_tempo(const std::vector<std::string>& args) {
    Child process{test_support::talk_to(TEMPO_BIN, args)};
    Finished finished;
    while (auto line = process.read_line(10000ms)) finished.out.push_back(*line);
    finished.code = process.wait(10000ms).exit_code;
    return finished;
}

}  // namespace

TEST_CASE("tempo tune --help prints the tune usage on stdout and exits 0", "[integration]") {
    const Finished finished = run_tempo({"tune", "--help"});
    CHECK(finished.code == 0);
    REQUIRE_FALSE(finished.out.empty());
    CHECK(finished.out.front().rfind("usage: tempo tune ", 0) == 0);
}

TEST_CASE("tempo --help and every tool's --help print the usage on stdout and exit 0", "[integration]") {
    for (const std::vector<std::string>& args : {std::vector<std::string>{"--help"},
                                                 {"-h"},
                                                 {"bench", "--help"},
                                                 {"perft", "--help"},
                                                 {"epd", "--help"},
                                                 {"epd", "wac.epd", "-h"},
                                                 {"features", "--help"}}) {
        const Finished finished = run_tempo(args);
        INFO("tempo " << args.front() << " ... " << args.back());
        CHECK(finished.code == 0);
        REQUIRE_FALSE(finished.out.empty());
        CHECK(finished.out.front().rfind("usage: tempo ", 0) == 0);
        const bool lists_tools = std::any_of(finished.out.begin(), finished.out.end(), [](const std::string& line) {
            return line.find("tempo perft DEPTH [FEN]") != std::string::npos;
        });
        CHECK(lists_tools);
    }
}

TEST_CASE("tempo bench with a bad depth is still bad input", "[integration]") {
    const Finished finished = run_tempo({"bench", "0"});
    CHECK(finished.code == 2);
    CHECK(finished.out.empty());
}
