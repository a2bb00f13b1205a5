// Parsing of the UCI engine-to-GUI lines the client cares about, and formatting of the commands
// that carry data. Parsers accept arbitrary text: malformed fields are skipped, never thrown on.
#pragma once

#include "harness/protocol/types.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::protocol {

// "option name Hash type spin default 16 min 1 max 33554432"; nullopt if there is no name.
std::optional<EngineOption> parse_uci_option(std::string_view line);

// "info depth 12 seldepth 18 score cp 31 upperbound nodes ... pv e2e4 e7e5": only the fields
// present in this line are set. Lines not starting with "info" give an empty SearchInfo.
SearchInfo parse_uci_info(std::string_view line);

struct BestMove {
    std::string move;  // may be "(none)" or "0000" when the engine has no legal move
    std::string ponder;
};
// "bestmove e2e4 [ponder e7e5]"; nullopt if the line is not a bestmove line.
std::optional<BestMove> parse_bestmove(std::string_view line);

// Folds one line's fields into the running search state: each field keeps its latest value;
// score and pv only from the principal line (multipv absent or 1).
void merge_search_info(SearchInfo& into, SearchInfo update);

// "go [ponder] wtime .. btime .. [winc ..] [binc ..] [movestogo ..] [movetime ..] [nodes ..]
// [depth ..] [infinite]". Throws OptionError for a request without any limit.
std::string format_uci_go(const SearchRequest& request);
// The same line written over `out`, whose capacity is reused from one move to the next.
void format_uci_go_into(std::string& out, const SearchRequest& request);

// "position startpos|fen FEN [moves m1 m2 ...]"; `fen` may be "startpos".
std::string format_uci_position(const std::string& fen, const std::vector<std::string>& moves);
// The same line written over `out`, whose capacity is reused from one move to the next.
void format_uci_position_into(std::string& out, const std::string& fen, const std::vector<std::string>& moves);

}  // namespace arbiter::protocol
