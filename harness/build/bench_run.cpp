#include "harness/build/bench_run.h"

#include <fstream>
#include <sstream>
#include <vector>

#include "harness/build/bench_count.h"
#include "harness/build/subprocess.h"
#include "harness/process/capped_log.h"

namespace arbiter::build {
namespace {

namespace fs = std::filesystem;

// <entry>/bench holds two lines: the args the bench ran with and its count.
std::optional<std::string> stored_count(const fs::path& file, const std::string& args) {
    std::ifstream in(file);
    std::string stored_args, nodes;
    if (!std::getline(in, stored_args) || stored_args != args || !std::getline(in, nodes)) return std::nullopt;
    return normalised_count(nodes);
}

void store_count(const fs::path& file, const std::string& args, const std::string& nodes) {
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

// The bench's output into `log`, capped; what was kept is read back for the count.
ToolResult run_logged_bench(const std::vector<std::string>& argv, const fs::path& log, int timeout_seconds) {
    std::error_code ignored;
    fs::remove(log, ignored);  // a CappedLog keeps what the file holds: an earlier bench's output
    process::CappedLog capped(log, {kBenchLogHeadBytes, kBenchLogTailBytes}, "bench output");
    capped.open();
    const auto to_log = [&capped](std::string_view bytes) { capped.write(bytes); };
    return run_streamed(argv, TimeLimit::from_now(timeout_seconds), to_log);
}

std::string read_whole(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

BenchRun run_bench(const fs::path& binary, const std::string& args, const fs::path& entry, int timeout_seconds) {
    BenchRun run;
    run.log = entry / "bench.log";
    const fs::path count_file = entry / "bench";
    if ((run.nodes = stored_count(count_file, args))) {
        run.cached = true;
        return run;
    }
    const ToolResult result = run_logged_bench(bench_command(binary, args), run.log, timeout_seconds);
    run.timed_out = result.timed_out;
    run.stop_signal = result.stop_signal;
    if (run.timed_out || run.stop_signal != 0) return run;
    run.nodes = bench_nodes_in_output(read_whole(run.log));
    if (run.nodes) store_count(count_file, args, *run.nodes);
    return run;
}

}  // namespace arbiter::build
