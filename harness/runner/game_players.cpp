#include "harness/runner/game_players.h"

#include <memory>

#include "engine/chess/san.h"
#include "harness/openings/seeded_random.h"

namespace arbiter::runner {

using schedule::ScheduledGame;

namespace {

std::string joined_lines(const std::string& text) {
    std::string joined;
    for (char c : text) {
        if (c == '\n') joined += " :: ";
        else joined += c;
    }
    return joined;
}

}  // namespace
namespace {

// Keeps the engines' book draws apart from the openings' draws of the same seed.
constexpr std::uint64_t kEngineBookSalt = 0x626F6F6B3D46494CULL;

std::uint64_t book_seed(const Tournament::State& state) { return openings::derive_seed(state.seed, kEngineBookSalt); }

game::BookMoves book_moves(const PreparedEngine& engine, std::shared_ptr<openings::SeededRandom> random) {
    if (!engine.book) return {};
    return [book = engine.book, random](const chess::Position& position) { return book->pick(position, *random); };
}

// cutechess's generateOpening: with a book on both sides the opening goes on from the books
// before the game starts; a move that ends the game is not kept.
void extend_from_books(game::GameSetup& setup, const Tournament::State& state, const Assignment& assignment) {
    const ScheduledGame& first = assignment.task.games.front();
    const PreparedEngine& first_white = state.engines[first.white];
    const PreparedEngine& first_black = state.engines[first.black];
    if (!first_white.book || !first_black.book) return;
    chess::Position position(setup.start_fen.empty() ? std::string(chess::kStartFen) : setup.start_fen, setup.chess960);
    for (const auto& move : setup.book_moves) position.make_move(chess::parse_uci(position, move));
    openings::SeededRandom random(openings::derive_seed(book_seed(state), assignment.task.pair_index));
    for (;;) {
        const PreparedEngine& owner = position.side_to_move() == chess::WHITE ? first_white : first_black;
        if (static_cast<int>(setup.book_moves.size()) >= owner.book_plies) return;
        const std::optional<chess::Move> move = owner.book->pick(position, random);
        if (!move) return;
        const std::string text = chess::to_uci(position, *move);
        position.make_move(*move);
        if (chess::adjudicate(position) != chess::Termination::None) return;
        setup.book_moves.push_back(text);
    }
}

game::PlayerRules player_rules(const PreparedEngine& engine, std::shared_ptr<openings::SeededRandom> random) {
    game::PlayerRules rules;
    rules.ponder = engine.spec.ponder;
    rules.white_pov = engine.spec.whitepov;
    rules.trusted = engine.spec.trust;
    rules.history_since_irreversible = engine.spec.history_since_irreversible.value_or(false);
    rules.book = book_moves(engine, std::move(random));
    rules.book_plies = engine.book_plies;
    return rules;
}

}  // namespace

void add_player_rules(game::GameSetup& setup, Tournament::State& state, const Assignment& assignment,
                      const ScheduledGame& game) {
    extend_from_books(setup, state, assignment);
    // The books' draws during the game: one generator per game, the same on a re-run.
    const std::uint64_t game_key = assignment.task.pair_index * 2 + static_cast<std::uint64_t>(game.game_index);
    auto random = std::make_shared<openings::SeededRandom>(openings::derive_seed(book_seed(state) + 1, game_key));
    setup.players[chess::WHITE] = player_rules(state.engines[game.white], random);
    setup.players[chess::BLACK] = player_rules(state.engines[game.black], random);

    const config::MatchConfig& config = state.config;
    const bool on_stdout = config.behaviour.warnings_on_stdout;
    setup.pv_check = config.check_mate_pvs             ? game::PvCheck::mates
                     : config.behaviour.check_every_pv ? game::PvCheck::lines
                                                       : game::PvCheck::off;
    setup.show_latency = config.show_latency;
    if (setup.pv_check == game::PvCheck::off && !setup.show_latency) return;
    // fastchess prints its warnings on stdout; arbiter and cutechess keep stdout for results.
    // -testEnv: fastchess joins a warning's lines with " :: " so a worker's log keeps it whole.
    setup.report = [&state, on_stdout, one_line = config.test_env](const std::string& text) {
        const std::string shown = one_line ? joined_lines(text) : text;
        std::lock_guard lock(state.mutex);
        if (on_stdout) state.print_line(shown);
        else state.io.err << shown << '\n';
    };
}

}  // namespace arbiter::runner
