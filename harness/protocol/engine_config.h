// Everything needed to start and drive one engine, filled in from the tournament configuration.
#pragma once

#include "harness/process/process_types.h"
#include "harness/protocol/types.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace arbiter::protocol {

// Converts a coordinate move (e2e4, e7e8q) to SAN for xboard engines that asked for SAN input
// (feature san=1). Arguments: the FEN the game started from, the moves already played (coordinate
// notation), the move to convert. Supplied by the game layer, which owns the rules core.
using SanConverter = std::function<std::string(
    const std::string& start_fen, const std::vector<std::string>& previous_moves, const std::string& move)>;

struct EngineConfig {
    std::string name;  // how messages refer to this engine ("engine NAME"); the config's name
    Protocol protocol = Protocol::Uci;
    process::ProcessSpec process;

    // Sent verbatim right after the handshake, before options: catalogue quirks such as
    // hoichess's "book off".
    std::vector<std::string> init_commands;
    // Applied by start() after the handshake, in order (name, value). Unknown names fail start().
    std::vector<std::pair<std::string, std::string>> options;

    Millis handshake_timeout{10'000};  // uci..uciok / xboard feature negotiation (done=0 case)
    Millis feature_timeout{2'000};     // xboard: silence after protover that means "protocol v1"
    Millis ready_timeout{5'000};       // isready/readyok, ping/pong after setup commands
    Millis stop_grace{1'000};          // after stop (or a blown deadline): wait for the move
    Millis quit_grace{1'000};          // after quit: wait for a voluntary exit before killing

    // xboard: `hard` instead of `easy`. UCI: `setoption name Ponder value true` before each game
    // when the engine declares Ponder (the game loop sends `go ponder`).
    bool ponder = false;
    // Chess960 games (-variant fischerandom, Chess960 EPD positions): start() sets UCI_Chess960
    // or checks that an xboard engine lists fischerandom in `feature variants`, and throws
    // OptionError naming the engine when it supports neither; xboard engines then get
    // `variant fischerandom` with every `new` and castling as O-O / O-O-O (needs to_san).
    bool chess960 = false;
    SanConverter to_san;  // needed only by xboard engines that send feature san=1

    // Called with the name of a configured option the engine does not declare; the option is then
    // skipped. Unset: start() refuses it with UnknownOptionError.
    std::function<void(const std::string& option)> on_unknown_option;
    bool debug = false;             // UCI: `debug on` before every `ucinewgame`
    Millis newgame_timeout{5'000};  // ucinewgame + isready / new ... ping, before every game
    bool keep_info_lines = false;   // UCI: SearchResult::info_lines gets every scored info line
};

}  // namespace arbiter::protocol
