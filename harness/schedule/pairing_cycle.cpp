#include "harness/schedule/pairing_cycle.h"

#include <algorithm>
#include <deque>

namespace arbiter::schedule {

PairingCycle cutechess_round_robin_cycle(std::size_t engines) {
    const std::size_t seats = engines + engines % 2;  // an odd field gets a bye seat
    std::deque<std::size_t> top, bottom;
    for (std::size_t i = 0; i < seats / 2; ++i) top.push_back(i);
    for (std::size_t i = seats; i-- > seats / 2;) bottom.push_back(i);
    PairingCycle cycle;
    cycle.rounds = static_cast<int>(seats) - 1;
    for (int round = 1; round <= cycle.rounds; ++round) {
        if (round > 1) {
            top.insert(top.begin() + 1, bottom.front());
            bottom.pop_front();
            bottom.push_back(top.back());
            top.pop_back();
        }
        for (std::size_t i = 0; i < top.size(); ++i) {
            if (top[i] < engines && bottom[i] < engines) cycle.encounters.push_back({top[i], bottom[i], round});
        }
    }
    return cycle;
}

int cutechess_gauntlet_seeds(std::size_t engines, int seeds) {
    return std::clamp(seeds, 1, static_cast<int>(engines) - 1);
}

PairingCycle cutechess_gauntlet_cycle(std::size_t engines, int seeds) {
    const auto seeded = static_cast<std::size_t>(cutechess_gauntlet_seeds(engines, seeds));
    PairingCycle cycle;
    for (std::size_t seed = 0; seed < seeded; ++seed)
        for (std::size_t other = seeded; other < engines; ++other) cycle.encounters.push_back({seed, other, 1});
    return cycle;
}

PairingCycle cutechess_pyramid_cycle(std::size_t engines) {
    PairingCycle cycle;
    cycle.rounds = static_cast<int>(engines) - 1;
    for (std::size_t player = 1; player < engines; ++player)
        for (std::size_t earlier = 0; earlier < player; ++earlier)
            cycle.encounters.push_back({player, earlier, static_cast<int>(player)});
    return cycle;
}

PairingCycle fastchess_cycle(std::size_t engines, std::size_t limit) {
    PairingCycle cycle;
    for (std::size_t first = 0; first < limit; ++first)
        for (std::size_t second = first + 1; second < engines; ++second) cycle.encounters.push_back({first, second, 1});
    return cycle;
}

}  // namespace arbiter::schedule
