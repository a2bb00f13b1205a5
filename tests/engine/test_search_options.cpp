// The search parameters as UCI spin options: announced with search_params.h's values, wired into
// the search, and range-checked.
#include <catch2/catch.hpp>

#include <atomic>
#include <cmath>
#include <sstream>

#include "engine/bench.h"
#include "engine/search.h"
#include "engine/search_options.h"
#include "engine/uci.h"
#include "tests/support/child.h"

using namespace tempo;
using test_support::Child;
using namespace std::chrono_literals;

namespace {

struct ExpectedOption {
    const char* name;
    int default_value;
};

// Written out here rather than read from the option table, so a renamed option or a default that
// drifts from the constant fails. LmrBase and LmrDivisor are in hundredths: 0.88 and 2.02.
const ExpectedOption kExpected[] = {
    {"AspirationMinDepth", params::kAspirationMinDepth},
    {"AspirationInitialDelta", params::kAspirationInitialDelta},
    {"AspirationGrowthPercent", params::kAspirationGrowthPercent},
    {"AspirationMaxDelta", params::kAspirationMaxDelta},
    {"NullMoveMinDepth", params::kNullMoveMinDepth},
    {"NullMoveBaseReduction", params::kNullMoveBaseReduction},
    {"NullMoveDepthDivisor", params::kNullMoveDepthDivisor},
    {"FutilityMargin1", params::kFutilityMargin[1]},
    {"FutilityMargin2", params::kFutilityMargin[2]},
    {"FutilityMargin3", params::kFutilityMargin[3]},
    {"FutilityMargin4", params::kFutilityMargin[4]},
    {"ReverseFutilityMaxDepth", params::kReverseFutilityMaxDepth},
    {"DeltaPruningMargin", params::kDeltaPruningMargin},
    {"LateMoveQuietLimit1", params::kLateMoveQuietLimit[1]},
    {"LateMoveQuietLimit2", params::kLateMoveQuietLimit[2]},
    {"LateMoveQuietLimit3", params::kLateMoveQuietLimit[3]},
    {"LateMoveQuietLimit4", params::kLateMoveQuietLimit[4]},
    {"LateMoveQuietLimit5", params::kLateMoveQuietLimit[5]},
    {"LmrMinDepth", params::kLmrMinDepth},
    {"LmrMinMoveNumber", params::kLmrMinMoveNumber},
    {"LmrBase", 88},
    {"LmrDivisor", 202},
    {"QuiescenceRecaptureDepth", params::kQuiescenceRecaptureDepth},
    {"HistoryAgingDivisor", params::kHistoryAgingDivisor},
    {"CheckExtension", params::kCheckExtension},
};

std::vector<std::string> uci_reply() {
    std::ostringstream out;
    {
        UciSession session(out);
        session.handle_line("uci");
    }
    std::vector<std::string> lines;
    std::istringstream in(out.str());
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// "option name X type spin default D min A max B" -> {D, A, B}; fails when X is absent or not a spin.
std::array<long long, 3> spin_of(const std::vector<std::string>& lines, const std::string& name) {
    const std::string prefix = "option name " + name + " type spin default ";
    for (const std::string& line : lines) {
        if (line.rfind(prefix, 0) != 0) continue;
        std::istringstream rest(line.substr(prefix.size()));
        long long value = 0, min = 0, max = 0;
        std::string min_word, max_word;
        rest >> value >> min_word >> min >> max_word >> max;
        REQUIRE(min_word == "min");
        REQUIRE(max_word == "max");
        return {value, min, max};
    }
    FAIL("no spin option " << name << " in the uci reply");
    return {};
}

constexpr const char* kMiddlegame = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R1BQ1RK1 w - - 0 9";

// Positions whose searches reach every parameter: aspiration re-searches need tactics.
constexpr const char* kSearchedPositions[] = {
    kMiddlegame,
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "r4q1k/p2bR1rp/2p2Q1N/5p2/5p2/2P5/PP3PPP/R5K1 w - - 0 1",
    "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1",
};

// Nodes of fixed-depth searches of kSearchedPositions from fresh tables, with `params`.
std::uint64_t nodes_with(const SearchParams& params, int depth) {
    TranspositionTable tt;
    tt.resize(16);
    History history;
    Search search(tt, history);
    SearchConfig config;
    config.params = params;
    config.limits.depth = depth;
    std::atomic<bool> never_stop{false};
    std::uint64_t nodes = 0;
    for (const char* fen : kSearchedPositions) {
        tt.clear();
        history.clear();
        nodes += search.run(chess::Position(fen, false), config, never_stop, InfoSink()).nodes;
    }
    return nodes;
}

// The nodes of `go depth` in a fresh game, read from the last info line before bestmove.
std::uint64_t uci_nodes(Child& tempo, int depth) {
    tempo.send("ucinewgame");
    tempo.send("position fen " + std::string(kMiddlegame));
    tempo.send("go depth " + std::to_string(depth));
    std::vector<std::string> lines;
    REQUIRE(tempo.wait_for("bestmove", 20000ms, &lines));
    for (auto line = lines.rbegin(); line != lines.rend(); ++line) {
        std::size_t at = line->find(" nodes ");
        if (line->rfind("info depth", 0) == 0 && at != std::string::npos) return std::stoull(line->substr(at + 7));
    }
    FAIL("no info line with nodes before bestmove");
    return 0;
}

}  // namespace

TEST_CASE("every search parameter is a spin option whose default is its constant", "[search_options]") {
    const std::vector<std::string> lines = uci_reply();
    for (const ExpectedOption& expected : kExpected) {
        INFO(expected.name);
        const auto [value, min, max] = spin_of(lines, expected.name);
        CHECK(value == expected.default_value);
        CHECK(min <= value);
        CHECK(value <= max);
    }
    CHECK(search_param_options().size() == std::size(kExpected));
    // The recovery test of `arbiter spsa` starts these far from today's values.
    const auto lmr_divisor = spin_of(lines, "LmrDivisor");
    CHECK((lmr_divisor[1] <= 600 && 600 <= lmr_divisor[2]));
    const auto futility_margin = spin_of(lines, "FutilityMargin1");
    CHECK((futility_margin[1] <= 400 && 400 <= futility_margin[2]));
}

TEST_CASE("out-of-range and non-integer search parameter values are refused", "[search_options]") {
    std::ostringstream out;
    {
        UciSession session(out);
        session.handle_line("setoption name LmrDivisor value 49");
        session.handle_line("setoption name FutilityMargin1 value 1501");
        session.handle_line("setoption name AspirationGrowthPercent value 1.5");
    }
    const std::string reply = out.str();
    CHECK(reply.find("info string option LmrDivisor value 49 is outside 50..1000") != std::string::npos);
    CHECK(reply.find("info string option FutilityMargin1 value 1501 is outside 0..1500") != std::string::npos);
    CHECK(reply.find("info string option AspirationGrowthPercent expects an integer") != std::string::npos);
}

TEST_CASE("each search parameter changes the search it is given", "[search_options]") {
    // Each at its range's minimum, one at a time; the searches themselves only read SearchParams.
    const SearchParams defaults;
    const std::uint64_t default_nodes = nodes_with(defaults, 8);
    for (const SearchParamOption& option : search_param_options()) {
        INFO(option.name);
        SearchParams changed;
        option.slot(changed) = option.min;
        REQUIRE(option.value_in(changed) != option.value_in(defaults));
        CHECK(nodes_with(changed, 8) != default_nodes);
    }
    CHECK(nodes_with(defaults, 8) == default_nodes);
}

TEST_CASE("the LMR table follows LmrBase and LmrDivisor", "[search_options]") {
    LmrTable table;
    CHECK(table.plies(10, 20) == int(0.88 + std::log(10) * std::log(20) / 2.02));
    SearchParams params;
    params.lmr_divisor = 600;
    table.update(params);
    CHECK(table.plies(10, 20) == int(0.88 + std::log(10) * std::log(20) / 6.0));
    params.lmr_base = 200;
    table.update(params);
    CHECK(table.plies(10, 20) == int(2.0 + std::log(10) * std::log(20) / 6.0));
    table.update(SearchParams());
    CHECK(table.plies(10, 20) == int(0.88 + std::log(10) * std::log(20) / 2.02));
}

TEST_CASE("setoption sets the search parameters tempo searches with", "[integration]") {
    Child tempo{test_support::talk_to(TEMPO_BIN)};
    tempo.send("uci");
    REQUIRE(tempo.wait_for("uciok", 2000ms));
    const std::uint64_t default_nodes = uci_nodes(tempo, 8);
    for (const char* option : {"LmrDivisor value 600", "FutilityMargin1 value 400", "NullMoveBaseReduction value 1"}) {
        INFO(option);
        tempo.send(std::string("setoption name ") + option);
        CHECK(uci_nodes(tempo, 8) != default_nodes);
    }
    tempo.send("setoption name LmrDivisor value 202");
    tempo.send("setoption name FutilityMargin1 value 85");
    tempo.send("setoption name NullMoveBaseReduction value 2");
    tempo.send("setoption name LmrDivisor value 5000");  // refused: 202 stays
    CHECK(uci_nodes(tempo, 8) == default_nodes);
    tempo.send("setoption name lmrdivisor value 600");  // names match case-insensitively
    CHECK(uci_nodes(tempo, 8) != default_nodes);
}
