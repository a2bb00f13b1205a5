#pragma once
// One game between two engines, refereed by arbiter:
//   * arbiter's clocks: each move is timed from the moment `go` is written until `bestmove` is
//     read (the protocol layer's measurement), booked on tc::GameClock with each side's own time
//     control (time odds), `st`, `nodes`, `depth` and `timemargin`;
//   * every move is checked by the rules core; an illegal or unreadable move loses, and the text
//     the engine sent is kept in the result description;
//   * endings: mate, stalemate, threefold, fifty moves, insufficient material, -draw/-resign/
//     -maxmoves adjudication, time forfeit, crash or disconnect ("abandoned"), stalled engine,
//     resignation and result claims of xboard engines;
//   * a stop request (SIGINT, SPRT decision) aborts the game: the outcome is Interrupted and the
//     caller must not count or store it.
//
// Preconditions: both clients are started and have had new_game() for this game (the scheduler
// owns engine lifetimes and restarts).

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "harness/protocol/engine_client.h"
#include "harness/protocol/line_pattern.h"

#include "harness/game/pv_check.h"

#include "harness/adjudication/outcome.h"
#include "harness/adjudication/rules.h"
#include "engine/chess/types.h"
#include "harness/tc/time_control.h"

namespace arbiter::game {

// A move from an engine's own book (`book=FILE`) for a position, or nullopt when it has none.
using BookMoves = std::function<std::optional<chess::Move>(const chess::Position&)>;

struct PlayerRules {
    bool ponder = false;     // UCI: thinks on the opponent's time (`go ponder`, `ponderhit`)
    bool white_pov = false;  // reports White's point of view: its scores are negated when Black
    bool trusted = false;    // its result claims stand, and a mate score of its own wins the game
    BookMoves book;          // unset: no book of its own
    int book_plies = 0;      // the book is asked while fewer plies than this were played
    // UCI: positions are sent from the last capture or pawn move (a FEN plus the moves since), not
    // from the game's start. Repetitions cannot reach back past such a move and the FEN carries the
    // fifty-move count, so the engine learns all it needs and replays far fewer moves per search.
    bool history_since_irreversible = false;
};

struct GameSetup {
    std::string white_name;
    std::string black_name;
    std::string start_fen;                // empty: the standard start position
    std::vector<std::string> book_moves;  // UCI moves from start_fen, played without the engines
    std::string opening_id;
    bool chess960 = false;
    tc::TimeControl white_tc;
    tc::TimeControl black_tc;
    adjudication::Rules rules;
    // Longest wait for a move when no clock runs (nodes/depth limits): after this the engine
    // counts as stalled. With a clock the flag decides instead. `arbiter match -ping-ms` sets it.
    std::chrono::milliseconds stall_timeout{120'000};
    // How often a waiting game looks at the stop flag.
    std::chrono::milliseconds stop_poll{100};
    // What each side's engine is allowed beyond being asked for moves (cutechess's engine keys),
    // indexed by chess::Color.
    std::array<PlayerRules, 2> players;
    // fastchess's PV warnings and -show-latency's lines go to `report`, one call per warning.
    PvCheck pv_check = PvCheck::off;
    bool show_latency = false;
    std::function<void(const std::string&)> report;
    // fastchess's `-pgnout match_line=`: each move keeps, per pattern, the last output line of its
    // search that the pattern finds (PlayedMove::kept_lines).
    std::vector<protocol::LinePattern> keep_lines;
};

// Everything known about one move. Engine fields are empty for book moves.
struct PlayedMove {
    std::string uci;
    std::string san;
    bool book = false;
    std::optional<std::int64_t> time_ms;         // arbiter's measurement, whole ms as the clock books it
    std::chrono::microseconds measured{0};       // the same, unrounded (overhead benchmarks)
    std::optional<std::int64_t> clock_ms;        // mover's clock after the move (timed controls)
    std::optional<std::int64_t> engine_time_ms;  // the engine's own `info time`, if sent
    std::optional<protocol::Score> score;        // mover's point of view
    std::optional<int> depth;
    std::optional<int> seldepth;
    std::optional<std::uint64_t> nodes;
    std::optional<std::uint64_t> nps;
    std::vector<std::string> pv;
    std::optional<int> hashfull;  // the engine's last `info hashfull`
    std::optional<std::uint64_t> tbhits;
    std::vector<std::string> kept_lines;  // GameSetup::keep_lines' finds
};

struct PlayedGame {
    adjudication::Outcome outcome;  // Interrupted when stopped: not a result
    std::vector<PlayedMove> moves;
    std::string start_fen;  // the position the game started from (before book moves)
    std::string final_fen;
    std::optional<std::string> offending_move;  // the illegal/unreadable text, if that ended it
    // The side whose engine failed (crash, disconnect, stall, protocol error): its process should
    // be restarted before its next game.
    std::optional<chess::Color> failed_side;
    std::string failure_message;  // the protocol layer's explanation, naming the engine
    std::chrono::system_clock::time_point started;
    std::chrono::system_clock::time_point finished;

    bool interrupted() const { return !outcome.finished(); }
};

// Plays the game to its end (or until `stop` becomes true). Throws protocol::OptionError when a
// limit cannot be expressed in the engine's protocol (a configuration mistake), and
// std::invalid_argument for a bad start FEN or book move.
PlayedGame play_game(protocol::EngineClient& white, protocol::EngineClient& black, const GameSetup& setup,
                     const std::atomic<bool>& stop);

}  // namespace arbiter::game
