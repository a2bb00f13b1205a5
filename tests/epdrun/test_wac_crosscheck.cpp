// Cross-check of `arbiter epd` against an independent scorer written here: Stockfish driven
// through a plain pipe, bm/am read from the raw EPD text and resolved with the rules core's SAN
// parser directly (not through harness/epd). At fixed nodes, one thread and a cleared hash,
// Stockfish is deterministic, so both must find the same solved set.
#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "tests/epdrun/epdrun_test_support.h"
#include "tests/support/child.h"

using namespace epdrun_test;

namespace {

constexpr int kNodes = 100000;
constexpr std::size_t kPositions = 30;

// Waiting longer than a search at kNodes takes means the engine is stuck.
constexpr std::chrono::seconds kReplyLimit{60};

// Reads Stockfish's lines until one starts with `prefix`; returns it.
std::string reply(test_support::Child& engine, const std::string& prefix) {
    const auto line = engine.wait_for(prefix, kReplyLimit);
    INFO("waiting for " << prefix);
    REQUIRE(line);
    return *line;
}

// The operand of `opcode` in a raw EPD line ("bm Qg6 Rxb2;" -> "Qg6 Rxb2"), empty when absent.
std::string operand(const std::string& line, const std::string& opcode) {
    const auto at = line.find(" " + opcode + " ");
    if (at == std::string::npos) return "";
    const auto begin = at + opcode.size() + 2;
    return line.substr(begin, line.find(';', begin) - begin);
}

std::set<std::string> independent_solved_set(const std::string& suite_path) {
    test_support::Child engine(test_support::talk_to(STOCKFISH_BIN));
    engine.send("uci");
    reply(engine, "uciok");
    engine.send("setoption name Hash value 16");
    engine.send("setoption name Threads value 1");
    std::ifstream in(suite_path);
    std::set<std::string> solved;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string board, side, castling, ep;
        fields >> board >> side >> castling >> ep;
        const std::string fen = board + " " + side + " " + castling + " " + ep + " 0 1";
        const chess::Position pos(fen);
        engine.send("ucinewgame");
        engine.send("isready");
        reply(engine, "readyok");
        engine.send("position fen " + fen);
        engine.send("go nodes " + std::to_string(kNodes));
        std::istringstream bestmove(reply(engine, "bestmove"));
        std::string word, move;
        bestmove >> word >> move;
        const chess::Move played = chess::parse_uci(pos, move);
        auto listed = [&](const std::string& sans) {
            std::istringstream list(sans);
            std::string san;
            while (list >> san) {
                if (chess::parse_san(pos, san) == played) return true;
            }
            return false;
        };
        const std::string bm = operand(line, "bm"), am = operand(line, "am");
        const bool ok = bm.empty() ? !listed(am) : listed(bm) && !listed(am);
        const std::string id = operand(line, "id");
        if (ok) solved.insert(id.substr(1, id.size() - 2));  // strip the quotes
    }
    return solved;
}

}  // namespace

TEST_CASE("epd: solved set on the first WAC positions matches an independent scorer", "[epd][crosscheck]") {
    if (!stockfish_available()) {
        WARN("stockfish not installed; skipped");
        return;
    }
    ScratchDir dir;
    const std::string suite = wac_head(dir, kPositions);
    const auto run =
        run_epd({"--engine", std::string("cmd=") + STOCKFISH_BIN + " option.Hash=16 option.Threads=1", "--suite", suite,
                 "--nodes", std::to_string(kNodes), "--concurrency", "2", "--json", "--db", dir.file("wac.db")});
    REQUIRE(run.code == 0);
    const auto json = nlohmann::json::parse(run.out);
    std::set<std::string> arbiter_solved;
    for (const auto& result : json["results"]) {
        if (result["solved"].get<bool>()) arbiter_solved.insert(result["id"].get<std::string>());
        if (result["solved"].get<bool>()) CHECK(result["time_to_solution_ms"].is_number());
    }
    CHECK(json["positions"] == kPositions);
    CHECK(json["solved"] == arbiter_solved.size());
    const auto expected = independent_solved_set(suite);
    CHECK(arbiter_solved == expected);
    // Stockfish solves most of these at this node count; far fewer means a broken run on both sides.
    INFO("solved " << expected.size() << " of " << kPositions);
    CHECK(expected.size() >= 20);
}
