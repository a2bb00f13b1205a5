#include "harness/build/stop_signals.h"

#include <array>
#include <atomic>
#include <mutex>

namespace arbiter::build {
namespace {

constexpr std::array<int, 3> kStopSignals{SIGINT, SIGTERM, SIGHUP};

// Process-wide, as signal dispositions are: a handler can reach nothing else. Several builds may
// run at once on other threads, so the handlers go in with the first StopSignals and out with the
// last (`holders` under `mutex`).
std::atomic<int> g_arrived{0};
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs a lock-free flag");
std::mutex g_mutex;
int g_holders = 0;
std::array<struct sigaction, kStopSignals.size()> g_previous{};

extern "C" void note_stop_signal(int signal_number) { g_arrived.store(signal_number); }

}  // namespace

StopSignals::StopSignals() {
    const std::lock_guard lock(g_mutex);
    if (g_holders++ > 0) return;
    g_arrived.store(0);
    struct sigaction noting {};
    noting.sa_handler = note_stop_signal;
    sigemptyset(&noting.sa_mask);
    for (std::size_t i = 0; i < kStopSignals.size(); ++i) {
        sigaction(kStopSignals[i], nullptr, &g_previous[i]);
        if (g_previous[i].sa_handler != SIG_IGN) sigaction(kStopSignals[i], &noting, nullptr);
    }
}

StopSignals::~StopSignals() {
    const std::lock_guard lock(g_mutex);
    if (--g_holders > 0) return;
    for (std::size_t i = 0; i < kStopSignals.size(); ++i) sigaction(kStopSignals[i], &g_previous[i], nullptr);
    if (const int arrived = g_arrived.exchange(0)) std::raise(arrived);
}

int stop_signal_arrived() { return g_arrived.load(); }

}  // namespace arbiter::build
