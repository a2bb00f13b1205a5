// A run in fastchess's dialect and the same run continued from the config.json it saved have one
// run identity (config::run_identity), so that `-config file=config.json` resumes the stored run
// instead of starting a new one beside it.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "cli/match_flags.h"
#include "harness/config/engine_limits.h"
#include "harness/output/fastchess_state.h"
#include "tests/support/temp_dir.h"

using namespace arbiter;

namespace {

// The engines as a run prepares them, as far as config.json records them.
std::vector<output::RunEngine> engines_of(const config::MatchConfig& config) {
    std::vector<output::RunEngine> engines;
    for (const auto& spec : config.engines)
        engines.push_back(output::RunEngine{spec.name, spec, config::time_control(spec)});
    return engines;
}

std::string identity_of_saved_state(const std::vector<std::string>& command) {
    const config::MatchConfig played = cli::parse_match_flags(command);
    test_support::TempDir dir;
    const std::string saved =
        dir.write("config.json", output::fastchess_config_text(played, engines_of(played), config::CarriedResults{}));
    return config::run_identity(cli::parse_match_flags({"-dialect", "fastchess", "-config", "file=" + saved}));
}

const std::vector<std::string> kEngines{"-dialect",      "fastchess",   "-engine", "cmd=./tempo", "name=A",
                                        "-engine",       "cmd=./tempo", "name=B",  "-each",       "nodes=2000",
                                        "option.Hash=8", "-maxmoves",   "8",       "-srand",      "9"};

std::vector<std::string> with(std::vector<std::string> command, const std::vector<std::string>& more) {
    command.insert(command.end(), more.begin(), more.end());
    return command;
}

}  // namespace

TEST_CASE("a config file keeps the behaviour and schedule rules of the tool whose command line loads it", "[unit]") {
    const config::MatchConfig played = cli::parse_match_flags(kEngines);
    test_support::TempDir dir;
    const std::string saved =
        dir.write("config.json", output::fastchess_config_text(played, engines_of(played), config::CarriedResults{}));
    const config::MatchConfig continued = cli::parse_match_flags({"-dialect", "fastchess", "-config", "file=" + saved});
    CHECK(continued.behaviour.check_every_pv);
    CHECK(continued.behaviour.warnings_on_stdout);
    CHECK(continued.schedule == config::ScheduleRules::fastchess);

    const std::string json =
        dir.write("run.json", config::match_config_to_json(
                                  cli::parse_match_flags({"-engine", "cmd=a", "-engine", "cmd=b", "-each", "nodes=1"}))
                                  .dump());
    const config::MatchConfig as_cutechess = cli::parse_match_flags({"-dialect", "cutechess", "-config", json});
    CHECK(as_cutechess.behaviour.print_outcomes_at_end);
    CHECK(as_cutechess.schedule == config::ScheduleRules::cutechess);
    CHECK_FALSE(cli::parse_match_flags({"-config", json}).behaviour.print_outcomes_at_end);
}

TEST_CASE("fastchess's config.json continues the run of the command line that saved it", "[unit]") {
    // -repeat is fastchess's -games 2: colour-reversed pairs, as config.json's games = 2 says.
    for (const auto& counts : std::vector<std::vector<std::string>>{{"-rounds", "6", "-games", "2", "-repeat"},
                                                                    {"-rounds", "6", "-repeat"},
                                                                    {"-rounds", "3", "-games", "1"},
                                                                    {"-rounds", "4"}}) {
        const auto command = with(kEngines, counts);
        std::string shown;
        for (const auto& word : counts) shown += word + " ";
        INFO(shown);
        CHECK(identity_of_saved_state(command) == config::run_identity(cli::parse_match_flags(command)));
    }
}
