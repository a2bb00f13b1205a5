#include "harness/schedule/player_record.h"

#include <utility>

namespace arbiter::schedule {
namespace {

EndingKind draw_kind(const std::string& description) {
    // Adjudicated and agreed draws first: their wording may go on to name a rule.
    const std::pair<const char*, EndingKind> words[] = {
        {"adjudication", EndingKind::draw_adjudication},
        {"agreement", EndingKind::draw_agreement},
        {"stalemate", EndingKind::stalemate},
        {"material", EndingKind::insufficient_material},
        {"repetition", EndingKind::repetition},
        {"moves rule", EndingKind::moves_rule},
        {"counting rules", EndingKind::counting_rules},
    };
    for (const auto& [word, kind] : words)
        if (description.find(word) != std::string::npos) return kind;
    return EndingKind::other_draw;
}

// The loser's category of a decisive game; regular_loss for endings on the board and by decision.
EndingKind loss_kind(const std::string& description) {
    const std::pair<const char*, EndingKind> words[] = {
        {"result claim", EndingKind::invalid_claim},
        {"on time", EndingKind::time_forfeit},
        {"illegal move", EndingKind::illegal_move},
        {"disconnects", EndingKind::disconnection},
        {"connection stalls", EndingKind::stalled_connection},
    };
    for (const auto& [word, kind] : words)
        if (description.find(word) != std::string::npos) return kind;
    return EndingKind::regular_loss;
}

}  // namespace

std::int64_t PlayerRecord::ending(EndingKind kind) const {
    auto found = endings.find(kind);
    return found == endings.end() ? 0 : found->second;
}

void add_game(std::vector<PlayerRecord>& players, std::size_t white, std::size_t black, double white_score,
              const std::string& description) {
    PlayerRecord& w = players[white];
    PlayerRecord& b = players[black];
    if (white_score == 0.5) {
        ++w.white_draws;
        ++b.black_draws;
        const EndingKind kind = draw_kind(description);
        for (PlayerRecord* player : {&w, &b}) {
            ++player->endings[kind];
            ++player->outcomes[description];
        }
        return;
    }
    PlayerRecord& winner = white_score == 1.0 ? w : b;
    PlayerRecord& loser = white_score == 1.0 ? b : w;
    ++(white_score == 1.0 ? w.white_wins : b.black_wins);
    ++(white_score == 1.0 ? b.black_losses : w.white_losses);
    const EndingKind lost_by = loss_kind(description);
    ++winner.endings[lost_by == EndingKind::regular_loss ? EndingKind::regular_win : EndingKind::other_win];
    ++loser.endings[lost_by];
    ++winner.outcomes["Win: " + description];
    ++loser.outcomes["Loss: " + description];
}

}  // namespace arbiter::schedule
