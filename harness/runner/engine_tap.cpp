#include "harness/runner/engine_tap.h"

namespace arbiter::runner {
namespace {

// Engine lines carry steady-clock stamps; the log shows wall-clock time.
std::chrono::system_clock::time_point wall_time(protocol::Clock::time_point when) {
    const auto age = protocol::Clock::now() - when;
    return std::chrono::system_clock::now() - std::chrono::duration_cast<std::chrono::system_clock::duration>(age);
}

}  // namespace

EngineTap::EngineTap(DebugPrinter debug_printer, runlog::RunLog* log, std::chrono::steady_clock::time_point start)
    : debug_printer_(std::move(debug_printer)), log_(log), start_(start) {}

bool EngineTap::active() const {
    return debug_printer_ || (log_ && (log_->keeps_engine_lines() || log_->keeps(config::LogLevel::trace)));
}

protocol::TrafficObserver EngineTap::observer_for(const std::string& name) {
    const std::string label = name + "(" + std::to_string(next_instance_++) + ")";
    return [this, label, name](protocol::TrafficDirection direction, std::string_view line,
                               protocol::Clock::time_point when) { observe(label, name, direction, line, when); };
}

void EngineTap::trace(const std::string& message) const {
    if (log_) log_->message(config::LogLevel::trace, message);
}

void EngineTap::observe(const std::string& label, const std::string& name, protocol::TrafficDirection direction,
                        std::string_view line, protocol::Clock::time_point when) const {
    const bool sent = direction == protocol::TrafficDirection::ToEngine;
    if (debug_printer_) {
        const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(when - start_).count();
        std::string text = std::to_string(elapsed) + (sent ? " >" : " <") + label + ": ";
        text.append(line);
        debug_printer_(text);
    }
    if (log_) log_->engine_line(sent, name, line, wall_time(when));
}

}  // namespace arbiter::runner
