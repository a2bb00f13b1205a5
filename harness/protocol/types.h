// Value types exchanged between the game loop and an engine client, independent of UCI/xboard.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/protocol/line_pattern.h"

namespace arbiter::protocol {

using Clock = std::chrono::steady_clock;
using Millis = std::chrono::milliseconds;

enum class Protocol { Uci, Xboard };

// ---- options ---------------------------------------------------------------------------------

enum class OptionType { Check, Spin, Combo, Button, String, Unknown };

struct EngineOption {
    std::string name;  // the engine's own spelling
    OptionType type = OptionType::Unknown;
    std::string default_value;
    std::optional<long long> min;  // spin only
    std::optional<long long> max;
    std::vector<std::string> choices;  // combo only ("var" in UCI)
};

// ---- search input ----------------------------------------------------------------------------

// Remaining times as the caller's clock sees them when the move is requested.
struct ClockState {
    Millis wtime{0};
    Millis btime{0};
    Millis winc{0};
    Millis binc{0};
    int movestogo = 0;  // 0: sudden death / not given
};

// The game's time control, announced once per game. xboard engines need it up front (`level`);
// UCI engines ignore it (their clock comes with every `go`).
struct TimeControl {
    int moves_per_period = 0;  // 0: whole game
    Millis base{0};            // 0 with no increment: no clock (only per-move limits are used)
    Millis increment{0};
    bool has_clock() const { return base.count() > 0 || increment.count() > 0; }
};

struct SearchRequest {
    std::optional<ClockState> clock;
    std::optional<Millis> movetime;
    std::optional<std::uint64_t> nodes;  // UCI only
    std::optional<int> depth;
    bool infinite = false;  // UCI only; end it with stop()
    bool ponder = false;    // UCI `go ponder`; end it with ponderhit() or stop()
    // For each pattern, the last line of the engine's output during this search that it finds is
    // handed back in SearchResult::kept_lines (fastchess's `-pgnout match_line=`).
    std::vector<LinePattern> keep_last_matching;
};

// ---- search output ---------------------------------------------------------------------------

enum class ScoreKind { Centipawns, Mate };
enum class ScoreBound { Exact, Lower, Upper };

struct Score {
    ScoreKind kind = ScoreKind::Centipawns;
    int value = 0;  // centipawns, or moves to mate (negative: the engine is getting mated)
    ScoreBound bound = ScoreBound::Exact;
    friend bool operator==(const Score&, const Score&) = default;
};

// Thinking output. In a SearchResult every field holds the last value seen during the search
// (score and pv from the principal line only when the engine runs MultiPV).
struct SearchInfo {
    std::optional<Score> score;
    std::optional<int> depth;
    std::optional<int> seldepth;
    std::optional<int> multipv;
    std::optional<std::uint64_t> nodes;
    std::optional<std::uint64_t> nps;
    std::optional<std::uint64_t> tbhits;
    std::optional<int> hashfull;            // permille
    std::optional<Millis> time;             // the engine's own elapsed time
    std::optional<std::array<int, 3>> wdl;  // permille win/draw/loss
    std::optional<std::string> currmove;
    std::optional<int> currmovenumber;
    std::vector<std::string> pv;
    std::optional<std::string> string;  // UCI `info string ...`
};

enum class EngineError {
    None,
    Crashed,       // the process died by a signal or with a non-zero exit code
    Disconnected,  // output closed / input broken while the process exited cleanly or lives on
    Timeout,       // no reply within a handshake, isready/ping or search deadline
    Protocol,      // the engine said something that breaks the protocol (e.g. rejected our move)
};

std::string_view to_string(EngineError error);

struct SearchResult {
    std::string bestmove;      // raw, as the engine sent it; empty if none arrived
    std::string ponder;        // UCI `ponder` move, if any
    bool move_is_san = false;  // xboard: the reply is not coordinate notation (convert it)
    SearchInfo info;
    // elapsed = finished - started: steady_clock from right after `go` (or the move that starts
    // the search) was flushed to the pipe until the reader thread pulled the reply line out of
    // the pipe. On a loaded host write() itself can take milliseconds while the woken engine
    // already thinks; finished - write_began is the causal upper bound if that matters.
    Clock::time_point write_began;  // just before that write (see process::WriteStamp)
    Clock::time_point started;      // never later than `finished`
    Clock::time_point finished;
    Clock::duration elapsed{};
    bool timed_out = false;  // the caller's deadline passed first; elapsed = deadline - started
    EngineError error = EngineError::None;
    std::string error_message;
    // xboard extras
    bool resigned = false;
    bool offered_draw = false;
    std::string claimed_result;  // "1-0 {White mates}" etc. sent instead of / with a move
    // With EngineConfig::keep_info_lines: every `info ... score ...` line of the search, as sent
    // and as parsed, in order (fastchess checks each one's PV).
    std::vector<std::pair<std::string, SearchInfo>> info_lines;
    // SearchRequest::keep_last_matching's finds, in pattern order; a pattern that found nothing
    // gives no line.
    std::vector<std::string> kept_lines;

    bool ok() const { return !timed_out && error == EngineError::None; }
};

// ---- errors & diagnostics --------------------------------------------------------------------

struct EngineStatus {
    EngineError error = EngineError::None;
    std::string message;  // names the engine, e.g. "engine sf15 crashed (killed by signal 11)"
    bool ok() const { return error == EngineError::None; }
};

// Thrown by client operations when the engine fails them; kind() tells the game loop how to
// report it (crash / disconnect / stall / protocol error).
class EngineFailure : public std::runtime_error {
public:
    EngineFailure(EngineError kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
    EngineError kind() const { return kind_; }

private:
    EngineError kind_;
};

// Configuration mistakes found while talking to the engine: "unknown option NAME for engine X",
// values out of range, limits the protocol cannot express. The engine itself is fine.
class OptionError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// A configured option the engine did not declare (UCI `option name`, xboard `feature option=`).
class UnknownOptionError : public OptionError {
public:
    using OptionError::OptionError;
};

enum class TrafficDirection { ToEngine, FromEngine };

// Sees every line exchanged (for debug logs / the database). Called on the caller's thread.
using TrafficObserver = std::function<void(TrafficDirection, std::string_view line, Clock::time_point when)>;

}  // namespace arbiter::protocol
