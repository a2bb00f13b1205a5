#include "harness/build/bench_run.h"

#include <fstream>
#include <sstream>
#include <vector>

#include "harness/build/bench_count.h"
#include "harness/build/subprocess.h"

namespace arbiter::build {
namespace {

namespace fs = std::filesystem;

// <entry>/bench holds two lines: the args the bench ran with and its count.
std::optional<std::uint64_t> stored_count(const fs::path& file, const std::string& args) {
    std::ifstream in(file);
    std::string stored_args;
    std::uint64_t nodes = 0;
    if (!std::getline(in, stored_args) || stored_args != args || !(in >> nodes)) return std::nullopt;
    return nodes;
}

void store_count(const fs::path& file, const std::string& args, std::uint64_t nodes) {
    const fs::path partial = file.string() + ".partial";
    {
        std::ofstream out(partial);
        out << args << '\n' << nodes << '\n';
        if (!out) return;  // only a cache: the next build runs the bench again
    }
    std::error_code ignored;
    fs::rename(partial, file, ignored);  // whole or absent, for a concurrent reader
}

std::vector<std::string> bench_command(const fs::path& binary, const std::string& args) {
    std::vector<std::string> argv{binary.string()};
    std::istringstream words(args);
    for (std::string word; words >> word;) argv.push_back(word);
    return argv;
}

}  // namespace

BenchRun run_bench(const fs::path& binary, const std::string& args, const fs::path& entry) {
    BenchRun run;
    run.log = entry / "bench.log";
    const fs::path count_file = entry / "bench";
    if ((run.nodes = stored_count(count_file, args))) {
        run.cached = true;
        return run;
    }
    const TimedResult result = run_merged_with_timeout(bench_command(binary, args), kBenchTimeoutSeconds);
    std::ofstream(run.log) << result.output;
    run.timed_out = result.timed_out;
    if (!run.timed_out) run.nodes = bench_nodes_in_output(result.output);
    if (run.nodes) store_count(count_file, args, *run.nodes);
    return run;
}

}  // namespace arbiter::build
