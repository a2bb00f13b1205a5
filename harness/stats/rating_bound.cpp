#include "harness/stats/rating_bound.h"

namespace arbiter::stats {

const char* bound_marker(RatingBound bound) {
    switch (bound) {
        case RatingBound::at_least: return ">";
        case RatingBound::at_most: return "<";
        case RatingBound::exact: break;
    }
    return "";
}

const char* bound_name(RatingBound bound) {
    switch (bound) {
        case RatingBound::at_least: return "at_least";
        case RatingBound::at_most: return "at_most";
        case RatingBound::exact: break;
    }
    return "exact";
}

std::optional<RatingBound> difference_bound(RatingBound minuend, RatingBound subtrahend) {
    // A floor minus a ceiling (or an exact value) is a floor; a floor minus a floor bounds nothing.
    const auto flipped = [](RatingBound b) {
        return b == RatingBound::at_least  ? RatingBound::at_most
               : b == RatingBound::at_most ? RatingBound::at_least
                                           : b;
    };
    const RatingBound from_subtrahend = flipped(subtrahend);
    if (minuend == RatingBound::exact) return from_subtrahend;
    if (from_subtrahend == RatingBound::exact || from_subtrahend == minuend) return minuend;
    return std::nullopt;
}

}  // namespace arbiter::stats
