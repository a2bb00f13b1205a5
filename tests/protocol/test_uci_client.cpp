// UciClient against Debian's stockfish and gnuchess, and against shell-script fake engines.
#include "tests/protocol/test_support.h"

#include "harness/protocol/uci_client.h"
#include "harness/protocol/xboard_parse.h"

#include <catch2/catch.hpp>

using namespace arbiter::protocol;
using namespace std::chrono_literals;
using protocol_test::fake_engine;
using protocol_test::have;

namespace {

EngineConfig stockfish_config() {
    EngineConfig config;
    config.name = "sf";
    config.protocol = Protocol::Uci;
    config.process.executable = STOCKFISH_BIN;
    config.options = {{"Threads", "1"}, {"Hash", "16"}};
    return config;
}

// Replies like a tiny UCI engine; `on_go` is the shell snippet run for "go".
std::string fake_uci_script(const std::string& on_go) {
    return "while read -r cmd rest; do case \"$cmd\" in "
           "uci) echo 'id name Fake Engine 1.0'; echo 'id author Nobody';"
           "     echo 'option name Hash type spin default 1 min 1 max 64';"
           "     echo 'option name Style type combo default Normal var Normal var Wild';"
           "     printf 'garbage \\001\\002 line\\n'; echo uciok;; "
           "isready) echo readyok;; "
           "go) " +
           on_go +
           ";; "
           "quit) exit 0;; "
           "esac; done";
}

// Sends isready until it is answered after the running search has shown progress (an `info depth`
// line came in first): a readyok sent before the search got going proves nothing.
bool ready_while_searching(UciClient& engine, Clock::time_point give_up) {
    bool searching = false;
    engine.set_traffic_observer([&](TrafficDirection direction, std::string_view line, Clock::time_point) {
        if (direction == TrafficDirection::FromEngine && line.starts_with("info depth")) searching = true;
    });
    bool ready = true;
    while (ready && !searching && Clock::now() < give_up) ready = engine.is_ready(1s);
    engine.set_traffic_observer({});
    return ready && searching;
}

}  // namespace

TEST_CASE("uci fake: handshake, options and robust info parsing", "[integration][uci]") {
    UciClient engine(fake_engine("fake", Protocol::Uci,
                                 fake_uci_script("echo 'info depth 3 score cp 17 time 4 nodes 90 pv e2e4 e7e5';"
                                                 "echo 'info depth bogus score mate';"
                                                 "echo 'info string hello world';"
                                                 "echo 'bestmove e2e4 ponder e7e5'")));
    engine.start();
    CHECK(engine.engine_name() == "Fake Engine 1.0");
    CHECK(engine.engine_author() == "Nobody");
    REQUIRE(engine.options().size() == 2);

    CHECK_THROWS_WITH(engine.set_option("Threads", "2"), "unknown option Threads for engine fake");
    CHECK_THROWS_AS(engine.set_option("Hash", "100"), OptionError);
    CHECK_THROWS_AS(engine.set_option("style", "Boring"), OptionError);
    CHECK_NOTHROW(engine.set_option("hash", "32"));
    CHECK_NOTHROW(engine.set_option("STYLE", "wild"));

    engine.new_game({});
    engine.set_position("startpos", {});
    SearchRequest request;
    request.depth = 3;
    const auto result = engine.go(request, Clock::now() + 2s);
    REQUIRE(result.ok());
    CHECK(result.bestmove == "e2e4");
    CHECK(result.ponder == "e7e5");
    CHECK(result.info.depth == 3);
    CHECK(result.info.score->value == 17);
    CHECK(result.info.string == "hello world");
    // The fake answers instantly: on a busy host before our write() even returns (then 0).
    CHECK(result.elapsed >= 0ns);
    CHECK(result.started <= result.finished);
    CHECK(result.write_began <= result.started);
    engine.quit();
    REQUIRE(engine.exit_status());
    CHECK(engine.exit_status()->clean());
}

TEST_CASE("uci fake: a crash during the search is reported, not thrown", "[integration][uci]") {
    UciClient engine(fake_engine("crashy", Protocol::Uci, fake_uci_script("echo 'info depth 1'; kill -SEGV $$")));
    engine.start();
    engine.set_position("startpos", {});
    SearchRequest request;
    request.depth = 1;
    const auto result = engine.go(request, Clock::now() + 2s);
    CHECK_FALSE(result.ok());
    CHECK_FALSE(result.timed_out);
    CHECK(result.error == EngineError::Crashed);
    CHECK_THAT(result.error_message, Catch::Contains("engine crashy crashed") && Catch::Contains("signal 11"));
    CHECK(engine.status().error == EngineError::Crashed);
    CHECK_THROWS_AS(engine.set_position("startpos", {}), EngineFailure);
    engine.quit();  // still safe
}

TEST_CASE("uci fake: handshake timeout", "[integration][uci]") {
    auto config = fake_engine("mute", Protocol::Uci, "exec sleep 30");
    config.handshake_timeout = 300ms;
    UciClient engine(config);
    const auto before = Clock::now();
    try {
        engine.start();
        FAIL("start() should have thrown");
    } catch (const EngineFailure& failure) {
        CHECK(failure.kind() == EngineError::Timeout);
        CHECK_THAT(failure.what(),
                   Catch::Contains("engine mute did not send uciok within 300 ms") && Catch::Contains("process alive"));
    }
    CHECK(Clock::now() - before < 1s);
    engine.quit();
}

TEST_CASE("uci stockfish: handshake and options", "[integration][uci][stockfish]") {
    if (!have(STOCKFISH_BIN)) {
        WARN("stockfish not installed; skipped");
        return;
    }
    UciClient engine(stockfish_config());
    engine.start();
    CHECK_THAT(engine.engine_name(), Catch::StartsWith("Stockfish"));
    const auto& options = engine.options();
    const auto hash = std::find_if(options.begin(), options.end(), [](const auto& o) { return o.name == "Hash"; });
    REQUIRE(hash != options.end());
    CHECK(hash->type == OptionType::Spin);
    CHECK(hash->min == 1);
    CHECK_THROWS_WITH(engine.set_option("NoSuchOption", "1"), "unknown option NoSuchOption for engine sf");
    CHECK(engine.is_ready(2s));
}

TEST_CASE("uci stockfish: go nodes and go depth", "[integration][uci][stockfish]") {
    if (!have(STOCKFISH_BIN)) return;
    UciClient engine(stockfish_config());
    engine.start();
    engine.new_game({});
    engine.set_position("startpos", {"e2e4"});

    SearchRequest nodes;
    nodes.nodes = 10000;
    const auto by_nodes = engine.go(nodes, Clock::now() + 5s);
    REQUIRE(by_nodes.ok());
    CHECK(is_coordinate_move(by_nodes.bestmove));
    REQUIRE(by_nodes.info.nodes);
    CHECK(*by_nodes.info.nodes <= 11000u);
    REQUIRE(by_nodes.info.time);
    // Measured from just before the write, our interval contains the engine's. Stockfish reports
    // whole milliseconds from truncated readings, plus 1 ms (so nps never divides by zero).
    CHECK(by_nodes.finished - by_nodes.write_began + 2ms >= *by_nodes.info.time);
    CHECK(by_nodes.started >= by_nodes.write_began);
    CHECK(by_nodes.elapsed < 5s);

    SearchRequest depth;
    depth.depth = 6;
    engine.set_position("startpos", {"e2e4", by_nodes.bestmove});
    const auto by_depth = engine.go(depth, Clock::now() + 5s);
    REQUIRE(by_depth.ok());
    CHECK(by_depth.info.depth == 6);
    CHECK(by_depth.info.score);
    CHECK_FALSE(by_depth.info.pv.empty());
    CHECK(by_depth.info.pv.front() == by_depth.bestmove);
}

TEST_CASE("uci stockfish: isready mid-search, deadline and late move", "[integration][uci][stockfish]") {
    if (!have(STOCKFISH_BIN)) return;
    UciClient engine(stockfish_config());
    engine.start();
    engine.set_position("startpos", {});
    SearchRequest infinite;
    infinite.infinite = true;
    engine.start_search(infinite);
    const auto go_sent = Clock::now();
    CHECK(ready_while_searching(engine, Clock::now() + 5s));

    const auto deadline = Clock::now() + 100ms;
    const auto late = engine.wait_search(deadline);
    CHECK(late.timed_out);
    CHECK(late.bestmove.empty());
    CHECK(late.elapsed >= deadline - go_sent);  // counted from `go`: the isready exchange + 100 ms deadline
    CHECK(engine.status().ok());                // a blown deadline is the caller's verdict, not an engine error

    engine.stop();
    const auto collected = engine.wait_search(Clock::now() + 2s);
    REQUIRE(collected.ok());
    CHECK(is_coordinate_move(collected.bestmove));
    CHECK(collected.info.depth);
}

TEST_CASE("uci stockfish: next command settles an abandoned search", "[integration][uci][stockfish]") {
    if (!have(STOCKFISH_BIN)) return;
    UciClient engine(stockfish_config());
    engine.start();
    engine.set_position("startpos", {});
    SearchRequest long_think;
    long_think.movetime = 10s;
    const auto result = engine.go(long_think, Clock::now() + 100ms);
    CHECK(result.timed_out);
    const auto before = Clock::now();
    engine.new_game({});  // stop + drain the stray bestmove first
    CHECK(Clock::now() - before < 1s);
    CHECK(engine.status().ok());
    engine.set_position("startpos", {});
    SearchRequest quick;
    quick.depth = 2;
    CHECK(engine.go(quick, Clock::now() + 2s).ok());
}

TEST_CASE("uci stockfish: a short game on the clock, then quit", "[integration][uci][stockfish]") {
    if (!have(STOCKFISH_BIN)) return;
    UciClient white(stockfish_config());
    UciClient black(stockfish_config());
    white.start();
    black.start();
    white.new_game({});
    black.new_game({});
    std::vector<std::string> moves;
    ClockState clock{2000ms, 2000ms, 20ms, 20ms, 0};
    for (int ply = 0; ply < 8; ++ply) {
        UciClient& side = ply % 2 == 0 ? white : black;
        side.set_position("startpos", moves);
        SearchRequest request;
        request.clock = clock;
        const auto result = side.go(request, Clock::now() + 3s);
        REQUIRE(result.ok());
        REQUIRE(is_coordinate_move(result.bestmove));
        moves.push_back(result.bestmove);
        auto& remaining = ply % 2 == 0 ? clock.wtime : clock.btime;
        remaining -= std::chrono::duration_cast<Millis>(result.elapsed) - 20ms;
        REQUIRE(remaining > 0ms);
    }
    white.quit();
    black.quit();
    REQUIRE(white.exit_status());
    CHECK(white.exit_status()->clean());
}

TEST_CASE("uci gnuchess: an engine that hangs on quit is still killed and reaped", "[integration][uci]") {
    if (!have(GNUCHESS_BIN)) return;
    EngineConfig config;
    config.name = "gnuchess";
    config.process.executable = GNUCHESS_BIN;
    config.process.arguments = {"--uci"};
    config.quit_grace = 200ms;
    UciClient engine(config);
    engine.start();
    engine.set_position("startpos", {"e2e4"});
    SearchRequest request;
    request.depth = 2;
    CHECK(engine.go(request, Clock::now() + 5s).ok());
    const auto before = Clock::now();
    engine.quit();
    CHECK(Clock::now() - before < 2s);
    CHECK(engine.exit_status());
}
