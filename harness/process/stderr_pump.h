// Drains a child's stderr pipe into its CappedLog on a thread of its own, so that the engine never
// blocks on a full pipe and the log keeps its cap.
#pragma once

#include "harness/process/unique_fd.h"

#include "harness/process/capped_log.h"

#include <memory>
#include <thread>

namespace arbiter::process::detail {

class StderrPump {
public:
    // Takes the read end of the child's stderr pipe.
    StderrPump(UniqueFd fd, std::shared_ptr<CappedLog> log);
    ~StderrPump();  // stop() + join
    StderrPump(const StderrPump&) = delete;
    StderrPump& operator=(const StderrPump&) = delete;

    // Takes what the pipe still holds and ends the thread, even if a grandchild keeps the pipe
    // open. Call after the child is reaped: then everything it wrote is in the pipe.
    void stop();

private:
    void run();
    bool drain();  // reads what is there; false at EOF or on an error

    UniqueFd fd_;
    UniqueFd wake_;  // eventfd written by stop()
    std::shared_ptr<CappedLog> log_;
    bool stop_requested_ = false;
    std::thread thread_;  // last member: starts after everything above is constructed
};

}  // namespace arbiter::process::detail
