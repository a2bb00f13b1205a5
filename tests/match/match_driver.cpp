// `arbiter match` as a standalone program for tests that need a separate process (signals) and
// for the benchmarks, independent of the lead's `arbiter` dispatcher.
#include <iostream>

#include "scheduler/match_command.h"

int main(int argc, char** argv) {
    return arbiter::scheduler::run_match_command(std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr);
}
