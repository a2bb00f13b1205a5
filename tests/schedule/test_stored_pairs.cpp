// A run played in slices: where its next slice starts (harness/schedule/stored_pairs.h).

#include <catch2/catch.hpp>
#include <vector>

#include "harness/schedule/stored_pairs.h"

using arbiter::schedule::first_open_pair;
using arbiter::schedule::StoredPair;

TEST_CASE("a slice starts at the first pair without all its games", "[unit]") {
    const std::vector<StoredPair> stored{{0, 2}, {1, 2}, {2, 1}, {3, 2}, {10, 2}};
    CHECK(first_open_pair(stored, 0, 100, 2) == 2);  // pair 2 lost a game to a kill
    CHECK(first_open_pair(stored, 3, 100, 2) == 4);
    CHECK(first_open_pair(stored, 10, 100, 2) == 11);
    CHECK(first_open_pair(stored, 10, 11, 2) == 11);  // the block is full
    CHECK(first_open_pair({}, 50, 100, 2) == 50);
}
