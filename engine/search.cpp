#include "engine/search.h"

#include <algorithm>
#include <cstdlib>

#include "engine/chess/movegen.h"
#include "engine/chess/san.h"
#include "engine/eval.h"
#include "engine/movepick.h"
#include "engine/see.h"

namespace tempo {

using chess::Move;
using namespace params;

namespace {

bool tt_score_usable(const TTHit& hit, int alpha, int beta) {
    return hit.bound == Bound::Exact || (hit.bound == Bound::Lower && hit.score >= beta) ||
           (hit.bound == Bound::Upper && hit.score <= alpha);
}

int captured_value(const chess::Position& pos, Move move) {
    if (move.kind() == Move::EN_PASSANT) return see_piece_value(chess::PAWN);
    return see_piece_value(type_of(pos.piece_on(move.to())));
}

}  // namespace

int mate_in_moves(int score) {
    if (score >= kMateBound) return (kMateScore - score + 1) / 2;
    if (score <= -kMateBound) return -(kMateScore + score) / 2;
    return 0;
}

std::string uci_score(int score) {
    int mate = mate_in_moves(score);
    return mate ? "mate " + std::to_string(mate) : "cp " + std::to_string(score);
}

SearchResult Search::run(const chess::Position& root, const SearchConfig& config, const std::atomic<bool>& stop,
                         const InfoSink& info) {
    pos_ = root;
    config_ = config;
    features_ = config.features;
    params_ = config.params;
    reductions_.update(params_);
    stop_ = &stop;
    info_ = &info;
    aborted_ = false;
    nodes_ = 0;
    next_time_check_ = kNodesBetweenTimeChecks;
    root_pv_ = {};
    tt_.new_search();
    set_clock(config.budget, config.limits.start);
    clock_ready_.store(true, std::memory_order_release);
    struct ClockReadyReset {
        std::atomic<bool>& flag;
        ~ClockReadyReset() { flag.store(false, std::memory_order_release); }
    } clock_ready_reset{clock_ready_};

    SearchResult result;
    chess::MoveList legal;
    chess::generate_legal(pos_, legal);
    if (legal.empty()) return result;
    root_move_count_ = int(legal.size());
    Move best = legal[0];
    Move reported = Move::none();  // first move of the last PV printed
    int score = 0;
    RootTrend trend;
    const int max_depth = std::clamp(config.limits.depth.value_or(kMaxDepth), 1, kMaxDepth);
    for (int depth = 1; depth <= max_depth; ++depth) {
        seldepth_ = 0;
        iteration_best_move_ = Move::none();
        int iteration_score = search_root_iteration(depth, score);
        if (aborted_) {
            const char* bound = adopt_unfinished_iteration(depth, best, score);
            // GUIs (fastchess, fishtest) take a bestmove that is not the head of the last PV as an
            // engine error, so the move returned gets its own line when the last one named another.
            if (best != reported) report_iteration(depth, score, bound);
            break;
        }
        const Move iteration_best = root_pv_.length > 0 ? root_pv_.moves[0] : best;
        trend.stable_iterations = depth > 1 && iteration_best == best ? trend.stable_iterations + 1 : 0;
        trend.score_drop_cp = depth > 1 ? std::max(score - iteration_score, 0) : 0;
        score = iteration_score;
        best = iteration_best;
        result.depth = depth;
        report_iteration(depth, score, "");
        reported = best;
        if (features_[Feature::HistoryHeuristic]) history_.age(params_.history_aging_divisor);
        if (should_stop_iterating(score, trend)) break;
    }
    result.best_move = best;
    result.ponder_move = root_pv_.length > 1 && root_pv_.moves[0] == best ? root_pv_.moves[1] : Move::none();
    result.score = score;
    result.nodes = nodes_;
    return result;
}

const char* Search::adopt_unfinished_iteration(int depth, Move& best, int& score) {
    // A move that beat the last iteration's score in the unfinished one is trusted; in the first
    // iteration any searched move beats the unsearched legal[0].
    const bool trusted =
        iteration_best_move_ && (depth == 1 || iteration_best_move_ == best || iteration_best_score_ > score);
    if (trusted && iteration_best_move_ != best) {
        best = iteration_best_move_;
        score = iteration_best_score_;
        root_pv_ = iteration_pv_;
    } else if (trusted && depth == 1) {
        score = iteration_best_score_;
        root_pv_ = iteration_pv_;
    } else if (depth == 1) {
        // Stopped before any move was searched: legal[0] with the only score known, the static one.
        score = evaluate(pos_, features_);
        root_pv_.moves[0] = best;
        root_pv_.length = 1;
        return "";
    }
    // The unfinished iteration's best score: the remaining moves could only raise it.
    return " lowerbound";
}

int Search::search_root_iteration(int depth, int previous_score) {
    root_depth_ = depth;
    bool narrow = features_[Feature::AspirationWindows] && depth >= params_.aspiration_min_depth &&
                  std::abs(previous_score) < kMateBound;
    int score = narrow ? aspiration_search(depth, previous_score) : negamax(-kInfinity, kInfinity, depth, 0, false);
    if (!aborted_) root_pv_ = pv_[0];
    return score;
}

int Search::aspiration_search(int depth, int previous_score) {
    int delta = params_.aspiration_initial_delta;
    int alpha = std::max(previous_score - delta, -kInfinity);
    int beta = std::min(previous_score + delta, kInfinity);
    for (;;) {
        int score = negamax(alpha, beta, depth, 0, false);
        if (aborted_) return score;
        if (score <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = std::max(score - delta, -kInfinity);
        } else if (score >= beta) {
            beta = std::min(score + delta, kInfinity);
        } else {
            return score;
        }
        delta = delta * params_.aspiration_growth_percent / 100;
        if (delta > params_.aspiration_max_delta) {
            alpha = -kInfinity;
            beta = kInfinity;
        }
    }
}

bool Search::is_draw_in_tree(int ply) const {
    // A mate delivered on the hundredth half-move still wins.
    if (pos_.rule50() >= 100 && (!pos_.in_check() || pos_.has_legal_moves())) return true;
    if (features_[Feature::RepetitionDraws] && pos_.is_repetition(ply)) return true;
    return features_[Feature::InsufficientMaterial] && pos_.is_insufficient_material();
}

bool Search::try_null_move(int beta, int depth, int ply, int static_eval, int& score) {
    if (!features_[Feature::NullMove] || depth < params_.null_move_min_depth || static_eval < beta) return false;
    // Zugzwang guard: with only king and pawns, passing is often the best move and must not prune.
    if (non_pawn_material(pos_, pos_.side_to_move()) == 0) return false;
    int reduction = params_.null_move_base_reduction + depth / params_.null_move_depth_divisor;
    pos_.make_null();
    score = -negamax(-beta, -beta + 1, depth - 1 - reduction, ply + 1, false);
    pos_.unmake_null();
    if (aborted_ || score < beta) return false;
    if (score >= kMateBound) score = beta;  // an unproven mate from a pass is not trusted
    return true;
}

int Search::late_move_reduction(int depth, int move_number) const { return reductions_.plies(depth, move_number); }

int Search::negamax(int alpha, int beta, int depth, int ply, bool null_allowed) {
    const bool root = ply == 0;
    const bool pv_node = beta - alpha > 1;
    pv_[ply].length = 0;
    if (depth <= 0) return quiescence(alpha, beta, ply, 0);
    if (should_abort()) return 0;
    ++nodes_;
    seldepth_ = std::max(seldepth_, ply);
    if (!root) {
        if (is_draw_in_tree(ply)) return kDrawScore;
        if (ply >= kMaxPly) return evaluate(pos_, features_);
        // No line from here can beat a mate already found closer to the root.
        alpha = std::max(alpha, -kMateScore + ply);
        beta = std::min(beta, kMateScore - ply - 1);
        if (alpha >= beta) return alpha;
    }
    const TTHit hit = tt_.probe(pos_.key(), ply);
    if (hit.found && !pv_node && hit.depth >= depth && tt_score_usable(hit, alpha, beta)) return hit.score;

    const bool in_check = pos_.in_check();
    const int static_eval = in_check ? -kInfinity : hit.found ? hit.static_eval : evaluate(pos_, features_);
    if (!pv_node && !in_check) {
        if (features_[Feature::FutilityPruning] && depth <= params_.reverse_futility_max_depth &&
            std::abs(beta) < kMateBound && static_eval - params_.futility_margin[depth] >= beta)
            return static_eval;
        int null_score = 0;
        if (null_allowed && try_null_move(beta, depth, ply, static_eval, null_score)) return null_score;
        if (aborted_) return 0;
    }

    MovePicker picker(pos_, history_, features_, hit.move, ply);
    const int extension_limit = 2 * root_depth_;
    int best_score = -kInfinity;
    Move best_move = Move::none();
    int move_count = 0, quiet_count = 0;
    for (Move move = picker.next(); move; move = picker.next()) {
        ++move_count;
        const bool quiet = !pos_.is_capture_or_promotion(move);
        const bool gives_check = pos_.gives_check(move);
        if (quiet) ++quiet_count;
        const bool prunable = !pv_node && !in_check && quiet && !gives_check && best_score > -kMateBound;
        if (prunable && features_[Feature::LateMovePruning] && depth <= kLateMovePruningMaxDepth &&
            quiet_count > params_.late_move_quiet_limit[depth])
            continue;
        if (prunable && features_[Feature::FutilityPruning] && depth <= kFutilityMaxDepth &&
            static_eval + params_.futility_margin[depth] <= alpha)
            continue;
        const int extension = gives_check && ply < extension_limit ? params_.check_extension : 0;
        const int new_depth = depth - 1 + extension;
        pos_.make_move(move, gives_check);
        int score;
        if (move_count == 1) {
            score = -negamax(-beta, -alpha, new_depth, ply + 1, true);
        } else {
            int reduction = 0;
            if (features_[Feature::LateMoveReductions] && quiet && !gives_check && !in_check &&
                depth >= params_.lmr_min_depth && move_count >= params_.lmr_min_move_number) {
                // A killer refuted a sibling, so it is likelier than other quiets to matter here.
                reduction = late_move_reduction(depth, move_count) - (pv_node ? 1 : 0) -
                            (features_[Feature::KillerMoves] && history_.is_killer(ply, move) ? 1 : 0);
                reduction = std::clamp(reduction, 0, new_depth - 1);
            }
            score = -negamax(-alpha - 1, -alpha, new_depth - reduction, ply + 1, true);
            if (score > alpha && reduction > 0) score = -negamax(-alpha - 1, -alpha, new_depth, ply + 1, true);
            if (score > alpha && score < beta) score = -negamax(-beta, -alpha, new_depth, ply + 1, true);
        }
        pos_.unmake_move(move);
        if (aborted_) return 0;
        if (score <= best_score) continue;
        best_score = score;
        if (score <= alpha) continue;
        best_move = move;
        update_pv(ply, move);
        if (root) {
            iteration_best_move_ = move;
            iteration_best_score_ = score;
            iteration_pv_ = pv_[0];  // a later aspiration re-search may stop before rebuilding pv_[0]
        }
        if (score >= beta) {
            if (quiet) record_cutoff(move, depth, ply);
            break;
        }
        alpha = score;
    }
    if (move_count == 0) return in_check ? -kMateScore + ply : kDrawScore;

    Bound bound = best_score >= beta ? Bound::Lower : best_move ? Bound::Exact : Bound::Upper;
    tt_.store(pos_.key(), ply, best_move, best_score, static_eval, depth, bound);
    return best_score;
}

int Search::quiescence(int alpha, int beta, int ply, int qdepth) {
    const bool pv_node = beta - alpha > 1;
    pv_[ply].length = 0;
    if (should_abort()) return 0;
    ++nodes_;
    seldepth_ = std::max(seldepth_, ply);
    if (is_draw_in_tree(ply)) return kDrawScore;
    if (ply >= kMaxPly) return evaluate(pos_, features_);

    const TTHit hit = tt_.probe(pos_.key(), ply);
    if (hit.found && !pv_node && tt_score_usable(hit, alpha, beta)) return hit.score;

    const bool in_check = pos_.in_check();
    int static_eval = -kInfinity;
    int best_score = -kInfinity;
    if (!in_check) {
        // Stand pat: the side to move may decline every capture.
        static_eval = hit.found ? hit.static_eval : evaluate(pos_, features_);
        best_score = static_eval;
        if (best_score >= beta) return best_score;
        alpha = std::max(alpha, best_score);
    }
    const bool recaptures_only =
        features_[Feature::QuiescenceRecaptures] && !in_check && qdepth >= params_.quiescence_recapture_depth;
    MovePicker picker(pos_, history_, features_, hit.move, recaptures_only ? pos_.last_move().to() : chess::SQ_NONE);
    Move best_move = Move::none();
    int move_count = 0;
    for (Move move = picker.next(); move; move = picker.next()) {
        ++move_count;
        if (!in_check) {
            if (features_[Feature::FutilityPruning] && move.kind() != Move::PROMOTION &&
                static_eval + captured_value(pos_, move) + params_.delta_pruning_margin <= alpha)
                continue;  // delta pruning: even winning the piece cannot reach alpha
            if (!see_at_least(pos_, move, 0)) continue;
        }
        pos_.make_move(move);
        int score = -quiescence(-beta, -alpha, ply + 1, qdepth + 1);
        pos_.unmake_move(move);
        if (aborted_) return 0;
        if (score <= best_score) continue;
        best_score = score;
        if (score <= alpha) continue;
        best_move = move;
        update_pv(ply, move);
        if (score >= beta) break;
        alpha = score;
    }
    if (in_check && move_count == 0) return -kMateScore + ply;
    Bound bound = best_score >= beta ? Bound::Lower : best_move ? Bound::Exact : Bound::Upper;
    tt_.store(pos_.key(), ply, best_move, best_score, static_eval, 0, bound);
    return best_score;
}

void Search::set_clock(const TimeBudget& budget, Clock::time_point start) {
    clock_.timed.store(false, std::memory_order_release);
    clock_.start_ticks.store(start.time_since_epoch().count());
    clock_.soft_ms.store(budget.soft_ms);
    clock_.hard_ms.store(budget.hard_ms);
    clock_.timed.store(budget.timed, std::memory_order_release);
}

bool Search::switch_to_timed(const TimeBudget& budget, Clock::time_point start) {
    if (!clock_ready_.load(std::memory_order_acquire)) return false;
    set_clock(budget, start);
    return true;
}

std::int64_t Search::elapsed() const {
    Clock::time_point start{Clock::duration(clock_.start_ticks.load())};
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
}

void Search::record_cutoff(Move move, int depth, int ply) {
    if (features_[Feature::KillerMoves]) history_.add_killer(ply, move);
    if (features_[Feature::HistoryHeuristic]) history_.reward(pos_.moved_piece(move), move.to(), depth);
}

void Search::update_pv(int ply, Move move) {
    PvLine& line = pv_[ply];
    const PvLine& child = pv_[ply + 1];
    line.moves[0] = move;
    line.length = 1;
    for (int i = 0; i < child.length && line.length < kMaxPly; ++i) line.moves[line.length++] = child.moves[i];
}

bool Search::should_abort() {
    if (aborted_) return true;
    if (stop_->load(std::memory_order_relaxed)) return aborted_ = true;
    if (config_.limits.nodes && nodes_ >= *config_.limits.nodes) return aborted_ = true;
    if (nodes_ >= next_time_check_) {
        next_time_check_ = nodes_ + kNodesBetweenTimeChecks;
        if (clock_.timed.load(std::memory_order_acquire) && elapsed() >= clock_.hard_ms.load()) return aborted_ = true;
    }
    return false;
}

bool Search::should_stop_iterating(int score, const RootTrend& trend) const {
    const SearchLimits& limits = config_.limits;
    int mate = mate_in_moves(score);
    if (limits.mate_in_moves && mate > 0 && mate <= *limits.mate_in_moves) return true;
    if (!clock_.timed.load(std::memory_order_acquire) || limits.move_time_ms) return false;  // movetime: exactly that
    if (!features_[Feature::TimeManagement]) return false;                                   // spend the whole budget
    if (root_move_count_ == 1 || mate != 0) return true;                                     // nothing left to decide
    // The next iteration typically costs more than all before it: don't start what can't finish.
    return double(elapsed()) * 2 >= double(clock_.soft_ms.load()) * soft_budget_scale(trend);
}

void Search::report_iteration(int depth, int score, const char* bound) const {
    if (!*info_) return;
    // Reported from `go` (not from a ponderhit) so that nps stays meaningful.
    std::int64_t elapsed_time = std::max<std::int64_t>(elapsed_ms(config_.limits), 1);
    std::uint64_t nps = nodes_ * 1000 / std::uint64_t(elapsed_time);
    (*info_)("info depth " + std::to_string(depth) + " seldepth " + std::to_string(seldepth_) + " multipv 1 score " +
             uci_score(score) + bound + " nodes " + std::to_string(nodes_) + " nps " + std::to_string(nps) + " time " +
             std::to_string(elapsed_time) + " hashfull " + std::to_string(tt_.hashfull()) + " pv" + pv_string());
}

std::string Search::pv_string() const {
    std::string text;
    for (int i = 0; i < root_pv_.length; ++i) {
        text += ' ';
        text += chess::to_uci(root_pv_.moves[i], pos_.chess960());
    }
    return text;
}

}  // namespace tempo
