#include "engine/engine.h"

#include "engine/chess/san.h"

namespace tempo {

void LineWriter::line(const std::string& text) {
    std::lock_guard<std::mutex> lock(mutex_);
    out_ << text << '\n';
    out_.flush();
}

void Engine::start_search(const chess::Position& position, const SearchLimits& limits, bool wait_for_stop) {
    join_finished_search();
    SearchConfig config;
    config.features = settings_.features;
    config.params = settings_.search_params;
    config.limits = limits;
    config.budget = plan_time(limits, position.side_to_move(), settings_.move_overhead_ms,
                              settings_.features[Feature::TimeManagement]);
    stop_requested_ = false;
    must_wait_for_stop_ = wait_for_stop;
    searching_ = true;
    search_returned_ = false;
    thread_ = std::thread(&Engine::search_thread_main, this, position, config, wait_for_stop);
}

void Engine::search_thread_main(chess::Position position, SearchConfig config, bool wait_for_stop) {
    InfoSink sink = [this](const std::string& text) { writer_.line(text); };
    SearchResult result = search_.run(position, config, stop_requested_, sink);
    search_returned_ = true;
    if (wait_for_stop) {
        // UCI: in infinite mode the bestmove may only be sent after `stop`.
        std::unique_lock<std::mutex> lock(stop_mutex_);
        stop_signal_.wait(lock, [this] { return stop_requested_.load() || !must_wait_for_stop_.load(); });
    }
    std::string text = "bestmove " + chess::to_uci(result.best_move, position.chess960());
    if (result.ponder_move) text += " ponder " + chess::to_uci(result.ponder_move, position.chess960());
    // Cleared before the bestmove goes out: a GUI may send `go` the moment it reads it.
    searching_ = false;
    writer_.line(text);
}

void Engine::start_ponder(const chess::Position& position, const SearchLimits& limits) {
    ponder_limits_ = limits;
    ponder_side_ = position.side_to_move();
    SearchLimits untimed = limits;
    untimed.infinite = true;
    start_search(position, untimed, true);
    pondering_ = true;
}

void Engine::ponderhit() {
    if (!pondering_.exchange(false) || !searching_) return;
    SearchLimits limits = ponder_limits_;
    limits.start = Clock::now();
    if (limits.infinite || limits.unbounded()) return;  // still waits for stop, as `go infinite` would
    TimeBudget budget =
        plan_time(limits, ponder_side_, settings_.move_overhead_ms, settings_.features[Feature::TimeManagement]);
    // run() may not have started its clock yet (it starts within microseconds of `go`), or may
    // already have returned; waiting for a clock that will never start again would hang.
    while (!search_returned_ && !search_.switch_to_timed(budget, limits.start)) std::this_thread::yield();
    {
        std::lock_guard<std::mutex> lock(stop_mutex_);
        must_wait_for_stop_ = false;
    }
    stop_signal_.notify_all();
}

void Engine::stop() {
    {
        std::lock_guard<std::mutex> lock(stop_mutex_);
        stop_requested_ = true;
    }
    stop_signal_.notify_all();
}

void Engine::stop_and_wait() {
    pondering_ = false;
    stop();
    if (thread_.joinable()) thread_.join();
}

void Engine::join_finished_search() {
    if (thread_.joinable()) thread_.join();
}

void Engine::new_game() {
    tt_.clear();
    history_.clear();
}

}  // namespace tempo
