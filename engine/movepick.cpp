#include "engine/movepick.h"

#include "engine/chess/movegen.h"
#include "engine/see.h"

namespace tempo {

using chess::Move;

namespace {
// Score bands for the all-at-once ordering: each band above every score of the band below.
constexpr int kTtMoveBand = 1 << 30;
constexpr int kNoisyBand = 1 << 26;
constexpr int kKillerBand = 1 << 24;
}  // namespace

int mvv_lva_score(const chess::Position& pos, Move move) {
    int victim = move.kind() == Move::EN_PASSANT ? see_piece_value(chess::PAWN)
                                                 : see_piece_value(type_of(pos.piece_on(move.to())));
    if (move.kind() == Move::PROMOTION) victim += see_piece_value(move.promotion_type());
    return victim * 8 - type_of(pos.moved_piece(move));
}

MovePicker::MovePicker(const chess::Position& pos, const History& history, const FeatureSet& features, Move tt_move,
                       int ply)
    : pos_(pos), history_(history), features_(features), ply_(ply) {
    tt_move_ = features[Feature::HashMoveFirst] ? tt_move : Move::none();
    bool use_killers = features[Feature::KillerMoves];
    killers_[0] = use_killers ? history.killer(ply, 0) : Move::none();
    killers_[1] = use_killers ? history.killer(ply, 1) : Move::none();
    if (!features[Feature::StagedMoveGen]) stage_ = Stage::GenerateAll;
    else stage_ = Stage::TtMove;
}

MovePicker::MovePicker(const chess::Position& pos, const History& history, const FeatureSet& features, Move tt_move,
                       chess::Square recapture_square)
    : pos_(pos), history_(history), features_(features), recapture_square_(recapture_square), stage_(Stage::QsTtMove) {
    tt_move_ = features[Feature::HashMoveFirst] ? tt_move : Move::none();
}

Move MovePicker::next() { return stage_ >= Stage::QsTtMove ? next_quiescence() : next_main(); }

Move MovePicker::next_main() {
    for (;;) {
        switch (stage_) {
            case Stage::TtMove:
                stage_ = pos_.in_check() ? Stage::GenerateEvasions : Stage::GenerateNoisy;
                if (Move move = try_tt_move(false)) return move;
                break;
            case Stage::GenerateNoisy:
                generate_noisy_scored();
                stage_ = Stage::GoodNoisy;
                break;
            case Stage::GoodNoisy:
                if (Move move = pick_best(true)) return move;
                stage_ = Stage::FirstKiller;
                break;
            case Stage::FirstKiller:
                stage_ = Stage::SecondKiller;
                if (Move move = try_killer(0)) return move;
                break;
            case Stage::SecondKiller:
                stage_ = Stage::GenerateQuiets;
                if (Move move = try_killer(1)) return move;
                break;
            case Stage::GenerateQuiets:
                generate_quiets_scored();
                stage_ = Stage::Quiets;
                break;
            case Stage::Quiets:
                if (Move move = pick_best(true)) return move;
                stage_ = Stage::BadNoisy;
                break;
            case Stage::BadNoisy:
                if (Move move = pick_bad_noisy()) return move;
                stage_ = Stage::Done;
                break;
            case Stage::GenerateEvasions:
                generate_evasions_scored();
                stage_ = Stage::Evasions;
                break;
            case Stage::Evasions:
                if (Move move = pick_best(true)) return move;
                stage_ = Stage::Done;
                break;
            case Stage::GenerateAll:
                generate_all_scored();
                stage_ = Stage::All;
                break;
            case Stage::All:
                if (Move move = pick_best(false)) return move;
                stage_ = Stage::Done;
                break;
            default: return Move::none();
        }
    }
}

Move MovePicker::next_quiescence() {
    for (;;) {
        switch (stage_) {
            case Stage::QsTtMove:
                stage_ = pos_.in_check() ? Stage::QsGenerateEvasions : Stage::QsGenerateNoisy;
                if (Move move = try_tt_move(!pos_.in_check())) return move;
                break;
            case Stage::QsGenerateNoisy:
                generate_noisy_scored();
                stage_ = Stage::QsNoisy;
                break;
            case Stage::QsNoisy:
            case Stage::QsEvasions:
                if (Move move = pick_best(true)) return move;
                stage_ = Stage::Done;
                break;
            case Stage::QsGenerateEvasions:
                generate_evasions_scored();
                stage_ = Stage::QsEvasions;
                break;
            default: return Move::none();
        }
    }
}

Move MovePicker::try_tt_move(bool noisy_only) {
    if (!tt_move_ || !pos_.is_pseudo_legal(tt_move_) || !pos_.is_legal(tt_move_)) {
        tt_move_ = Move::none();
        return Move::none();
    }
    if (noisy_only && !is_wanted_in_quiescence(tt_move_)) {
        tt_move_ = Move::none();
        return Move::none();
    }
    return tt_move_;
}

Move MovePicker::try_killer(int slot) {
    Move killer = killers_[slot];
    if (!killer || killer == tt_move_ || pos_.is_capture_or_promotion(killer)) return Move::none();
    if (!pos_.is_pseudo_legal(killer) || !pos_.is_legal(killer)) {
        killers_[slot] = Move::none();  // so the quiet stage does not skip it as already tried
        return Move::none();
    }
    return killer;
}

bool MovePicker::is_wanted_in_quiescence(Move move) const {
    if (!pos_.is_capture_or_promotion(move)) return false;
    // Under-promotions only matter in rare studies; quiescence skips them.
    if (move.kind() == Move::PROMOTION && move.promotion_type() != chess::QUEEN) return false;
    return recapture_square_ == chess::SQ_NONE || move.to() == recapture_square_;
}

bool MovePicker::already_tried(Move move) const {
    return move == tt_move_ || move == killers_[0] || move == killers_[1];
}

int MovePicker::noisy_score(Move move) const { return features_[Feature::MvvLva] ? mvv_lva_score(pos_, move) : 0; }

int MovePicker::quiet_score(Move move) const {
    if (!features_[Feature::HistoryHeuristic]) return 0;
    return history_.score(pos_.moved_piece(move), move.to());
}

void MovePicker::generate_noisy_scored() {
    chess::MoveList list;
    chess::generate_noisy(pos_, list);
    bool quiescence = stage_ >= Stage::QsTtMove;
    current_ = end_ = 0;
    for (Move move : list) {
        if (move == tt_move_) continue;
        if (quiescence && !is_wanted_in_quiescence(move)) continue;
        moves_[end_++] = {move, noisy_score(move)};
    }
}

void MovePicker::generate_quiets_scored() {
    chess::MoveList list;
    chess::generate_quiets(pos_, list);
    current_ = end_ = 0;
    for (Move move : list)
        if (!already_tried(move)) moves_[end_++] = {move, quiet_score(move)};
}

void MovePicker::generate_evasions_scored() {
    chess::MoveList list;
    chess::generate_evasions(pos_, list);
    current_ = end_ = 0;
    for (Move move : list) {
        if (move == tt_move_) continue;
        bool noisy = pos_.is_capture_or_promotion(move);
        moves_[end_++] = {move, noisy ? kNoisyBand + noisy_score(move) : quiet_score(move)};
    }
}

void MovePicker::generate_all_scored() {
    chess::MoveList list;
    chess::generate_legal(pos_, list);
    current_ = end_ = 0;
    for (Move move : list) {
        int score;
        if (move == tt_move_) score = kTtMoveBand;
        else if (pos_.is_capture_or_promotion(move)) score = kNoisyBand + noisy_score(move);
        else if (move == killers_[0] || move == killers_[1]) score = kKillerBand + (move == killers_[0] ? 1 : 0);
        else score = quiet_score(move);
        moves_[end_++] = {move, score};
    }
}

Move MovePicker::pick_best(bool check_legality) {
    while (current_ < end_) {
        int best = current_;
        for (int i = current_ + 1; i < end_; ++i)
            if (moves_[i].score > moves_[best].score) best = i;
        std::swap(moves_[current_], moves_[best]);
        Move move = moves_[current_++].move;
        if (check_legality && !pos_.is_legal(move)) continue;
        // Losing captures wait until after the quiet moves (only when they are ordered by value).
        if (stage_ == Stage::GoodNoisy && features_[Feature::MvvLva] && !see_at_least(pos_, move, 0)) {
            bad_noisy_[bad_noisy_count_++] = move;
            continue;
        }
        return move;
    }
    return Move::none();
}

Move MovePicker::pick_bad_noisy() {
    return bad_noisy_next_ < bad_noisy_count_ ? bad_noisy_[bad_noisy_next_++] : Move::none();
}

}  // namespace tempo
