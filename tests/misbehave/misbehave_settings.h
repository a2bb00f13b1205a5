#pragma once
// What misbehave_engine should do, from its command line (--mode=crash --ply=10) or from UCI
// options (setoption name Mode value crash). Kept apart from the engine loop so the tests can
// check the parsing without a process.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace misbehave {

enum class Mode {
    none,            // a well-behaved engine
    crash,           // abort() on `go`
    hang_go,         // on `go`: never answers again, ignores SIGTERM
    hang_isready,    // on `isready` after the Game-th ucinewgame: never answers again
    no_uciok,        // lists its id and options but never says uciok
    illegal,         // a well-formed but illegal move
    malformed,       // a bestmove line that holds no move (or --text)
    garbage_info,    // junk info lines (bad numbers, binary bytes, a 1.5 MiB line), then a legal move
    flood,           // --bytes of info output per move (default 4 MiB), then a legal move
    exit_newgame,    // exit(0) on the Game-th ucinewgame
    slow_start,      // sleeps --delay ms (default 3000) before reading anything
    stderr_spam,     // --bytes on stderr at start and per move (default 1 MiB)
    close_stdin,     // closes its stdin, sends this move, then sits silent
    early_bestmove,  // a bestmove after ucinewgame and after every position, before any `go`
    late,            // the right move, --delay ms (default 200) after its clock ran out
    noisy,           // one `info string` line of --bytes characters (default 64 KiB), then a legal move
};

struct Settings {
    Mode mode = Mode::none;
    int ply = 0;                 // misbehave from this game ply on (0 = the first move)
    int game = 1;                // ... and from this process's Game-th game on (counted by ucinewgame)
    long delay_ms = -1;          // mode-specific default when negative
    long bytes = -1;             // mode-specific default when negative
    std::string text;            // malformed: the exact line to send instead of the default
    std::string log;             // flag only: a file that gets one line "started" per process start
    bool ponder = false;         // bestmove carries a ponder move; `go ponder` waits for ponderhit/stop
    std::string score = "cp 0";  // what its info lines report after `score` ("cp 500", "mate 3")

    long delay_or(long fallback) const { return delay_ms >= 0 ? delay_ms : fallback; }
    long bytes_or(long fallback) const { return bytes >= 0 ? bytes : fallback; }
};

std::string_view mode_name(Mode mode);
std::optional<Mode> mode_from_name(std::string_view name);

// Fills `settings` from argv; returns an error message naming the bad argument.
std::optional<std::string> parse_arguments(int argc, const char* const* argv, Settings& settings);
// Applies one "setoption name X value Y" line; returns an error message for a bad one.
std::optional<std::string> apply_setoption(const std::string& line, Settings& settings);
// The `option name ...` lines the engine announces after `uci`.
std::vector<std::string> uci_option_lines();
std::string usage();

}  // namespace misbehave
