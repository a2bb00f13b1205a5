// The engine keys and engine-facing flags without games: how they are read (flags, -each, JSON),
// which of them change a run's identity, the protocol timeouts they give, tc=0/5+0, and the PV
// checks of -check-mate-pvs and the fastchess dialect.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli/match_flags.h"
#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "harness/config/engine_spec.h"
#include "harness/game/pv_check.h"
#include "harness/protocol/uci_parse.h"
#include "harness/runner/engine_setup.h"
#include "harness/tc/time_control.h"

using arbiter::config::ConfigError;
using arbiter::config::EngineSpec;
using arbiter::config::MatchConfig;
using std::chrono::milliseconds;

namespace {

MatchConfig flags(std::vector<std::string> extra) {
    std::vector<std::string> args{"-engine", "cmd=" MISBEHAVE_BIN, "name=a", "-engine", "cmd=" MISBEHAVE_BIN, "name=b"};
    args.insert(args.end(), extra.begin(), extra.end());
    return arbiter::cli::parse_match_flags(args);
}

std::string error_of(std::vector<std::string> extra) {
    try {
        flags(std::move(extra));
    } catch (const ConfigError& error) {
        return error.what();
    }
    return "(accepted)";
}

arbiter::protocol::SearchInfo info(const std::string& line) { return arbiter::protocol::parse_uci_info(line); }

}  // namespace

TEST_CASE("engine keys: -each gives every engine every key, switches need no value", "[unit]") {
    const MatchConfig config = flags({"-each", "nodes=1", "book=b.bin", "bookdepth=3", "stderr=e.log", "tscale=2.5",
                                      "ponder", "whitepov", "trust", "debug"});
    for (const EngineSpec& engine : config.engines) {
        CHECK(engine.book == "b.bin");
        CHECK(engine.book_depth == 3);
        CHECK(engine.stderr_file == "e.log");
        CHECK(engine.timeout_scale == 2.5);
        CHECK((engine.ponder && engine.whitepov && engine.trust && engine.debug));
    }
    CHECK_FALSE(flags({"-each", "nodes=1", "ponder=false"}).engines[0].ponder);
}

TEST_CASE("engine keys: bad values are refused naming the key", "[unit]") {
    CHECK_THAT(error_of({"-each", "bookdepth=0"}), Catch::Contains("-each bookdepth"));
    CHECK_THAT(error_of({"-each", "tscale=0.1"}), Catch::Contains("between 0.2 and 120"));
    CHECK_THAT(error_of({"-each", "tscale=121"}), Catch::Contains("-each tscale"));
    CHECK_THAT(error_of({"-each", "ponder=maybe"}), Catch::Contains("-each ponder"));
    // policy= belongs to -openings; cutechess-cli has no such engine key either.
    CHECK_THAT(error_of({"-each", "policy=round"}), Catch::Contains("unknown engine setting 'policy'"));
    CHECK_THAT(error_of({"-bookmode", "tape"}), Catch::Contains("must be ram or disk"));
    CHECK_THAT(error_of({"-startup-ms", "0"}), Catch::Contains("-startup-ms"));
    CHECK_THAT(error_of({"-strict", "yes"}), Catch::Contains("takes no value"));
}

TEST_CASE("engine keys and flags survive the JSON config; only keys that change games are identity", "[unit]") {
    const MatchConfig config = flags(
        {"-each",    "nodes=1",         "book=b.bin",    "bookdepth=3", "stderr=e.log", "tscale=2",       "ponder",
         "whitepov", "trust",           "debug",         "-bookmode",   "disk",         "-engines",       "e.json",
         "-strict",  "-check-mate-pvs", "-show-latency", "-startup-ms", "700",          "-ucinewgame-ms", "900"});
    const MatchConfig back =
        arbiter::config::match_config_from_json(arbiter::config::match_config_to_json(config), "test");
    CHECK(arbiter::config::match_config_to_json(back) == arbiter::config::match_config_to_json(config));
    CHECK(back.engines[1].timeout_scale == 2.0);
    CHECK((back.strict && back.check_mate_pvs && back.show_latency && back.bookmode == "disk"));
    CHECK(back.ucinewgame_ms == 900);

    const MatchConfig plain = flags({"-each", "nodes=1"});
    const std::string identity = arbiter::config::run_identity(plain);
    CHECK(arbiter::config::run_identity(flags({"-each", "nodes=1", "stderr=e.log", "tscale=2", "debug", "-bookmode",
                                               "disk", "-strict", "-check-mate-pvs", "-show-latency", "-startup-ms",
                                               "700", "-ucinewgame-ms", "900", "-engines", "e.json"})) == identity);
    for (const char* key : {"ponder", "whitepov", "trust", "book=b.bin"})
        CHECK(arbiter::config::run_identity(flags({"-each", "nodes=1", key})) != identity);
}

TEST_CASE("protocol timeouts: -startup-ms, -ucinewgame-ms, each dialect's default, tscale", "[unit]") {
    using arbiter::runner::prepare_engines;
    MatchConfig config = flags({"-each", "nodes=1", "-logdir", "off"});
    CHECK(prepare_engines(config)[0].client.newgame_timeout == milliseconds(5'000));
    CHECK(flags({"-dialect", "fastchess", "-each", "nodes=1"}).behaviour.newgame_timeout_ms == 60'000);
    config.behaviour.newgame_timeout_ms = 60'000;
    CHECK(prepare_engines(config)[0].client.newgame_timeout == milliseconds(60'000));  // fastchess's default

    config = flags({"-each", "nodes=1", "-logdir", "off", "-startup-ms", "700", "-ucinewgame-ms", "900"});
    config.engines[1].timeout_scale = 2.0;
    const auto engines = prepare_engines(config);
    CHECK(engines[0].client.handshake_timeout == milliseconds(700));
    CHECK(engines[0].client.newgame_timeout == milliseconds(900));
    CHECK(engines[1].client.handshake_timeout == milliseconds(1'400));
    CHECK(engines[1].client.newgame_timeout == milliseconds(1'800));
    CHECK(engines[1].client.ready_timeout == milliseconds(10'000));
}

TEST_CASE("tc=0/5+0 is 5 seconds for the whole game, as cutechess reads it", "[unit]") {
    const auto control = arbiter::tc::parse_time_control("0/5+0");
    CHECK(control.moves_per_tc == 0);
    CHECK(control.base_ms == 5'000);
    CHECK(arbiter::tc::to_pgn_string(control) == "5");
    // "inf/1+0.01" (Lynx's sprt.sh) is one period for the game with an increment, as cutechess reads it.
    const auto inf_moves = arbiter::tc::parse_time_control("inf/1+0.01");
    CHECK(inf_moves.moves_per_tc == 0);
    CHECK(inf_moves.base_ms == 1'000);
    CHECK(inf_moves.increment_ms == 10);
    CHECK_FALSE(inf_moves.infinite);
    CHECK_THROWS(arbiter::tc::parse_time_control("many/1+0.01"));
}

TEST_CASE("PV checks: fastchess's warnings for each kind of bad PV", "[unit]") {
    using arbiter::game::check_bestmove;
    using arbiter::game::check_pv;
    const chess::Position start;
    CHECK_FALSE(check_pv(start, info("info depth 2 score cp 10 pv e2e4 e7e5"), true, "x"));
    CHECK(check_pv(start, info("info depth 2 score cp 10 pv e2e4 e2e4"), false, "x") ==
          "Warning; Illegal PV move - move e2e4 from x");
    // Fool's mate: the PV goes on after mate.
    CHECK(check_pv(start, info("info depth 5 score cp 0 pv f2f3 e7e5 g2g4 d8h4 a2a3"), false, "x") ==
          "Warning; PV continues after checkmate - move a2a3 from x");
    const auto mate_in_two = info("info depth 5 score mate 2 pv f2f3 e7e5 g2g4");  // Black mates: not White
    CHECK_FALSE(check_pv(start, mate_in_two, false, "x"));
    chess::Position after_f3(start);
    after_f3.make_move(chess::parse_uci(after_f3, "f2f3"));
    CHECK(check_pv(after_f3, info("info score mate 2 pv e7e5"), true, "y") == "Warning; Incomplete mating PV - from y");
    CHECK(check_pv(after_f3, info("info score mate 1 pv e7e5 g2g4"), true, "y") ==
          "Warning; Too long mating PV - from y");
    CHECK(check_pv(after_f3, info("info score mate 2 pv e7e5 g2g4 d8e7"), true, "y") ==
          "Warning; Mating PV does not end with checkmate - from y");
    CHECK_FALSE(check_pv(after_f3, info("info score mate 2 pv e7e5 g2g4 d8h4"), true, "y"));
    CHECK_FALSE(check_pv(after_f3, info("info score mate 2 lowerbound pv e7e5"), true, "y"));  // bounds are not checked

    std::vector<std::pair<std::string, arbiter::protocol::SearchInfo>> lines{
        {"a", info("info depth 1 score cp 1 pv d2d4")}, {"b", info("info depth 2 multipv 2 score cp 0 pv g1f3")}};
    const auto mismatch = check_bestmove(lines, "e2e4", "x");
    REQUIRE(mismatch);
    CHECK(mismatch->warning == "Warning; Bestmove does not match beginning of last PV - move e2e4 from x");
    CHECK(mismatch->info_line == "a");  // the principal line, not the later multipv 2 one
    CHECK_FALSE(check_bestmove(lines, "d2d4", "x"));
    CHECK(arbiter::game::pv_warning_block("W", "info pv", "startpos", {"e2e4", "e7e5"}) ==
          "W\nInfo; info pv\nPosition; startpos\nMoves; e2e4 e7e5");
}
