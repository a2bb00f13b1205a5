// EngineClient for the Universal Chess Interface.
#pragma once

#include "harness/protocol/engine_client.h"
#include "harness/protocol/engine_session.h"
#include "harness/protocol/kept_lines.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::protocol {

class UciClient final : public EngineClient {
public:
    explicit UciClient(EngineConfig config);
    ~UciClient() override;  // quit()

    UciClient(const UciClient&) = delete;
    UciClient& operator=(const UciClient&) = delete;

    Protocol protocol() const override { return Protocol::Uci; }
    void start() override;
    void spawn() override;
    std::string engine_name() const override;
    std::string engine_author() const override { return author_; }
    const std::vector<EngineOption>& options() const override { return options_; }
    void set_option(const std::string& name, const std::string& value) override;
    void new_game(const TimeControl& time_control) override;
    bool is_ready(Millis timeout) override;
    void set_position(const std::string& fen, const std::vector<std::string>& moves) override;
    void start_search(const SearchRequest& request) override;
    SearchResult wait_search(Clock::time_point deadline) override;
    void ponderhit() override;
    void stop() override;
    void game_over(const std::string& result, const std::string& reason) override;
    void quit() override;
    EngineStatus status() const override { return session_.status(); }
    std::optional<process::ExitStatus> exit_status() const override { return session_.exit_status(); }
    void set_traffic_observer(TrafficObserver observer) override { session_.set_observer(std::move(observer)); }

private:
    struct PendingSearch {
        SearchResult result;
        // When `go` was written. Lines stamped earlier belong to an older search even if they
        // are read now (ponderhit moves result.started, not this).
        Clock::time_point issued;
        bool ponder = false;
        bool stop_sent = false;
        bool done = false;
        LineKeeper kept;  // SearchRequest::keep_last_matching
    };

    void handshake();
    // Chess960 games: UCI_Chess960 on, unless the configuration sets it; OptionError without it.
    void enter_chess960();
    void handle_line(const process::OutputLine& line);
    void handle_bestmove(const process::OutputLine& line);
    void keep_info(std::string_view text);
    bool is_current(const process::OutputLine& line) const;
    // Feeds lines to handle_line until `done` holds (true), the deadline passes or the engine dies.
    bool pump_until(Clock::time_point deadline, const std::function<bool()>& done);
    // Makes sure no search is running (stop + wait stop_grace); throws if the engine stalls.
    void settle_search();
    void ensure_ready(Millis timeout);
    // Sends `line`, preceded by the position set_position left unsent, in one write.
    process::WriteStamp send(std::string_view line);

    EngineSession session_;
    // set_position's command waits for the next command (normally "go") so that both reach the
    // engine in one write and wake it once.
    std::string unsent_position_;
    std::string go_line_;  // the last `go` line, its buffer reused by the next
    std::string name_;
    std::string author_;
    std::vector<EngineOption> options_;
    bool uciok_ = false;
    long ready_requests_ = 0;  // isready sent; a late readyok pairs with the oldest unanswered one
    long ready_replies_ = 0;
    std::optional<PendingSearch> search_;
};

}  // namespace arbiter::protocol
