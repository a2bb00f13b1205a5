#pragma once
// Each engine's own results in a run, as cutechess-cli counts them: wins, losses and draws by
// colour, and every game ending in cutechess's categories and words. The tally keeps them; the
// result list (harness/output/result_list.h) prints them.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace arbiter::schedule {

// How a game ended for one engine, in cutechess's categories (the Terminations and DrawStats
// columns). Found from the result and cutechess's wording of the ending.
enum class EndingKind {
    regular_win,
    regular_loss,
    other_win,
    time_forfeit,
    illegal_move,
    disconnection,
    stalled_connection,
    invalid_claim,
    stalemate,
    insufficient_material,
    repetition,
    moves_rule,
    counting_rules,
    draw_adjudication,
    draw_agreement,
    other_draw
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

}  // namespace arbiter::schedule
