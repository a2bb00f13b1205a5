#pragma once
// The words of the tablebase settings, checked the same way for a flag and a JSON key:
//   -tb PATHS         directories, separated by ':' (fastchess, fathom) or ';' (cutechess's help)
//   -tbpieces N       at most N pieces; 3 or more as cutechess demands, or 0 for no limit (fastchess)
//   -tbadjudicate W   BOTH, WIN_LOSS or DRAW, spelt as fastchess spells them
// Whether the directories hold tables is checked when the run starts (adjudication::Tablebase).

#include <string>
#include <vector>

#include "harness/config/match_config.h"

namespace arbiter::config {

std::vector<std::string> split_tb_paths(const std::string& text, const std::string& where);
std::string join_tb_paths(const std::vector<std::string>& paths);

int check_tb_pieces(int pieces, const std::string& where);

adjudication::TablebaseVerdicts parse_tb_adjudicate(const std::string& text, const std::string& where);
std::string to_string(adjudication::TablebaseVerdicts verdicts);

}  // namespace arbiter::config
