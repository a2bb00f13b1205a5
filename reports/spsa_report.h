#pragma once
// `arbiter report spsa`: what one SPSA run did to each parameter, as a table of start, final and
// range, one SVG trajectory per parameter (HTML), the final values in OpenBench's, fishtest's and
// arbiter's own -each syntax to paste back, and everything with its trajectory as JSON.
//
// The report is built from SpsaReportModel, a plain struct the database reader fills, so the
// renderers need no database and the tests build models by hand.

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "reports/render.h"
#include "reports/report_model.h"

namespace arbiter::reports {

struct SpsaParamTrajectory {
    std::string name;         // the UCI option's name
    bool is_integer = false;  // int parameters reach the engine rounded, so they print rounded
    double start = 0, min = 0, max = 0;
    double c_end = 0, r_end = 0;  // perturbation size and learning rate at the last iteration
    std::vector<double> theta;    // θ after each iteration: [0] is after iteration 1
};

// W/D/L of the θ+ engine against the θ- engine, summed over the run.
struct SpsaPlusResults {
    std::int64_t wins = 0, draws = 0, losses = 0;
};

struct SpsaReportModel {
    std::string run_name;
    std::string engine;
    std::string limits;  // the games' time control or node limit as stored ("nodes=20000", "10+0.1")
    int iterations_planned = 0;
    int iterations_done = 0;  // every parameter's theta holds this many values
    int pairs_per_iteration = 0;
    std::int64_t games = 0;
    SpsaPlusResults plus;
    double alpha = 0.602, gamma = 0.101;
    double A = 0;  // the stability constant, in iterations (fishtest: a share of the planned ones)
    std::optional<double> wall_seconds;  // first game's start to last game's end
    std::optional<double> game_seconds;  // sum of the games' durations: the engines' CPU time at one thread each
    std::vector<SpsaParamTrajectory> params;
};

// θ after the last iteration; the start value when no iteration finished.
double final_theta(const SpsaParamTrajectory& param);
// What the report and the paste-back lines give as the final value: θ rounded to a whole number for
// int parameters, to 6 significant digits for float ones.
double final_value(const SpsaParamTrajectory& param);

// The runs of one database as a Report: per run a summary and table, the paste-back blocks and, when
// asked (only HTML draws charts), a section of trajectories. Throws std::invalid_argument naming the
// run and parameter when a trajectory's length disagrees with iterations_done.
Report build_spsa_report(const std::vector<SpsaReportModel>& runs, const std::string& source, bool with_trajectories);

// JSON with numbers as numbers: every run, every parameter's start, final, range and trajectory.
void render_spsa_json(const std::vector<SpsaReportModel>& runs, const std::string& source, std::ostream& out);

// md, html and csv through render(), json through render_spsa_json.
void render_spsa_report(const std::vector<SpsaReportModel>& runs, const std::string& source, Format format,
                        std::ostream& out);

}  // namespace arbiter::reports
