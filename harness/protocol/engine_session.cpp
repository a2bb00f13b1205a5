#include "harness/protocol/engine_session.h"

#include <algorithm>
#include <filesystem>

namespace arbiter::protocol {

namespace {

// How long a closed pipe may precede the actual exit before we stop waiting for the exit status
// (a dying process closes its descriptors a moment before it becomes reapable).
constexpr Millis kExitStatusWait{200};

std::string make_label(const EngineConfig& config) {
    if (!config.name.empty()) return "engine " + config.name;
    return "engine " + std::filesystem::path(config.process.executable).filename().string();
}

}  // namespace

EngineSession::EngineSession(EngineConfig config) : config_(std::move(config)), label_(make_label(config_)) {}

void EngineSession::spawn() {
    if (process_) shutdown("", false);
    status_ = {};
    last_exit_.reset();
    unused_ = false;
    process_.emplace(config_.process);
}

void EngineSession::spawn_unless_unused() {
    const bool keep = unused_ && process_ && status_.ok();
    unused_ = false;
    if (!keep) spawn();
}

process::WriteStamp EngineSession::send(std::string_view line) {
    return send(std::span<const std::string_view>(&line, 1));
}

process::WriteStamp EngineSession::send(std::span<const std::string_view> lines) {
    // The configuration layers refuse control characters where values come in; this is the last
    // line of defence: a line break inside a value would give the engine a second command.
    for (const std::string_view line : lines) {
        // find_first_of would call memchr once per character of the line.
        const auto found = std::find_if(line.begin(), line.end(), [](char c) { return c == '\r' || c == '\n'; });
        if (const auto at = static_cast<std::size_t>(found - line.begin()); found != line.end()) {
            throw OptionError("refusing to send " + label_ + " a line with a " +
                              (line[at] == '\n' ? "newline" : "carriage return") + " inside: '" +
                              std::string(line.substr(0, at)) + "...'");
        }
    }
    require_healthy();
    try {
        const auto written = process_->write_lines(lines);
        if (observer_)
            for (const std::string_view line : lines) observer_(TrafficDirection::ToEngine, line, written.flushed);
        return written;
    } catch (const process::ProcessError&) {
        const std::string death = describe_death();
        fail(process_->exit_status() && !process_->exit_status()->clean() ? EngineError::Crashed
                                                                          : EngineError::Disconnected,
             label_ + " stopped reading its input (" + death + ")");
        throw_status();
    }
}

std::optional<process::OutputLine> EngineSession::read(Clock::time_point deadline) {
    if (!process_ || failed()) return std::nullopt;
    auto line = process_->read_line(deadline);
    if (line) {
        if (observer_) observer_(TrafficDirection::FromEngine, line->text, line->received);
        return line;
    }
    if (process_->output_closed()) note_output_closed();
    return std::nullopt;
}

bool EngineSession::pump_until(Clock::time_point deadline, const std::function<bool()>& done,
                               const std::function<void(const process::OutputLine&)>& handle) {
    std::optional<Clock::time_point> late_read;  // when the first lines read after the deadline came
    while (!done()) {
        const auto line = read(deadline);
        if (!line) return false;
        handle(*line);
        if (line->received <= deadline) continue;
        if (!late_read) late_read = line->received;  // the lines of one read share its time
        else if (line->received != *late_read) return done();
    }
    return true;
}

void EngineSession::note_output_closed() {
    const std::string death = describe_death();
    const auto exit = process_->exit_status();
    if (exit && !exit->clean()) fail(EngineError::Crashed, label_ + " crashed (" + death + ")");
    else fail(EngineError::Disconnected, label_ + " disconnected (" + death + ")");
}

std::string EngineSession::describe_death() {
    if (!process_) return "not running";
    if (auto exit = process_->wait_for_exit(kExitStatusWait)) return exit->describe();
    return "output closed, process still running";
}

void EngineSession::fail(EngineError error, const std::string& message) {
    if (failed()) return;
    status_ = {error, message};
}

void EngineSession::fail_timeout(const std::string& what) {
    std::string liveness = "not running";
    if (process_) {
        if (auto cpu = process_->cpu_time())
            liveness = "process alive, " + std::to_string(cpu->count()) + " ms CPU used";
        else if (auto exit = process_->exit_status()) liveness = "process " + exit->describe();
    }
    fail(EngineError::Timeout, label_ + " " + what + " (" + liveness + ")");
}

void EngineSession::require_healthy() const {
    if (!process_ && status_.ok()) throw EngineFailure(EngineError::Disconnected, label_ + " is not running");
    if (failed()) throw_status();
}

void EngineSession::throw_status() const { throw EngineFailure(status_.error, status_.message); }

void EngineSession::shutdown(std::string_view quit_command, bool allow_sigterm) {
    if (!process_) return;
    if (!quit_command.empty() && process_->is_running()) {
        try {
            const auto written = process_->write_line(quit_command, Millis(100));
            if (observer_) observer_(TrafficDirection::ToEngine, quit_command, written.flushed);
        } catch (const process::ProcessError&) {
            // Already gone or not reading: the kill below handles both.
        }
    }
    const Millis term_grace = allow_sigterm ? Millis(200) : Millis(0);
    last_exit_ = process_->terminate(config_.quit_grace, term_grace);
    process_.reset();
}

std::optional<process::ExitStatus> EngineSession::exit_status() const {
    if (process_) return process_->exit_status();
    return last_exit_;
}

}  // namespace arbiter::protocol
