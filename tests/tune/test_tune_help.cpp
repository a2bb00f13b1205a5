// `tempo tune --help` is a request, not a flag missing its value: usage on stdout, exit 0.
#include <catch2/catch.hpp>

#include "engine/tune/tune_command.h"
#include "tests/support/captured_run.h"

using tempo::tune::run_tune_command;

TEST_CASE("tempo tune --help prints its usage and options and exits 0", "[tune_command]") {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"--help"}, {"-h"}, {"--iterations", "5", "--help"}, {"positions.txt", "-h"}}) {
        const test_support::RunOutput result = test_support::run_captured(run_tune_command, args);
        INFO(args.back() << " after " << args.size() - 1 << " other words; stderr: " << result.err);
        CHECK(result.code == 0);
        CHECK(result.out.rfind("usage: tempo tune ", 0) == 0);
        CHECK_THAT(result.out, Catch::Contains("  --score-weight W "));
        CHECK_THAT(result.out, Catch::Contains("  --help, -h "));
        CHECK(result.err.empty());
    }
}

TEST_CASE("tempo tune still refuses a flag without its value", "[tune_command]") {
    const test_support::RunOutput result = test_support::run_captured(run_tune_command, {"--out"});
    CHECK(result.code == 2);
    CHECK_THAT(result.err, Catch::Contains("tempo tune: --out needs a value"));
    CHECK_THAT(result.err, Catch::Contains("usage: tempo tune"));
    CHECK(result.out.empty());
}
