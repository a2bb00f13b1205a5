#include "harness/epdrun/epd_store.h"

#include <nlohmann/json.hpp>

namespace arbiter::epdrun {

namespace {

nlohmann::json limit_json(const SearchLimit& limit) {
    nlohmann::json json = nlohmann::json::object();
    if (limit.movetime_ms) json["movetime"] = *limit.movetime_ms;
    if (limit.nodes) json["nodes"] = *limit.nodes;
    if (limit.depth) json["depth"] = *limit.depth;
    return json;
}

}  // namespace

std::string epd_run_config_json(const db::EngineRecord& engine, const Suite& suite, const SearchLimit& limit,
                                int repetition) {
    nlohmann::json config;
    config["engine"] = {{"name", engine.name},
                        {"command", engine.command},
                        {"protocol", engine.protocol},
                        {"options", nlohmann::json::parse(engine.options_json)},
                        {"git_commit", engine.git_commit}};
    // The content hash, not the path: the same file elsewhere is the same suite, an edited one is not.
    config["suite"] = {{"name", suite.name}, {"hash", suite.content_hash}};
    config["limit"] = limit_json(limit);
    // Only above 1, so the first run keeps the identity runs stored before repetitions had.
    if (repetition > 1) config["repetition"] = repetition;
    return config.dump();
}

namespace {

db::OpenOptions open_options(bool check_pages) {
    db::OpenOptions options;
    options.check_pages = check_pages;
    return options;
}

}  // namespace

EpdStore::EpdStore(const std::string& path, bool check_pages, const db::EngineRecord& engine, const Suite& suite,
                   const SearchLimit& limit, int repetition)
    : db_(path, open_options(check_pages)), suite_(suite.name) {
    engine_id_ = db_.upsert_engine(engine);
    db::RunRecord wanted;
    wanted.kind = db::RunKind::epd;
    wanted.config_json = epd_run_config_json(engine, suite, limit, repetition);
    wanted.time_control = limit.describe();
    run_ = db_.find_or_create_run(wanted);
    if (run_.status != db::RunStatus::running) db_.set_run_status(run_.id, db::RunStatus::running);
}

std::set<std::string> EpdStore::completed_positions() {
    const auto ids = db_.completed_epd_positions(run_.id, engine_id_, suite_);
    return {ids.begin(), ids.end()};
}

std::vector<db::EpdResultRecord> EpdStore::stored_results() {
    std::vector<db::EpdResultRecord> mine;
    for (auto& row : db_.epd_results_of_run(run_.id)) {
        if (row.engine_id == engine_id_ && row.suite == suite_) mine.push_back(std::move(row));
    }
    return mine;
}

void EpdStore::store(db::EpdResultRecord result) {
    result.run_id = run_.id;
    result.engine_id = engine_id_;
    db_.insert_epd_results({result});
}

void EpdStore::finish(db::RunStatus status) { db_.set_run_status(run_.id, status); }

}  // namespace arbiter::epdrun
