#pragma once
// fastchess's output (MatchOutput): its results block per pairing, its SPRT verdict and warnings,
// with the game lines it shares with cutechess-cli and arbiter's rating table for tournaments.
// -output format=fastchess, the default of arbiter run as fastchess.

#include "harness/output/match_output.h"

namespace arbiter::output {

class FastchessOutput final : public MatchOutput {
public:
    explicit FastchessOutput(MatchContext context) : context_(std::move(context)) {}

    void match_starting(std::ostream& out) const override;
    std::string game_started(const schedule::ScheduledGame& game, std::uint64_t planned) const override;
    std::string game_finished(const schedule::ScheduledGame& game, adjudication::GameResult result,
                              const std::string& description) const override;
    std::string score(const Standings& now) const override;
    std::vector<std::string> sprt_decided(stats::SprtDecision decision, std::int64_t games) const override;
    void interval_summary(std::ostream& out, const Standings& now) const override;
    void outcomes(std::ostream& out, const Standings& now) const override;
    void match_finished(std::ostream& out, const Standings& now, const SessionCounts& session) const override;

private:
    void print_pairing(std::ostream& out, const Standings& now, std::size_t pairing) const;

    MatchContext context_;
};

}  // namespace arbiter::output
