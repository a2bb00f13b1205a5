// UCI engine output: `info`, `bestmove` and `option` lines. The parsers take untrusted text and
// must neither throw nor return moves that are not single tokens of the line.
#include "harness/protocol/uci_parse.h"

#include "tests/fuzz/line_support.h"

namespace {

using namespace arbiter::protocol;

void check_info(const SearchInfo& info) {
    for (const std::string& move : info.pv) fuzz::check_token(move, "pv move");
    if (info.currmove) fuzz::check_token(*info.currmove, "currmove");
}

void check_bestmove(std::string_view line) {
    const auto best = parse_bestmove(line);
    if (!best) return;
    if (!best->move.empty()) fuzz::check_token(best->move, "bestmove");
    if (!best->ponder.empty()) fuzz::check_token(best->ponder, "ponder move");
}

void check_option(std::string_view line) {
    const auto option = parse_uci_option(line);
    if (!option) return;
    fuzz::check(!option->name.empty(), "option without a name accepted");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    SearchInfo running;
    for (const std::string_view line : fuzz::split_lines(fuzz::as_text(data, size))) {
        const SearchInfo info = parse_uci_info(line);
        check_info(info);
        merge_search_info(running, info);
        check_info(running);
        check_bestmove(line);
        check_option(line);
    }
    return 0;
}
