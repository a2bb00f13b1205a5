#pragma once
// The run report's "Reproduce" section: the command that resumes the run, rebuilt from its stored
// config, since the database does not keep the command line. A match, gauntlet or round-robin run
// stores its identity (harness/config/config_json.cpp, run_identity): the config `arbiter match
// -config FILE.json` reads, without the settings that do not change the games (concurrency, PGN
// output...) and with "engine_files", the hashes of the engines' executables, which the config
// file must not hold. The block writes that config to a file and runs `arbiter match` on it with
// --resume; --resume refuses when an engine's file changed since. Other kinds of run get a
// paragraph saying no command is rebuilt.

#include "db/database.h"
#include "reports/report_model.h"

namespace arbiter::reports {

// The block: "cat > run-7.json <<'EOF'\n{...}\nEOF\narbiter match -config run-7.json --db ... --resume 7".
Section reproduce_section(const db::RunRecord& run, const std::string& database_path);

}  // namespace arbiter::reports
