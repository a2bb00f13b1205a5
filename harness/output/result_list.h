#pragma once
// cutechess-cli's result list for tournaments of three or more engines: the ranking table whose
// columns -resultformat picks, and the outcome list (-outcomeinterval) that counts every game
// ending per engine. The figures are each engine's own results, as cutechess counts them (its Elo
// is the score against the whole field, with cutechess's error margin); the layout is cutechess
// 1.4's, compared with its own output in tests/data/runner_output/resultformat_*.txt.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace arbiter::scheduler {

// How a game ended for one engine, in cutechess's categories (the Terminations and DrawStats
// columns). Found from the result and cutechess's wording of the ending.
enum class EndingKind {
    regular_win, regular_loss, other_win, time_forfeit, illegal_move, disconnection, stalled_connection,
    invalid_claim, stalemate, insufficient_material, repetition, moves_rule, counting_rules, draw_adjudication,
    draw_agreement, other_draw
};

struct PlayerRecord {
    std::string name;
    std::string time_control;  // as in the PGN TimeControl tag ("inf", "40/60", "10+0.1")
    std::int64_t white_wins = 0, white_losses = 0, white_draws = 0;
    std::int64_t black_wins = 0, black_losses = 0, black_draws = 0;
    std::map<EndingKind, std::int64_t> endings;
    std::map<std::string, std::int64_t> outcomes;  // "Win: White mates" -> count, as cutechess keys them

    std::int64_t wins() const { return white_wins + black_wins; }
    std::int64_t losses() const { return white_losses + black_losses; }
    std::int64_t draws() const { return white_draws + black_draws; }
    std::int64_t games() const { return wins() + losses() + draws(); }
    std::int64_t ending(EndingKind kind) const;
};

// Counts one finished game for both engines. white_score is 1, 0.5 or 0; `description` is the
// ending as the PGN and the "Finished game" line give it ("White mates", "Draw by adjudication").
void add_game(std::vector<PlayerRecord>& players, std::size_t white, std::size_t black, double white_score,
              const std::string& description);

// The ranking table: a header line and one line per engine, each ending in '\n', best score
// first (ties: the later engine first, as cutechess's map orders them). `format` is a named format
// ("default", "wide", "per-color", ...) or a comma-separated list of fields; unknown fields are
// skipped, as cutechess does (resultformat_problem finds them first). A gauntlet
// (`gauntlet_seeds` > 0) lists its seeds first, numbered from 0.
std::string cutechess_ranking(const std::vector<PlayerRecord>& players, const std::string& format,
                              int gauntlet_seeds = 0);

// "\nPlayer: A\n   \"Win: White mates\": 3..." for every engine, keys in sorted order, no final
// newline (cutechess prints it as one message).
std::string cutechess_outcomes(const std::vector<PlayerRecord>& players);

// Why `format` would drop its table or a field: a field cutechess does not know (with the known
// format names, fields and groups) or no field at all; empty when every field is known.
// cutechess-cli skips such fields without a word; arbiter refuses them before a run.
std::string resultformat_problem(const std::string& format);

// What `-resultformat help` prints: the named formats, the field names and the named groups.
std::string resultformat_help();

}  // namespace arbiter::scheduler
