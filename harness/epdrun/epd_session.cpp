#include "harness/epdrun/epd_session.h"

#include "harness/protocol/uci_parse.h"

#include <chrono>

#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "harness/epdrun/solution_tracker.h"

namespace arbiter::epdrun {

namespace {

using std::chrono::duration_cast;
using std::chrono::milliseconds;

// Clears the session's pointer to a tracker that lives on solve()'s stack, however solve() ends.
class ActiveTracker {
public:
    ActiveTracker(SolutionTracker*& slot, SolutionTracker& tracker) : slot_(slot) { slot_ = &tracker; }
    ~ActiveTracker() { slot_ = nullptr; }
    ActiveTracker(const ActiveTracker&) = delete;
    ActiveTracker& operator=(const ActiveTracker&) = delete;

private:
    SolutionTracker*& slot_;
};

chess::Move engine_move(const chess::Position& pos, const protocol::SearchResult& search) {
    try {
        return search.move_is_san ? chess::parse_san(pos, search.bestmove) : chess::parse_uci(pos, search.bestmove);
    } catch (const std::exception&) {
        return chess::Move::none();  // "(none)", "0000" or an illegal move: it solves nothing
    }
}

bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

}  // namespace

protocol::Millis search_timeout(const SearchLimit& limit, std::optional<std::int64_t> timeout_ms) {
    if (timeout_ms) return protocol::Millis(*timeout_ms);
    if (limit.movetime_ms && !limit.nodes && !limit.depth) return protocol::Millis(*limit.movetime_ms * 2 + 5'000);
    return protocol::Millis(600'000);
}

protocol::SearchRequest search_request(const SearchLimit& limit) {
    protocol::SearchRequest request;
    if (limit.movetime_ms) request.movetime = protocol::Millis(*limit.movetime_ms);
    request.nodes = limit.nodes;
    request.depth = limit.depth;
    return request;
}

EpdSession::EpdSession(protocol::EngineConfig config, SearchLimit limit, protocol::Millis timeout)
    : client_(protocol::make_engine_client(std::move(config))), limit_(limit), timeout_(timeout) {
    client_->set_traffic_observer([this](protocol::TrafficDirection direction, std::string_view line,
                                         protocol::Clock::time_point when) { observe(direction, line, when); });
}

EpdSession::~EpdSession() { client_->quit(); }

void EpdSession::start() { client_->start(); }

void EpdSession::observe(protocol::TrafficDirection direction, std::string_view line,
                         protocol::Clock::time_point when) {
    if (!active_tracker_) return;
    if (direction == protocol::TrafficDirection::ToEngine) {
        if (starts_with(line, "go")) active_tracker_->on_go(when);
    } else if (starts_with(line, "info")) {
        active_tracker_->on_info(protocol::parse_uci_info(line), when);
    }
}

PositionOutcome EpdSession::solve(const SuitePosition& position, const std::string& suite) {
    const epd::EpdRecord& record = position.record;
    PositionOutcome outcome;
    outcome.result.suite = suite;
    outcome.result.position_id = position.position_id;
    outcome.result.fen = record.fen;
    outcome.result.expected_bm = san_list(record.best_moves);
    outcome.result.expected_am = san_list(record.avoid_moves);

    const chess::Position pos(record.fen, record.chess960);
    SolutionTracker tracker([&](const std::string& uci) {
        try {
            return solves(record, chess::parse_uci(pos, uci));
        } catch (const chess::MoveParseError&) {
            return false;
        }
    });
    try {
        ActiveTracker watching(active_tracker_, tracker);
        client_->new_game(protocol::TimeControl{});
        client_->set_position(record.fen, {});
        const auto search = client_->go(search_request(limit_), protocol::Clock::now() + timeout_);
        if (!search.ok()) {
            outcome.engine_failed = true;
            outcome.error = search.timed_out ? "no bestmove within " + std::to_string(timeout_.count()) + " ms"
                                             : search.error_message;
            return outcome;
        }
        fill_answer(record, pos, search, tracker, outcome);
    } catch (const std::exception& failure) {  // EngineFailure, or OptionError for an inexpressible limit
        outcome.engine_failed = true;
        outcome.error = failure.what();
    }
    return outcome;
}

void EpdSession::fill_answer(const epd::EpdRecord& record, const chess::Position& pos,
                             const protocol::SearchResult& search, const SolutionTracker& tracker,
                             PositionOutcome& outcome) {
    const chess::Move move = engine_move(pos, search);
    auto& result = outcome.result;
    result.engine_move = move == chess::Move::none() ? search.bestmove : chess::to_uci(pos, move);
    result.solved = solves(record, move);
    result.points = points_for(record, move);
    const std::int64_t elapsed_ms = duration_cast<milliseconds>(search.elapsed).count();
    result.time_ms = search.info.time ? search.info.time->count() : elapsed_ms;
    result.depth = search.info.depth;
    if (search.info.nodes) result.nodes = static_cast<std::int64_t>(*search.info.nodes);
    if (result.solved) result.time_to_solution_ms = tracker.time_to_solution(result.engine_move, *result.time_ms);
}

}  // namespace arbiter::epdrun
