#pragma once
// One engine process answering suite positions one after another: ucinewgame, position, go, and
// every info line watched for the time to solution.

#include "harness/protocol/engine_client.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "engine/chess/position.h"
#include "db/records.h"
#include "harness/epdrun/epd_options.h"
#include "harness/epdrun/suite.h"

namespace arbiter::epdrun {

class SolutionTracker;

struct PositionOutcome {
    db::EpdResultRecord result;  // run and engine ids are the store's business
    bool engine_failed = false;  // no usable answer: not stored, so a re-run retries the position
    std::string error;
};

// The hard limit for one search: the search's own limit plus room for a slow start, or ten
// minutes for node and depth limits, unless the user said otherwise.
protocol::Millis search_timeout(const SearchLimit& limit, std::optional<std::int64_t> timeout_ms);

protocol::SearchRequest search_request(const SearchLimit& limit);

class EpdSession {
public:
    EpdSession(protocol::EngineConfig config, SearchLimit limit, protocol::Millis timeout);
    ~EpdSession();
    // The traffic observer points back at this object.
    EpdSession(const EpdSession&) = delete;
    EpdSession& operator=(const EpdSession&) = delete;

    // Spawns (or respawns after a failure) the engine; throws when it cannot be started.
    void start();
    PositionOutcome solve(const SuitePosition& position, const std::string& suite);

private:
    void observe(protocol::TrafficDirection direction, std::string_view line, protocol::Clock::time_point when);
    static void fill_answer(const epd::EpdRecord& record, const chess::Position& pos,
                            const protocol::SearchResult& search, const SolutionTracker& tracker,
                            PositionOutcome& outcome);

    std::unique_ptr<protocol::EngineClient> client_;
    SearchLimit limit_;
    protocol::Millis timeout_;
    SolutionTracker* active_tracker_ = nullptr;  // set only while a search runs
};

}  // namespace arbiter::epdrun
