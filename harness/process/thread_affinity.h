// Keeping a game's thread on one CPU while its engines stay free to move.
#pragma once

#include <optional>

#include <sched.h>

namespace arbiter::process {

// Pins the calling thread to `cpu` while alive (nothing when empty), and restores its mask after.
// A game thread wakes once per engine reply; left free, the scheduler hands it and its engine from
// CPU to CPU and each wake-up starts on cold caches (bench/runner/README.md measures the
// difference). Engines spawned by the thread meanwhile start with the mask the thread had before,
// not its pin (spawn.cpp), so only -use-affinity ever pins an engine. Pinning is an optimisation:
// a CPU the kernel refuses (one outside a later cgroup, say) leaves the thread as it was.
class PinThread {
public:
    explicit PinThread(std::optional<int> cpu);
    ~PinThread();
    PinThread(const PinThread&) = delete;
    PinThread& operator=(const PinThread&) = delete;

    bool pinned() const { return pinned_; }

private:
    cpu_set_t old_mask_{};
    const cpu_set_t* outer_mask_ = nullptr;  // an outer PinThread's saved mask: children keep getting it
    bool pinned_ = false;
};

// The mask a child spawned by this thread should start with: the one the thread had before its
// PinThread, or nullptr when the thread is not pinned by one (the child then inherits as usual).
const cpu_set_t* unpinned_mask_for_children();

}  // namespace arbiter::process
