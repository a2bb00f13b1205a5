// A hang without a clock: at fixed nodes only the stall timeout ends the wait (two minutes in a
// run), so this plays one game through the game layer with a short timeout instead of a whole run.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <atomic>

#include "harness/protocol/engine_client.h"

#include "harness/game/game.h"
#include "tests/reliability/reliability_support.h"

using namespace reliability;
using namespace std::chrono_literals;

namespace {

std::unique_ptr<arbiter::protocol::EngineClient> started_engine(const std::string& name, const std::string& path,
                                                                std::vector<std::string> arguments) {
    arbiter::protocol::EngineConfig config;
    config.name = name;
    config.process.executable = path;
    config.process.arguments = std::move(arguments);
    auto engine = arbiter::protocol::make_engine_client(std::move(config));
    engine->start();
    engine->new_game({});
    return engine;
}

}  // namespace

TEST_CASE("a hang at fixed nodes is a stalled connection of the hanging side", "[integration]") {
    const std::size_t descriptors_before = open_descriptors();
    {
        auto tempo = started_engine("tempo", TEMPO_BIN, {});
        auto bad = started_engine("bad", MISBEHAVE_BIN, {"--mode=hang-go", "--ply=3"});
        arbiter::game::GameSetup setup;
        setup.white_name = "tempo";
        setup.black_name = "bad";
        setup.white_tc.nodes = 1000;
        setup.black_tc.nodes = 1000;
        setup.stall_timeout = 1s;
        const std::atomic<bool> stop{false};
        const auto game = arbiter::game::play_game(*tempo, *bad, setup, stop);
        CHECK(game.outcome.reason == arbiter::adjudication::EndReason::StalledConnection);
        CHECK(game.outcome.result == arbiter::adjudication::GameResult::WhiteWins);
        REQUIRE(game.failed_side);
        CHECK(*game.failed_side == chess::BLACK);
        CHECK(game.moves.size() == 3u);
        bad->quit();  // it ignores SIGTERM: quit must end with SIGKILL and reap it
        tempo->quit();
    }
    CHECK(children_of(getpid()).empty());
    CHECK(open_descriptors() <= descriptors_before);
}
