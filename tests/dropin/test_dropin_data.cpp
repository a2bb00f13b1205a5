// The drop-in command files themselves: every one says where it comes from and what was changed,
// names parsers this folder knows, and has its own test case in test_dropin_scripts.cpp.

#include <catch2/catch.hpp>

#include <set>
#include <nlohmann/json.hpp>

#include "tests/dropin/dropin_command.h"

namespace {

const std::set<std::string> kParsers = {"cutechess",          "fastchess",          "pgn",
                                        "openbench",          "openbench-pgn",      "fishtest-fastchess",
                                        "fishtest-cutechess", "chess-tuning-tools", "weather-factory"};

std::set<std::string> registered_test_names() {
    std::set<std::string> names;
    for (const auto& test : Catch::getRegistryHub().getTestCaseRegistry().getAllTests()) names.insert(test.name);
    return names;
}

}  // namespace

TEST_CASE("every drop-in command file names its source, its changes and known parsers", "[unit]") {
    const auto ids = dropin::command_ids();
    REQUIRE(ids.size() >= 15);
    for (const auto& id : ids) {
        INFO(id);
        const auto command = dropin::load_command(id);
        CHECK(command.id == id);
        CHECK((command.tool == "cutechess-cli" || command.tool == "fastchess"));
        const auto& source = command.data.at("source");
        for (const char* field : {"repository", "path", "commit", "lines"}) CHECK(!source.value(field, "").empty());
        CHECK(source.at("commit").get<std::string>().size() == 40);
        CHECK(!command.data.value("original", "").empty());
        CHECK(!command.data.at("argv").empty());
        CHECK(!command.data.at("changes").empty());
        CHECK(command.expect.games > 0);
        for (const auto& parser : command.parsers) CHECK(kParsers.count(parser) == 1);
    }
}

TEST_CASE("every drop-in command file has a test case of its own", "[unit]") {
    const auto names = registered_test_names();
    for (const auto& id : dropin::command_ids()) {
        INFO(id);
        CHECK(names.count(id) == 1);
    }
}
