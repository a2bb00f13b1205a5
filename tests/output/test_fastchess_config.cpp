// fastchess's config.json read into a MatchConfig and written back (harness/output/fastchess_state.h):
// every setting arbiter models, from the file fastchess saved
// (tests/data/fastchess_output/config_interrupted.json) with settings changed the way fastchess's
// flags would change them, and the settings that cannot be followed refused.
#include <catch2/catch.hpp>

#include <functional>

#include <nlohmann/json.hpp>

#include "harness/output/fastchess_state.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"

using namespace arbiter;
using Catch::Matchers::Contains;
using nlohmann::json;

namespace {

const std::string kSaved = std::string(REPO_ROOT_DIR) + "/tests/data/fastchess_output/config_interrupted.json";

// fastchess's saved state with `change` applied, read back as arbiter reads it.
config::MatchConfig read_changed(const std::function<void(json&)>& change) {
    json state = json::parse(test_support::read_text(kSaved));
    change(state);
    test_support::TempDir dir;
    return output::read_fastchess_config(dir.write("config.json", state.dump(4)));
}

}  // namespace

TEST_CASE("fastchess's saved state reads as the run it describes", "[unit]") {
    const auto config = read_changed([](json&) {});
    REQUIRE(config.engines.size() == 2);
    CHECK(config.engines[0].name == "A");
    CHECK(config.engines[0].cmd == "./tempo");
    CHECK(config.engines[1].nodes == 3000u);
    CHECK(config.games == 2);
    CHECK(config.rounds == 3);
    CHECK(config.repeat);
    CHECK(config.maxmoves == 20);
    CHECK_FALSE(config.draw);
    CHECK_FALSE(config.sprt);
    CHECK(config.pgnout == "games.pgn");
    REQUIRE(config.pgnout_fastchess);
    CHECK(config.pgnout_fastchess->nodes);
    CHECK(config.epdout == "games.epd");
    CHECK(config.event == "Fastchess Tournament");
    CHECK(config.site.empty());
    CHECK(config.output == config::OutputFormat::fastchess);
    CHECK(config.seed_given);
    CHECK(config.autosaveinterval == 1);
    REQUIRE(config.fastchess_state);
    CHECK(config.fastchess_state->outname == "config.json");
    REQUIRE(config.fastchess_state->carried);
    CHECK(config.fastchess_state->carried->wdl.draws == 2);
    CHECK(config.fastchess_state->carried->penta.dd_wl - config.fastchess_state->carried->penta_wl == 1);
}

TEST_CASE("every setting arbiter models is read from fastchess's keys", "[unit]") {
    const auto config = read_changed([](json& state) {
        state["engines"][0]["limit"]["tc"] = {
            {"time", 10000}, {"increment", 100}, {"moves", 40}, {"fixed_time", 0}, {"timemargin", 25}};
        state["engines"][0]["limit"]["nodes"] = 0;
        state["engines"][0]["options"] = json::array({json::array({"Hash", "16"}), json::array({"Threads", "1"})});
        state["engines"][0]["args"] = "--uci --quiet";
        state["engines"][0]["restart"] = true;
        state["engines"][1]["limit"]["tc"]["fixed_time"] = 250;
        state["engines"][1]["limit"]["nodes"] = 0;
        state["engines"][1]["limit"]["plies"] = 9;
        state["opening"] = {{"file", "book.pgn"}, {"format", 1}, {"order", 0}, {"plies", 8}, {"start", 3}};
        state["sprt"] = {{"alpha", 0.1}, {"beta", 0.05},        {"elo0", 0.0},
                         {"elo1", 5.0},  {"model", "logistic"}, {"enabled", true}};
        state["draw"] = {{"move_number", 34}, {"move_count", 8}, {"score", 20}, {"enabled", true}};
        state["resign"] = {{"move_count", 3}, {"score", 600}, {"twosided", true}, {"enabled", true}};
        state["pgn"]["notation"] = 1;
        state["pgn"]["track_pv"] = true;
        state["pgn"]["additional_lines_rgx"] = {"^info depth 5"};
        state["pgn"]["append_file"] = false;
        state["pgn"]["crc"] = true;
        state["epd"]["append_file"] = false;
        state["tb_adjudication"] = {
            {"syzygy_dirs", "/a:/b"}, {"max_pieces", 4}, {"ignore_50_move_rule", true}, {"enabled", true}};
        state["variant"] = 1;
        state["concurrency"] = 3;
        state["config_name"] = "state.json";
        state["games"] = 1;
        state["rounds"] = 7;
        state["stats"]["A vs B"]["penta_DD"] = 0;  // single games make no pairs
    });
    REQUIRE(config.engines[0].tc);
    CHECK(config.engines[0].tc->text == "40/10+0.1");
    CHECK(config.engines[0].timemargin_ms == 25);
    CHECK_FALSE(config.engines[0].nodes);
    CHECK(config.engines[0].options ==
          std::vector<std::pair<std::string, std::string>>{{"Hash", "16"}, {"Threads", "1"}});
    CHECK(config.engines[0].args == std::vector<std::string>{"--uci", "--quiet"});
    CHECK(config.engines[0].restart == config::RestartPolicy::On);
    CHECK(config.engines[1].st == 0.25);
    CHECK(config.engines[1].depth == 9);
    REQUIRE(config.openings);
    CHECK(config.openings->file == "book.pgn");
    CHECK(config.openings->format == arbiter::openings::BookFormat::Pgn);
    CHECK(config.openings->order == arbiter::openings::BookOrder::Random);
    CHECK(config.openings->plies == 8);
    CHECK(config.openings->start == 3);
    REQUIRE(config.sprt);
    CHECK(config.sprt->parameters.elo1 == 5.0);
    CHECK(config.sprt->parameters.alpha == 0.1);
    CHECK(config.sprt->parameters.model == arbiter::stats::EloModel::logistic);
    REQUIRE(config.draw);
    CHECK(config.draw->move_number == 34);
    REQUIRE(config.resign);
    CHECK(config.resign->two_sided);
    CHECK(config.pgnout_fastchess->notation == pgn::MoveNotation::lan);
    CHECK(config.pgnout_fastchess->pv);
    CHECK(config.pgnout_fastchess->match_lines == std::vector<std::string>{"^info depth 5"});
    CHECK_FALSE(config.pgnout_append);
    CHECK(config.pgnout_crc32);
    CHECK_FALSE(config.epdout_append);
    CHECK(config.tb_paths == std::vector<std::string>{"/a", "/b"});
    CHECK(config.tb_pieces == 4);
    CHECK(config.tb_ignore50);
    CHECK(config.variant == "fischerandom");
    CHECK(config.concurrency == 3);
    CHECK(config.fastchess_state->outname == "state.json");
    CHECK(config.games == 1);
    CHECK(config.rounds == 7);
    CHECK_FALSE(config.repeat);
}

TEST_CASE("a saved state arbiter cannot continue is refused, naming the file and key", "[unit]") {
    CHECK_THROWS_WITH(read_changed([](json& state) { state["noswap"] = true; }), Contains(".noswap"));
    CHECK_THROWS_WITH(read_changed([](json& state) { state["engines"] = "A"; }), Contains(".engines"));
    CHECK_THROWS_WITH(read_changed([](json& state) { state["pgn"]["track_nodes"] = "yes"; }),
                      Contains(".pgn.track_nodes"));
    CHECK_THROWS_WITH(read_changed([](json& state) { state["stats"]["A vs B"]["wins"] = -1; }),
                      Contains("A vs B.wins"));
    // Stats of the other engine's side are mirrored.
    const auto mirrored = read_changed([](json& state) {
        state["stats"] = {{"B vs A",
                           {{"wins", 3},
                            {"losses", 1},
                            {"draws", 0},
                            {"penta_WW", 1},
                            {"penta_WD", 0},
                            {"penta_WL", 1},
                            {"penta_DD", 0},
                            {"penta_LD", 0},
                            {"penta_LL", 0}}}};
    });
    CHECK(mirrored.fastchess_state->carried->wdl.wins == 1);
    CHECK(mirrored.fastchess_state->carried->wdl.losses == 3);
    CHECK(mirrored.fastchess_state->carried->penta.ll == 1);
}

TEST_CASE("the saved state written back keeps fastchess's keys and what arbiter does not model", "[unit]") {
    auto config = read_changed([](json& state) {
        state["log"]["level"] = 1;
        state["tb_adjudication"] = {
            {"syzygy_dirs", "/a:/b"}, {"max_pieces", 4}, {"ignore_50_move_rule", true}, {"enabled", true}};
    });
    config::CarriedResults results;
    results.wdl.wins = 4;
    results.penta.ww = 2;
    const json written = json::parse(output::fastchess_config_text(config, {}, results));
    const json saved = json::parse(test_support::read_text(kSaved));
    for (const auto& item : saved.items()) CHECK(written.contains(item.key()));
    CHECK(written["log"]["level"] == 1);
    CHECK(written["tb_adjudication"]["syzygy_dirs"] == "/a:/b");
    CHECK(written["tb_adjudication"]["max_pieces"] == 4);
    CHECK(written["pgn"] == saved["pgn"]);
    CHECK(written["maxmoves"] == saved["maxmoves"]);
    CHECK(written["games"] == 2);
    CHECK(written["rounds"] == 3);
    CHECK(written["autosaveinterval"] == 1);
    CHECK(written["seed"] == saved["seed"]);
}
