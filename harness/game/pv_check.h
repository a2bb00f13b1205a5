#pragma once
// The PV checks fastchess makes on every scored `info` line of a UCI engine, with its warning
// texts, so that scripts that look for them find them: a PV move that is illegal or played after
// the game would have ended, a `bestmove` that is not the first move of the last PV, and with
// -check-mate-pvs a mate score whose PV is too short, too long or does not end in mate.

#include <optional>
#include <string>
#include <vector>

#include "harness/protocol/types.h"

#include "engine/chess/position.h"

namespace arbiter::game {

enum class PvCheck {
    off,
    lines,  // legality and game-end checks of each PV, and bestmove against the last PV
    mates,  // those and the mate checks (-check-mate-pvs)
};

// The first problem of one PV searched from `position` (which carries the game's history, for
// repetitions), in fastchess's words with `engine` named ("Warning; Illegal PV move - move e2e5
// from tempo"); nullopt when it is fine.
std::optional<std::string> check_pv(const chess::Position& position, const protocol::SearchInfo& info, bool check_mates,
                                    const std::string& engine);

struct BestmoveMismatch {
    std::string warning;    // "Warning; Bestmove does not match beginning of last PV - move X from ENGINE"
    std::string info_line;  // the line of that PV, as sent
};

// Set when the last PV of the principal line (no multipv, or multipv 1) starts with another move
// than `bestmove`.
std::optional<BestmoveMismatch> check_bestmove(const std::vector<std::pair<std::string, protocol::SearchInfo>>& lines,
                                               const std::string& bestmove, const std::string& engine);

// A warning as fastchess prints it: the warning, then "Info; LINE", "Position; startpos" (or
// "Position; fen FEN") and "Moves; m1 m2 ..." on lines of their own.
std::string pv_warning_block(const std::string& warning, const std::string& info_line, const std::string& engine_fen,
                             const std::vector<std::string>& moves);

}  // namespace arbiter::game
