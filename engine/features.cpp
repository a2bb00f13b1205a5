#include "engine/features.h"

#include "engine/text_util.h"

namespace tempo {

const std::array<FeatureInfo, kFeatureCount> kFeatureInfo = {{
    {Feature::AspirationWindows, "AspirationWindows",
     "search each iteration in a narrow window around the previous score, widening on failure"},
    {Feature::TaperedEval, "TaperedEval",
     "blend middlegame and endgame eval terms by game phase (off: middlegame terms only)"},
    {Feature::MvvLva, "MvvLva",
     "order captures most-valuable-victim / least-valuable-attacker (off: generation order)"},
    {Feature::HashMoveFirst, "HashMoveFirst", "try the transposition-table move before any other"},
    {Feature::StagedMoveGen, "StagedMoveGen",
     "generate moves in stages (hash, captures, killers, quiets, losing captures) instead of all at once"},
    {Feature::TimeManagement, "TimeManagement",
     "budget by moves to go and increment, stretched while the best move changes or the score falls (off: remaining/40 + increment)"},
    {Feature::RepetitionDraws, "RepetitionDraws", "score repetitions of the game history or the search tree as draws"},
    {Feature::InsufficientMaterial, "InsufficientMaterial",
     "score dead positions and drawish pawnless endgames (KQkq, KRkr, KRkb, KNNk...) as draws"},
    {Feature::PassedPawns, "PassedPawns",
     "passed, free, king-escorted and unstoppable (rule of the square) pawns, non-linear by rank"},
    {Feature::Mobility, "Mobility", "per-piece mobility from attack masks, non-linear, centred on zero"},
    {Feature::KingSafety, "KingSafety",
     "pawn shield, semi-open files beside the king, attacks near the king via a non-linear table"},
    {Feature::NullMove, "NullMove", "null-move pruning, not in pawn-only endings (zugzwang guard)"},
    {Feature::QuiescenceRecaptures, "QuiescenceRecaptures",
     "from quiescence depth 6 on, search only recaptures of the last moved piece"},
    {Feature::FutilityPruning, "FutilityPruning",
     "skip quiet moves that cannot raise alpha near the horizon; delta pruning in quiescence"},
    {Feature::KillerMoves, "KillerMoves",
     "try two quiet moves per ply that caused cutoffs before other quiets, and reduce them a ply less"},
    {Feature::HistoryHeuristic, "HistoryHeuristic",
     "order quiets by piece x to-square history (+= depth^2, aged between iterations)"},
    {Feature::LateMoveReductions, "LateMoveReductions",
     "reduce late quiet moves (never captures, promotions, checks, or when in check)"},
    {Feature::LateMovePruning, "LateMovePruning",
     "skip late quiet moves near the horizon (4 at 1 ply, 5 at 2, 9 at 3, 14 at 4, 20 at 5)"},
    {Feature::TunedEval, "TunedEval",
     "eval parameters from `tempo tune` (eval_tuned_params.cpp); off: the hand-set values"},
}};

FeatureSet FeatureSet::all() {
    FeatureSet set;
    set.enabled_.fill(true);
    return set;
}

FeatureSet FeatureSet::none() { return FeatureSet{}; }

const FeatureInfo& feature_info(Feature feature) { return kFeatureInfo[static_cast<std::size_t>(feature)]; }

std::optional<Feature> feature_from_name(std::string_view name) {
    for (const FeatureInfo& info : kFeatureInfo)
        if (iequals(info.name, name)) return info.feature;
    return std::nullopt;
}

namespace {

// One item of a spec: "all", "none", "+Name", "-Name" or "Name".
bool apply_feature_item(std::string_view item, FeatureSet& features, std::string& error) {
    if (iequals(item, "all")) {
        features = FeatureSet::all();
        return true;
    }
    if (iequals(item, "none")) {
        features = FeatureSet::none();
        return true;
    }
    bool enable = true;
    if (!item.empty() && (item.front() == '+' || item.front() == '-')) {
        enable = item.front() == '+';
        item.remove_prefix(1);
    }
    std::optional<Feature> feature = feature_from_name(trim(item));
    if (!feature) {
        error = "unknown feature '" + std::string(item) + "'";
        return false;
    }
    features.set(*feature, enable);
    return true;
}

}  // namespace

bool parse_feature_spec(std::string_view spec, FeatureSet& features, std::string& error) {
    if (trim(spec).empty()) {
        error = "empty feature list (use all, none, or e.g. all,-NullMove)";
        return false;
    }
    FeatureSet result = features;
    for (const std::string& item : split_on(spec, ',')) {
        if (item.empty()) {
            error = "empty item in feature list '" + std::string(spec) + "'";
            return false;
        }
        if (!apply_feature_item(item, result, error)) return false;
    }
    features = result;
    return true;
}

std::string describe_features(const FeatureSet& features) {
    std::string from_all = "all";
    std::string from_none = "none";
    for (const FeatureInfo& info : kFeatureInfo) {
        if (features[info.feature]) from_none += ",+" + std::string(info.name);
        else from_all += ",-" + std::string(info.name);
    }
    return from_all.size() <= from_none.size() ? from_all : from_none;
}

}  // namespace tempo
