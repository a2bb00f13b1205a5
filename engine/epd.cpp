#include "epd.h"

#include <atomic>
#include <fstream>
#include <sstream>
#include <vector>

#include "chess/san.h"
#include "history.h"
#include "search.h"
#include "text_util.h"
#include "tt.h"

namespace tempo {

namespace {

struct EpdLine {
  std::string fen;
  std::vector<std::string> best_moves;   // SAN
  std::vector<std::string> avoid_moves;  // SAN
  std::string id;
};

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

bool parse_epd_line(const std::string& line, EpdLine& epd) {
  std::vector<std::string> fields = split_whitespace(line);
  if (fields.size() < 5) return false;
  epd.fen = fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3] + " 0 1";
  std::size_t ops_at = line.find(fields[3], fields[0].size() + fields[1].size() + fields[2].size()) + fields[3].size();
  std::string ops = line.substr(ops_at);
  epd.best_moves = split_whitespace(operation(ops, "bm"));
  epd.avoid_moves = split_whitespace(operation(ops, "am"));
  epd.id = operation(ops, "id");
  return !epd.best_moves.empty() || !epd.avoid_moves.empty();
}

bool matches_any(const chess::Position& pos, chess::Move move, const std::vector<std::string>& sans) {
  for (const std::string& san : sans) {
    try {
      if (chess::parse_san(pos, san) == move) return true;
    } catch (const chess::MoveParseError&) {
    }
  }
  return false;
}

}  // namespace

bool run_epd_suite(const std::string& path, int move_time_ms, const FeatureSet& features,
                   std::ostream& out, EpdSummary& summary) {
  std::ifstream file(path);
  if (!file) {
    out << path << ": cannot open\n";
    return false;
  }
  TranspositionTable tt;
  History history;
  Search search(tt, history);
  std::atomic<bool> never_stop{false};
  int line_number = 0;
  for (std::string line; std::getline(file, line);) {
    ++line_number;
    if (trim(line).empty()) continue;
    EpdLine epd;
    if (!parse_epd_line(line, epd)) {
      out << path << ":" << line_number << ": not an EPD line with bm or am\n";
      return false;
    }
    chess::Position pos(epd.fen);
    tt.clear();
    history.clear();
    SearchConfig config;
    config.features = features;
    config.limits.move_time_ms = move_time_ms;
    config.budget = {true, move_time_ms, move_time_ms};
    SearchResult result = search.run(pos, config, never_stop, InfoSink{});
    bool solved = epd.best_moves.empty() ? !matches_any(pos, result.best_move, epd.avoid_moves)
                                         : matches_any(pos, result.best_move, epd.best_moves);
    ++summary.positions;
    summary.solved += solved;
    if (!solved)
      out << epd.id << " failed: played " << chess::to_san(pos, result.best_move) << ", expected "
          << (epd.best_moves.empty() ? "not " + epd.avoid_moves[0] : epd.best_moves[0]) << '\n';
  }
  out << "Solved " << summary.solved << " / " << summary.positions << std::endl;
  return true;
}

}  // namespace tempo
