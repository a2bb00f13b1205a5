#pragma once
// Whether a figure is an estimate, or a floor ('>') / ceiling ('<') standing in for one that is
// unbounded: a perfect (null) score has no finite Elo (elo.h) and no finite MLE rating (ratings.h).

#include <optional>

namespace arbiter::stats {

enum class RatingBound { exact, at_least, at_most };

// ">", "<" or "" (tables print it before the figure).
const char* bound_marker(RatingBound bound);
// "at_least", "at_most" or "exact" (JSON).
const char* bound_name(RatingBound bound);

// What bounds a - b when a and b are bounded so: a floor minus a ceiling or an exact value is a
// floor (and the mirror); nullopt when both are floors or both ceilings (nothing bounds it).
std::optional<RatingBound> difference_bound(RatingBound minuend, RatingBound subtrahend);

}  // namespace arbiter::stats
