#pragma once
// Whether a figure is an estimate, or a floor ('>') / ceiling ('<') standing in for one that is
// unbounded: a perfect (null) score has no finite Elo (elo.h) and no finite MLE rating (ratings.h).

namespace arbiter::stats {

enum class RatingBound { exact, at_least, at_most };

// ">", "<" or "" (tables print it before the figure).
const char* bound_marker(RatingBound bound);
// "at_least", "at_most" or "exact" (JSON).
const char* bound_name(RatingBound bound);

}  // namespace arbiter::stats
