// Move picker: hands the search one legal move at a time, best-first by the ordering
// features that are switched on. Staged (hash move, good captures, killers, quiets, losing
// captures) when StagedMoveGen is on; otherwise all legal moves generated and scored up front.
#pragma once

#include <cstdint>

#include "engine/chess/position.h"
#include "engine/chess/types.h"
#include "engine/features.h"
#include "engine/history.h"

namespace tempo {

class MovePicker {
public:
    // Main search.
    MovePicker(const chess::Position& pos, const History& history, const FeatureSet& features, chess::Move tt_move,
               int ply);
    // Quiescence: captures and queen promotions (evasions when in check). When recapture_square is
    // not SQ_NONE only moves onto that square are produced.
    MovePicker(const chess::Position& pos, const History& history, const FeatureSet& features, chess::Move tt_move,
               chess::Square recapture_square);
    // The picker keeps a reference to the switches, so a temporary FeatureSet would dangle.
    MovePicker(const chess::Position&, const History&, FeatureSet&&, chess::Move, int) = delete;
    MovePicker(const chess::Position&, const History&, FeatureSet&&, chess::Move, chess::Square) = delete;

    // The next legal move, or Move::none() when there are no more.
    chess::Move next();

private:
    enum class Stage : std::uint8_t {
        TtMove,
        GenerateNoisy,
        GoodNoisy,
        FirstKiller,
        SecondKiller,
        GenerateQuiets,
        Quiets,
        BadNoisy,
        GenerateEvasions,
        Evasions,
        GenerateAll,
        All,
        QsTtMove,
        QsGenerateNoisy,
        QsNoisy,
        QsGenerateEvasions,
        QsEvasions,
        Done
    };
    struct ScoredMove {
        chess::Move move;
        int score;
    };

    chess::Move next_main();
    chess::Move next_quiescence();
    chess::Move try_tt_move(bool noisy_only);
    chess::Move try_killer(int slot);
    void generate_noisy_scored();
    void generate_quiets_scored();
    void generate_evasions_scored();
    void generate_all_scored();
    // Best remaining move of [current_, end_) by score (selection sort step), legal only.
    chess::Move pick_best(bool check_legality);
    chess::Move pick_bad_noisy();
    bool is_wanted_in_quiescence(chess::Move move) const;
    bool already_tried(chess::Move move) const;
    int noisy_score(chess::Move move) const;
    int quiet_score(chess::Move move) const;

    const chess::Position& pos_;
    const History& history_;
    const FeatureSet& features_;
    chess::Move tt_move_;
    chess::Move killers_[2];
    int ply_ = 0;
    chess::Square recapture_square_ = chess::SQ_NONE;
    Stage stage_;
    ScoredMove moves_[chess::MoveList::kCapacity];
    int current_ = 0;
    int end_ = 0;
    chess::Move bad_noisy_[chess::MoveList::kCapacity];
    int bad_noisy_count_ = 0;
    int bad_noisy_next_ = 0;
};

// MVV-LVA key for a capture or promotion: victim value dominates, then cheaper attacker first.
int mvv_lva_score(const chess::Position& pos, chess::Move move);

}  // namespace tempo
