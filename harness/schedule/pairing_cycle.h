#pragma once
// One cycle of a tournament's encounters, in the order each tool starts them. A cycle meets every
// pairing once; -rounds N plays N cycles. These are the orders cutechess-cli 1.4 and fastchess
// 1.x follow (checked against their PGN output in tests/data/runner_output/pairings_*.txt).
//
//   cutechess round-robin: the circle method. Engines 0..n-1 (plus a bye when n is odd) sit in a
//     top and a bottom half; round r pairs top[i] with bottom[i]; between rounds the first of the
//     bottom half moves to the second seat of the top half and the last of the top half to the
//     end of the bottom half. Encounters with the bye are skipped. n-1 rounds (n when n is odd).
//   cutechess gauntlet: each of the first `seeds` engines (at least 1, at most n-1) plays every
//     engine that is not a seed; one round per cycle.
//   cutechess pyramid: engine i (i = 1..n-1) plays engines 0..i-1, engine i having White first;
//     one round per engine i.
//   fastchess round-robin / gauntlet: engine a (a < limit) plays every engine b > a, in order;
//     limit is n-1 (round-robin) or the number of seeds (gauntlet: seeds also meet each other).

#include <cstddef>
#include <vector>

namespace arbiter::schedule {

struct CycleEncounter {
    std::size_t first = 0;  // White in the encounter's first game before any colour swap
    std::size_t second = 1;
    int round = 1;  // 1-based round within the cycle
};

struct PairingCycle {
    std::vector<CycleEncounter> encounters;
    int rounds = 1;  // rounds a cycle spans
};

PairingCycle cutechess_round_robin_cycle(std::size_t engines);
PairingCycle cutechess_gauntlet_cycle(std::size_t engines, int seeds);
PairingCycle cutechess_pyramid_cycle(std::size_t engines);
// limit: how many engines play as the first of an encounter (n-1 for a round-robin).
PairingCycle fastchess_cycle(std::size_t engines, std::size_t limit);

// cutechess's gauntlet seed count: -seeds bounded to 1..n-1 (0 = not given = 1).
int cutechess_gauntlet_seeds(std::size_t engines, int seeds);

}  // namespace arbiter::schedule
