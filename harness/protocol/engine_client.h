// The game loop's view of an engine, whatever protocol it speaks.
//
// Typical game:
//   client->start();                                   // spawn, handshake, init commands, options
//   client->new_game(tc);                              // ucinewgame+isready / new+force+level+ping
//   loop: client->set_position(start_fen, moves);
//         auto r = client->go(request, deadline);      // r.elapsed is arbiter's measurement
//   client->quit();                                    // polite quit, then kill; always reaped
//
// Not thread-safe; one owner thread. All reads are bounded by a deadline or a configured timeout.
// Engine failures during start/new_game/set_option/set_position throw EngineFailure (and set
// status()); go() reports them inside SearchResult instead so the caller still gets the timing.
// After any failure the only useful calls are status(), exit_status(), quit() and start().
#pragma once

#include "harness/process/process_types.h"
#include "harness/protocol/engine_config.h"
#include "harness/protocol/types.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::protocol {

// The standard chess start position; set_position also accepts the literal "startpos".
inline constexpr const char* kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

class EngineClient {
public:
    virtual ~EngineClient() = default;

    virtual Protocol protocol() const = 0;

    // Spawns (or respawns) the engine and completes the handshake within the configured timeouts,
    // then sends init commands and configured options. Throws process::ProcessError when the
    // executable cannot be started, EngineFailure when the handshake fails, OptionError for a
    // configured option the engine does not have.
    virtual void start() = 0;
    // Only the process, without a word to it: a start() that follows handshakes with this process
    // instead of spawning another. A process belongs to the thread that spawned it (it is killed
    // when that thread ends), so a process meant to outlive a helper thread is spawned here first
    // and started there. Throws process::ProcessError.
    virtual void spawn() = 0;

    // Name the engine reports (UCI `id name`, xboard `myname`), else the configured name.
    virtual std::string engine_name() const = 0;
    virtual std::string engine_author() const = 0;
    virtual const std::vector<EngineOption>& options() const = 0;

    // Throws OptionError("unknown option NAME for engine X") or for an invalid value.
    virtual void set_option(const std::string& name, const std::string& value) = 0;

    virtual void new_game(const TimeControl& time_control) = 0;

    // isready/readyok (UCI) or ping/pong (xboard); safe while a search runs (info lines and a
    // bestmove that arrive meanwhile are kept for wait_search). False on timeout or failure.
    virtual bool is_ready(Millis timeout) = 0;

    // `fen` may be "startpos". Moves in coordinate notation (e2e4, e7e8q).
    virtual void set_position(const std::string& fen, const std::vector<std::string>& moves) = 0;

    // Announces the per-move limits of `request` as a search would (xboard: `sd`, `st`) and
    // throws OptionError when the engine refuses one, so a run can check them before its first
    // game. UCI engines get their limits with each `go`: nothing to check.
    virtual void check_limits(const SearchRequest&) {}

    // Starts thinking on the position last set. Throws OptionError for limits the protocol cannot
    // express (nodes on xboard) and EngineFailure if the engine is already dead.
    virtual void start_search(const SearchRequest& request) = 0;
    // Waits for the move until `deadline` (the caller's hard limit). On timeout the search stays
    // pending: call stop() + wait_search() to collect a late move, or just carry on (the next
    // command stops and drains it first, within stop_grace).
    virtual SearchResult wait_search(Clock::time_point deadline) = 0;
    // start_search + wait_search; an engine failure while starting is reported in the result
    // (OptionError for an inexpressible request still throws: that is a configuration bug).
    SearchResult go(const SearchRequest& request, Clock::time_point deadline);
    // UCI `go ponder` was right: the search continues as a normal one; timing restarts now.
    virtual void ponderhit() = 0;
    // Ask for the move now (UCI `stop`, xboard `?`). Returns immediately.
    virtual void stop() = 0;

    // Tells the engine the game ended (xboard `result 1-0 {reason}`; nothing for UCI). Never throws.
    virtual void game_over(const std::string& result, const std::string& reason) = 0;

    // Polite quit, then SIGTERM/SIGKILL as needed; always reaps. Never throws.
    virtual void quit() = 0;

    virtual EngineStatus status() const = 0;
    virtual std::optional<process::ExitStatus> exit_status() const = 0;
    virtual void set_traffic_observer(TrafficObserver observer) = 0;
};

std::unique_ptr<EngineClient> make_engine_client(EngineConfig config);

}  // namespace arbiter::protocol
