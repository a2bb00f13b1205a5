// Iterative deepening, negamax alpha-beta with PVS and aspiration windows, quiescence, TT,
// and the pruning / reduction / ordering feature switches. Single-threaded.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "engine/chess/position.h"
#include "engine/features.h"
#include "engine/history.h"
#include "engine/search_options.h"
#include "engine/search_params.h"
#include "engine/timeman.h"
#include "engine/tt.h"

namespace tempo {

struct SearchConfig {
    FeatureSet features = FeatureSet::all();
    SearchParams params;
    SearchLimits limits;
    TimeBudget budget;
};

struct SearchResult {
    chess::Move best_move;
    chess::Move ponder_move;
    int score = 0;
    int depth = 0;
    std::uint64_t nodes = 0;
};

// Receives each finished `info ...` line (without newline).
using InfoSink = std::function<void(const std::string&)>;

class Search {
public:
    Search(TranspositionTable& tt, History& history) : tt_(tt), history_(history) {}

    // Searches `root` (a copy: the caller's position is untouched) until a limit is reached or
    // `stop` becomes true. Always returns a legal move when one exists.
    SearchResult run(const chess::Position& root, const SearchConfig& config, const std::atomic<bool>& stop,
                     const InfoSink& info);

    // Called from another thread on `ponderhit`: the running (untimed) search now spends `budget`
    // counted from `start`. Returns false when run() has not started yet (retry) or has ended.
    bool switch_to_timed(const TimeBudget& budget, Clock::time_point start);

private:
    struct PvLine {
        std::array<chess::Move, params::kMaxPly + 1> moves{};
        int length = 0;
    };

    // After a stop mid-iteration: picks the move to return, makes root_pv_ start with it when it
    // changes, updates `score`, and returns the bound to print with that score.
    const char* adopt_unfinished_iteration(int depth, chess::Move& best, int& score);
    int search_root_iteration(int depth, int previous_score);
    int aspiration_search(int depth, int previous_score);
    int negamax(int alpha, int beta, int depth, int ply, bool null_allowed);
    int quiescence(int alpha, int beta, int ply, int qdepth);
    bool is_draw_in_tree(int ply) const;
    bool try_null_move(int beta, int depth, int ply, int static_eval, int& score);
    int late_move_reduction(int depth, int move_number) const;
    void record_cutoff(chess::Move move, int depth, int ply);
    void update_pv(int ply, chess::Move move);
    bool should_abort();
    bool should_stop_iterating(int score, const RootTrend& trend) const;
    // `bound` is "" or " lowerbound" (the best score of an unfinished iteration).
    void report_iteration(int depth, int score, const char* bound) const;
    std::string pv_string() const;

    // The time budget, atomic because `ponderhit` changes it from the reader thread.
    struct SharedClock {
        std::atomic<bool> timed{false};
        std::atomic<Clock::rep> start_ticks{0};
        std::atomic<std::int64_t> soft_ms{0};
        std::atomic<std::int64_t> hard_ms{0};
    };
    void set_clock(const TimeBudget& budget, Clock::time_point start);
    std::int64_t elapsed() const;

    TranspositionTable& tt_;
    SharedClock clock_;
    std::atomic<bool> clock_ready_{false};
    History& history_;
    chess::Position pos_;
    SearchConfig config_;
    FeatureSet features_;
    SearchParams params_;
    LmrTable reductions_;  // built from params_, rebuilt by run() when LmrBase or LmrDivisor change
    const std::atomic<bool>* stop_ = nullptr;
    const InfoSink* info_ = nullptr;
    bool aborted_ = false;
    std::uint64_t nodes_ = 0;
    std::uint64_t next_time_check_ = 0;
    int seldepth_ = 0;
    int root_depth_ = 1;
    int root_move_count_ = 0;
    std::array<PvLine, params::kMaxPly + 2> pv_{};
    std::array<int, params::kMaxPly + 2> static_evals_{};
    PvLine root_pv_;
    chess::Move iteration_best_move_;
    PvLine iteration_pv_;  // pv_[0] when iteration_best_move_ was found
    int iteration_best_score_ = 0;
};

// Mate scores to "mate N" moves (positive: we mate); 0 when the score is not a mate.
int mate_in_moves(int score);
// "cp 31" or "mate -2".
std::string uci_score(int score);

}  // namespace tempo
