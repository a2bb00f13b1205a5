// Chess960 in both protocols, against shell-script engines whose input the traffic observer
// records: UCI_Chess960 for UCI engines that declare it, `variant fischerandom` with every `new`
// and castling as O-O for xboard engines that list it, and a clear refusal of engines that support
// neither. Also xboard engines that refuse a search limit (`sd`), which would otherwise think on
// their own clock, as phalanx does when it answers "Illegal move: sd 1".
#include "tests/protocol/test_support.h"

#include "harness/protocol/uci_client.h"
#include "harness/protocol/xboard_client.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>

using namespace arbiter::protocol;
using namespace std::chrono_literals;
using protocol_test::fake_engine;

namespace {

// Every line sent to the engine, in order.
struct SentLines {
    std::shared_ptr<std::vector<std::string>> lines = std::make_shared<std::vector<std::string>>();
    TrafficObserver observer() const {
        return [lines = lines](TrafficDirection direction, std::string_view line, Clock::time_point) {
            if (direction == TrafficDirection::ToEngine) lines->emplace_back(line);
        };
    }
    std::size_t count(const std::string& line) const { return std::count(lines->begin(), lines->end(), line); }
    // Index of the first `line` at or after `from`; lines->size() when absent.
    std::size_t find(const std::string& line, std::size_t from = 0) const {
        return static_cast<std::size_t>(
            std::find(lines->begin() + static_cast<std::ptrdiff_t>(from), lines->end(), line) - lines->begin());
    }
};

std::string uci_script(const std::string& options) {
    return "while read -r cmd rest; do case \"$cmd\" in "
           "uci) echo 'id name fake'; " +
           options +
           " echo uciok;; "
           "isready) echo readyok;; "
           "quit) exit 0;; esac; done";
}

const std::string kDeclaresChess960 = "echo 'option name UCI_Chess960 type check default false';";

// A v2 xboard engine announcing `features`; `on_sd` answers the sd command.
std::string xboard_script(const std::string& features, const std::string& on_sd = ":") {
    return "while read -r cmd rest; do case \"$cmd\" in "
           "protover) echo 'feature " +
           features +
           " done=1';; "
           "ping) echo \"pong $rest\";; "
           "sd) " +
           on_sd +
           ";; "
           "go) echo 'move e7e5';; "
           "quit) exit 0;; esac; done";
}

EngineConfig chess960_config(EngineConfig config) {
    config.chess960 = true;
    return config;
}

}  // namespace

TEST_CASE("a UCI engine that declares UCI_Chess960 gets it switched on", "[integration][chess960]") {
    UciClient engine(chess960_config(fake_engine("fake960", Protocol::Uci, uci_script(kDeclaresChess960))));
    SentLines sent;
    engine.set_traffic_observer(sent.observer());
    engine.start();
    CHECK(sent.count("setoption name UCI_Chess960 value true") == 1u);
    // Before the first isready, so the engine is in Chess960 mode when it says it is ready.
    CHECK(sent.find("setoption name UCI_Chess960 value true") < sent.find("isready"));
}

TEST_CASE("a UCI engine's own UCI_Chess960 setting is kept", "[integration][chess960]") {
    EngineConfig config = chess960_config(fake_engine("fake960", Protocol::Uci, uci_script(kDeclaresChess960)));
    config.options = {{"uci_chess960", "false"}};
    UciClient engine(config);
    SentLines sent;
    engine.set_traffic_observer(sent.observer());
    engine.start();
    CHECK(sent.count("setoption name UCI_Chess960 value false") == 1u);
    CHECK(sent.count("setoption name UCI_Chess960 value true") == 0u);
}

TEST_CASE("a UCI engine without UCI_Chess960 is refused, by name", "[integration][chess960]") {
    UciClient engine(chess960_config(fake_engine("plain", Protocol::Uci, uci_script(""))));
    CHECK_THROWS_MATCHES(engine.start(), OptionError,
                         Catch::Message("engine plain cannot play Chess960: it declares no UCI_Chess960 option"));
    // Standard chess needs nothing of it.
    UciClient standard(fake_engine("plain", Protocol::Uci, uci_script("")));
    SentLines sent;
    standard.set_traffic_observer(sent.observer());
    standard.start();
    CHECK(std::none_of(sent.lines->begin(), sent.lines->end(),
                       [](const std::string& line) { return line.find("UCI_Chess960") != std::string::npos; }));
}

TEST_CASE("an xboard engine listing fischerandom gets the variant with every new, and castling as O-O",
          "[integration][chess960]") {
    EngineConfig config = chess960_config(fake_engine(
        "xb960", Protocol::Xboard, xboard_script("ping=1 setboard=1 usermove=1 variants=\"normal,fischerandom\"")));
    // The game layer converts moves with the rules core; here castling is the only SAN asked for.
    config.to_san = [](const std::string&, const std::vector<std::string>&, const std::string& move) {
        return move == "f1g1" ? std::string("O-O+") : std::string("N?");
    };
    XboardClient engine(config);
    SentLines sent;
    engine.set_traffic_observer(sent.observer());
    engine.start();
    engine.new_game({});
    const std::size_t fresh = sent.find("new");
    REQUIRE(fresh < sent.lines->size());
    CHECK(sent.lines->at(fresh + 1) == "variant fischerandom");
    CHECK(sent.lines->at(fresh + 2) == "force");

    const std::string xfen = "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1";
    engine.set_position(xfen, {"f1g1", "b8c6"});
    CHECK(sent.count("setboard " + xfen) == 1u);
    CHECK(sent.count("usermove O-O") == 1u);   // castling: SAN without the check sign
    CHECK(sent.count("usermove b8c6") == 1u);  // anything else: coordinates
    SearchRequest request;
    request.depth = 2;
    const auto result = engine.go(request, Clock::now() + 2s);
    REQUIRE(result.ok());
    CHECK(result.bestmove == "e7e5");
}

TEST_CASE("an xboard engine that does not list fischerandom is refused, by name", "[integration][chess960]") {
    XboardClient normal_only(chess960_config(
        fake_engine("normal", Protocol::Xboard, xboard_script("ping=1 setboard=1 variants=\"normal,suicide\""))));
    CHECK_THROWS_MATCHES(
        normal_only.start(), OptionError,
        Catch::Message(
            "engine normal cannot play Chess960: its feature variants=\"normal,suicide\" does not list fischerandom"));
    XboardClient silent(chess960_config(fake_engine("silent", Protocol::Xboard, xboard_script("ping=1 setboard=1"))));
    CHECK_THROWS_MATCHES(silent.start(), OptionError,
                         Catch::Message("engine silent cannot play Chess960: it announces no feature variants"));
}

TEST_CASE("an xboard engine that refuses sd cannot be given a depth limit", "[integration][xboard]") {
    SearchRequest depth_one;
    depth_one.depth = 1;
    SECTION("answered 'Illegal move: sd 1', as phalanx does") {
        XboardClient engine(fake_engine("nosd", Protocol::Xboard,
                                        xboard_script("ping=1 setboard=1", "echo \"Illegal move: sd $rest\"")));
        engine.start();
        engine.new_game({});
        CHECK_THROWS_MATCHES(engine.check_limits(depth_one), OptionError,
                             Catch::Message("engine nosd cannot be given a search depth (sd): it refused 'sd 1' "
                                            "(it answered 'Illegal move: sd 1')"));
    }
    SECTION("answered 'Error (unknown command): sd'") {
        XboardClient engine(fake_engine("nosd", Protocol::Xboard,
                                        xboard_script("ping=1 setboard=1", "echo 'Error (unknown command): sd'")));
        engine.start();
        engine.new_game({});
        CHECK_THROWS_WITH(engine.check_limits(depth_one), Catch::Contains("it refused 'sd 1'"));
    }
    SECTION("an engine that takes sd passes, and so does a refusal of something else") {
        XboardClient engine(fake_engine(
            "good", Protocol::Xboard, xboard_script("ping=1 setboard=1", "echo 'Error (unknown command): computer'")));
        engine.start();
        engine.new_game({});
        CHECK_NOTHROW(engine.check_limits(depth_one));
        engine.set_position("startpos", {"e2e4"});
        CHECK(engine.go(depth_one, Clock::now() + 2s).bestmove == "e7e5");
    }
    SECTION("without ping, a refusal that arrives during the search fails it") {
        XboardClient engine(
            fake_engine("nosd", Protocol::Xboard,
                        "while read -r cmd rest; do case \"$cmd\" in "
                        "protover) echo 'feature ping=0 setboard=1 done=1';; sd) echo \"Illegal move: sd $rest\";; "
                        "quit) exit 0;; esac; done"));
        engine.start();
        engine.new_game({});
        engine.set_position("startpos", {"e2e4"});
        const auto result = engine.go(depth_one, Clock::now() + 5s);
        CHECK(result.error == EngineError::Protocol);
        CHECK_THAT(result.error_message, Catch::Contains("engine nosd refused 'sd 1'"));
    }
}
