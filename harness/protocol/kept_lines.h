#pragma once
// The lines a search hands back for fastchess's `-pgnout match_line=REGEX`: for each pattern, the
// last line of the engine's output during the search that the pattern finds (LinePattern::found_in).

#include <string>
#include <string_view>
#include <vector>

#include "harness/protocol/line_pattern.h"

namespace arbiter::protocol {

class LineKeeper {
public:
    LineKeeper() = default;
    explicit LineKeeper(std::vector<LinePattern> patterns) : patterns_(std::move(patterns)), last_(patterns_.size()) {}

    void see(std::string_view line) {
        for (std::size_t i = 0; i < patterns_.size(); ++i) {
            if (patterns_[i].found_in(line)) last_[i].assign(line);
        }
    }

    // One line per pattern that found one, in pattern order.
    std::vector<std::string> kept() const {
        std::vector<std::string> lines;
        for (const auto& line : last_)
            if (!line.empty()) lines.push_back(line);
        return lines;
    }

private:
    std::vector<LinePattern> patterns_;
    std::vector<std::string> last_;
};

}  // namespace arbiter::protocol
