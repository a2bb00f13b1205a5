// The move loop of one game. Order of checks after an engine replies follows cutechess: first the
// engine's health, then its clock (a move that arrives after the flag fell is not played), then
// resignations and claims, then the move itself, then the board and adjudication.
#include <stdexcept>

#include "harness/adjudication/adjudicator.h"
#include "engine/chess/san.h"
#include "harness/game/engine_move.h"
#include "harness/game/game.h"
#include "harness/game/pv_check.h"
#include "harness/game/search_limits.h"
#include "harness/tc/clock.h"

namespace arbiter::game {
namespace {

using adjudication::Outcome;
using protocol::Clock;

adjudication::Score adjudication_score(const std::optional<protocol::Score>& score) {
    if (!score) return adjudication::Score::none();
    if (score->kind == protocol::ScoreKind::Mate) return adjudication::Score::mate(score->value);
    return adjudication::Score::cp(score->value);
}

class GameLoop {
public:
    GameLoop(protocol::EngineClient& white, protocol::EngineClient& black, const GameSetup& setup,
             const std::atomic<bool>& stop)
        : engines_{&white, &black},
          setup_(setup),
          stop_(stop),
          adjudicator_(setup.rules),
          clock_(setup.white_tc, setup.black_tc) {}

    PlayedGame run();

private:
    // The engine of `side` searches a guessed position on its opponent's time (UCI `go ponder`).
    struct Pondering {
        chess::Color side = chess::WHITE;
        std::string guess;  // the opponent's move it expects, in UCI notation
    };

    std::optional<Outcome> play_book();
    std::optional<Outcome> play_engine_move();
    std::optional<chess::Move> own_book_move(chess::Color side) const;
    bool continue_pondering(chess::Color side);
    void start_pondering(chess::Color side, const std::string& guess);
    void drop_pondering();
    std::optional<protocol::SearchResult> wait_for_move(protocol::EngineClient& engine, chess::Color side);
    std::optional<Outcome> judge_reply(protocol::SearchResult& reply, chess::Color side);
    std::optional<Outcome> after_engine_move(const protocol::SearchResult& reply, chess::Color side,
                                             const std::optional<protocol::Score>& score);
    std::optional<Outcome> judge_claim(const std::string& claim, chess::Color side);
    std::optional<Outcome> trusted_claim(const std::string& claim) const;
    void inspect_reply(const protocol::SearchResult& reply, chess::Color side, bool legal) const;
    Outcome engine_failure(chess::Color side, protocol::EngineError error, const std::string& message);
    Outcome illegal(chess::Color side, const std::string& text);
    std::optional<Outcome> apply_move(chess::Move move, PlayedMove record, const adjudication::MoveReport& report);
    void tell_engines(const Outcome& outcome);

    protocol::EngineClient* engines_[2];
    const GameSetup& setup_;
    const std::atomic<bool>& stop_;
    adjudication::Adjudicator adjudicator_;
    tc::GameClock clock_;
    chess::Position position_;
    std::string engine_fen_;  // start position as sent to engines ("startpos" if standard)
    std::string xboard_fen_;  // the same for xboard engines (X-FEN in Chess960)
    const std::string& start_fen_for(const protocol::EngineClient& engine) const {
        return engine.protocol() == protocol::Protocol::Xboard ? xboard_fen_ : engine_fen_;
    }
    std::vector<std::string> uci_moves_;  // everything played, book included, as sent to engines
    // The position after the last capture or pawn move (engine_fen_ before any), and how many of
    // uci_moves_ lead to it: where `history=since-irreversible` engines are told to start.
    std::string irreversible_fen_;
    std::size_t irreversible_ply_ = 0;
    const bool sends_irreversible_fen_ = setup_.players[chess::WHITE].history_since_irreversible ||
                                         setup_.players[chess::BLACK].history_since_irreversible;
    std::vector<std::string> sent_moves_;  // the moves of a position sent from elsewhere than the start
    void send_position(protocol::EngineClient& engine, chess::Color side, const std::string* extra_move = nullptr);
    std::optional<Pondering> pondering_;
    PlayedGame game_;
};

PlayedGame GameLoop::run() {
    game_.started = std::chrono::system_clock::now();
    game_.start_fen = setup_.start_fen.empty() ? std::string(chess::kStartFen) : setup_.start_fen;
    try {
        position_.set_fen(game_.start_fen, setup_.chess960);
    } catch (const chess::FenError& error) {
        throw std::invalid_argument("opening '" + setup_.opening_id + "': " + error.what());
    }
    // The standard start goes out as `startpos`, as cutechess sends it; some engines know no more.
    const bool standard = !setup_.chess960 && position_.fen() == chess::Position().fen();
    // Chess960 as cutechess sends it: Shredder-FEN to UCI engines, X-FEN to xboard engines.
    engine_fen_ = standard ? "startpos" : setup_.chess960 ? position_.fen() : game_.start_fen;
    xboard_fen_ = standard ? "startpos" : setup_.chess960 ? position_.xfen() : game_.start_fen;
    irreversible_fen_ = engine_fen_;
    std::optional<Outcome> outcome = adjudication::rule_ending(position_);
    if (!outcome) outcome = play_book();
    while (!outcome) {
        if (stop_.load()) outcome = adjudication::interrupted();
        else outcome = play_engine_move();
    }
    drop_pondering();
    game_.outcome = *outcome;
    game_.final_fen = position_.fen();
    game_.finished = std::chrono::system_clock::now();
    if (game_.outcome.finished()) tell_engines(game_.outcome);
    return std::move(game_);
}

std::optional<Outcome> GameLoop::play_book() {
    for (const auto& text : setup_.book_moves) {
        chess::Move move;
        try {
            move = chess::parse_uci(position_, text);
        } catch (const chess::MoveParseError& error) {
            throw std::invalid_argument("opening '" + setup_.opening_id + "': " + error.what());
        }
        PlayedMove record;
        record.book = true;
        adjudication::MoveReport report{position_.side_to_move(), true, 0, adjudication::Score::none()};
        if (auto outcome = apply_move(move, std::move(record), report)) return outcome;
    }
    return std::nullopt;
}

std::optional<Outcome> GameLoop::play_engine_move() {
    const chess::Color side = position_.side_to_move();
    if (const std::optional<chess::Move> move = own_book_move(side)) {
        drop_pondering();  // every guess was about an engine's move
        adjudication::MoveReport report{side, true, 0, adjudication::Score::none()};
        PlayedMove record;
        record.book = true;
        return apply_move(*move, std::move(record), report);
    }
    protocol::EngineClient& engine = *engines_[side];
    try {
        if (!continue_pondering(side)) {
            send_position(engine, side);
            protocol::SearchRequest request = search_request(clock_.go_limits(side));
            request.keep_last_matching = setup_.keep_lines;
            engine.start_search(request);
        }
    } catch (const protocol::EngineFailure& failure) {
        return engine_failure(side, failure.kind(), failure.what());
    }
    std::optional<protocol::SearchResult> reply = wait_for_move(engine, side);
    if (!reply) return adjudication::interrupted();
    return judge_reply(*reply, side);
}

// cutechess's `book=`/`bookdepth=`: the side's own book is asked while the game is shallow enough.
std::optional<chess::Move> GameLoop::own_book_move(chess::Color side) const {
    const PlayerRules& player = setup_.players[side];
    if (!player.book || static_cast<int>(uci_moves_.size()) >= player.book_plies) return std::nullopt;
    return player.book(position_);
}

// True when the engine to move pondered on the move just played: `ponderhit` turns its search into
// the real one, timed from now. A wrong guess is stopped; set_position collects its move.
bool GameLoop::continue_pondering(chess::Color side) {
    if (!pondering_ || pondering_->side != side) return false;
    const bool hit = !uci_moves_.empty() && uci_moves_.back() == pondering_->guess;
    pondering_.reset();
    if (hit) engines_[side]->ponderhit();
    else engines_[side]->stop();
    return hit;
}

// After its own move, a pondering UCI engine searches the position after the move it expects in
// reply, with the clocks as they stand (xboard engines ponder by themselves, told `hard`).
void GameLoop::start_pondering(chess::Color side, const std::string& guess) {
    protocol::EngineClient& engine = *engines_[side];
    if (!setup_.players[side].ponder || guess.empty() || engine.protocol() != protocol::Protocol::Uci) return;
    chess::Position after = position_;
    try {
        after.make_move(chess::parse_uci(position_, guess));
    } catch (const chess::MoveParseError&) {
        return;  // an illegal guess is the engine's business, not a reason to stop the game
    }
    if (chess::adjudicate(after) != chess::Termination::None) return;
    protocol::SearchRequest request = search_request(clock_.go_limits(side));
    request.ponder = true;
    request.keep_last_matching = setup_.keep_lines;
    try {
        send_position(engine, side, &guess);
        engine.start_search(request);
        pondering_ = Pondering{side, guess};
    } catch (const protocol::EngineFailure&) {
        // A dead engine is found when it is asked for its next move.
    }
}

void GameLoop::drop_pondering() {
    if (!pondering_) return;
    try {
        engines_[pondering_->side]->stop();
    } catch (const protocol::EngineFailure&) {
        // As above: its next command reports it.
    }
    pondering_.reset();
}

// Waits in short slices so that a stop request is noticed within stop_poll even during a long
// think; the protocol layer keeps the search pending between slices.
std::optional<protocol::SearchResult> GameLoop::wait_for_move(protocol::EngineClient& engine, chess::Color side) {
    const auto budget = clock_.side(side).move_deadline();
    // One extra millisecond: a reply at exactly the limit is still measured, and the clock (not
    // this wait) decides whether the flag fell.
    const Clock::time_point deadline =
        Clock::now() + (budget ? *budget + std::chrono::milliseconds(1) : setup_.stall_timeout);
    for (;;) {
        if (stop_.load()) {
            engine.stop();
            return std::nullopt;
        }
        const Clock::time_point slice = std::min(deadline, Clock::now() + setup_.stop_poll);
        protocol::SearchResult reply = engine.wait_search(slice);
        if (!reply.timed_out || slice >= deadline) return reply;
    }
}

// The reply's PV and kept lines move into the game's record: nothing reads them after it.
std::optional<Outcome> GameLoop::judge_reply(protocol::SearchResult& reply, chess::Color side) {
    if (reply.error != protocol::EngineError::None) return engine_failure(side, reply.error, reply.error_message);
    const bool timed = clock_.side(side).control().is_timed();
    if (reply.timed_out && !timed) {
        return engine_failure(side, protocol::EngineError::Timeout,
                              std::string(adjudication::side_name(side)) + " sent no move within " +
                                  std::to_string(setup_.stall_timeout.count()) + " ms");
    }
    const tc::MoveTiming timing = clock_.record_move(side, reply.elapsed);
    if (reply.timed_out || timing.flag_fell) return adjudication::time_forfeit(side);
    if (reply.resigned) return adjudication::resignation(side);
    if (reply.bestmove.empty() && !reply.claimed_result.empty()) return judge_claim(reply.claimed_result, side);

    const std::optional<chess::Move> move = parse_engine_move(position_, reply.bestmove, reply.move_is_san);
    inspect_reply(reply, side, move.has_value());
    if (!move) return illegal(side, reply.bestmove);

    // whitepov: the engine speaks for White; arbiter keeps every score from the mover's side.
    std::optional<protocol::Score> score = reply.info.score;
    if (score && setup_.players[side].white_pov && side == chess::BLACK) {
        score->value = -score->value;
        if (score->bound != protocol::ScoreBound::Exact)
            score->bound =
                score->bound == protocol::ScoreBound::Lower ? protocol::ScoreBound::Upper : protocol::ScoreBound::Lower;
    }
    PlayedMove record;
    record.time_ms = timing.used_ms;
    record.measured = std::chrono::duration_cast<std::chrono::microseconds>(reply.elapsed);
    if (clock_.side(side).control().is_timed()) record.clock_ms = timing.remaining_ms;
    if (reply.info.time) record.engine_time_ms = reply.info.time->count();
    record.score = score;
    record.depth = reply.info.depth;
    record.seldepth = reply.info.seldepth;
    record.nodes = reply.info.nodes;
    record.nps = reply.info.nps;
    record.pv = std::move(reply.info.pv);
    record.hashfull = reply.info.hashfull;
    record.tbhits = reply.info.tbhits;
    record.kept_lines = std::move(reply.kept_lines);
    adjudication::MoveReport report{side, false, reply.info.depth.value_or(0), adjudication_score(score)};
    if (auto outcome = apply_move(*move, std::move(record), report)) return outcome;
    return after_engine_move(reply, side, score);
}

// The game goes on after the move: a trusted engine's claim or mate score may still end it
// (cutechess's `trust`), else the mover may ponder.
std::optional<Outcome> GameLoop::after_engine_move(const protocol::SearchResult& reply, chess::Color side,
                                                   const std::optional<protocol::Score>& score) {
    if (setup_.players[side].trusted) {
        if (auto outcome = trusted_claim(reply.claimed_result)) return outcome;
        // cutechess adjudicates a trusted engine's mate within 100 moves as its win.
        if (score && score->kind == protocol::ScoreKind::Mate && score->bound == protocol::ScoreBound::Exact &&
            score->value > 0 && adjudication::mate_plies(score->value) <= 200) {
            Outcome outcome = adjudication::win_adjudication(side);
            outcome.description += ": trusted mate score";
            return outcome;
        }
    }
    start_pondering(side, reply.ponder);
    return std::nullopt;
}

// fastchess's PV warnings and -show-latency's line for one reply, before its move is played.
void GameLoop::inspect_reply(const protocol::SearchResult& reply, chess::Color side, bool legal) const {
    if (!setup_.report) return;
    const std::string& name = side == chess::WHITE ? setup_.white_name : setup_.black_name;
    if (setup_.show_latency) {
        const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(reply.elapsed).count();
        const auto reported = reply.info.time ? reply.info.time->count() : 0;
        setup_.report("Engine " + name + " latency: " + std::to_string(elapsed - reported) +
                      "ms (elapsed: " + std::to_string(elapsed) + ", reported: " + std::to_string(reported) + ")");
    }
    if (setup_.pv_check == PvCheck::off) return;
    for (const auto& [text, info] : reply.info_lines) {
        if (auto warning = check_pv(position_, info, setup_.pv_check == PvCheck::mates, name))
            setup_.report(pv_warning_block(*warning, text, engine_fen_, uci_moves_));
    }
    const std::string bestmove = legal ? reply.bestmove : std::string();
    if (auto mismatch = check_bestmove(reply.info_lines, bestmove, name))
        setup_.report(pv_warning_block(mismatch->warning, mismatch->info_line, engine_fen_, uci_moves_));
}

// An xboard engine announced a result instead of moving. A claim the board confirms ends the game
// as the board says; any other claim is a false claim and loses, as under cutechess.
std::optional<Outcome> GameLoop::judge_claim(const std::string& claim, chess::Color side) {
    if (auto ending = adjudication::rule_ending(position_)) return ending;
    if (setup_.players[side].trusted) {
        if (auto outcome = trusted_claim(claim)) return outcome;
    }
    Outcome outcome = illegal(side, claim);
    outcome.description = std::string(adjudication::side_name(side)) + " makes an invalid result claim: " + claim;
    return outcome;
}

// "1-0 {White mates}" from a trusted engine: the result as claimed, in cutechess's words ("White
// mates", else "White wins" / "Drawn game"). "*" and anything unreadable claim nothing.
std::optional<Outcome> GameLoop::trusted_claim(const std::string& claim) const {
    const std::string token = claim.substr(0, claim.find(' '));
    const adjudication::GameResult result = adjudication::parse_result_token(token);
    if (result == adjudication::GameResult::Unfinished) return std::nullopt;
    std::string description;
    if (const auto open = claim.find('{'); open != std::string::npos) {
        const auto close = claim.find('}', open);
        description = claim.substr(open + 1, close == std::string::npos ? std::string::npos : close - open - 1);
    }
    if (description.empty()) {
        description = result == adjudication::GameResult::Draw        ? "Drawn game"
                      : result == adjudication::GameResult::WhiteWins ? "White wins"
                                                                      : "Black wins";
    }
    return Outcome{result, adjudication::EndReason::TrustedClaim, description};
}

Outcome GameLoop::engine_failure(chess::Color side, protocol::EngineError error, const std::string& message) {
    game_.failed_side = side;
    game_.failure_message = message;
    if (error == protocol::EngineError::Timeout) return adjudication::stalled_connection(side);
    return adjudication::disconnection(side);
}

Outcome GameLoop::illegal(chess::Color side, const std::string& text) {
    game_.offending_move = text;
    Outcome outcome = adjudication::illegal_move(side);
    outcome.description += ": " + (text.empty() ? std::string("(no move)") : text);
    return outcome;
}

std::optional<Outcome> GameLoop::apply_move(chess::Move move, PlayedMove record,
                                            const adjudication::MoveReport& report) {
    record.uci = chess::to_uci(position_, move);
    record.san = chess::to_san(position_, move);
    position_.make_move(move);
    uci_moves_.push_back(record.uci);
    if (position_.rule50() == 0) {
        // Only an engine told the game from there reads the FEN; otherwise writing it at every
        // capture and pawn move is work for nobody (a fifth of apply_move's instructions, by callgrind).
        if (sends_irreversible_fen_) irreversible_fen_ = position_.fen();
        irreversible_ply_ = uci_moves_.size();
    }
    game_.moves.push_back(std::move(record));
    return adjudicator_.after_move(position_, report);
}

// The game so far (plus the ponder guess, if any) as `engine` is to be told it.
void GameLoop::send_position(protocol::EngineClient& engine, chess::Color side, const std::string* extra_move) {
    const bool from_irreversible = setup_.players[side].history_since_irreversible &&
                                   engine.protocol() == protocol::Protocol::Uci && irreversible_ply_ > 0;
    const std::string& fen = from_irreversible ? irreversible_fen_ : start_fen_for(engine);
    if (!from_irreversible && !extra_move) return engine.set_position(fen, uci_moves_);
    const auto first = uci_moves_.begin() + static_cast<std::ptrdiff_t>(from_irreversible ? irreversible_ply_ : 0);
    sent_moves_.assign(first, uci_moves_.end());
    if (extra_move) sent_moves_.push_back(*extra_move);
    engine.set_position(fen, sent_moves_);
}

void GameLoop::tell_engines(const Outcome& outcome) {
    const std::string result = adjudication::result_token(outcome.result);
    for (protocol::EngineClient* engine : engines_) engine->game_over(result, outcome.description);
}

}  // namespace

PlayedGame play_game(protocol::EngineClient& white, protocol::EngineClient& black, const GameSetup& setup,
                     const std::atomic<bool>& stop) {
    return GameLoop(white, black, setup, stop).run();
}

}  // namespace arbiter::game
