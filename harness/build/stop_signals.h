#pragma once
// SIGINT, SIGTERM and SIGHUP while a build runs. The build's tools run in process groups of their
// own, so that a timeout can kill each tool with everything it started; a terminal's Ctrl-C, sent to
// arbiter's group, no longer reaches them. While a StopSignals lives, such a signal is only noted:
// the tool running then is killed with its group (harness/build/subprocess.h), the build fails and
// unwinds (its checkout removed, its lock released), and the signal is raised again, under the
// handler from before, when the StopSignals goes. A signal ignored before (nohup) stays ignored.

#include <csignal>

namespace arbiter::build {

class StopSignals {
public:
    StopSignals();
    ~StopSignals();
    StopSignals(const StopSignals&) = delete;
    StopSignals& operator=(const StopSignals&) = delete;
};

// The stop signal that arrived while a StopSignals lives, else 0.
int stop_signal_arrived();

}  // namespace arbiter::build
