// arbiter_instant_engine: a UCI engine that answers every command at once, for measuring what the
// match runner itself costs (ci/runner-scaling). `go` gets one `info` line and a legal `bestmove`
// picked by the position's key among the legal moves, so games vary with the opening and end by
// the rules (mate, stalemate, repetition, fifty moves, material) or by the runner's adjudication.
// It ignores every search limit and clock: the runner's cost, not the engine's, is what is measured.
//
// Each reply is one write. The runner repeats the whole game in every `position` command; when a
// command extends the previous one, only the new moves are played, so a move costs the same at
// ply 300 as at ply 1.
#include <unistd.h>

#include <cstddef>
#include <cstdio>
#include <exception>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include "engine/chess/movegen.h"
#include "engine/chess/position.h"
#include "engine/chess/san.h"

namespace {

// The game as the last `position` command left it, and that command, to tell whether the next
// one merely adds moves.
struct GameState {
    std::optional<chess::Position> position;
    std::string command;
    bool chess960 = false;
};

void reply(const std::string& text) {
    std::size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = ::write(STDOUT_FILENO, text.data() + written, text.size() - written);
        if (n <= 0) std::_Exit(0);  // the runner is gone
        written += static_cast<std::size_t>(n);
    }
}

void play_moves(chess::Position& position, std::istringstream& moves) {
    std::string move;
    while (moves >> move) position.make_move(chess::parse_uci(position, move));
}

// The words after `position`: "startpos|fen F... [moves m1 m2 ...]".
chess::Position parse_position(const std::string& description, bool chess960) {
    std::istringstream words(description);
    std::string word, fen;
    words >> word;
    if (word == "fen") {
        while (words >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
    } else {
        fen = chess::kStartFen;
        words >> word;  // "moves" or nothing
    }
    chess::Position position(fen, chess960);
    play_moves(position, words);
    return position;
}

// The moves `command` adds to `previous`, or nullopt when it is not `previous` plus moves.
std::optional<std::string> added_moves(std::string_view previous, std::string_view command) {
    if (previous.empty() || command.size() <= previous.size() || !command.starts_with(previous) ||
        command[previous.size()] != ' ')
        return std::nullopt;
    std::string_view tail = command.substr(previous.size());
    if (previous.find(" moves") == std::string_view::npos) {
        if (!tail.starts_with(" moves ")) return std::nullopt;
        tail.remove_prefix(7);
    }
    return std::string(tail);
}

void set_position(GameState& game, const std::string& description) {
    try {
        if (game.position) {
            if (const auto moves = added_moves(game.command, description)) {
                std::istringstream words(*moves);
                play_moves(*game.position, words);
                game.command = description;
                return;
            }
        }
        game.position = parse_position(description, game.chess960);
        game.command = description;
    } catch (const std::exception& error) {
        std::cerr << "arbiter_instant_engine: bad position: " << error.what() << std::endl;
        game.position.reset();
        game.command.clear();
    }
}

// Material from the side to move's view, so a resign adjudication has something to act on.
int material_cp(const chess::Position& position) {
    constexpr int kValues[] = {0, 100, 300, 300, 500, 900, 0};
    int balance = 0;
    for (int type = chess::PAWN; type <= chess::QUEEN; ++type) {
        const auto piece = static_cast<chess::PieceType>(type);
        balance += kValues[type] * (position.count(chess::WHITE, piece) - position.count(chess::BLACK, piece));
    }
    return position.side_to_move() == chess::WHITE ? balance : -balance;
}

std::string search(const GameState& game) {
    if (!game.position) return "bestmove 0000\n";
    const chess::Position& position = *game.position;
    chess::MoveList moves;
    chess::generate_legal(position, moves);
    if (moves.size() == 0) return "bestmove 0000\n";
    const std::string move = chess::to_uci(position, moves[position.key() % moves.size()]);
    return "info depth 1 score cp " + std::to_string(material_cp(position)) + " nodes 1 time 0 pv " + move +
           "\nbestmove " + move + "\n";
}

// The value of "setoption name UCI_Chess960 value V"; other options are accepted and ignored.
void set_option(GameState& game, const std::string& line) {
    const std::string name = "name UCI_Chess960 value ";
    const auto at = line.find(name);
    if (at != std::string::npos) game.chess960 = line.compare(at + name.size(), 4, "true") == 0;
}

}  // namespace

int main() {
    std::ios::sync_with_stdio(false);
    GameState game;
    std::string line;
    while (std::getline(std::cin, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const std::string_view command(line);
        if (command == "uci") {
            reply("id name instant\nid author arbiter\noption name UCI_Chess960 type check default false\nuciok\n");
        } else if (command == "isready") {
            reply("readyok\n");
        } else if (command == "ucinewgame") {
            game.position.reset();
            game.command.clear();
        } else if (command.starts_with("position ")) {
            set_position(game, line.substr(9));
        } else if (command == "go" || command.starts_with("go ")) {
            reply(search(game));
        } else if (command.starts_with("setoption ")) {
            set_option(game, line);
        } else if (command == "quit") {
            return 0;
        }
    }
    return 0;
}
