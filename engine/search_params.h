// Every search margin, limit and reduction constant in one place, named for what it holds,
// so tuning never means hunting for magic numbers inside search code. The margins and limits are
// the defaults of the UCI spin options in search_options.h (same names without the `k`), which
// the search reads at run time; scores, ply limits and array sizes stay compile-time only.
#pragma once

#include <array>
#include <cstdint>

namespace tempo::params {

// ---- Scores -------------------------------------------------------------------------------
inline constexpr int kMaxPly = 128;                      // deepest ply the search ever reaches
inline constexpr int kMaxDepth = 100;                    // deepest iteration iterative deepening starts
inline constexpr int kInfinity = 32000;                  // outside every real score
inline constexpr int kMateScore = 31000;                 // mate at the root; mate in n plies = kMateScore - n
inline constexpr int kMateBound = kMateScore - kMaxPly;  // scores beyond this are mate scores
inline constexpr int kDrawScore = 0;

// ---- Aspiration windows -------------------------------------------------------------------
inline constexpr int kAspirationMinDepth = 5;         // shallower iterations use a full window
inline constexpr int kAspirationInitialDelta = 11;    // SPSA (harness/spsa/README.md); was 25
inline constexpr int kAspirationGrowthPercent = 150;  // delta grows by half again on each failure
inline constexpr int kAspirationMaxDelta = 800;       // beyond this, open the window fully

// ---- Null move pruning --------------------------------------------------------------------
inline constexpr int kNullMoveMinDepth = 2;
inline constexpr int kNullMoveBaseReduction = 2;  // SPSA; was 3
inline constexpr int kNullMoveDepthDivisor = 6;   // one more ply of reduction every 6 plies

// ---- Futility pruning (main search) and delta pruning (quiescence) ------------------------
inline constexpr int kFutilityMaxDepth = 4;
// Margin by remaining depth: a quiet move must be able to gain this much to be worth searching.
inline constexpr std::array<int, kFutilityMaxDepth + 1> kFutilityMargin = {0, 85, 220, 330,
                                                                           450};  // [1] by SPSA; was 120
inline constexpr int kReverseFutilityMaxDepth = 4;  // static-eval cutoffs use the same margins
inline constexpr int kDeltaPruningMargin = 200;     // capture gain + margin must reach alpha

// ---- Late move pruning ---------------------------------------------------------------------
inline constexpr int kLateMovePruningMaxDepth = 5;
// Quiet moves searched at each remaining depth before the rest are skipped.
inline constexpr std::array<int, kLateMovePruningMaxDepth + 1> kLateMoveQuietLimit = {0, 4,  5,
                                                                                      9, 14, 20};  // [1] by SPSA; was 2

// ---- Late move reductions ------------------------------------------------------------------
inline constexpr int kLmrMinDepth = 3;
inline constexpr int kLmrMinMoveNumber = 4;  // the first moves are always searched at full depth
// reduction = base + ln(depth) * ln(moveNumber) / divisor, both in hundredths (0.88 and 2.02) so
// that they are integer UCI options (search_options.h). SPSA's values; they were 0.75 and 2.25.
inline constexpr int kLmrBase = 88;
inline constexpr int kLmrDivisor = 202;

// ---- Quiescence ---------------------------------------------------------------------------
// From this quiescence depth (captures made since the horizon) only recaptures are searched. The
// seed cut at 4, but its quiescence had no SEE filter; ours already drops losing captures, and at
// 4 the cut also dropped good captures: full tempo scored 48.0% against tempo without the
// feature, 52.2% with the cut at 6 and 50.2% at 8 (200 games each at 15,000 nodes, engine/README.md).
inline constexpr int kQuiescenceRecaptureDepth = 6;

// ---- Move ordering -------------------------------------------------------------------------
inline constexpr int kKillersPerPly = 2;
inline constexpr int kHistoryMax = 1 << 20;     // history is halved once any entry passes this
inline constexpr int kHistoryAgingDivisor = 4;  // between iterations history keeps a quarter

// ---- Check extension -----------------------------------------------------------------------
inline constexpr int kCheckExtension = 1;

// ---- Time checks ---------------------------------------------------------------------------
inline constexpr std::uint64_t kNodesBetweenTimeChecks = 1024;

}  // namespace tempo::params
