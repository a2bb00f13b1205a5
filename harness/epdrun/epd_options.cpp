#include "harness/epdrun/epd_options.h"

namespace arbiter::epdrun {

std::string SearchLimit::describe() const {
    std::string text;
    auto add = [&text](const std::string& part) { text += (text.empty() ? "" : " ") + part; };
    if (movetime_ms) add("movetime=" + std::to_string(*movetime_ms));
    if (nodes) add("nodes=" + std::to_string(*nodes));
    if (depth) add("depth=" + std::to_string(*depth));
    return text;
}

}  // namespace arbiter::epdrun
