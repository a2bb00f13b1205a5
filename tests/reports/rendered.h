#pragma once
// A report as one format writes it, for the tests that read the text (reports/render.h).

#include <sstream>
#include <string>

#include "reports/render.h"

namespace arbiter::testing {

inline std::string rendered(const reports::Report& report, reports::Format format) {
    std::ostringstream out;
    reports::render(report, format, out);
    return out.str();
}

}  // namespace arbiter::testing
