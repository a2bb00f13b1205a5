// Feature switches: every search and eval improvement of the MadChess feature history can be
// turned off on its own, so the strength each one adds can be measured by the arbiter.
// All switches live here, in one FeatureSet that search and eval read by value.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tempo {

enum class Feature : std::uint8_t {
    AspirationWindows,
    TaperedEval,
    MvvLva,
    HashMoveFirst,
    StagedMoveGen,
    TimeManagement,
    RepetitionDraws,
    InsufficientMaterial,
    PassedPawns,
    Mobility,
    KingSafety,
    NullMove,
    QuiescenceRecaptures,
    FutilityPruning,
    KillerMoves,
    HistoryHeuristic,
    LateMoveReductions,
    LateMovePruning,
    TunedEval,
    Count
};

inline constexpr std::size_t kFeatureCount = static_cast<std::size_t>(Feature::Count);

struct FeatureInfo {
    Feature feature;
    std::string_view name;         // exact UCI option name
    std::string_view description;  // one line, shown by `tempo features`
};

// Indexed by Feature; the order matches the enum.
extern const std::array<FeatureInfo, kFeatureCount> kFeatureInfo;

// A plain array of flags: reading one costs a load, so switches cost nothing measurable. The
// TEMPO_FIXED_FEATURES build turns every read into the constant `true`, letting the compiler drop
// the switched-off paths; `ci/feature-cost` compares its instruction count with this build's.
class FeatureSet {
public:
    static FeatureSet all();
    static FeatureSet none();

#ifdef TEMPO_FIXED_FEATURES
    constexpr bool operator[](Feature) const { return true; }
#else
    bool operator[](Feature feature) const { return enabled_[index(feature)]; }
#endif
    void set(Feature feature, bool on) { enabled_[index(feature)] = on; }
    bool operator==(const FeatureSet&) const = default;

private:
    static constexpr std::size_t index(Feature f) { return static_cast<std::size_t>(f); }
    std::array<bool, kFeatureCount> enabled_{};
};

const FeatureInfo& feature_info(Feature feature);

// Case-insensitive, whole-name match.
std::optional<Feature> feature_from_name(std::string_view name);

// Applies a spec such as "all", "none", "none,+TaperedEval,+MvvLva" or "all,-NullMove".
// An item without a sign enables the feature. On error returns false, leaves `features`
// unchanged and explains in `error`.
bool parse_feature_spec(std::string_view spec, FeatureSet& features, std::string& error);

// "all", "none" or "all,-NullMove,-MvvLva" (the shortest of the two base forms).
std::string describe_features(const FeatureSet& features);

}  // namespace tempo
