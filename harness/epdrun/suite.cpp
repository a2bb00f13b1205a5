#include "harness/epdrun/suite.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>

#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "harness/config/data_files.h"

namespace arbiter::epdrun {

namespace {

// "WAC.001" -> "WAC"; "STS(v1.0) Undermine.012" -> "STS(v1.0) Undermine"; empty when the id
// has no dotted numeric tail.
std::string id_prefix(const std::string& id) {
    const auto dot = id.rfind('.');
    if (dot == std::string::npos || dot == 0 || dot + 1 == id.size()) return "";
    const std::string tail = id.substr(dot + 1);
    if (!std::all_of(tail.begin(), tail.end(), [](unsigned char c) { return std::isdigit(c); })) return "";
    return id.substr(0, dot);
}

// Ids key stored results, so a missing or repeated one falls back to the line number; a repeated
// one is worth a warning, since the user will look for its results under the id.
void assign_position_ids(Suite& suite) {
    std::set<std::string> taken;
    std::map<std::string, std::size_t> first_line_of_id;
    for (auto& position : suite.positions) {
        const std::string& id = position.record.id;
        const std::size_t line = position.record.line;
        const std::string line_id = "line " + std::to_string(line);
        if (id.empty()) {
            position.position_id = line_id;
        } else if (taken.count(id)) {
            position.position_id = line_id;
            auto first = first_line_of_id.find(id);
            suite.warnings.push_back(
                suite.path + ":" + std::to_string(line) + ": duplicate id '" + id + "'" +
                (first == first_line_of_id.end() ? "" : " (first on line " + std::to_string(first->second) + ")") +
                "; its results are stored as '" + line_id + "'");
        } else {
            position.position_id = id;
            first_line_of_id.emplace(id, line);
        }
        taken.insert(position.position_id);
    }
}

bool contains(const std::vector<epd::EpdMove>& moves, chess::Move move) {
    return std::any_of(moves.begin(), moves.end(), [&](const epd::EpdMove& m) { return m.move == move; });
}

}  // namespace

std::string stable_hash(const std::string& text) {
    std::uint64_t hash = 14695981039346656037ull;
    for (unsigned char c : text) {
        hash ^= c;
        hash *= 1099511628211ull;
    }
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string hex(16, '0');
    for (int i = 15; i >= 0; --i, hash >>= 4) hex[static_cast<std::size_t>(i)] = kDigits[hash & 15];
    return hex;
}

std::string suite_name(const std::vector<epd::EpdRecord>& records, const std::string& path) {
    std::string common;
    for (const auto& record : records) {
        const std::string prefix = id_prefix(record.id);
        if (prefix.empty() || (!common.empty() && prefix != common)) {
            common.clear();
            break;
        }
        common = prefix;
    }
    if (!common.empty()) return common;
    return std::filesystem::path(path).stem().string();
}

Suite load_suite(const std::string& path, SuiteUse use) {
    Suite suite;
    suite.path = path;
    const std::string text = epd::read_text_file(path);
    suite.content_hash = stable_hash(text);
    const auto records = epd::parse_epd_text(text, path);
    for (const auto& record : records) {
        const bool nothing_to_score =
            record.best_moves.empty() && record.avoid_moves.empty() && record.scored_moves.empty();
        if (use == SuiteUse::scored && nothing_to_score) {
            throw io::SourceError(path, record.line, "no bm, am or c0 point list: nothing to score");
        }
        suite.positions.push_back(SuitePosition{record, ""});
    }
    if (suite.positions.empty()) throw io::SourceError(path, 0, "no positions in the suite");
    assign_position_ids(suite);
    suite.name = suite_name(records, path);
    return suite;
}

std::string bundled_suite_path(const std::string& file, const std::string& instead) {
    namespace fs = std::filesystem;
    // PREFIX/share/arbiter/suites (installed, or the build tree's links into the checkout), then the
    // checkout this arbiter was configured from.
    const auto data_dir = config::installed_data_dir();
    if (data_dir && fs::exists(*data_dir / "suites" / file)) return (*data_dir / "suites" / file).string();
    const fs::path source = fs::path(ARBITER_SOURCE_DIR) / "tests" / "data" / file;
    std::error_code ec;
    if (fs::exists(source, ec)) return source.string();
    throw std::runtime_error(file + " not found (looked in share/arbiter/suites beside the executable and in " +
                             ARBITER_SOURCE_DIR + "/tests/data); " + instead);
}

std::string default_suite_path() { return bundled_suite_path("wac.epd", "pass --suite FILE"); }

bool solves(const epd::EpdRecord& record, chess::Move move) {
    if (move == chess::Move::none()) return false;
    if (contains(record.avoid_moves, move)) return false;
    if (!record.best_moves.empty()) return contains(record.best_moves, move);
    if (!record.avoid_moves.empty()) return true;
    const auto points = points_for(record, move);
    return points && *points == max_points(record) && *points > 0;
}

std::optional<int> points_for(const epd::EpdRecord& record, chess::Move move) {
    if (record.scored_moves.empty()) return std::nullopt;
    for (const auto& scored : record.scored_moves) {
        if (scored.move.move == move) return scored.points;
    }
    return 0;
}

int max_points(const epd::EpdRecord& record) {
    int best = 0;
    for (const auto& scored : record.scored_moves) best = std::max(best, scored.points);
    return best;
}

std::string san_list(const std::vector<epd::EpdMove>& moves) {
    std::string text;
    for (const auto& move : moves) text += (text.empty() ? "" : " ") + move.san;
    return text;
}

std::string san_of(const std::string& fen, bool chess960, const std::string& uci) {
    try {
        const chess::Position pos(fen, chess960);
        return chess::to_san(pos, chess::parse_uci(pos, uci));
    } catch (const std::exception&) {
        return uci;
    }
}

}  // namespace arbiter::epdrun
