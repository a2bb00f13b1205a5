// XboardClient: feature negotiation and everything the engine sends us.
#include "harness/protocol/xboard_client.h"

#include "harness/protocol/uci_parse.h"
#include "harness/protocol/xboard_parse.h"

#include "harness/protocol/option_rules.h"
#include "harness/protocol/search_timing.h"
#include "harness/protocol/text.h"

#include <algorithm>

namespace arbiter::protocol {

namespace {

bool flag(const std::string& value) { return value == "1"; }

}  // namespace

void XboardClient::handshake() {
    session_.send("xboard");
    session_.send("protover 2");
    const auto started = Clock::now();
    auto deadline = started + session_.config().feature_timeout;
    while (!features_.done) {
        auto line = session_.read(deadline);
        if (!line) {
            if (session_.failed()) session_.throw_status();
            if (!features_.done_zero) return;  // silence: v1 engine, or v2 without done=1
            session_.fail_timeout("sent done=0 but no done=1 within " + ms_text(session_.config().handshake_timeout));
            session_.throw_status();
        }
        handle_line(*line);
        // done=0 means "I need longer than the usual two seconds to start".
        if (features_.done_zero) deadline = started + session_.config().handshake_timeout;
    }
}

bool XboardClient::pump_until(Clock::time_point deadline, const std::function<bool()>& done) {
    return session_.pump_until(deadline, done, [this](const process::OutputLine& line) { handle_line(line); });
}

void XboardClient::handle_line(const process::OutputLine& line) {
    const std::string_view text = text::trim(line.text);
    if (is_current(line)) search_->kept.see(text);
    if (auto move = parse_move_reply(text)) {
        handle_engine_move(*move, line);
    } else if (auto info = parse_thinking_line(text)) {
        if (is_current(line)) merge_search_info(search_->result.info, *info);
    } else if (text::starts_with_word(text, "pong")) {
        const auto tokens = text::split(text);
        if (tokens.size() > 1)
            if (auto number = text::parse_int<long>(tokens[1])) pong_seen_ = std::max(pong_seen_, *number);
    } else if (text::starts_with_word(text, "feature")) {
        handle_features(text);
    } else if (text == "resign") {
        if (is_current(line)) {
            search_->result.resigned = true;
            finish_search(line.received);
        }
    } else if (text::starts_with_word(text, "offer")) {
        if (search_ && line.received >= search_->result.write_began) search_->result.offered_draw = true;
    } else if (auto claim = parse_result_claim(text)) {
        // Either instead of a move (ends the search) or right after it (see drain_queued_lines).
        if (search_ && line.received >= search_->result.write_began) {
            search_->result.claimed_result = *claim;
            if (!search_->done) finish_search(line.received);
        }
    } else if (auto rejected = parse_rejection(text)) {
        handle_rejection(*rejected, text);
    }
    // Everything else (banners, tellics/telluser, "Error (...)", '#' debug lines) needs no
    // reaction; the traffic observer has already seen it.
}

// Unknown commands are also answered "Illegal move: CMD" by some engines (phalanx with `sd`): a
// refused move means the boards disagree, a refused limit that the search would run unlimited.
// Anything else refused (`computer`, `post`, ...) does no harm.
void XboardClient::handle_rejection(const std::string& rejected, std::string_view line) {
    const std::string first_word = rejected.substr(0, rejected.find(' '));
    const bool illegal_move = line.starts_with("Illegal move");
    const bool our_move =
        illegal_move && !first_word.empty() &&
        std::find(sent_move_texts_.begin(), sent_move_texts_.end(), first_word) != sent_move_texts_.end();
    if (our_move) {
        session_.fail(EngineError::Protocol,
                      session_.label() + " rejected move " + first_word + ": " + std::string(line));
        board_fen_.clear();
        return;
    }
    const auto limit = std::find_if(limits_sent_.begin(), limits_sent_.end(), [&](const std::string& command) {
        return command == rejected || (!first_word.empty() && command.starts_with(first_word + " "));
    });
    if (limit == limits_sent_.end()) return;
    refused_limit_ = "'" + *limit + "' (it answered '" + std::string(line) + "')";
    if (search_ && !search_->done)
        session_.fail(EngineError::Protocol,
                      session_.label() + " refused " + refused_limit_ + ", so its search has no limit");
}

void XboardClient::handle_engine_move(const std::string& move, const process::OutputLine& line) {
    // Whether or not we asked for it, the move is now on the engine's board.
    board_moves_.push_back(move);
    engine_moved_.push_back(true);
    force_mode_ = false;
    if (!is_current(line)) {
        board_fen_.clear();  // an unrequested move: reload the board before the next search
        return;
    }
    search_->result.bestmove = move;
    search_->result.move_is_san = !is_coordinate_move(move);
    finish_search(line.received);
}

bool XboardClient::is_current(const process::OutputLine& line) const {
    return search_ && !search_->done && line.received >= search_->result.write_began;
}

void XboardClient::drain_queued_lines() {
    // Engines send "move X" and a result claim back to back, often as two writes. Give the
    // follow-up 1 ms after the move arrived (the move's timing is already fixed); a claim later
    // than that is treated as stale by the next search. Bounded: a pondering engine keeps talking.
    const auto window_end = search_->result.finished + std::chrono::milliseconds(1);
    for (int i = 0; i < 64; ++i) {
        auto line = session_.read(std::max(window_end, Clock::now()));
        if (!line) return;
        handle_line(*line);
    }
}

void XboardClient::finish_search(Clock::time_point received) {
    mark_finished(search_->result, received);
    search_->done = true;
}

void XboardClient::handle_features(std::string_view line) {
    for (const auto& feature : parse_feature_line(line)) {
        features_.any_seen = true;
        const bool accepted = apply_feature(feature.name, feature.value);
        session_.send((accepted ? "accepted " : "rejected ") + feature.name);
    }
}

// Returns whether we support the feature (the engine is told so either way).
bool XboardClient::apply_feature(const std::string& name, const std::string& value) {
    if (name == "ping") features_.ping = flag(value);
    else if (name == "setboard") features_.setboard = flag(value);
    else if (name == "san") features_.san = flag(value);
    else if (name == "usermove") features_.usermove = flag(value);
    else if (name == "time") features_.time = flag(value);
    else if (name == "draw") features_.draw = flag(value);
    else if (name == "sigint") features_.sigint = flag(value);
    else if (name == "sigterm") features_.sigterm = flag(value);
    else if (name == "reuse") features_.reuse = flag(value);
    else if (name == "analyze") features_.analyze = flag(value);
    else if (name == "colors") features_.colors = flag(value);
    else if (name == "memory") features_.memory = flag(value);
    else if (name == "smp") features_.smp = flag(value);
    else if (name == "myname") features_.myname = value;
    else if (name == "variants") features_.variants = value;
    else if (name == "name" || name == "debug") {
        // Harmless to accept: we simply never send `name`, and debug lines start with '#'.
    } else if (name == "option") {
        auto option = parse_xboard_option(value);
        if (!option) return false;
        if (EngineOption* existing = find_option(options_, option->name)) *existing = std::move(*option);
        else options_.push_back(std::move(*option));
    } else if (name == "done") {
        features_.done = flag(value);
        features_.done_zero = features_.done_zero || !features_.done;
    } else {
        return false;  // ics, pause, nps, playother, egt, exclude, ...: not implemented here
    }
    return true;
}

}  // namespace arbiter::protocol
