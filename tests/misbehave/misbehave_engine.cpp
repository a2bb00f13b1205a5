// misbehave_engine: a UCI engine that breaks the protocol in one chosen way, for testing arbiter
// (or any other match runner) against broken engines. When it behaves it plays legal moves chosen
// deterministically from the position, so games between it and a real engine are reproducible.
// Modes, flags and UCI options are described in tests/misbehave/README.md.
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>

#include "engine/chess/movegen.h"
#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "tests/misbehave/misbehave_settings.h"
#include "tests/support/uci_position.h"

namespace {

using misbehave::Mode;
using misbehave::Settings;

void say(const std::string& line) { std::cout << line << std::endl; }

void sleep_ms(long ms) {
    if (ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

// A hung engine: it never reads or writes again. SIGTERM is ignored so the runner has to escalate
// to SIGKILL, which is what a truly stuck process forces on it.
[[noreturn]] void hang_forever(bool ignore_sigterm) {
    if (ignore_sigterm) std::signal(SIGTERM, SIG_IGN);
    for (;;) pause();
}

[[noreturn]] void crash() {
    const rlimit no_core{0, 0};
    setrlimit(RLIMIT_CORE, &no_core);  // a test run should not litter core files
    std::abort();
}

// The position of a `position` command; nullopt (and a line on stderr) when it cannot be understood.
std::optional<chess::Position> read_position(std::istringstream& words) {
    try {
        return test_support::position_from_uci(words);
    } catch (const std::exception& error) {
        std::cerr << "misbehave_engine: bad position: " << error.what() << std::endl;
        return std::nullopt;
    }
}

// Deterministic but varied: the position's key picks among the legal moves.
std::string chosen_move(const chess::Position& position) {
    chess::MoveList moves;
    chess::generate_legal(position, moves);
    if (moves.size() == 0) return "0000";
    return chess::to_uci(position, moves[position.key() % moves.size()]);
}

// A move in proper coordinate form that is not legal: a piece that can move, sent to the first
// square it cannot reach.
std::string illegal_move(const chess::Position& position) {
    chess::MoveList moves;
    chess::generate_legal(position, moves);
    if (moves.size() == 0) return "a1a2";
    const chess::Square from = moves[0].from();
    for (int target = 0; target < 64; ++target) {
        bool reachable = target == from;
        for (const chess::Move move : moves) reachable = reachable || (move.from() == from && move.to() == target);
        if (!reachable) return chess::square_name(from) + chess::square_name(chess::Square(target));
    }
    return "a1a2";  // unreachable: a piece never reaches all 63 other squares
}

void garbage_info(const chess::Position& position) {
    const std::string move = chosen_move(position);
    say("info");
    say("info depth");
    say("info depth abc seldepth -3 nodes 99999999999999999999999 nps -1 time 1e9");
    say("info score cp");
    say("info score mate x");
    say("info score cp 50 lowerbound upperbound wdl 1 2");
    say("info multipv 0 score cp 2147483648 pv");
    say("info depth 3 score cp 12 pv " + move + " zz99 a1a1 e7e8q e9 ");
    say("info currmove currmovenumber -7 hashfull 1001 tbhits -5");
    say("info string");
    say(std::string("\x01\x02\xff\xfe binary \x7f junk"));
    say("   info   depth   3   ");
    say("info depth 2\r");
    say("bestmoves " + move);
    say("bestmove-ish nonsense");
    say("info depth 9 string " + std::string(std::size_t{3} << 19, 'x'));  // 1.5 MiB: one over-long line
    say("");
}

// `bytes` of well-formed info lines, written in big blocks as a chatty engine would.
void flood(long bytes) {
    const std::string line = "info depth 1 nodes 1 string " + std::string(220, 'f') + '\n';
    std::string block;
    while (block.size() < 256 * 1024) block += line;
    for (long written = 0; written < bytes; written += static_cast<long>(block.size()))
        std::fwrite(block.data(), 1, block.size(), stdout);
    std::fflush(stdout);
}

// One `info string` line of `characters` after its prefix: a run of `a`s ending in `!`, the text
// on which a backtracking matcher given a pattern such as (a+)+$ takes exponential time.
void noisy_line(long characters) {
    std::string text(static_cast<std::size_t>(std::max(characters, 1L)), 'a');
    text.back() = '!';
    say("info string " + text);
}

void spam_stderr(long bytes) {
    const std::string block(64 * 1024, 'e');
    for (long written = 0; written < bytes; written += static_cast<long>(block.size()))
        std::fwrite(block.data(), 1, block.size(), stderr);
}

// The time the mover has left according to `go` (ms), or nullopt without a clock.
std::optional<long> own_time_left(std::istringstream& words, chess::Color side) {
    std::string word;
    std::optional<long> time, increment, movetime;
    long value = 0;
    while (words >> word) {
        if (!(words >> value)) break;
        if (word == (side == chess::WHITE ? "wtime" : "btime")) time = value;
        if (word == (side == chess::WHITE ? "winc" : "binc")) increment = value;
        if (word == "movetime") movetime = value;
    }
    if (movetime) return movetime;
    if (time) return *time + increment.value_or(0);
    return std::nullopt;
}

class Engine {
public:
    explicit Engine(Settings settings) : settings_(std::move(settings)) {}
    int run();

private:
    bool misbehaving_now() const {
        return std::max(new_games_, 1) >= settings_.game && position_.game_ply() >= settings_.ply;
    }
    void on_uci();
    void on_isready();
    void on_new_game();
    void on_position(std::istringstream& words);
    void on_go(std::istringstream& words);
    void on_ponder_end(const std::string& command);
    std::string reply_line() const;

    Settings settings_;
    std::string held_reply_;  // the reply to `go ponder`, sent on ponderhit or stop
    chess::Position position_;
    int new_games_ = 0;  // ucinewgame commands seen by this process
};

void Engine::on_uci() {
    say("id name misbehave-" + std::string(misbehave::mode_name(settings_.mode)));
    say("id author arbiter tests");
    for (const auto& option : misbehave::uci_option_lines()) say(option);
    if (settings_.mode == Mode::no_uciok) return;
    say("uciok");
}

void Engine::on_isready() {
    if (settings_.mode == Mode::hang_isready && new_games_ >= settings_.game) hang_forever(true);
    say("readyok");
}

void Engine::on_new_game() {
    ++new_games_;
    if (settings_.mode == Mode::exit_newgame && new_games_ >= settings_.game) std::exit(0);
    position_ = chess::Position();
    if (settings_.mode == Mode::early_bestmove) say("bestmove " + chosen_move(position_));
}

void Engine::on_position(std::istringstream& words) {
    if (auto position = read_position(words)) position_ = *position;
    // Sent before any `go`: a runner must not take it as the answer to the search that follows.
    if (settings_.mode == Mode::early_bestmove) say("bestmove " + chosen_move(position_));
}

void Engine::on_go(std::istringstream& words) {
    const bool pondering = settings_.ponder && words.str().find(" ponder") != std::string::npos;
    const bool now = misbehaving_now();
    switch (now ? settings_.mode : Mode::none) {
        case Mode::crash: crash();
        case Mode::hang_go: hang_forever(true);
        case Mode::illegal: say("bestmove " + illegal_move(position_)); return;
        case Mode::malformed: say(settings_.text.empty() ? "bestmove e9e4" : settings_.text); return;
        case Mode::garbage_info: garbage_info(position_); break;
        case Mode::flood: flood(settings_.bytes_or(4L << 20)); break;
        case Mode::noisy: noisy_line(settings_.bytes_or(64L << 10)); break;
        case Mode::stderr_spam: spam_stderr(settings_.bytes_or(1L << 20)); break;
        case Mode::late: {
            const auto left = own_time_left(words, position_.side_to_move());
            sleep_ms(left.value_or(0) + settings_.delay_or(200));
            break;
        }
        case Mode::close_stdin: {
            ::close(STDIN_FILENO);  // the runner's next write fails; this move still goes out
            say("bestmove " + chosen_move(position_));
            hang_forever(false);
        }
        default: break;
    }
    say("info depth 1 score " + settings_.score + " nodes 1 time 0 pv " + chosen_move(position_));
    // UCI: a pondering search answers only after ponderhit or stop.
    if (pondering) held_reply_ = reply_line();
    else say(reply_line());
}

// "bestmove X", with "ponder Y" (the move it would answer with) when Ponder is on.
std::string Engine::reply_line() const {
    const std::string move = chosen_move(position_);
    if (!settings_.ponder || move == "0000") return "bestmove " + move;
    chess::Position after = position_;
    after.make_move(chess::parse_uci(after, move));
    const std::string guess = chosen_move(after);
    return "bestmove " + move + (guess == "0000" ? "" : " ponder " + guess);
}

// Noted on stderr, which lands in the runner's engine log, so tests can see that it came.
void Engine::on_ponder_end(const std::string& command) {
    std::cerr << "misbehave_engine: " << command << std::endl;
    if (held_reply_.empty()) return;
    say(held_reply_);
    held_reply_.clear();
}

// A line per process start in --log (tests count restarts with it), and on stderr what this
// process will do (it lands in the runner's engine log).
void announce_start(const Settings& settings) {
    if (!settings.log.empty()) std::ofstream(settings.log, std::ios::app) << "started\n";
    std::cerr << "misbehave_engine: mode " << misbehave::mode_name(settings.mode) << ", ply " << settings.ply
              << ", game " << settings.game << std::endl;
}

int Engine::run() {
    announce_start(settings_);
    if (settings_.mode == Mode::slow_start) sleep_ms(settings_.delay_or(3000));
    if (settings_.mode == Mode::stderr_spam) spam_stderr(settings_.bytes_or(1L << 20));
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream words(line);
        std::string command;
        words >> command;
        if (command == "uci") on_uci();
        else if (command == "isready") on_isready();
        else if (command == "ucinewgame") on_new_game();
        else if (command == "position") on_position(words);
        else if (command == "go") on_go(words);
        else if (command == "ponderhit" || command == "stop") on_ponder_end(command);
        else if (command == "debug") std::cerr << "misbehave_engine: " << line << std::endl;
        else if (command == "setoption") {
            if (auto error = misbehave::apply_setoption(line, settings_))
                std::cerr << "misbehave_engine: " << *error << std::endl;
        } else if (command == "quit") return 0;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    Settings settings;
    if (auto error = misbehave::parse_arguments(argc, argv, settings)) {
        std::cerr << "misbehave_engine: " << *error << '\n' << misbehave::usage();
        return 2;
    }
    return Engine(std::move(settings)).run();
}
