#pragma once
// Waiting for another process, the tests' one way: poll a condition until it holds or a deadline
// passes, never a fixed sleep.

#include <chrono>
#include <thread>

namespace test_support {

// True as soon as `holds()` is; false once `limit` has passed without it.
template <class Condition>
bool wait_until(Condition holds, std::chrono::milliseconds limit,
                std::chrono::milliseconds step = std::chrono::milliseconds(5)) {
    const auto give_up = std::chrono::steady_clock::now() + limit;
    while (!holds()) {
        if (std::chrono::steady_clock::now() > give_up) return false;
        std::this_thread::sleep_for(step);
    }
    return true;
}

}  // namespace test_support
