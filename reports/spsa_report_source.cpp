#include "reports/spsa_report_source.h"

#include <cmath>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "db/database.h"
#include "harness/spsa/schedule.h"

namespace arbiter::reports {
namespace {

using nlohmann::json;

// The tuned engine as its run was told it: "tempo (/path/to/tempo)".
std::string engine_text(const json& engine) {
    const std::string name = engine.value("name", std::string());
    const std::string cmd = engine.value("cmd", std::string());
    const std::string program = std::filesystem::path(cmd).filename().string();
    if (name.empty()) return cmd;
    return program.empty() || program == name ? name : name + " (" + program + ")";
}

// The games' limits as the engine keys spell them ("nodes=2000", "tc=10+0.1").
std::string limits_text(const json& engine) {
    std::string text;
    for (const char* key : {"tc", "st", "nodes", "depth", "movetime", "timemargin"}) {
        if (!engine.contains(key)) continue;
        const json& value = engine.at(key);
        if (!text.empty()) text += ' ';
        text += key;
        text += '=';
        text += value.is_string() ? value.get<std::string>() : value.dump();
    }
    return text;
}

// The run's A as its schedule computed it, in iterations, the report's unit (fishtest counts it in
// game pairs). Rounded to a millionth, so that 0.1 * 6 reads 0.6 and not its binary neighbour.
double stability_in_iterations(const db::SpsaRunRecord& run) {
    const spsa::FileFormat format = spsa::parse_file_format(run.format);
    const spsa::Schedule schedule(format, {run.alpha, run.gamma, run.a_ratio}, run.iterations, run.pairs_per_iteration);
    const double unit = format == spsa::FileFormat::fishtest ? run.pairs_per_iteration : 1;
    return std::round(schedule.stability() / unit * 1e6) / 1e6;
}

SpsaReportModel model_of(const db::SpsaRunData& data) {
    SpsaReportModel model;
    const db::SpsaRunRecord& run = data.run;
    model.run_name = run.name;
    const json settings = json::parse(run.settings_json, nullptr, false);
    if (settings.is_object() && settings.contains("engines") && !settings["engines"].empty()) {
        model.engine = engine_text(settings["engines"][0]);
        model.limits = limits_text(settings["engines"][0]);
    }
    model.iterations_planned = run.iterations;
    model.pairs_per_iteration = run.pairs_per_iteration;
    model.alpha = run.alpha;
    model.gamma = run.gamma;
    model.A = stability_in_iterations(run);
    model.games = data.time.games;
    model.game_seconds = data.time.game_seconds;
    model.wall_seconds = data.time.wall_seconds;
    for (const db::SpsaParamRecord& param : data.params)
        model.params.push_back(
            {param.name, !param.is_float, param.start, param.min, param.max, param.c_end, param.r_end, {}});
    // Only finished iterations moved θ; one being played (or cut short by a kill) has no θ after yet.
    for (const db::SpsaIterationRecord& iteration : data.iterations) {
        if (!iteration.finished_at) continue;
        ++model.iterations_done;
        model.plus.wins += iteration.wins;
        model.plus.draws += iteration.draws;
        model.plus.losses += iteration.losses;
        for (const db::SpsaParamStep& step : iteration.steps)
            if (step.theta_after && step.param_index >= 0 &&
                static_cast<std::size_t>(step.param_index) < model.params.size())
                model.params[static_cast<std::size_t>(step.param_index)].theta.push_back(*step.theta_after);
    }
    return model;
}

}  // namespace

std::vector<SpsaReportModel> load_spsa_report_models(const std::string& db_path,
                                                     const std::optional<std::string>& run_name) {
    db::OpenOptions options;
    options.read_only = true;
    db::Database database(db_path, options);
    for (const char* table : {"spsa_runs", "spsa_params", "spsa_iterations"}) {
        if (!database.has_table(table))
            throw SpsaReportInputError(db_path + ": no spsa tables in this database (it lacks " + table +
                                       "): run `arbiter spsa ... --db " + db_path + "` first");
    }
    std::vector<std::string> names;
    if (run_name) names.push_back(*run_name);
    else
        for (const db::SpsaRunRecord& run : database.spsa_runs()) names.push_back(run.name);
    if (names.empty())
        throw SpsaReportInputError(db_path + ": no spsa runs in this database: run `arbiter spsa ... --db " + db_path +
                                   "` first");
    std::vector<SpsaReportModel> models;
    for (const std::string& name : names) {
        const std::optional<db::SpsaRunData> data = database.spsa_run_data(name);
        if (!data) throw SpsaReportInputError(db_path + ": no spsa run named '" + name + "'");
        models.push_back(model_of(*data));
    }
    return models;
}

}  // namespace arbiter::reports
