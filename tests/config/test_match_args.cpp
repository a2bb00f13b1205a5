#include <catch2/catch.hpp>

#include "cli/match_flags.h"
#include "harness/config/engine_spec.h"
#include "harness/config/match_config.h"

using namespace arbiter::config;

namespace {
std::vector<std::string> words(const std::string& text) { return split_words(text, "test"); }
}  // namespace

TEST_CASE("cutechess command line is parsed as cutechess groups it", "[config]") {
    auto config = arbiter::cli::parse_match_flags(
        words("-engine cmd=/usr/games/stockfish name=sf option.Hash=16 'option.Move Overhead=50' tc=40/60+0.5 "
              "-engine cmd=phalanx proto=xboard arg=-l- arg=-b- args=\"-t 16384\" st=0.5 "
              "-each timemargin=100 option.Hash=32 -openings file=book.epd format=epd order=sequential plies=8 start=3 "
              "-repeat -games 2 -rounds 50 -concurrency 2 -draw movenumber=40 movecount=8 score=10 "
              "-resign movecount=3 score=600 twosided=true -maxmoves 200 -pgnout out.pgn min -recover -seed 42 "
              "-tournament gauntlet -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 model=logistic -ratinginterval 10"));
    REQUIRE(config.engines.size() == 2);
    const auto& sf = config.engines[0];
    CHECK(sf.name == "sf");
    CHECK(sf.cmd == "/usr/games/stockfish");
    REQUIRE(sf.options.size() == 2);
    CHECK(sf.options[0] == std::make_pair(std::string("Hash"), std::string("16")));  // own value beats -each
    CHECK(sf.options[1].first == "Move Overhead");
    REQUIRE(sf.tc);
    CHECK(sf.tc->text == "40/60+0.5");
    CHECK(sf.tc->control == arbiter::tc::TimeControl{.moves_per_tc = 40, .base_ms = 60'000, .increment_ms = 500});
    CHECK(sf.timemargin_ms == 100);
    const auto& ph = config.engines[1];
    CHECK(ph.proto == arbiter::protocol::Protocol::Xboard);
    CHECK(ph.args == std::vector<std::string>{"-l-", "-b-", "-t", "16384"});
    CHECK(ph.st == Approx(0.5));
    CHECK(ph.options.size() == 1);  // Hash from -each
    REQUIRE(config.openings);
    CHECK(config.openings->order == arbiter::openings::BookOrder::Sequential);
    CHECK(config.openings->plies == 8);
    CHECK(config.openings->start == 3);
    CHECK(config.repeat);
    CHECK(config.games == 2);
    CHECK(config.rounds == 50);
    CHECK(config.concurrency == 2);
    CHECK(config.draw->move_number == 40);
    CHECK(config.resign->two_sided);
    CHECK(config.maxmoves == 200);
    CHECK(config.pgnout == std::optional<std::string>("out.pgn"));
    CHECK(config.pgnout_min);
    CHECK(config.recover);
    CHECK(config.seed == 42);
    CHECK(config.tournament == "gauntlet");
    CHECK(config.sprt->parameters.model == arbiter::stats::EloModel::logistic);
    CHECK(config.sprt->parameters.elo1 == Approx(5));
    CHECK(config.ratinginterval == 10);
}

TEST_CASE("negative numbers are values, not flags", "[config]") {
    auto config = arbiter::cli::parse_match_flags(
        words("-engine cmd=a -engine cmd=b -sprt elo0=-3 elo1=1 -resign movecount=3 score=-1"));
    CHECK(config.sprt->parameters.elo0 == Approx(-3));
    CHECK(config.resign->score_cp == -1);
    CHECK(default_engine_name(config.engines[0]) == "a");
}

TEST_CASE("bad flags are named in the error", "[config]") {
    auto error_of = [](const std::string& text) {
        try {
            arbiter::cli::parse_match_flags(words(text));
        } catch (const ConfigError& e) {
            return e.where();
        }
        return std::string("no error");
    };
    CHECK(error_of("-engine cmd=a -gamez 3") == "-gamez");
    CHECK(error_of("-games x") == "-games");
    CHECK(error_of("-engine cmd=a bogus=1") == "-engine #1 bogus");
    CHECK(error_of("-engine cmd=a proto=telepathy") == "-engine #1 proto");
    CHECK(error_of("-sprt elo0=0") == "-sprt");
    CHECK(error_of("-sprt elo0=0 elo1=5 model=fancy") == "-sprt model");
    CHECK(error_of("-openings order=random") == "-openings");
    CHECK(error_of("-shard 3/2") == "-shard");
    CHECK(error_of("-concurrency 0") == "-concurrency");
    CHECK(error_of("stray") == "stray");
}

TEST_CASE("-openings, -draw, -resign and -maxmoves values are read and checked as a user types them", "[config]") {
    auto message_of = [](const std::string& text) {
        try {
            arbiter::cli::parse_match_flags(words("-engine cmd=a -engine cmd=b " + text));
        } catch (const ConfigError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    using Catch::Matchers::StartsWith;
    CHECK_THAT(message_of("-openings format=epd"), StartsWith("-openings: file= is required"));
    CHECK_THAT(message_of("-openings file=a.epd format=txt"), StartsWith("-openings format: must be epd, pgn or bin"));
    CHECK_THAT(message_of("-openings file=a.epd order=shuffled"),
               StartsWith("-openings order: must be random or sequential"));
    CHECK_THAT(message_of("-openings file=a.epd start=x"), StartsWith("-openings start:"));
    CHECK_THAT(message_of("-openings file=a.epd start=0"), StartsWith("-openings start:"));
    CHECK_THAT(message_of("-openings file=a.epd policy=often"), StartsWith("-openings policy: must be default"));
    CHECK_THAT(message_of("-openings file=a.epd depth=3"), StartsWith("-openings depth: unknown openings setting"));
    // The seed is -srand's, not the book's; plies=0 keeps the whole line.
    CHECK_THAT(message_of("-openings file=a.epd seed=99"), StartsWith("-openings seed: unknown openings setting"));
    const auto whole =
        arbiter::cli::parse_match_flags(words("-engine cmd=a -engine cmd=b -openings file=a.pgn plies=0"));
    CHECK(whole.openings->plies == 0);

    CHECK_THAT(message_of("-draw movenumber=40 movecount=8 score=10 moves=3"),
               StartsWith("-draw moves: unknown draw setting"));
    CHECK_THAT(message_of("-draw movenumber=x movecount=8 score=10"), StartsWith("-draw movenumber:"));
    CHECK_THAT(message_of("-draw movenumber"), StartsWith("-draw: expected key=value, got 'movenumber'"));
    // twosided= takes the words of every boolean flag (true/false, on/off, yes/no, 1/0).
    CHECK_THAT(message_of("-resign movecount=3 score=400 twosided=maybe"), StartsWith("-resign twosided:"));
    CHECK_THAT(message_of("-resign movecount=3 score=4x"), StartsWith("-resign score:"));
    CHECK_THAT(message_of("-resign movecount=3 plies=2"), StartsWith("-resign plies: unknown resign setting"));
    CHECK_THAT(message_of("-maxmoves -1"), StartsWith("-maxmoves:"));
    CHECK_THAT(message_of("-maxmoves ten"), StartsWith("-maxmoves:"));
    const auto rules = arbiter::cli::parse_match_flags(
        words("-engine cmd=a -engine cmd=b -draw movenumber=0 movecount=1 score=0 -resign movecount=3 score=400 "
              "twosided=false -maxmoves 0"));
    CHECK(rules.draw->move_count == 1);
    CHECK_FALSE(rules.resign->two_sided);
    CHECK(rules.maxmoves == 0);
}

TEST_CASE("shell-like splitting honours quotes and escapes", "[config]") {
    CHECK(split_words("a 'b c' \"d \\\" e\" f\\ g", "t") == std::vector<std::string>{"a", "b c", "d \" e", "f g"});
    CHECK_THROWS_AS(split_words("a 'b", "t"), ConfigError);
}
