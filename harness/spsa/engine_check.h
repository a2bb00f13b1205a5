#pragma once
// The tuned engine asked, once and before a run is stored, which options it has: every parameter
// must name one the values can reach. Otherwise a string or check option is "tuned" on values it
// reads as something else (and the run ends with nonsense and exit 0), and a range wider than the
// option's fails at the first iteration that steps outside it, and again at every resume, since
// the stored iteration keeps its values.

#include <string>
#include <vector>

#include "harness/config/match_config.h"
#include "harness/protocol/types.h"
#include "harness/spsa/parameter_file.h"

namespace arbiter::spsa {

struct DeclaredOptions {
    std::string engine;  // the engine's name in the run, for messages
    std::vector<protocol::EngineOption> options;
};

// Starts the engine of `match.engines[0]` with its configured options, reads the options it
// declares and quits it. Throws config::ConfigError naming -engine when the engine is not usable
// as given (no such program, no handshake, a configured option it does not have).
DeclaredOptions declared_options(const config::MatchConfig& match);

// Throws ParameterFileError "FILE:LINE: NAME: what is wrong" for the first parameter the engine
// has no fitting option for. An int parameter needs a spin option
// whose min..max holds the parameter's whole range (and so its value); a float parameter needs a
// string option, the one UCI type a fractional value can be sent as. Two parameters may not name
// the same option (UCI names ignore case).
void check_against_options(const ParameterFile& file, const DeclaredOptions& declared);

}  // namespace arbiter::spsa
