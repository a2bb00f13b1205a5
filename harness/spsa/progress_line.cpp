#include "harness/spsa/progress_line.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace arbiter::spsa {
namespace {

std::string signed_text(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%+.2f", value);
    return text;
}

}  // namespace

std::string progress_text(const std::vector<Parameter>& params, int iteration, int iterations, std::int64_t games,
                          const std::vector<double>& theta, std::size_t shown) {
    std::vector<std::size_t> order(params.size());
    std::iota(order.begin(), order.end(), 0);
    const auto moved = [&](std::size_t i) {
        return std::abs(theta[i] - params[i].start) / (params[i].max - params[i].min);
    };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return moved(a) > moved(b); });
    std::string text = "iteration " + std::to_string(iteration) + "/" + std::to_string(iterations) + ", " +
                       std::to_string(games) + " games:";
    for (std::size_t n = 0; n < std::min(shown, order.size()); ++n) {
        const std::size_t i = order[n];
        char value[32];
        std::snprintf(value, sizeof value, "%.2f", theta[i]);
        text += (n ? ", " : " ") + params[i].name + " " + value + " (" + signed_text(theta[i] - params[i].start) + ")";
    }
    return text;
}

void ProgressLine::show(int iteration, int iterations, std::int64_t games, const std::vector<double>& theta) {
    const std::string text = progress_text(params_, iteration, iterations, games, theta);
    if (in_place_) {
        out_ << "\r" << text << "\x1b[K";
        open_ = true;
    } else {
        out_ << text << "\n";
    }
    out_.flush();
}

void ProgressLine::finish() {
    if (open_) out_ << "\n";
    open_ = false;
}

}  // namespace arbiter::spsa
