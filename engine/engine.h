// The engine behind the UCI front end: game position, tables, feature switches and the
// search thread. `isready` and `stop` are served by the reader thread while this one searches.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>

#include "engine/chess/position.h"
#include "engine/features.h"
#include "engine/history.h"
#include "engine/search.h"
#include "engine/timeman.h"
#include "engine/tt.h"

namespace tempo {

// Serialises whole lines from several threads onto one stream, flushing each.
class LineWriter {
public:
    explicit LineWriter(std::ostream& out) : out_(out) {}
    void line(const std::string& text);

private:
    std::mutex mutex_;
    std::ostream& out_;
};

struct EngineSettings {
    std::int64_t move_overhead_ms = 10;
    bool chess960 = false;
    FeatureSet features = FeatureSet::all();
    SearchParams search_params;  // copied into the search at `go`, so setoption never races it
};

class Engine {
public:
    explicit Engine(LineWriter& writer) : writer_(writer) {}
    ~Engine() { stop_and_wait(); }
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    // Starts a search of `position` in the search thread; it prints `bestmove` itself. With
    // `wait_for_stop` (go infinite / bare go) the bestmove waits for stop() even after the search ends.
    void start_search(const chess::Position& position, const SearchLimits& limits, bool wait_for_stop);
    // `go ponder`: searches untimed until `ponderhit` turns it into a search under `limits`
    // (timed from the ponderhit), or until `stop`.
    void start_ponder(const chess::Position& position, const SearchLimits& limits);
    void ponderhit();
    void stop();           // ends the running search; it then prints exactly one bestmove
    void stop_and_wait();  // stop() and join the search thread
    bool searching() const { return searching_.load(); }

    void new_game();  // clears the TT and every history table
    bool resize_hash(std::size_t megabytes) { return tt_.resize(megabytes); }
    void clear_hash() { tt_.clear(); }

    EngineSettings& settings() { return settings_; }

private:
    void search_thread_main(chess::Position position, SearchConfig config, bool wait_for_stop);
    void join_finished_search();

    LineWriter& writer_;
    EngineSettings settings_;
    TranspositionTable tt_;
    History history_;
    Search search_{tt_, history_};
    std::thread thread_;
    std::atomic<bool> stop_requested_{false};
    std::atomic<bool> must_wait_for_stop_{false};  // bestmove held back until stop (or ponderhit)
    std::atomic<bool> pondering_{false};
    SearchLimits ponder_limits_;  // the real limits of a ponder search, used from ponderhit on
    chess::Color ponder_side_ = chess::WHITE;
    std::atomic<bool> searching_{false};
    // Set once run() has returned (a depth-limited ponder search can end before `ponderhit`):
    // from then on there is no clock left to switch, only the held bestmove to release.
    std::atomic<bool> search_returned_{false};
    std::mutex stop_mutex_;
    std::condition_variable stop_signal_;
};

}  // namespace tempo
