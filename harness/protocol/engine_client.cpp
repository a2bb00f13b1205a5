#include "harness/protocol/engine_client.h"

#include "harness/protocol/uci_client.h"
#include "harness/protocol/xboard_client.h"

namespace arbiter::protocol {

std::string_view to_string(EngineError error) {
    switch (error) {
        case EngineError::None: return "none";
        case EngineError::Crashed: return "crashed";
        case EngineError::Disconnected: return "disconnected";
        case EngineError::Timeout: return "timeout";
        case EngineError::Protocol: return "protocol error";
    }
    return "unknown";
}

SearchResult EngineClient::go(const SearchRequest& request, Clock::time_point deadline) {
    try {
        start_search(request);
    } catch (const EngineFailure& failure) {
        SearchResult result;
        result.write_began = result.started = result.finished = Clock::now();
        result.error = failure.kind();
        result.error_message = failure.what();
        return result;
    }
    return wait_search(deadline);
}

std::unique_ptr<EngineClient> make_engine_client(EngineConfig config) {
    if (config.protocol == Protocol::Xboard) return std::make_unique<XboardClient>(std::move(config));
    return std::make_unique<UciClient>(std::move(config));
}

}  // namespace arbiter::protocol
