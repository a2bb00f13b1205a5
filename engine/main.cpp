// tempo: UCI engine by default; `bench [depth]`, `perft DEPTH [FEN]` and `features` as tools.
#include <chrono>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

#include "engine/bench.h"
#include "engine/chess/perft.h"
#include "engine/chess/position.h"
#include "engine/epd.h"
#include "engine/features.h"
#include "engine/text_util.h"
#include "engine/tune/tune_command.h"
#include "engine/uci.h"

namespace {

void print_usage(std::ostream& out) {
    out << "usage: tempo                      UCI mode\n"
        << "       tempo bench [depth] [FEATURES]  fixed-depth bench, prints the node signature\n"
        << "       tempo perft DEPTH [FEN]    move-path enumeration, Stockfish divide format\n"
        << "       tempo features             list the feature switches\n"
        << "       tempo epd FILE MS [FEATURES]  test suite (e.g. WAC), MS per position\n"
        << "       tempo tune [OPTIONS] FILE...  Texel tuning of the eval (tempo tune --help)\n"
        << "FEATURES: e.g. all,-NullMove or none,+TaperedEval,+MvvLva (names from `tempo features`)\n";
}

int usage_error(const std::string& what) {
    std::cerr << "tempo: " << what << "\n";
    print_usage(std::cerr);
    return 2;
}

bool is_help_flag(const std::string& word) { return word == "--help" || word == "-h" || word == "help"; }

// `tempo --help`, `tempo bench --help`, ...: the usage on stdout, exit 0 (tune has its own).
bool asks_for_help(int argc, char** argv) {
    if (is_help_flag(argv[1])) return true;
    for (int i = 2; i < argc; ++i)
        if (std::string(argv[i]) == "--help" || std::string(argv[i]) == "-h") return true;
    return false;
}

bool parse_depth(const std::string& text, int min, int max, int& depth) {
    long long value = 0;
    if (!tempo::parse_int64(text, value) || value < min || value > max) return false;
    depth = int(value);
    return true;
}

int run_bench_command(int argc, char** argv) {
    int depth = tempo::kDefaultBenchDepth;
    if (argc > 2 && !parse_depth(argv[2], 1, 64, depth)) return usage_error("bench depth must be 1..64");
    tempo::FeatureSet features = tempo::FeatureSet::all();
    std::string error;
    if (argc > 3 && !tempo::parse_feature_spec(argv[3], features, error)) return usage_error(error);
    tempo::run_bench(depth, features, &std::cout);
    return 0;
}

int run_perft_command(int argc, char** argv) {
    int depth = 0;
    if (argc < 3 || !parse_depth(argv[2], 0, 20, depth)) return usage_error("perft needs a depth 0..20");
    std::string fen = chess::kStartFen;
    if (argc > 3) {
        fen.clear();
        for (int i = 3; i < argc; ++i) {
            if (i > 3) fen += ' ';
            fen += argv[i];
        }
    }
    try {
        chess::Position pos(fen);
        const auto start = std::chrono::steady_clock::now();
        const std::uint64_t nodes = chess::perft_divide(pos, depth, std::cout);
        // Speed goes to stderr so stdout stays byte-identical to Stockfish's divide output.
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::cerr << "Time (ms)      : " << static_cast<long long>(seconds * 1000.0) << "\n"
                  << "Nodes/second   : " << static_cast<long long>(seconds > 0 ? double(nodes) / seconds : 0.0) << "\n";
    } catch (const chess::FenError& error) {
        return usage_error(std::string("bad FEN: ") + error.what());
    }
    return 0;
}

int run_epd_command(int argc, char** argv) {
    int move_time_ms = 0;
    if (argc < 4 || !parse_depth(argv[3], 1, 3600000, move_time_ms))
        return usage_error("epd needs a file and a time per position in ms");
    tempo::FeatureSet features = tempo::FeatureSet::all();
    std::string error;
    if (argc > 4 && !tempo::parse_feature_spec(argv[4], features, error)) return usage_error(error);
    tempo::EpdSummary summary;
    // A suite that cannot be read is bad input, as for the usage errors.
    return tempo::run_epd_suite(argv[2], move_time_ms, features, std::cout, std::cerr, summary) ? 0 : 2;
}

int list_features() {
    for (const tempo::FeatureInfo& info : tempo::kFeatureInfo)
        std::cout << info.name << std::string(22 - info.name.size(), ' ') << info.description << '\n';
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    // Every output line is flushed under LineWriter's lock; cin's tie would flush cout from the
    // reader thread without it (a data race with the search thread).
    std::cin.tie(nullptr);
    if (argc > 1) {
        std::string command = argv[1];
        if (command != "tune" && asks_for_help(argc, argv)) {
            print_usage(std::cout);
            return 0;
        }
        if (command == "bench") return run_bench_command(argc, argv);
        if (command == "perft") return run_perft_command(argc, argv);
        if (command == "features") return list_features();
        if (command == "epd") return run_epd_command(argc, argv);
        if (command == "tune")
            return tempo::tune::run_tune_command(std::vector<std::string>(argv + 2, argv + argc), std::cout, std::cerr);
        return usage_error("unknown command '" + command + "'");
    }
    tempo::UciSession session(std::cout);
    session.run(std::cin);
    return 0;
}
