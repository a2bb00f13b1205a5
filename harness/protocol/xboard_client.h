// EngineClient for CECP (xboard/winboard protocol, v2 with v1 fallback).
//
// Board handling: the engine is kept in force mode while we feed it moves, and started with `go`.
// The one exception is the normal in-game flow: after the engine's own move it is left "playing",
// and the opponent's reply is held back until start_search(), which sends time/otim and then the
// move, so the engine's thinking (and pondering with `hard`) continues exactly as under xboard.
#pragma once

#include "harness/protocol/engine_client.h"
#include "harness/protocol/engine_session.h"
#include "harness/protocol/kept_lines.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::protocol {

// What the engine announced with `feature` (defaults are the spec's defaults for v1 engines).
struct XboardFeatures {
    bool ping = false;
    bool setboard = false;
    bool san = false;
    bool usermove = false;
    bool time = true;
    bool draw = true;
    bool sigint = true;
    bool sigterm = true;
    bool reuse = true;  // false: the engine wants a fresh process for every game
    bool analyze = true;
    bool colors = true;
    bool memory = false;
    bool smp = false;
    std::string myname;
    std::string variants;
    bool any_seen = false;  // false after the handshake: a protocol v1 engine
    bool done = false;
    bool done_zero = false;  // the engine asked for more time (done=0)
};

class XboardClient final : public EngineClient {
public:
    explicit XboardClient(EngineConfig config);
    ~XboardClient() override;  // quit()

    XboardClient(const XboardClient&) = delete;
    XboardClient& operator=(const XboardClient&) = delete;

    Protocol protocol() const override { return Protocol::Xboard; }
    void start() override;
    void spawn() override;
    std::string engine_name() const override;
    std::string engine_author() const override { return {}; }
    const std::vector<EngineOption>& options() const override { return options_; }
    void set_option(const std::string& name, const std::string& value) override;
    void new_game(const TimeControl& time_control) override;
    bool is_ready(Millis timeout) override;
    void set_position(const std::string& fen, const std::vector<std::string>& moves) override;
    void check_limits(const SearchRequest& request) override;
    void start_search(const SearchRequest& request) override;
    SearchResult wait_search(Clock::time_point deadline) override;
    void ponderhit() override {}  // xboard engines ponder on their own (`hard`)
    void stop() override;
    void game_over(const std::string& result, const std::string& reason) override;
    void quit() override;
    EngineStatus status() const override { return session_.status(); }
    std::optional<process::ExitStatus> exit_status() const override { return session_.exit_status(); }
    void set_traffic_observer(TrafficObserver observer) override { session_.set_observer(std::move(observer)); }

    const XboardFeatures& features() const { return features_; }

private:
    struct PendingSearch {
        SearchResult result;
        bool stop_sent = false;
        bool done = false;
        LineKeeper kept;  // SearchRequest::keep_last_matching
    };

    // handshake & incoming lines (xboard_lines.cpp)
    void handshake();
    void handle_line(const process::OutputLine& line);
    void handle_features(std::string_view line);
    bool apply_feature(const std::string& name, const std::string& value);
    void handle_engine_move(const std::string& move, const process::OutputLine& line);
    void finish_search(Clock::time_point received);
    // A running search and a line stamped after its start: lines read late but written before
    // (a claim trailing the previous move) must not end this search.
    bool is_current(const process::OutputLine& line) const;
    void drain_queued_lines();
    bool pump_until(Clock::time_point deadline, const std::function<bool()>& done);

    // board & clock (xboard_client.cpp)
    void settle_search();
    void ensure_ready(Millis timeout);
    void check_variant_support() const;
    void send_new();
    void send_game_settings();
    void enter_force_mode();
    bool continues_board(const std::string& fen, const std::vector<std::string>& moves) const;
    void load_board(const std::string& fen);
    process::WriteStamp send_move(const std::vector<std::string>& moves, std::size_t index);
    std::string move_text(const std::vector<std::string>& moves, std::size_t index) const;
    void send_limits(const SearchRequest& request);
    // Sends a limit command; with ping, waits for the pong and throws OptionError when the engine
    // refused it (phalanx answers `sd` with "Illegal move: sd 1" and then thinks on its own clock).
    void send_limit(const std::string& command, const std::string& what);
    void handle_rejection(const std::string& rejected, std::string_view line);
    void send_clock(const ClockState& clock);

    EngineSession session_;
    XboardFeatures features_;
    std::vector<EngineOption> options_;

    TimeControl time_control_;
    bool level_sent_ = false;
    std::optional<long long> st_sent_;
    std::optional<int> sd_sent_;
    std::vector<std::string> limits_sent_;  // sd/st commands since the last `new`
    std::string refused_limit_;             // "'sd 1' (it answered 'Illegal move: sd 1')" once refused

    // The engine's board: start FEN plus the moves it has; engine_moved_[i] marks its own replies
    // (kept raw, possibly SAN). An empty fen means "unknown": the next position reloads it.
    std::string board_fen_;
    std::vector<std::string> board_moves_;
    std::vector<bool> engine_moved_;
    std::vector<std::string> pending_moves_;    // the caller's full move list for deferred moves
    std::optional<std::size_t> deferred_move_;  // index into pending_moves_, sent by start_search
    bool force_mode_ = false;
    std::vector<std::string> sent_move_texts_;  // as sent (maybe SAN), since the last board reload

    long ping_sent_ = 0;
    long pong_seen_ = 0;
    std::optional<PendingSearch> search_;
};

}  // namespace arbiter::protocol
