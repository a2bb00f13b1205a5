#include "engine/epd.h"

#include <algorithm>
#include <atomic>
#include <fstream>
#include <map>

#include "engine/chess/san.h"
#include "engine/history.h"
#include "engine/search.h"
#include "engine/text_util.h"
#include "engine/tt.h"

namespace tempo {

namespace {

// Text of operation `op` ("bm Qg6 Rxf7;" -> "Qg6 Rxf7"), empty when absent.
std::string operation(const std::string& ops, const std::string& op) {
    std::size_t at = 0;
    while ((at = ops.find(op + " ", at)) != std::string::npos) {
        if (at == 0 || ops[at - 1] == ' ' || ops[at - 1] == ';') {
            std::size_t end = ops.find(';', at);
            return std::string(trim(ops.substr(at + op.size(), end - at - op.size())));
        }
        ++at;
    }
    return "";
}

// bm/am operands: SAN moves separated by spaces and/or commas ("Qg6, Rxf7"), as arbiter reads them.
std::vector<std::string> move_list(std::string text) {
    std::replace(text.begin(), text.end(), ',', ' ');
    return split_whitespace(text);
}

std::string unquoted(const std::string& text) {
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"') return text.substr(1, text.size() - 2);
    return text;
}

// Where a reader is, for error messages: "FILE:LINE".
struct Where {
    const std::string& path;
    int line;
    std::ostream& fail(std::ostream& err) const { return err << path << ":" << line << ": "; }
};

bool resolve_moves(const chess::Position& pos, const std::vector<std::string>& sans, const char* opcode,
                   const Where& where, std::vector<chess::Move>& moves, std::ostream& err) {
    for (const std::string& san : sans) {
        try {
            moves.push_back(chess::parse_san(pos, san));
        } catch (const chess::MoveParseError& error) {
            where.fail(err) << opcode << ": " << error.what() << '\n';
            return false;
        }
    }
    return true;
}

bool read_position(const std::string& line, const Where& where, EpdPosition& position, std::ostream& err) {
    std::vector<std::string> fields = split_whitespace(line);
    if (fields.size() < 5) {
        where.fail(err) << "not an EPD line with bm or am\n";
        return false;
    }
    position.fen = fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3] + " 0 1";
    std::size_t ops_at =
        line.find(fields[3], fields[0].size() + fields[1].size() + fields[2].size()) + fields[3].size();
    std::string ops = line.substr(ops_at);
    const std::vector<std::string> best = move_list(operation(ops, "bm"));
    const std::vector<std::string> avoid = move_list(operation(ops, "am"));
    if (best.empty() && avoid.empty()) {
        where.fail(err) << "not an EPD line with bm or am\n";
        return false;
    }
    position.id = unquoted(operation(ops, "id"));
    if (position.id.empty()) position.id = "line " + std::to_string(where.line);
    position.expected = best.empty() ? "not " + avoid[0] : best[0];
    position.line = where.line;
    try {
        const chess::Position pos(position.fen);
        return resolve_moves(pos, best, "bm", where, position.best_moves, err) &&
               resolve_moves(pos, avoid, "am", where, position.avoid_moves, err);
    } catch (const chess::FenError& error) {
        where.fail(err) << "bad FEN '" << position.fen << "': " << error.what() << '\n';
        return false;
    }
}

bool contains(const std::vector<chess::Move>& moves, chess::Move move) {
    return std::find(moves.begin(), moves.end(), move) != moves.end();
}

}  // namespace

bool read_epd_suite(const std::string& path, std::vector<EpdPosition>& positions, std::ostream& err) {
    std::ifstream file(path);
    if (!file) {
        err << path << ": cannot open\n";
        return false;
    }
    skip_utf8_bom(file);
    std::map<std::string, int> first_line_of_id;
    int line_number = 0;
    for (std::string line; std::getline(file, line);) {
        ++line_number;
        const std::string_view text = trim(line);
        if (text.empty() || text.front() == '#') continue;
        const Where where{path, line_number};
        EpdPosition position;
        if (!read_position(std::string(text), where, position, err)) return false;
        // Kept, since tempo keys nothing by id, but the failure lines would be ambiguous.
        auto [first, inserted] = first_line_of_id.emplace(position.id, line_number);
        if (!inserted)
            where.fail(err) << "warning: duplicate id '" << position.id << "' (first on line " << first->second
                            << ")\n";
        positions.push_back(std::move(position));
    }
    return true;
}

bool run_epd_suite(const std::string& path, int move_time_ms, const FeatureSet& features, std::ostream& out,
                   std::ostream& err, EpdSummary& summary) {
    std::vector<EpdPosition> positions;
    if (!read_epd_suite(path, positions, err)) return false;
    TranspositionTable tt;
    History history;
    Search search(tt, history);
    std::atomic<bool> never_stop{false};
    for (const EpdPosition& position : positions) {
        chess::Position pos(position.fen);
        tt.clear();
        history.clear();
        SearchConfig config;
        config.features = features;
        config.limits.move_time_ms = move_time_ms;
        config.budget = {true, move_time_ms, move_time_ms};
        SearchResult result = search.run(pos, config, never_stop, InfoSink{});
        bool solved = position.best_moves.empty() ? !contains(position.avoid_moves, result.best_move)
                                                  : contains(position.best_moves, result.best_move);
        ++summary.positions;
        summary.solved += solved;
        if (!solved)
            out << position.id << " failed: played " << chess::to_san(pos, result.best_move) << ", expected "
                << position.expected << '\n';
    }
    out << "Solved " << summary.solved << " / " << summary.positions << std::endl;
    return true;
}

}  // namespace tempo
