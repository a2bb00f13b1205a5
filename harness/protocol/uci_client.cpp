#include "harness/protocol/uci_client.h"

#include "harness/protocol/uci_parse.h"

#include "harness/protocol/option_rules.h"
#include "harness/protocol/search_timing.h"
#include "harness/protocol/text.h"

#include <algorithm>
#include <stdexcept>

namespace arbiter::protocol {

UciClient::UciClient(EngineConfig config) : session_(std::move(config)) {}

UciClient::~UciClient() { quit(); }

std::string UciClient::engine_name() const { return name_.empty() ? session_.config().name : name_; }

void UciClient::spawn() { session_.spawn_only(); }

void UciClient::start() {
    session_.spawn_unless_unused();
    name_.clear();
    author_.clear();
    options_.clear();
    uciok_ = false;
    ready_requests_ = ready_replies_ = 0;
    search_.reset();
    unsent_position_.clear();

    handshake();
    for (const auto& command : session_.config().init_commands) send(command);
    set_configured_options(*this, session_.config());
    if (session_.config().chess960) enter_chess960();
    ensure_ready(session_.config().ready_timeout);
}

void UciClient::enter_chess960() {
    const auto& configured = session_.config().options;
    const bool set_by_user = std::any_of(configured.begin(), configured.end(), [](const auto& option) {
        return text::iequals(option.first, "UCI_Chess960");
    });
    if (set_by_user) return;
    if (find_option(options_, "UCI_Chess960") == nullptr)
        throw OptionError(session_.label() + " cannot play Chess960: it declares no UCI_Chess960 option");
    set_option("UCI_Chess960", "true");
}

void UciClient::handshake() {
    send("uci");
    const Millis timeout = session_.config().handshake_timeout;
    if (pump_until(Clock::now() + timeout, [this] { return uciok_; })) return;
    if (!session_.failed()) session_.fail_timeout("did not send uciok within " + ms_text(timeout));
    session_.throw_status();
}

void UciClient::ensure_ready(Millis timeout) {
    if (is_ready(timeout)) return;
    session_.require_healthy();  // throws for "not running", which leaves the status clean
    session_.throw_status();
}

void UciClient::set_option(const std::string& name, const std::string& value) {
    const EngineOption* option = find_option(options_, name);
    if (option == nullptr) throw_unknown_option(name, session_.label());
    const std::string checked = checked_option_value(*option, value, session_.label());
    settle_search();
    if (option->type == OptionType::Button) send("setoption name " + option->name);
    else send("setoption name " + option->name + " value " + checked);
}

void UciClient::new_game(const TimeControl&) {
    settle_search();
    const EngineConfig& config = session_.config();
    if (config.debug) send("debug on");
    send("ucinewgame");
    // As cutechess: only an engine that declares Ponder is told, whichever way it is set.
    if (const EngineOption* ponder = find_option(options_, "Ponder"); ponder && ponder->type == OptionType::Check)
        send("setoption name " + ponder->name + " value " + (config.ponder ? "true" : "false"));
    // Engines may clear big hash tables here; isready is the spec's way to wait for that.
    ensure_ready(config.newgame_timeout);
}

bool UciClient::is_ready(Millis timeout) {
    if (session_.failed() || !session_.running()) return false;
    try {
        send("isready");
    } catch (const EngineFailure&) {
        return false;  // status() says why
    }
    const long wanted = ++ready_requests_;
    if (pump_until(Clock::now() + timeout, [&] { return ready_replies_ >= wanted; })) return true;
    session_.fail_timeout("did not answer isready within " + ms_text(timeout));
    return false;
}

void UciClient::set_position(const std::string& fen, const std::vector<std::string>& moves) {
    settle_search();
    format_uci_position_into(unsent_position_, fen, moves);
}

void UciClient::start_search(const SearchRequest& request) {
    settle_search();
    format_uci_go_into(go_line_, request);
    PendingSearch search;
    search.ponder = request.ponder;
    search.kept = LineKeeper(request.keep_last_matching);
    mark_started(search.result, send(go_line_));
    search.issued = search.result.write_began;
    search_ = std::move(search);
}

SearchResult UciClient::wait_search(Clock::time_point deadline) {
    if (!search_) throw std::logic_error("wait_search without a running search");
    if (pump_until(deadline, [this] { return search_->done; })) {
        SearchResult result = std::move(search_->result);
        result.kept_lines = search_->kept.kept();
        search_.reset();
        return result;
    }
    SearchResult result = search_->result;
    result.kept_lines = search_->kept.kept();
    mark_finished(result, Clock::now());
    if (session_.failed()) {
        result.error = session_.status().error;
        result.error_message = session_.status().message;
        search_.reset();
    } else {
        result.timed_out = true;  // search_ stays pending: a late bestmove can still be collected
    }
    return result;
}

void UciClient::ponderhit() {
    if (!search_ || !search_->ponder || search_->done) return;
    // From here on it is a normal search on the engine's own clock, so timing restarts.
    mark_started(search_->result, send("ponderhit"));
    search_->ponder = false;
}

void UciClient::stop() {
    if (!search_ || search_->done || search_->stop_sent || session_.failed()) return;
    send("stop");
    search_->stop_sent = true;
}

void UciClient::settle_search() {
    session_.require_healthy();
    if (!search_) return;
    if (!search_->done) {
        stop();
        const Millis grace = session_.config().stop_grace;
        if (!pump_until(Clock::now() + grace, [this] { return search_->done; })) {
            session_.fail_timeout("did not send bestmove within " + ms_text(grace) + " of stop");
            search_.reset();
            session_.throw_status();
        }
    }
    search_.reset();
}

void UciClient::game_over(const std::string&, const std::string&) {}

void UciClient::quit() {
    search_.reset();
    session_.shutdown("quit", true);
}

process::WriteStamp UciClient::send(std::string_view line) {
    if (unsent_position_.empty()) return session_.send(line);
    // Cleared whether or not the write succeeds, keeping its capacity for the next move's line.
    struct ClearAfterSend {
        std::string& text;
        ~ClearAfterSend() { text.clear(); }
    } clear_after{unsent_position_};
    const std::string_view lines[] = {unsent_position_, line};
    return session_.send(lines);
}

bool UciClient::pump_until(Clock::time_point deadline, const std::function<bool()>& done) {
    return session_.pump_until(deadline, done, [this](const process::OutputLine& line) { handle_line(line); });
}

void UciClient::handle_line(const process::OutputLine& line) {
    const std::string_view text = text::trim(line.text);
    if (is_current(line)) search_->kept.see(text);
    if (text::starts_with_word(text, "info")) {
        if (is_current(line)) keep_info(text);
    } else if (text::starts_with_word(text, "bestmove")) {
        handle_bestmove(line);
    } else if (text == "readyok") {
        ++ready_replies_;
    } else if (text::starts_with_word(text, "option")) {
        if (auto option = parse_uci_option(text)) {
            if (EngineOption* existing = find_option(options_, option->name)) *existing = std::move(*option);
            else options_.push_back(std::move(*option));
        }
    } else if (text::starts_with_word(text, "id")) {
        const auto tokens = text::split(text);
        if (tokens.size() >= 3 && tokens[1] == "name")
            name_ = std::string(text::trim(text.substr(tokens[2].data() - text.data())));
        if (tokens.size() >= 3 && tokens[1] == "author")
            author_ = std::string(text::trim(text.substr(tokens[2].data() - text.data())));
    } else if (text == "uciok") {
        uciok_ = true;
    }
    // Anything else (banners, copyprotection, registration, garbage) is deliberately ignored.
}

void UciClient::keep_info(std::string_view text) {
    SearchInfo info = parse_uci_info(text);
    if (session_.config().keep_info_lines && info.score && !info.string)
        search_->result.info_lines.emplace_back(std::string(text), info);
    merge_search_info(search_->result.info, std::move(info));
}

bool UciClient::is_current(const process::OutputLine& line) const {
    return search_ && !search_->done && line.received >= search_->issued;
}

void UciClient::handle_bestmove(const process::OutputLine& line) {
    // A bestmove with no search pending answers a search we already gave up on: drop it.
    if (!is_current(line)) return;
    const auto best = parse_bestmove(text::trim(line.text));
    SearchResult& result = search_->result;
    result.bestmove = best ? best->move : std::string{};
    result.ponder = best ? best->ponder : std::string{};
    mark_finished(result, line.received);
    search_->done = true;
}

}  // namespace arbiter::protocol
