// The shared bookkeeping of a running tournament: dispatch, stopping, the tally and what is
// printed as games finish. Every member function here runs with State::mutex held.
#include "harness/runner/tournament_state.h"

#include <algorithm>

#include "harness/output/shared_texts.h"
#include "harness/schedule/chess960.h"

namespace arbiter::runner {

using schedule::chess960_number_for_slot;
using schedule::chess960_start_fen;
using schedule::first_engine_score;
using schedule::KnockoutBracket;
using schedule::PairingResults;
using schedule::ScheduledGame;
using schedule::sprt_state;
using schedule::TournamentKind;
using output::fastchess_config_text;
using output::live_line;
using output::Pace;
using output::RunEngine;
using output::write_state_file;

namespace {

// The next knockout game as an assignment of one game.
std::optional<Assignment> knockout_assignment(KnockoutBracket& bracket) {
    const std::optional<KnockoutBracket::Game> next = bracket.next_game();
    if (!next) return std::nullopt;
    Assignment assignment;
    assignment.task.pair_index = next->game.pair_index;
    assignment.task.slot = next->opening;
    assignment.task.pairing = next->game.pairing;
    assignment.task.games = {next->game};
    assignment.missing = {next->game};
    return assignment;
}

}  // namespace

std::optional<Assignment> Tournament::State::next_assignment() {
    if (!dispatching) return std::nullopt;
    std::optional<Assignment> assignment;
    if (knockout) {
        assignment = knockout_assignment(*knockout);
        if (!assignment) return std::nullopt;
        const auto planned = static_cast<std::int64_t>(knockout->planned_games());
        games_in_selection_left = std::max<std::int64_t>(games_in_selection_left, planned - tally.games());
    } else {
        if (next_todo >= todo.size()) return std::nullopt;
        assignment.emplace();
        assignment->task = schedule.pair(todo[next_todo++]);
        for (const auto& game : assignment->task.games) {
            if (!completed.count({static_cast<std::int64_t>(game.pair_index), game.game_index}))
                assignment->missing.push_back(game);
        }
    }
    std::uint64_t slot = assignment->task.slot;
    // fastchess plays encounter e with opening e modulo the first R openings of the book.
    if (const std::uint64_t cycle = schedule.opening_cycle(); cycle > 0 && book)
        slot %= book->size() > 0 ? std::min<std::uint64_t>(cycle, book->size()) : cycle;
    // Every pairing of a slot plays the slot's opening; without a book, the start position.
    if (book) {
        assignment->opening = book->opening_for_pair(static_cast<std::size_t>(slot));
    } else if (config.variant == "fischerandom") {
        const int number = chess960_number_for_slot(seed, slot);
        assignment->opening.id = "chess960-" + std::to_string(number);
        assignment->opening.start_fen = chess960_start_fen(number);
        assignment->opening.final_fen = assignment->opening.start_fen;
        assignment->opening.chess960 = true;
    } else {
        assignment->opening.id = "startpos";
        assignment->opening.start_fen = chess::kStartFen;
        assignment->opening.final_fen = chess::kStartFen;
    }
    return assignment;
}

bool Tournament::State::more_may_come() const { return knockout && dispatching && !knockout->finished(); }

void Tournament::State::stop(RunEnd why, const std::string& message) {
    dispatching = false;
    stop_games = true;
    if (!end) {
        end = why;
        end_message = message;
    }
    changed.notify_all();
}

Pace Tournament::State::pace() const {
    Pace pace;
    pace.games_this_session = games_this_session;
    pace.games_left = end ? 0 : games_in_selection_left;  // a stopped run (SPRT decision) has nothing left
    pace.elapsed = std::chrono::steady_clock::now() - session_start;
    return pace;
}

std::uint64_t Tournament::State::planned_games() const {
    return knockout ? knockout->planned_games() : schedule.total_games();
}

output::Standings Tournament::State::standings() const {
    return output::Standings{tally, knockout ? &*knockout : nullptr, pace()};
}

PairingResults Tournament::State::reported(std::size_t pairing) const {
    return output::reported_results(tally, pairing, config.report_penta);
}

void Tournament::State::print_line(const std::string& text) {
    if (live_line_shown) io.out << "\r\033[K";
    io.out << text << '\n';
    live_line_shown = false;
    if (io.live_progress) refresh_live_line();
    io.out.flush();
}

void Tournament::State::refresh_live_line() {
    const PairingResults* match = schedule.kind() == TournamentKind::match ? &tally.pairing(0) : nullptr;
    const std::int64_t planned = tally.games() + games_in_selection_left;
    io.out << "\r\033[K" << live_line(tally.games(), planned, match, pace()) << std::flush;
    live_line_shown = true;
}

void Tournament::State::warn_tie_decided(const KnockoutBracket::TieDecided& tie) {
    io.err << "Warning: " << engines[tie.through].name << " vs " << engines[tie.out].name << " is still level after "
           << tie.games << " games (" << KnockoutBracket::kMaxTieBreakGames << " tie-breaks, the knockout's limit); "
           << engines[tie.through].name << ", given earlier, goes through\n";
}

void Tournament::State::print_interval_reports() {
    if (live_line_shown) io.out << "\r\033[K";
    live_line_shown = false;
    match_output->interval_summary(io.out, standings());
    io.out.flush();
}

void Tournament::State::record_game(const ScheduledGame& game, double white_score, std::size_t pair_size,
                                    const std::string& description, const std::string& finished_line) {
    tally.add(game, white_score, pair_size, description);
    std::optional<KnockoutBracket::TieDecided> tie;
    if (knockout) tie = knockout->record(game.pair_index, game.white, white_score);
    if (contiguous) contiguous->add(game, first_engine_score(schedule, game, white_score));
    ++games_this_session;
    ++stored_in_run;
    if (config.fastchess_state && config.autosaveinterval > 0 && games_this_session % config.autosaveinterval == 0)
        save_state_file();
    games_in_selection_left =
        knockout ? static_cast<std::int64_t>(knockout->planned_games()) - tally.games() : games_in_selection_left - 1;
    changed.notify_all();  // a knockout may have games for waiting workers now
    print_line(finished_line);
    if (tie) warn_tie_decided(*tie);
    const bool last = games_in_selection_left <= 0;
    if (engines.size() == 2 && config.scoreinterval > 0 && (tally.games() % config.scoreinterval == 0 || last))
        print_line(match_output->score(standings()));
    if (config.ratinginterval > 0 && tally.games() % config.ratinginterval == 0) print_interval_reports();
    if (config.outcomeinterval > 0 && tally.games() % config.outcomeinterval == 0)
        match_output->outcomes(io.out, standings());
    if (sprt) {
        const auto verdict = sprt_state(*sprt, reported(0));
        if (verdict && verdict->decision != stats::SprtDecision::continue_testing) {
            for (const auto& line : match_output->sprt_decided(verdict->decision, tally.games())) print_line(line);
            stop(verdict->decision == stats::SprtDecision::h1 ? RunEnd::sprt_h1 : RunEnd::sprt_h0, {});
        }
    }
}

std::vector<RunEngine> run_engines(const std::vector<PreparedEngine>& engines) {
    std::vector<RunEngine> named;
    for (const auto& engine : engines) named.push_back(RunEngine{engine.name, engine.spec, engine.time_control});
    return named;
}

void Tournament::State::save_state_file() {
    if (!config.fastchess_state) return;
    const config::CarriedResults results =
        contiguous ? contiguous->results() : config.fastchess_state->carried.value_or(config::CarriedResults{});
    try {
        const std::string text = fastchess_config_text(config, run_engines(engines), results);
        write_state_file(config.fastchess_state->outname, text);
    } catch (const std::exception& error) {
        if (!state_file_failed) io.err << "Warning: " << error.what() << '\n';
        state_file_failed = true;
    }
}

}  // namespace arbiter::runner
