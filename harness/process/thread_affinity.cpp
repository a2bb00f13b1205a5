#include "harness/process/thread_affinity.h"

#include <pthread.h>

namespace arbiter::process {
namespace {

// Per thread, like BlockSigpipe's flag: spawn_child reads it on the thread that forks.
thread_local const cpu_set_t* saved_mask_of_thread = nullptr;

}  // namespace

PinThread::PinThread(std::optional<int> cpu) {
    if (!cpu || *cpu < 0 || *cpu >= CPU_SETSIZE) return;
    if (pthread_getaffinity_np(pthread_self(), sizeof old_mask_, &old_mask_) != 0) return;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(*cpu, &one);
    if (pthread_setaffinity_np(pthread_self(), sizeof one, &one) != 0) return;
    pinned_ = true;
    outer_mask_ = saved_mask_of_thread;
    // A nested pin keeps the outermost mask for children: that is the one the process was given.
    if (!outer_mask_) saved_mask_of_thread = &old_mask_;
}

PinThread::~PinThread() {
    if (!pinned_) return;
    pthread_setaffinity_np(pthread_self(), sizeof old_mask_, &old_mask_);
    if (!outer_mask_) saved_mask_of_thread = nullptr;
}

const cpu_set_t* unpinned_mask_for_children() { return saved_mask_of_thread; }

}  // namespace arbiter::process
