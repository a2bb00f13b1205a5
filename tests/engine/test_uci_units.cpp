#include <catch2/catch.hpp>

#include "engine/text_util.h"
#include "engine/uci_options.h"

using namespace tempo;

namespace {
SetOptionCommand parse(const std::string& line) {
    SetOptionCommand command;
    std::string error;
    REQUIRE(parse_setoption(split_whitespace(line), command, error));
    return command;
}

OptionRegistry sample_registry(std::string& last_overhead) {
    OptionRegistry registry;
    registry.add({"Move Overhead", OptionType::Spin, "10", 0, 5000, "", [&](const std::string& v) {
                      last_overhead = v;
                      return std::string();
                  }});
    registry.add({"Hash", OptionType::Spin, "16", 1, 65536, "", nullptr});
    registry.add({"UCI_Chess960", OptionType::Check, "false", 0, 0, "", nullptr});
    registry.add({"Clear Hash", OptionType::Button, "", 0, 0, "", nullptr});
    return registry;
}
}  // namespace

TEST_CASE("setoption parsing keeps multi-word names and values", "[uci]") {
    SetOptionCommand command = parse("setoption name Move Overhead value 100");
    CHECK(command.name == "Move Overhead");
    CHECK(command.value == "100");
    command = parse("setoption   name  Features   value none,+MvvLva");
    CHECK(command.name == "Features");
    CHECK(command.value == "none,+MvvLva");
    command = parse("setoption name Clear Hash");
    CHECK(command.name == "Clear Hash");
    CHECK_FALSE(command.has_value);
    SetOptionCommand bad;
    std::string error;
    CHECK_FALSE(parse_setoption(split_whitespace("setoption value 3"), bad, error));
}

TEST_CASE("option names match whole and case-insensitively", "[uci]") {
    std::string overhead;
    OptionRegistry registry = sample_registry(overhead);
    CHECK(registry.set(parse("setoption name move OVERHEAD value 70")).empty());
    CHECK(overhead == "70");
    CHECK_FALSE(registry.set(parse("setoption name Move value 70")).empty());
    CHECK_FALSE(registry.set(parse("setoption name Move Overhead Now value 70")).empty());
    CHECK(registry.find("hash") != nullptr);
    CHECK(registry.find("Has") == nullptr);
}

TEST_CASE("option values are checked against type and range", "[uci]") {
    std::string overhead;
    OptionRegistry registry = sample_registry(overhead);
    CHECK_FALSE(registry.set(parse("setoption name Hash value 0")).empty());
    CHECK_FALSE(registry.set(parse("setoption name Hash value 65537")).empty());
    CHECK_FALSE(registry.set(parse("setoption name Hash value 12abc")).empty());
    CHECK_FALSE(registry.set(parse("setoption name Hash")).empty());
    CHECK(registry.set(parse("setoption name Hash value 64")).empty());
    CHECK(registry.find("Hash")->value == "64");
    CHECK_FALSE(registry.set(parse("setoption name UCI_Chess960 value yes")).empty());
    CHECK(registry.set(parse("setoption name UCI_Chess960 value TRUE")).empty());
    CHECK(registry.find("UCI_Chess960")->value == "true");
    CHECK(registry.set(parse("setoption name Clear Hash")).empty());
}

TEST_CASE("uci option lines follow the spec format", "[uci]") {
    std::string overhead;
    OptionRegistry registry = sample_registry(overhead);
    auto lines = registry.uci_lines();
    REQUIRE(lines.size() == 4);
    CHECK(lines[0] == "option name Move Overhead type spin default 10 min 0 max 5000");
    CHECK(lines[2] == "option name UCI_Chess960 type check default false");
    CHECK(lines[3] == "option name Clear Hash type button");
}
