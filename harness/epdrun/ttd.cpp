#include "harness/epdrun/ttd.h"

#include "harness/protocol/engine_client.h"
#include "harness/protocol/engine_config.h"

#include <chrono>
#include <iomanip>
#include <memory>
#include <sstream>

#include <nlohmann/json.hpp>

#include "harness/config/engine_spec.h"
#include "harness/epdrun/engine_setup.h"

namespace arbiter::epdrun {

namespace {

using EngineClients = std::vector<std::unique_ptr<protocol::EngineClient>>;

// Owns the engine processes of one ttd run; quits them however the run ends.
class EngineSet {
public:
    explicit EngineSet(const std::vector<TtdEngine>& engines) {
        for (const auto& engine : engines) {
            clients_.push_back(protocol::make_engine_client(to_engine_config(engine.spec, engine.name)));
            clients_.back()->start();
        }
    }
    ~EngineSet() {
        for (auto& client : clients_) client->quit();
    }
    EngineSet(const EngineSet&) = delete;
    EngineSet& operator=(const EngineSet&) = delete;
    protocol::EngineClient& operator[](std::size_t i) { return *clients_[i]; }

private:
    EngineClients clients_;
};

TtdSample measure(protocol::EngineClient& client, const epd::EpdRecord& position, int depth, protocol::Millis timeout) {
    TtdSample sample;
    try {
        client.new_game(protocol::TimeControl{});
        client.set_position(position.fen, {});
        protocol::SearchRequest request;
        request.depth = depth;
        const auto search = client.go(request, protocol::Clock::now() + timeout);
        sample.wall_ms = std::chrono::duration_cast<std::chrono::milliseconds>(search.elapsed).count();
        if (!search.ok()) {
            sample.error = search.timed_out ? "no bestmove within " + std::to_string(timeout.count()) + " ms"
                                            : search.error_message;
            return sample;
        }
        sample.ok = true;
        sample.bestmove = search.bestmove;
        sample.depth = search.info.depth;
        sample.nodes = search.info.nodes;
        if (search.info.time) sample.engine_ms = search.info.time->count();
    } catch (const std::exception& failure) {
        sample.error = failure.what();
    }
    return sample;
}

// A failed engine gets a fresh process so the remaining positions still compare.
void recover(protocol::EngineClient& client, TtdSample& sample) {
    if (sample.ok) return;
    try {
        client.start();
    } catch (const std::exception& failure) {
        sample.error += "; restart failed: " + std::string(failure.what());
    }
}

std::string row_id(const epd::EpdRecord& record) {
    return record.id.empty() ? "line " + std::to_string(record.line) : record.id;
}

std::string ratio_text(double numerator, double denominator) {
    if (denominator <= 0) return "-";
    std::ostringstream text;
    text << std::fixed << std::setprecision(3) << numerator / denominator;
    return text.str();
}

std::string cell(const std::optional<std::int64_t>& value) { return value ? std::to_string(*value) : "-"; }

void print_row(std::ostream& out, const std::string& label, const std::vector<std::string>& cells) {
    out << std::left << std::setw(18) << label << std::right;
    for (const auto& text : cells) out << std::setw(12) << text;
    out << "\n";
}

std::vector<std::string> sample_cells(const TtdSample& sample) {
    if (!sample.ok) return {"error", "-", "-"};
    std::optional<std::int64_t> nodes;
    if (sample.nodes) nodes = static_cast<std::int64_t>(*sample.nodes);
    return {cell(nodes), cell(sample.engine_ms), std::to_string(sample.wall_ms)};
}

}  // namespace

bool TtdRow::complete() const {
    for (const auto& sample : samples) {
        if (!sample.ok || !sample.nodes || !sample.engine_ms) return false;
    }
    return !samples.empty();
}

std::vector<TtdEngine> label_engines(const std::vector<config::EngineSpec>& specs) {
    std::vector<TtdEngine> engines;
    for (const auto& spec : specs) {
        TtdEngine engine;
        engine.name = config::default_engine_name(spec);
        const std::string options = options_text(spec);
        engine.label =
            "#" + std::to_string(engines.size() + 1) + " " + engine.name + (options.empty() ? "" : " " + options);
        engine.spec = spec;
        engines.push_back(std::move(engine));
    }
    return engines;
}

TtdReport run_ttd(const std::vector<TtdEngine>& engines, const std::vector<epd::EpdRecord>& positions, int depth,
                  protocol::Millis timeout, std::ostream* progress) {
    TtdReport report;
    report.depth = depth;
    report.engines = engines;
    EngineSet clients(engines);
    for (const auto& position : positions) {
        TtdRow row{row_id(position), position.fen, {}};
        for (std::size_t i = 0; i < engines.size(); ++i) {
            row.samples.push_back(measure(clients[i], position, depth, timeout));
            recover(clients[i], row.samples.back());
        }
        if (progress) {
            *progress << "[" << report.rows.size() + 1 << "/" << positions.size() << "] " << row.id;
            for (std::size_t i = 0; i < engines.size(); ++i) {
                const auto& s = row.samples[i];
                *progress << "  #" << i + 1 << " " << (s.ok ? cell(s.engine_ms) + " ms" : "error: " + s.error);
            }
            *progress << std::endl;
        }
        report.rows.push_back(std::move(row));
    }
    return report;
}

std::vector<TtdTotals> ttd_totals(const TtdReport& report) {
    std::vector<TtdTotals> totals(report.engines.size());
    for (const auto& row : report.rows) {
        if (!row.complete()) continue;
        for (std::size_t i = 0; i < totals.size(); ++i) {
            ++totals[i].positions;
            totals[i].nodes += *row.samples[i].nodes;
            totals[i].engine_ms += *row.samples[i].engine_ms;
            totals[i].wall_ms += row.samples[i].wall_ms;
        }
    }
    return totals;
}

void print_ttd_table(std::ostream& out, const TtdReport& report) {
    out << "time to depth " << report.depth << ", " << report.rows.size() << " position(s)\n";
    for (const auto& engine : report.engines) out << "  " << engine.label << "  (" << engine.spec.cmd << ")\n";
    std::vector<std::string> heading;
    for (std::size_t i = 0; i < report.engines.size(); ++i) {
        const std::string tag = "#" + std::to_string(i + 1);
        heading.insert(heading.end(), {tag + " nodes", tag + " ms", tag + " wall"});
    }
    print_row(out, "position", heading);
    for (const auto& row : report.rows) {
        std::vector<std::string> cells;
        for (const auto& sample : row.samples) {
            auto more = sample_cells(sample);
            cells.insert(cells.end(), more.begin(), more.end());
        }
        print_row(out, row.id, cells);
    }
    const auto totals = ttd_totals(report);
    std::vector<std::string> sums, ratios;
    for (const auto& t : totals) {
        sums.insert(sums.end(), {std::to_string(t.nodes), std::to_string(t.engine_ms), std::to_string(t.wall_ms)});
        ratios.insert(ratios.end(), {ratio_text(double(t.nodes), double(totals[0].nodes)),
                                     ratio_text(double(t.engine_ms), double(totals[0].engine_ms)),
                                     ratio_text(double(t.wall_ms), double(totals[0].wall_ms))});
    }
    print_row(out, "total", sums);
    print_row(out, "ratio to #1", ratios);
    const std::size_t incomplete = report.rows.size() - (totals.empty() ? 0 : totals[0].positions);
    if (incomplete) out << incomplete << " position(s) left out of the totals: not every engine answered\n";
}

void print_ttd_json(std::ostream& out, const TtdReport& report) {
    const auto totals = ttd_totals(report);
    nlohmann::json engines = nlohmann::json::array();
    for (std::size_t i = 0; i < report.engines.size(); ++i) {
        const auto& t = totals[i];
        const auto& first = totals[0];
        auto ratio = [](double a, double b) { return b > 0 ? nlohmann::json(a / b) : nlohmann::json(nullptr); };
        engines.push_back(
            {{"label", report.engines[i].label},
             {"name", report.engines[i].name},
             {"cmd", report.engines[i].spec.cmd},
             {"options", options_text(report.engines[i].spec)},
             {"total",
              {{"positions", t.positions}, {"nodes", t.nodes}, {"time_ms", t.engine_ms}, {"wall_ms", t.wall_ms}}},
             {"ratio_to_first",
              {{"nodes", ratio(double(t.nodes), double(first.nodes))},
               {"time_ms", ratio(double(t.engine_ms), double(first.engine_ms))},
               {"wall_ms", ratio(double(t.wall_ms), double(first.wall_ms))}}}});
    }
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& row : report.rows) {
        nlohmann::json samples = nlohmann::json::array();
        for (const auto& s : row.samples) {
            samples.push_back({{"ok", s.ok},
                               {"error", s.error},
                               {"bestmove", s.bestmove},
                               {"depth", s.depth ? nlohmann::json(*s.depth) : nlohmann::json(nullptr)},
                               {"nodes", s.nodes ? nlohmann::json(*s.nodes) : nlohmann::json(nullptr)},
                               {"time_ms", s.engine_ms ? nlohmann::json(*s.engine_ms) : nlohmann::json(nullptr)},
                               {"wall_ms", s.wall_ms}});
        }
        rows.push_back({{"id", row.id}, {"fen", row.fen}, {"complete", row.complete()}, {"samples", samples}});
    }
    nlohmann::json json{{"depth", report.depth}, {"engines", engines}, {"positions", rows}};
    out << json.dump(2) << "\n";
}

}  // namespace arbiter::epdrun
