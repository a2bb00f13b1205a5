#include "harness/config/tablebase_settings.h"

namespace arbiter::config {

std::vector<std::string> split_tb_paths(const std::string& text, const std::string& where) {
    std::vector<std::string> paths;
    std::size_t begin = 0;
    for (;;) {
        const std::size_t end = text.find_first_of(":;", begin);
        std::string path = text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
        // An empty entry ("a::b", a trailing ';') names nothing; fathom skips it too.
        if (!path.empty()) paths.push_back(std::move(path));
        if (end == std::string::npos) break;
        begin = end + 1;
    }
    if (paths.empty()) throw ConfigError(where, "expects one or more tablebase directories, got '" + text + "'");
    return paths;
}

std::string join_tb_paths(const std::vector<std::string>& paths) {
    std::string text;
    for (const auto& path : paths) text += (text.empty() ? "" : ":") + path;
    return text;
}

int check_tb_pieces(int pieces, const std::string& where) {
    if (pieces != 0 && pieces < 3)
        throw ConfigError(where, "must be 3 or more (or 0 for every table found), got " + std::to_string(pieces));
    return pieces;
}

adjudication::TablebaseVerdicts parse_tb_adjudicate(const std::string& text, const std::string& where) {
    if (text == "BOTH") return adjudication::TablebaseVerdicts::both;
    if (text == "WIN_LOSS") return adjudication::TablebaseVerdicts::win_loss;
    if (text == "DRAW") return adjudication::TablebaseVerdicts::draw;
    throw ConfigError(where, "must be BOTH, WIN_LOSS or DRAW, got '" + text + "'");
}

std::string to_string(adjudication::TablebaseVerdicts verdicts) {
    switch (verdicts) {
        case adjudication::TablebaseVerdicts::win_loss: return "WIN_LOSS";
        case adjudication::TablebaseVerdicts::draw: return "DRAW";
        case adjudication::TablebaseVerdicts::both: break;
    }
    return "BOTH";
}

}  // namespace arbiter::config
