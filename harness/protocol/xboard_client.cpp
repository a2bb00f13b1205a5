// XboardClient: lifecycle, options, board synchronisation, clocks and searches.
#include "harness/protocol/xboard_client.h"

#include "harness/protocol/xboard_parse.h"

#include "harness/protocol/option_rules.h"
#include "harness/protocol/search_timing.h"
#include "harness/protocol/text.h"

#include <stdexcept>

namespace arbiter::protocol {

namespace {

long long centiseconds(Millis ms) { return ms.count() <= 0 ? 0 : ms.count() / 10; }

// Coordinate moves compared loosely: "e7e8Q", "e7e8=q" and "e7e8q" are the same move.
std::string canonical_coordinate(std::string_view move) {
    std::string out;
    for (const char c : move)
        if (c != '=') out.push_back(text::lower(c));
    return out;
}

}  // namespace

XboardClient::XboardClient(EngineConfig config) : session_(std::move(config)) {}

XboardClient::~XboardClient() { quit(); }

std::string XboardClient::engine_name() const {
    return features_.myname.empty() ? session_.config().name : features_.myname;
}

void XboardClient::spawn() { session_.spawn_only(); }

void XboardClient::start() {
    session_.spawn_unless_unused();
    features_ = {};
    options_.clear();
    search_.reset();
    board_fen_.clear();
    board_moves_.clear();
    engine_moved_.clear();
    sent_move_texts_.clear();
    deferred_move_.reset();
    force_mode_ = false;
    ping_sent_ = pong_seen_ = 0;

    handshake();
    check_variant_support();
    for (const auto& command : session_.config().init_commands) session_.send(command);
    set_configured_options(*this, session_.config());
    ensure_ready(session_.config().ready_timeout);
}

void XboardClient::ensure_ready(Millis timeout) {
    if (is_ready(timeout)) return;
    session_.require_healthy();  // throws for "not running", which leaves the status clean
    session_.throw_status();
}

bool XboardClient::is_ready(Millis timeout) {
    if (session_.failed() || !session_.running()) return false;
    if (!features_.ping) return true;  // v1 engines offer no way to check
    const long number = ++ping_sent_;
    try {
        session_.send("ping " + std::to_string(number));
    } catch (const EngineFailure&) {
        return false;  // status() says why
    }
    if (pump_until(Clock::now() + timeout, [&] { return pong_seen_ >= number; })) return true;
    session_.fail_timeout("did not answer ping within " + ms_text(timeout));
    return false;
}

void XboardClient::check_variant_support() const {
    if (!session_.config().chess960 || lists_variant(features_.variants, "fischerandom")) return;
    throw OptionError(session_.label() + " cannot play Chess960: " +
                      (features_.variants.empty()
                           ? std::string("it announces no feature variants")
                           : "its feature variants=\"" + features_.variants + "\" does not list fischerandom"));
}

// `new` forgets the variant: Chess960 is announced again each time, as cutechess does.
void XboardClient::send_new() {
    session_.send("new");
    if (session_.config().chess960) session_.send("variant fischerandom");
}

void XboardClient::set_option(const std::string& name, const std::string& value) {
    const auto send_number = [&](const char* command) {
        const auto number = text::parse_int<long long>(text::trim(value));
        if (!number || *number < 1)
            throw OptionError("invalid value '" + value + "' for option " + name + " of " + session_.label());
        settle_search();
        session_.send(std::string(command) + " " + std::to_string(*number));
    };
    if (const EngineOption* option = find_option(options_, name)) {
        const std::string checked = checked_option_value(*option, value, session_.label());
        settle_search();
        if (option->type == OptionType::Button) session_.send("option " + option->name);
        else if (option->type == OptionType::Check)
            session_.send("option " + option->name + "=" + (checked == "true" ? "1" : "0"));
        else session_.send("option " + option->name + "=" + checked);
    } else if ((text::iequals(name, "memory") || text::iequals(name, "Hash")) && features_.memory) {
        send_number("memory");  // the standard xboard spelling of a hash size in MB
    } else if ((text::iequals(name, "cores") || text::iequals(name, "Threads")) && features_.smp) {
        send_number("cores");
    } else {
        throw_unknown_option(name, session_.label());
    }
}

void XboardClient::new_game(const TimeControl& time_control) {
    settle_search();
    time_control_ = time_control;
    level_sent_ = false;
    // `new` resets the board, clocks, depth limit and puts the engine on black; `force` stops it
    // from moving on its own while we set up. `random` is deliberately not sent: it toggles, and
    // `new` already leaves it off.
    send_new();
    session_.send("force");
    force_mode_ = true;
    send_game_settings();
    session_.send("computer");
    board_fen_ = kStartFen;
    board_moves_.clear();
    engine_moved_.clear();
    sent_move_texts_.clear();
    deferred_move_.reset();
    ensure_ready(session_.config().newgame_timeout);
}

void XboardClient::send_game_settings() {
    session_.send("post");
    session_.send(session_.config().ponder ? "hard" : "easy");
    if (time_control_.has_clock()) {
        session_.send(format_level(time_control_));
        level_sent_ = true;
    }
    st_sent_.reset();  // `new` forgets sd; re-send st too rather than trust every engine
    sd_sent_.reset();
    limits_sent_.clear();
}

void XboardClient::enter_force_mode() {
    if (force_mode_) return;
    session_.send("force");
    force_mode_ = true;
}

void XboardClient::set_position(const std::string& fen, const std::vector<std::string>& moves) {
    settle_search();
    deferred_move_.reset();  // never sent, so the engine's board does not have it
    const std::string start = normalize_fen(fen);
    pending_moves_ = moves;
    if (continues_board(start, moves)) {
        const std::size_t known = board_moves_.size();
        if (known == moves.size()) return;
        if (!force_mode_ && known + 1 == moves.size()) {
            deferred_move_ = known;  // the opponent's reply: sent with the clock by start_search
            return;
        }
        enter_force_mode();
        for (std::size_t i = known; i < moves.size(); ++i) send_move(moves, i);
        return;
    }
    enter_force_mode();
    load_board(start);
    for (std::size_t i = 0; i < moves.size(); ++i) send_move(moves, i);
}

bool XboardClient::continues_board(const std::string& fen, const std::vector<std::string>& moves) const {
    if (board_fen_.empty() || fen != board_fen_ || moves.size() < board_moves_.size()) return false;
    for (std::size_t i = 0; i < board_moves_.size(); ++i) {
        if (moves[i] == board_moves_[i]) continue;
        // The engine's own SAN replies cannot be compared without the rules; the caller converted
        // them, so trust its version.
        const bool engine_san = engine_moved_[i] && !is_coordinate_move(board_moves_[i]);
        if (engine_san) continue;
        if (canonical_coordinate(moves[i]) != canonical_coordinate(board_moves_[i])) return false;
    }
    return true;
}

void XboardClient::load_board(const std::string& fen) {
    board_fen_ = fen;
    board_moves_.clear();
    engine_moved_.clear();
    sent_move_texts_.clear();
    if (features_.setboard) {
        session_.send("setboard " + fen);
        return;
    }
    // No setboard: start over with `new`, which also resets level/sd, so send the settings again.
    send_new();
    session_.send("force");
    send_game_settings();
    if (is_standard_start(fen)) return;
    // Edit mode keeps the side to move; a dummy move makes it black's turn when needed.
    if (!white_to_move(fen, 0)) {
        const std::string dummy = features_.san ? "a3" : "a2a3";
        session_.send(features_.usermove ? "usermove " + dummy : dummy);
    }
    for (const auto& command : edit_mode_commands(fen)) session_.send(command);
}

// In Chess960 xboard writes castling as O-O / O-O-O even in coordinate notation (e1h1 would be a
// king move for engines that do not know it), so castling goes out in SAN, as cutechess sends it.
std::string XboardClient::move_text(const std::vector<std::string>& moves, std::size_t index) const {
    const bool chess960 = session_.config().chess960;
    if (!features_.san && !chess960) return moves[index];
    const auto& to_san = session_.config().to_san;
    if (!to_san)
        throw OptionError(session_.label() +
                          (features_.san ? " asked for SAN moves (feature san=1)" : " plays Chess960") +
                          " but no SAN converter is configured");
    const std::vector<std::string> previous(moves.begin(), moves.begin() + static_cast<std::ptrdiff_t>(index));
    std::string san = to_san(board_fen_, previous, moves[index]);
    if (features_.san) return san;
    if (!san.starts_with("O-O")) return moves[index];
    while (san.back() == '+' || san.back() == '#') san.pop_back();
    return san;
}

process::WriteStamp XboardClient::send_move(const std::vector<std::string>& moves, std::size_t index) {
    const std::string move = move_text(moves, index);
    sent_move_texts_.push_back(move);
    const auto written = session_.send(features_.usermove ? "usermove " + move : move);
    board_moves_.push_back(moves[index]);
    engine_moved_.push_back(false);
    return written;
}

void XboardClient::send_limits(const SearchRequest& request) {
    if (request.nodes) throw OptionError("node limits are not supported for xboard " + session_.label());
    if (request.infinite || request.ponder)
        throw OptionError("infinite/ponder searches are not supported for xboard " + session_.label());
    if (request.movetime) {
        const long long seconds = st_seconds(*request.movetime);
        if (st_sent_ != seconds) send_limit("st " + std::to_string(seconds), "a time per move (st)");
        st_sent_ = seconds;
    }
    if (request.depth) {
        if (sd_sent_ != *request.depth) send_limit("sd " + std::to_string(*request.depth), "a search depth (sd)");
        sd_sent_ = *request.depth;
    }
}

void XboardClient::send_limit(const std::string& command, const std::string& what) {
    session_.send(command);
    limits_sent_.push_back(command);
    if (!features_.ping) return;  // no way to wait for a refusal: one during the search fails it
    refused_limit_.clear();
    ensure_ready(session_.config().ready_timeout);
    if (!refused_limit_.empty())
        throw OptionError(session_.label() + " cannot be given " + what + ": it refused " + refused_limit_);
}

void XboardClient::send_clock(const ClockState& clock) {
    const std::size_t moves_before = board_moves_.size() + (deferred_move_ ? 1 : 0);
    const bool white = white_to_move(board_fen_, moves_before);
    const Millis own = white ? clock.wtime : clock.btime;
    const Millis opponent = white ? clock.btime : clock.wtime;
    if (!level_sent_) {
        // No time control was announced for this game: describe the current clock instead, so
        // the engine at least knows its increment and remaining moves.
        const Millis increment = white ? clock.winc : clock.binc;
        session_.send(format_level({clock.movestogo, own, increment}));
        level_sent_ = true;
    }
    if (!features_.time) return;
    session_.send("time " + std::to_string(centiseconds(own)));
    session_.send("otim " + std::to_string(centiseconds(opponent)));
}

void XboardClient::check_limits(const SearchRequest& request) {
    settle_search();
    send_limits(request);
}

void XboardClient::start_search(const SearchRequest& request) {
    settle_search();
    if (board_fen_.empty())
        throw EngineFailure(EngineError::Protocol, session_.label() + ": no position set before the search");
    send_limits(request);
    if (request.clock) send_clock(*request.clock);
    PendingSearch search;
    search.kept = LineKeeper(request.keep_last_matching);
    if (deferred_move_) {
        mark_started(search.result, send_move(pending_moves_, *deferred_move_));
        deferred_move_.reset();
    } else {
        mark_started(search.result, session_.send("go"));
    }
    force_mode_ = false;
    search_ = std::move(search);
}

SearchResult XboardClient::wait_search(Clock::time_point deadline) {
    if (!search_) throw std::logic_error("wait_search without a running search");
    if (pump_until(deadline, [this] { return search_->done; })) {
        drain_queued_lines();
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
        result.timed_out = true;  // still pending; stop() + wait_search() may collect the move
    }
    return result;
}

void XboardClient::stop() {
    if (!search_ || search_->done || search_->stop_sent || session_.failed()) return;
    session_.send("?");
    search_->stop_sent = true;
}

void XboardClient::settle_search() {
    session_.require_healthy();
    if (!search_) return;
    if (!search_->done) {
        stop();
        const Millis grace = session_.config().stop_grace;
        if (!pump_until(Clock::now() + grace, [this] { return search_->done; })) {
            // Some engines ignore `?`; a stuck search leaves the board state unknowable.
            session_.fail_timeout("did not move within " + ms_text(grace) + " of '?'");
            search_.reset();
            session_.throw_status();
        }
    }
    search_.reset();
}

void XboardClient::game_over(const std::string& result, const std::string& reason) {
    if (!session_.running() || session_.failed()) return;
    try {
        search_.reset();
        session_.send("result " + result + (reason.empty() ? "" : " {" + reason + "}"));
        enter_force_mode();
        board_fen_.clear();
    } catch (const EngineFailure&) {
        // Reported through status(); the game is over anyway.
    }
}

void XboardClient::quit() {
    search_.reset();
    session_.shutdown("quit", features_.sigterm);
}

}  // namespace arbiter::protocol
