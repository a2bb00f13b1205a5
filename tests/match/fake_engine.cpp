// A scriptable UCI engine for the match tests: it plays the first legal move (so games are legal
// and short-lived) until a chosen ply, then misbehaves in the chosen way.
//
//   fake_engine [--mode legal|illegal|slow|crash|hang] [--after N] [--delay MS] [--log FILE]
//
// --after N: behave normally for the engine's first N moves of a game, then misbehave.
// --log FILE: append one line per process start (tests count restarts with it).
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>

#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/san.h"
#include "../support/uci_position.h"

namespace {

struct Options {
    std::string mode = "legal";
    int after = 0;
    int delay_ms = 0;
    std::string log;
};

Options parse_options(int argc, char** argv) {
    Options options;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        if (flag == "--mode") options.mode = argv[i + 1];
        else if (flag == "--after") options.after = std::atoi(argv[i + 1]);
        else if (flag == "--delay") options.delay_ms = std::atoi(argv[i + 1]);
        else if (flag == "--log") options.log = argv[i + 1];
    }
    return options;
}

void answer_go(const Options& options, const chess::Position& position, int own_moves) {
    const bool misbehave = own_moves >= options.after && options.mode != "legal";
    if (options.delay_ms > 0 && (misbehave || options.mode == "legal"))
        std::this_thread::sleep_for(std::chrono::milliseconds(options.delay_ms));
    if (misbehave && options.mode == "crash") std::abort();
    if (misbehave && options.mode == "hang") return;
    if (misbehave && options.mode == "illegal") {
        std::cout << "bestmove e2e5" << std::endl;  // never legal: no piece can reach e5 from e2
        return;
    }
    chess::MoveList moves;
    chess::generate_legal(position, moves);
    std::cout << "info depth 1 score cp 0 nodes 1 time 0 pv " << chess::to_uci(position, *moves.begin()) << '\n';
    std::cout << "bestmove " << chess::to_uci(position, *moves.begin()) << std::endl;
}

}  // namespace

int main(int argc, char** argv) {
    const Options options = parse_options(argc, argv);
    if (!options.log.empty()) std::ofstream(options.log, std::ios::app) << "started\n";
    std::cerr << "fake-" << options.mode << " says hello on stderr" << std::endl;
    chess::Position position;
    int own_moves = 0;
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream words(line);
        std::string command;
        words >> command;
        if (command == "uci") std::cout << "id name fake-" << options.mode << "\nuciok" << std::endl;
        else if (command == "isready") std::cout << "readyok" << std::endl;
        else if (command == "ucinewgame") own_moves = 0;
        else if (command == "position") position = test_support::position_from_uci(words);
        else if (command == "go") answer_go(options, position, own_moves++);
        else if (command == "quit") return 0;
    }
    return 0;
}
