// arbiter baseline: the nightly's memory of its last good build (the `baselines` table).
#include <charconv>
#include <filesystem>
#include <map>
#include <ostream>
#include <stdexcept>

#include "db/baseline_store.h"

namespace arbiter::db {

namespace {

const char* const kUsage =
    "usage: arbiter baseline current --db FILE [--name NAME]     the current baseline's commit (empty: none)\n"
    "       arbiter baseline list --db FILE [--name NAME]        every recorded baseline, newest first\n"
    "       arbiter baseline record --db FILE [--name NAME] --commit SHA [--engine ENGINE-NAME] [--run ID]\n"
    "  NAME defaults to nightly. --engine links the engines row of ENGINE-NAME at SHA (it must exist).\n";

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct BaselineFlags {
  std::string action;
  std::map<std::string, std::string> values;  // flag -> value

  std::string get(const std::string& flag, const std::string& fallback = {}) const {
    const auto it = values.find(flag);
    return it == values.end() ? fallback : it->second;
  }
  std::string required(const std::string& flag) const {
    const auto it = values.find(flag);
    if (it == values.end() || it->second.empty()) throw UsageError(flag + " is required for '" + action + "'");
    return it->second;
  }
};

BaselineFlags parse_flags(const std::vector<std::string>& args) {
  if (args.empty()) throw UsageError("give an action: current, list or record");
  BaselineFlags flags;
  flags.action = args[0];
  if (flags.action != "current" && flags.action != "list" && flags.action != "record")
    throw UsageError("unknown action '" + flags.action + "'");
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& flag = args[i];
    const bool known = flag == "--db" || flag == "--name" || flag == "--commit" || flag == "--engine" || flag == "--run";
    if (!known) throw UsageError("unknown argument '" + flag + "'");
    if (flag != "--db" && flag != "--name" && flags.action != "record")
      throw UsageError(flag + " belongs to 'record' only");
    if (i + 1 >= args.size()) throw UsageError(flag + ": needs a value");
    flags.values[flag] = args[++i];
  }
  return flags;
}

std::int64_t parse_run_id(const std::string& text) {
  std::int64_t id = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (error != std::errc() || end != text.data() + text.size() || id < 1)
    throw UsageError("--run: expected a run id (a positive integer), got '" + text + "'");
  return id;
}

std::string describe(const BaselineRecord& baseline) {
  std::string text = baseline.recorded_at + "  " + baseline.git_commit;
  if (baseline.run_id) text += "  run " + std::to_string(*baseline.run_id);
  if (baseline.engine_id) text += "  engine " + std::to_string(*baseline.engine_id);
  return text;
}

int record(const BaselineFlags& flags, std::ostream& out) {
  BaselineRecord baseline;
  baseline.name = flags.get("--name", "nightly");
  baseline.git_commit = flags.required("--commit");
  if (!flags.get("--run").empty()) baseline.run_id = parse_run_id(flags.get("--run"));
  BaselineStore store(flags.required("--db"));
  if (const std::string engine = flags.get("--engine"); !engine.empty()) {
    baseline.engine_id = store.find_engine(engine, baseline.git_commit);
    if (!baseline.engine_id)
      throw UsageError("--engine: no engine '" + engine + "' at commit " + baseline.git_commit + " in " +
                       flags.get("--db"));
  }
  const std::int64_t id = store.record(baseline);
  out << "baseline '" << baseline.name << "' is now " << baseline.git_commit << " (row " << id << ")\n";
  return 0;
}

int show(const BaselineFlags& flags, std::ostream& out, std::ostream& err) {
  const std::string path = flags.required("--db");
  const std::string name = flags.get("--name", "nightly");
  if (!std::filesystem::exists(path)) {  // no database yet: nothing was ever recorded
    err << "arbiter baseline: no database " << path << " yet, so no baseline '" << name << "'\n";
    return 0;
  }
  OpenOptions read_only;
  read_only.read_only = true;
  BaselineStore store(path, read_only);
  if (flags.action == "current") {
    const auto current = store.current(name);
    if (current) out << current->git_commit << '\n';
    else err << "arbiter baseline: no baseline '" << name << "' recorded in " << path << '\n';
    return 0;
  }
  for (const auto& baseline : store.history(name)) out << describe(baseline) << '\n';
  return 0;
}

}  // namespace

int run_baseline_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (!args.empty() && (args[0] == "-h" || args[0] == "--help")) {
    out << kUsage;
    return 0;
  }
  try {
    const BaselineFlags flags = parse_flags(args);
    return flags.action == "record" ? record(flags, out) : show(flags, out, err);
  } catch (const UsageError& error) {
    err << "arbiter baseline: " << error.what() << '\n' << kUsage;
    return 2;
  } catch (const DbError& error) {
    err << "arbiter baseline: " << error.what() << '\n';
    return error.kind() == ErrorKind::invalid_argument || error.kind() == ErrorKind::constraint ? 2 : 1;
  }
}

}  // namespace arbiter::db
