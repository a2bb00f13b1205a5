#pragma once
// Where cutechess-cli and fastchess behave differently while a run plays, and arbiter reproduces
// one of them: each switch says what it does. The command layer (cli/) sets them for the tool whose
// command line it reads; the defaults are arbiter's own behaviour. None of them changes the games
// played, so none is part of the run's identity or the JSON config file.

#include <cstdint>
#include <optional>

namespace arbiter::config {

struct ToolBehaviour {
    // fastchess's behaviour, softened: more games at once than hardware threads are cut to the
    // thread count with a warning unless -force-concurrency is given (fastchess refuses them).
    // false: all are played, as cutechess-cli does, and the run warns that the engines are starved.
    bool cap_concurrency_at_hardware_threads = false;
    // How long ucinewgame + isready may take when -ucinewgame-ms is not given: fastchess's behaviour
    // is 60 s. Unset: the ready timeout, as arbiter and cutechess-cli wait.
    std::optional<std::int64_t> newgame_timeout_ms;
    // fastchess's behaviour: the PV of every scored info line is checked (illegal moves, moves after
    // the game's end, a bestmove that does not start the last PV), so the engines' info lines are
    // kept for it. false: PVs are checked only with -check-mate-pvs.
    bool check_every_pv = false;
    // fastchess's behaviour: warnings about the engines (an option one does not declare, as
    // "Warning; ...", and the PV and latency warnings) go to stdout among the results. false:
    // stderr, an undeclared option as "Warning: ...", as cutechess-cli keeps stdout for results.
    bool warnings_on_stdout = false;
    // cutechess-cli's behaviour: the run ends with the outcome list even without -outcomeinterval.
    bool print_outcomes_at_end = false;
};

}  // namespace arbiter::config
