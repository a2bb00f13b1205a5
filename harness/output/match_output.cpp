#include "harness/output/match_output.h"

#include "harness/output/cutechess_output.h"
#include "harness/output/fastchess_output.h"

namespace arbiter::output {

std::unique_ptr<MatchOutput> make_output(config::OutputFormat format, MatchContext context) {
    switch (format) {
        case config::OutputFormat::fastchess: return std::make_unique<FastchessOutput>(std::move(context));
        case config::OutputFormat::cutechess: break;
    }
    return std::make_unique<CutechessOutput>(std::move(context));
}

}  // namespace arbiter::output
