#include "harness/spsa/engine_check.h"

#include <charconv>
#include <cmath>
#include <map>
#include <optional>
#include <ostream>

#include "harness/protocol/engine_client.h"
#include "harness/protocol/option_rules.h"
#include "harness/runner/engine_setup.h"

namespace arbiter::spsa {
namespace {

std::string type_name(protocol::OptionType type) {
    switch (type) {
        case protocol::OptionType::Check: return "check";
        case protocol::OptionType::Spin: return "spin";
        case protocol::OptionType::Combo: return "combo";
        case protocol::OptionType::Button: return "button";
        case protocol::OptionType::String: return "string";
        case protocol::OptionType::Unknown: break;
    }
    return "untyped";
}

// The shortest text that reads back as `value`: 5000, 12.5.
std::string shortest_text(double value) {
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    return std::string(text, end);
}

std::string bound_text(const std::optional<long long>& bound, const char* missing) {
    return bound ? std::to_string(*bound) : std::string(missing);
}

// One parameter's check, with the file and line for every message.
class ParameterCheck {
public:
    ParameterCheck(const ParameterFile& file, const Parameter& param, const std::string& engine)
        : where_(file.source + ":" + std::to_string(param.line) + ": " + param.name + ": "),
          param_(param),
          engine_(engine) {}

    [[noreturn]] void fail(const std::string& what) const { throw ParameterFileError(where_ + what); }

    void check(const protocol::EngineOption* option) const {
        // The words of cutechess-cli and fastchess for an option an engine lacks.
        if (!option) fail(engine_ + " doesn't have option " + param_.name);
        if (param_.is_float) check_float(*option);
        else check_int(*option);
    }

private:
    void check_float(const protocol::EngineOption& option) const {
        if (option.type != protocol::OptionType::String)
            fail(engine_ + "'s option " + option.name + " is a " + type_name(option.type) +
                 " option; a float parameter's fractional values need a string option (UCI has no float "
                 "type), or make the parameter int");
    }

    // Every value the engines are sent lies in floor(min)..ceil(max) (the roundings of step.cpp),
    // and the value lies in min..max (parameter_file.cpp), so this range holds all of them.
    void check_int(const protocol::EngineOption& option) const {
        if (option.type != protocol::OptionType::Spin)
            fail(engine_ + "'s option " + option.name + " is a " + type_name(option.type) +
                 " option; SPSA tunes integers, which only a spin option takes");
        const double low = std::floor(param_.min), high = std::ceil(param_.max);
        const bool fits = (!option.min || low >= static_cast<double>(*option.min)) &&
                          (!option.max || high <= static_cast<double>(*option.max));
        if (!fits)
            fail("the range " + shortest_text(param_.min) + ".." + shortest_text(param_.max) + " does not fit " +
                 engine_ + "'s option " + option.name + ", whose range is " + bound_text(option.min, "-inf") + ".." +
                 bound_text(option.max, "inf"));
    }

    std::string where_;
    const Parameter& param_;
    const std::string& engine_;
};

}  // namespace

DeclaredOptions declared_options(const config::MatchConfig& match) {
    // As the iterations play it: θ+ and θ−, two copies of the engine (a run needs two).
    config::MatchConfig pair = match;
    pair.engines = {match.engines.at(0), match.engines.at(0)};
    std::ostream discard(nullptr);  // the note that the copies' names were made unique
    const std::vector<runner::PreparedEngine> engines = runner::prepare_engines(pair, discard);
    const runner::PreparedEngine& tuned = engines.at(0);
    try {
        const std::unique_ptr<protocol::EngineClient> client = protocol::make_engine_client(tuned.client);
        client->start();  // the handshake, then the configured options, each checked
        return DeclaredOptions{tuned.name, client->options()};
    } catch (const std::exception& error) {  // ProcessError, EngineFailure, OptionError
        throw config::ConfigError("-engine (" + tuned.name + ")", error.what());
    }
}

void check_against_options(const ParameterFile& file, const DeclaredOptions& declared) {
    std::map<const protocol::EngineOption*, std::string> tuned_by;  // option → the parameter tuning it
    for (const Parameter& param : file.params) {
        const ParameterCheck check(file, param, declared.engine);
        const protocol::EngineOption* option = protocol::find_option(declared.options, param.name);
        check.check(option);
        const auto [earlier, first] = tuned_by.emplace(option, param.name);
        if (!first) check.fail("names option " + option->name + " as " + earlier->second + " does");
    }
}

}  // namespace arbiter::spsa
