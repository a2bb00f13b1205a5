#include "harness/runner/engine_keys.h"

#include "harness/config/engine_spec.h"
#include "harness/epd/source_error.h"
#include "harness/openings/polyglot.h"

namespace arbiter::runner {
namespace {

using config::ConfigError;
using protocol::Millis;

// cutechess-cli's book depth when bookdepth= is not given, in full moves.
constexpr int kDefaultBookDepth = 1000;

Millis scaled(Millis timeout, double factor) {
    return Millis(static_cast<Millis::rep>(static_cast<double>(timeout.count()) * factor));
}

void set_timeouts(protocol::EngineConfig& client, const config::MatchConfig& config, const config::EngineSpec& spec) {
    if (config.startup_ms) client.handshake_timeout = Millis(*config.startup_ms);
    if (config.ucinewgame_ms) client.newgame_timeout = Millis(*config.ucinewgame_ms);
    else if (config.behaviour.newgame_timeout_ms) client.newgame_timeout = Millis(*config.behaviour.newgame_timeout_ms);
    else client.newgame_timeout = client.ready_timeout;
    if (!spec.timeout_scale) return;
    // As cutechess's tscale=: every protocol timeout of this engine, not its clock.
    for (Millis* timeout : {&client.handshake_timeout, &client.feature_timeout, &client.ready_timeout,
                            &client.newgame_timeout, &client.stop_grace, &client.quit_grace})
        *timeout = scaled(*timeout, *spec.timeout_scale);
}

void load_book(PreparedEngine& engine, const config::MatchConfig& config, const std::string& where) {
    if (!engine.spec.book) return;
    if (config.variant == "fischerandom")
        throw ConfigError(where + " book", "Polyglot books hold standard chess only; -variant fischerandom has none");
    try {
        engine.book = std::make_shared<const openings::PolyglotBook>(openings::PolyglotBook::load(*engine.spec.book));
    } catch (const io::SourceError& error) {
        throw ConfigError(where + " book", error.what());
    }
    engine.book_plies = 2 * engine.spec.book_depth.value_or(kDefaultBookDepth);
}

}  // namespace

bool CutechessConfs::resolve(config::EngineSpec& spec) {
    if (!spec.catalogue) return false;
    if (!loaded_) {
        loaded_ = true;
        if (const auto path = catalogue::cutechess_engines_path(config_.engines_file))
            engines_ = catalogue::CutechessEngines::load(*path);
    }
    if (!engines_) return false;
    const config::EngineSpec* entry = engines_->find(*spec.catalogue);
    if (entry == nullptr) return false;
    if (spec.name.empty()) spec.name = *spec.catalogue;
    config::apply_each(spec, *entry);
    return true;
}

void apply_engine_keys(PreparedEngine& engine, const config::MatchConfig& config, const std::string& where) {
    protocol::EngineConfig& client = engine.client;
    const config::EngineSpec& spec = engine.spec;
    set_timeouts(client, config, spec);
    client.ponder = spec.ponder;
    client.debug = spec.debug;
    client.keep_info_lines = config.check_mate_pvs || config.behaviour.check_every_pv;  // the PV checks read them
    client.on_unknown_option = [](const std::string&) {};
    if (spec.stderr_file) {
        // cutechess appends the engine's stderr to the file as it comes, without a cap.
        client.process.stderr_log = *spec.stderr_file;
        client.process.stderr_capped_log.reset();
    }
    load_book(engine, config, where);
}

}  // namespace arbiter::runner
