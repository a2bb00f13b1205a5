// What a command line starts from in each dialect (cli/dialect.h dialect_settings), how the
// output flags are read in each, and the results fastchess's config.json records for a run whose
// games finish out of order (harness/output/fastchess_state.h).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli/match_flags.h"
#include "harness/config/match_config.h"
#include "harness/output/fastchess_state.h"

using namespace arbiter;
using Catch::Matchers::Contains;

namespace {

config::MatchConfig parse(const std::string& dialect, std::vector<std::string> more) {
    std::vector<std::string> args{"-dialect", dialect, "-engine", "cmd=a", "-engine", "cmd=b", "-each", "nodes=10"};
    args.insert(args.end(), more.begin(), more.end());
    return cli::parse_match_flags(args);
}

}  // namespace

TEST_CASE("each dialect starts from its tool's defaults", "[unit]") {
    const auto arbiter_config = parse("arbiter", {"-openings", "file=book.epd"});
    CHECK(arbiter_config.concurrency == 0);  // all cores
    CHECK(arbiter_config.event == "arbiter");
    CHECK(arbiter_config.output == config::OutputFormat::cutechess);
    CHECK_FALSE(arbiter_config.fastchess_state);
    CHECK(arbiter_config.openings->order == arbiter::openings::BookOrder::Random);

    const auto cutechess = parse("cutechess", {"-openings", "file=book.epd"});
    CHECK(cutechess.concurrency == 1);
    CHECK(cutechess.event.empty());
    CHECK(cutechess.output == config::OutputFormat::cutechess);
    CHECK_FALSE(cutechess.fastchess_state);
    CHECK(cutechess.openings->order == arbiter::openings::BookOrder::Sequential);

    const auto fastchess = parse("fastchess", {"-openings", "file=book.epd"});
    CHECK(fastchess.concurrency == 1);
    CHECK(fastchess.event == "Fastchess Tournament");
    CHECK(fastchess.output == config::OutputFormat::fastchess);
    CHECK(fastchess.ratinginterval == 10);
    CHECK(fastchess.autosaveinterval == 20);
    REQUIRE(fastchess.fastchess_state);
    CHECK(fastchess.fastchess_state->outname == "config.json");
    CHECK(fastchess.openings->order == arbiter::openings::BookOrder::Sequential);

    // The run-time behaviour each tool has where the two differ (config::ToolBehaviour).
    CHECK_FALSE(arbiter_config.behaviour.print_outcomes_at_end);
    CHECK_FALSE(arbiter_config.behaviour.warnings_on_stdout);
    CHECK_FALSE(arbiter_config.behaviour.newgame_timeout_ms);
    CHECK(cutechess.behaviour.print_outcomes_at_end);
    CHECK_FALSE(cutechess.behaviour.check_every_pv);
    CHECK_FALSE(cutechess.behaviour.cap_concurrency_at_hardware_threads);
    CHECK_FALSE(fastchess.behaviour.print_outcomes_at_end);
    CHECK(fastchess.behaviour.check_every_pv);
    CHECK(fastchess.behaviour.warnings_on_stdout);
    CHECK(fastchess.behaviour.cap_concurrency_at_hardware_threads);
    CHECK(fastchess.behaviour.newgame_timeout_ms == 60'000);
    CHECK(arbiter_config.schedule == config::ScheduleRules::arbiter);
    CHECK(cutechess.schedule == config::ScheduleRules::cutechess);
    CHECK(fastchess.schedule == config::ScheduleRules::fastchess);

    // Flags still override them.
    const auto chosen = parse("fastchess", {"-concurrency", "3", "-output", "format=cutechess", "-event", "E"});
    CHECK(chosen.concurrency == 3);
    CHECK(chosen.output == config::OutputFormat::cutechess);
    CHECK(chosen.event == "E");
}

TEST_CASE("flag -pgnout and -epdout are read in the dialect's form", "[unit]") {
    const auto keyed = parse("arbiter", {"-pgnout", "file=g.pgn", "notation=lan", "nodes=true", "append=false",
                                         "match_line=^info", "min=true", "-epdout", "file=g.epd", "append=false"});
    CHECK(keyed.pgnout == "g.pgn");
    REQUIRE(keyed.pgnout_fastchess);
    CHECK(keyed.pgnout_fastchess->notation == pgn::MoveNotation::lan);
    CHECK(keyed.pgnout_fastchess->nodes);
    CHECK_FALSE(keyed.pgnout_fastchess->pv);
    CHECK(keyed.pgnout_fastchess->match_lines == std::vector<std::string>{"^info"});
    CHECK(keyed.pgnout_min);
    CHECK_FALSE(keyed.pgnout_append);
    CHECK(keyed.epdout == "g.epd");
    CHECK_FALSE(keyed.epdout_append);

    const auto positional = parse("arbiter", {"-pgnout", "g.pgn", "min", "-epdout", "g.epd"});
    CHECK(positional.pgnout == "g.pgn");
    CHECK_FALSE(positional.pgnout_fastchess);
    CHECK(positional.pgnout_min);
    CHECK(positional.epdout == "g.epd");

    // fastchess names the files itself when file= is left out.
    const auto unnamed = parse("fastchess", {"-pgnout", "nodes=true", "-epdout"});
    CHECK_THAT(*unnamed.pgnout, Catch::Matchers::Matches("fastchess_\\d{8}_\\d{6}\\.pgn"));
    CHECK_THAT(*unnamed.epdout, Catch::Matchers::Matches("fastchess_\\d{8}_\\d{6}\\.epd"));

    // fastchess 1.0 to 1.6 read cutechess's lone FILE, writing its own layout.
    const auto older = parse("fastchess", {"-pgnout", "g.pgn", "min", "-epdout", "g.epd"});
    CHECK(older.pgnout == "g.pgn");
    CHECK(older.pgnout_fastchess == pgn::FastchessPgnOptions{});
    CHECK(older.pgnout_min);
    CHECK(older.epdout == "g.epd");
    CHECK_THROWS_WITH(parse("cutechess", {"-epdout", "file=g.epd"}), Contains("-epdout") && Contains("key=value"));
    CHECK_THROWS_WITH(parse("arbiter", {"-pgnout", "file=g.pgn", "nodes=yes"}), Contains("-pgnout nodes"));
    CHECK_THROWS_WITH(parse("arbiter", {"-pgnout", "file=g.pgn", "notation=long"}), Contains("san, lan or uci"));
    CHECK_THROWS_WITH(parse("arbiter", {"-crc32", "epd=true"}), Contains("-crc32"));
    CHECK_THROWS_WITH(parse("arbiter", {"-autosaveinterval", "-1"}), Contains("-autosaveinterval"));
    CHECK(parse("arbiter", {"-crc32", "pgn=true"}).pgnout_crc32);
    CHECK(parse("arbiter", {"-autosaveinterval", "5"}).autosaveinterval == 5);
}

TEST_CASE("the output settings round-trip through a JSON config and stay out of the run's identity", "[unit]") {
    auto config = parse("arbiter", {"-pgnout", "file=g.pgn", "notation=uci", "pv=true", "match_line=x", "append=false",
                                    "-epdout", "file=g.epd", "append=false", "-crc32", "pgn=true", "-autosaveinterval",
                                    "3", "-config", "outname=state.json"});
    const auto json = config::match_config_to_json(config);
    const auto back = config::match_config_from_json(json, "test.json");
    CHECK(back.pgnout_fastchess == config.pgnout_fastchess);
    CHECK(back.pgnout_append == config.pgnout_append);
    CHECK(back.epdout_append == config.epdout_append);
    CHECK(back.pgnout_crc32);
    CHECK(back.autosaveinterval == 3);
    REQUIRE(back.fastchess_state);
    CHECK(back.fastchess_state->outname == "state.json");
    CHECK(config::run_identity(config) == config::run_identity(parse("arbiter", {})));
}

TEST_CASE("the tools' run-time behaviour stays out of the run's identity and the JSON config", "[unit]") {
    const auto plain = parse("arbiter", {});
    auto as_cutechess = plain;
    as_cutechess.behaviour = parse("cutechess", {}).behaviour;
    auto as_fastchess = plain;
    as_fastchess.behaviour = parse("fastchess", {}).behaviour;
    for (const auto& config : {as_cutechess, as_fastchess}) {
        CHECK(config::match_config_to_json(config) == config::match_config_to_json(plain));
        CHECK(config::run_identity(config) == config::run_identity(plain));
    }
}

TEST_CASE("fastchess's stats count the finished games from the schedule's start, whole pairs only", "[unit]") {
    const schedule::Schedule schedule(2, schedule::TournamentKind::match, 2, 4, true);  // 4 pairs
    const auto game = [&](std::uint64_t number) {
        const auto task = schedule.pair((number - 1) / 2);
        return task.games[(number - 1) % 2];
    };
    config::CarriedResults carried;
    carried.wdl.draws = 2;
    carried.penta.dd_wl = 1;  // the first pair, from fastchess
    output::ContiguousResults results(schedule, carried);
    results.add(game(4), 1.0);  // pair 2 half done, pair 2's first game missing
    results.add(game(6), 0.0);
    results.add(game(5), 1.0);  // pair 3 complete, but after the gap
    CHECK(results.results() == carried);
    results.add(game(3), 0.0);  // the gap closes: pairs 2 and 3 count
    CHECK(results.results().games() == 6);
    CHECK(results.results().wdl.wins == 2);
    CHECK(results.results().wdl.losses == 2);
    CHECK(results.results().penta_wl == 2);
    CHECK(results.results().penta.dd_wl == 3);
    results.add(game(1), 0.5);  // carried already: not counted twice
    results.add(game(7), 0.5);
    CHECK(results.results().games() == 6);  // pair 4 incomplete
    results.add(game(8), 1.0);
    CHECK(results.results().games() == 8);
    CHECK(results.results().penta.wd == 1);
}
