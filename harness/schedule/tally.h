#pragma once
// Running results of a run: W/D/L and pentanomial counts per pairing, the all-players result
// matrix for the ratings table, and the SPRT verdict. Fed with the games already in the database
// (resume) and then with every game that finishes. Not thread-safe: the tournament serializes it.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/config/match_config.h"
#include "harness/schedule/player_record.h"
#include "harness/stats/elo.h"
#include "harness/stats/pair_matrix.h"
#include "harness/schedule/schedule.h"
#include "harness/stats/sprt.h"

namespace arbiter::schedule {

// One pairing's results from the point of view of its first engine.
struct PairingResults {
    stats::WdlCounts wdl;
    stats::PentaCounts penta;  // complete pairs only
    // The games of complete pairs only: what fastchess's results block counts when it shows the
    // pentanomial, so that its Games: is always twice its pairs (fishtest checks that).
    stats::WdlCounts paired_wdl;
    std::int64_t games() const { return wdl.games(); }
};

class Tally {
public:
    Tally(const Schedule& schedule, const std::vector<std::string>& names);

    // A finished game; white_score is 1, 0.5 or 0. `pair_size` is how many games its pair has,
    // so the pentanomial count is taken once the pair is complete. `description` is the ending in
    // cutechess's words ("White mates"), for the engines' result list.
    void add(const ScheduledGame& game, double white_score, std::size_t pair_size, const std::string& description = {});
    // Results counted elsewhere (a fastchess config.json's stats) for a match's one pairing.
    void add_carried(const config::CarriedResults& carried);

    const PairingResults& pairing(std::size_t index) const { return pairings_[index]; }
    const stats::PairMatrix& matrix() const { return matrix_; }
    std::int64_t games() const { return games_; }
    // Each engine's own results, in engine order (cutechess's ranking and outcome list).
    const std::vector<PlayerRecord>& players() const { return players_; }
    void set_time_control(std::size_t engine, const std::string& text) { players_[engine].time_control = text; }

private:
    const Schedule& schedule_;
    std::vector<PairingResults> pairings_;
    stats::PairMatrix matrix_;
    std::vector<std::size_t> player_of_engine_;
    std::vector<PlayerRecord> players_;
    // Pairs with some games in: the pairing's first engine's results so far. Entries leave when
    // the pair completes, so memory stays bounded by the pairs in flight.
    struct OpenPair {
        double points = 0;
        std::size_t seen = 0;
        stats::WdlCounts wdl;
    };
    std::map<std::uint64_t, OpenPair> open_pairs_;
    std::int64_t games_ = 0;
};

// The score of the pairing's first engine in `game`, given White's.
double first_engine_score(const Schedule& schedule, const ScheduledGame& game, double white_score);

// The SPRT settings of the run in the statistics library's terms. Pentanomial (over pairs) unless
// the user asked for trinomial or games are not played in colour-reversed pairs (paired_games).
struct SprtSetup {
    stats::SprtParameters parameters;
    bool pentanomial = true;
};
SprtSetup sprt_setup(const config::SprtSpec& spec, bool paired_games);

// The SPRT state of `results`, or nullopt when there is nothing to test yet.
std::optional<stats::SprtResult> sprt_state(const SprtSetup& setup, const PairingResults& results);

}  // namespace arbiter::schedule
