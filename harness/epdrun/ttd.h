#pragma once
// Time and nodes to a fixed depth: every engine configuration searches every position with
// `go depth D`, one search at a time so they do not compete for cores; totals and ratios to the
// first configuration tell whether a feature pays for itself.

#include "harness/protocol/types.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "harness/config/match_config.h"
#include "harness/epd/epd.h"

namespace arbiter::epdrun {

struct TtdEngine {
    std::string label;  // "#2 tempo HistoryHeuristic=false"
    std::string name;
    config::EngineSpec spec;
};

struct TtdSample {
    bool ok = false;
    std::string error;
    std::string bestmove;
    std::optional<int> depth;               // of the final info line
    std::optional<std::uint64_t> nodes;     // engine-reported, final info line
    std::optional<std::int64_t> engine_ms;  // engine-reported `time`, final info line
    std::int64_t wall_ms = 0;               // arbiter's clock, go to bestmove
};

struct TtdRow {
    std::string id;
    std::string fen;
    std::vector<TtdSample> samples;  // one per engine, in engine order
    bool complete() const;           // every engine answered with nodes and time
};

struct TtdTotals {
    std::size_t positions = 0;  // rows every engine answered
    std::uint64_t nodes = 0;
    std::int64_t engine_ms = 0;
    std::int64_t wall_ms = 0;
};

struct TtdReport {
    int depth = 0;
    std::vector<TtdEngine> engines;
    std::vector<TtdRow> rows;
};

// Names each configuration; the index keeps two runs of the same binary apart.
std::vector<TtdEngine> label_engines(const std::vector<config::EngineSpec>& specs);

// Starts every engine (throws when one cannot start), then searches. `progress` gets one line per
// position when not null.
TtdReport run_ttd(const std::vector<TtdEngine>& engines, const std::vector<epd::EpdRecord>& positions, int depth,
                  protocol::Millis timeout, std::ostream* progress);

// Per engine, over the rows every engine completed (a fair comparison).
std::vector<TtdTotals> ttd_totals(const TtdReport& report);

void print_ttd_table(std::ostream& out, const TtdReport& report);
void print_ttd_json(std::ostream& out, const TtdReport& report);

}  // namespace arbiter::epdrun
