#pragma once
// cutechess-cli's output (MatchOutput): its game, score, Elo and SPRT lines, its ranking table for
// three or more engines and its outcome list, around arbiter's own pairing summary and rating
// table. arbiter's default, and -output format=cutechess.

#include "harness/output/match_output.h"

namespace arbiter::output {

class CutechessOutput final : public MatchOutput {
public:
    explicit CutechessOutput(MatchContext context) : context_(std::move(context)) {}

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
    // A knockout's bracket, else the ranking table of three or more engines.
    void print_result_list(std::ostream& out, const Standings& now) const;
    void print_pairing(std::ostream& out, const Standings& now, std::size_t pairing) const;

    MatchContext context_;
};

}  // namespace arbiter::output
