#include "reports/run_reproduce.h"

#include <nlohmann/json.hpp>

namespace arbiter::reports {
namespace {

// One word for a POSIX shell: single-quoted unless it is plainly safe.
std::string shell_word(const std::string& text) {
    const bool plain = !text.empty() && text.find_first_not_of(
                                            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                            "0123456789_-./:=+,@") == std::string::npos;
    if (plain) return text;
    std::string quoted = "'";
    for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

bool is_match_run(db::RunKind kind) {
    return kind == db::RunKind::match || kind == db::RunKind::gauntlet || kind == db::RunKind::round_robin;
}

// The part of the run this database holds, when it is not the whole run.
std::string shard_flags(const db::RunRecord& run) {
    if (run.shard_count > 1 && run.shard_index >= 1)
        return " --shard " + std::to_string(run.shard_index) + "/" + std::to_string(run.shard_count);
    if (run.shard_count == 1 && run.pair_begin && run.pair_end)
        return " --pairs " + std::to_string(*run.pair_begin) + ":" + std::to_string(*run.pair_end - *run.pair_begin);
    return {};
}

}  // namespace

Section reproduce_section(const db::RunRecord& run, const std::string& database_path) {
    Section section;
    section.heading = "Reproduce";
    nlohmann::json config = nlohmann::json::parse(run.config_json, nullptr, false);
    if (!is_match_run(run.kind) || !config.is_object() || !config.contains("engines")) {
        section.paragraphs.push_back("The command line is not stored, and a " + std::string(db::to_string(run.kind)) +
                                     " run's config is not one `arbiter match` reads: no command is rebuilt.");
        return section;
    }
    config.erase("engine_files");  // the identity's engine hashes: not a config key
    const std::string file = "run-" + std::to_string(run.id) + ".json";
    section.paragraphs.push_back(
        "The command line is not stored: this command is rebuilt from the run's stored config (its identity, "
        "without the settings that do not change the games). It resumes run " +
        std::to_string(run.id) + "; with --new instead of --resume it plays the same settings again as a new run.");
    section.blocks.push_back("cat > " + file + " <<'EOF'\n" + config.dump(2) + "\nEOF\narbiter match -config " + file +
                             " --db " + shell_word(database_path) + " --resume " + std::to_string(run.id) +
                             shard_flags(run) + "\n");
    return section;
}

}  // namespace arbiter::reports
