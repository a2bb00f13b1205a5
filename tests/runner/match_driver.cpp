// `arbiter match` as a standalone program for tests that need a separate process (signals) and
// for the benchmarks, independent of the `arbiter` dispatcher.
#include <iostream>

#include "cli/match_command.h"

int main(int argc, char** argv) {
    return arbiter::cli::run_match_command(std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr);
}
