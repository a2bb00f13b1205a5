#include <catch2/catch.hpp>

#include <filesystem>

#include "harness/catalogue/catalogue.h"
#include "harness/config/engine_spec.h"

using namespace arbiter;

TEST_CASE("the built-in catalogue names every Debian reference engine", "[catalogue]") {
    auto catalogue = catalogue::Catalogue::builtin();
    for (const char* name : {"phalanx", "hoichess", "stockfish", "stockfish-1350", "stockfish-2850", "toga2",
                             "gnuchess", "glaurung", "sjeng"}) {
        INFO(name);
        const auto* ref = catalogue.find(name);
        REQUIRE(ref);
        CHECK(!ref->spec.cmd.empty());
    }
    CHECK(catalogue.find("phalanx")->anchor == Approx(2644));
    CHECK(catalogue.find("hoichess")->anchor == Approx(1798));
    CHECK(catalogue.find("phalanx")->spec.proto == protocol::Protocol::Xboard);
    const auto& level = catalogue.find("stockfish-1350")->spec;
    CHECK(level.cmd == "/usr/games/stockfish");
    bool has_elo = false, has_overhead = false;
    for (const auto& [name, value] : level.options) {
        has_elo |= name == "UCI_Elo" && value == "1350";
        has_overhead |= name == "Move Overhead" && value == "50";
    }
    CHECK(has_elo);
    CHECK(has_overhead);
}

TEST_CASE("conf= resolves through the catalogue and own settings win", "[catalogue]") {
    auto catalogue = catalogue::Catalogue::builtin();
    auto spec = config::parse_engine_spec("conf=toga2 option.Hash=64", "test");
    catalogue::resolve_catalogue_reference(spec, catalogue, "test");
    CHECK(spec.name == "toga2");
    CHECK(spec.cmd == "/usr/games/toga2");
    REQUIRE(spec.options.size() == 2);
    CHECK(spec.options[0] == std::make_pair(std::string("Hash"), std::string("64")));
    auto unknown = config::parse_engine_spec("conf=deep-blue", "test");
    CHECK_THROWS_AS(catalogue::resolve_catalogue_reference(unknown, catalogue, "test"), config::ConfigError);
}

TEST_CASE("catalogued commands exist on this machine", "[catalogue][integration]") {
    auto catalogue = catalogue::Catalogue::builtin();
    for (const auto& [name, ref] : catalogue.entries()) {
        INFO(name << " -> " << ref.spec.cmd << " (run ci/setup-deps)");
        CHECK(std::filesystem::exists(ref.spec.cmd));
    }
}
