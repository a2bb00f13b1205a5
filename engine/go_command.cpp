#include "engine/go_command.h"

#include <algorithm>
#include <limits>

#include "engine/text_util.h"

namespace tempo {

namespace {

struct ValuedKey {
    const char* name;
    long long min;
    long long max;
};

// Every keyword that takes a number, with the range it accepts; a value outside is clamped.
constexpr ValuedKey kValuedKeys[] = {
    {"wtime", 0, kMaxClockMs},
    {"btime", 0, kMaxClockMs},
    {"winc", 0, kMaxClockMs},
    {"binc", 0, kMaxClockMs},
    {"movetime", 0, kMaxClockMs},
    {"movestogo", 1, 1000},
    {"depth", 1, 1000},
    {"mate", 1, 1000},
    {"perft", 0, 20},
    {"nodes", 1, std::numeric_limits<long long>::max()},
};

const ValuedKey* find_valued_key(const std::string& token) {
    for (const ValuedKey& key : kValuedKeys)
        if (token == key.name) return &key;
    return nullptr;
}

bool is_keyword(const std::string& token) {
    return token == "infinite" || token == "ponder" || find_valued_key(token) != nullptr;
}

void store(GoCommand& command, const std::string& key, long long value) {
    SearchLimits& limits = command.limits;
    if (key == "wtime") limits.time_ms[chess::WHITE] = value;
    else if (key == "btime") limits.time_ms[chess::BLACK] = value;
    else if (key == "winc") limits.increment_ms[chess::WHITE] = value;
    else if (key == "binc") limits.increment_ms[chess::BLACK] = value;
    else if (key == "movetime") limits.move_time_ms = value;
    else if (key == "movestogo") limits.moves_to_go = int(value);
    else if (key == "depth") limits.depth = int(value);
    else if (key == "mate") limits.mate_in_moves = int(value);
    else if (key == "perft") command.perft_depth = int(value);
    else if (key == "nodes") limits.nodes = std::uint64_t(value);
}

class GoParser {
public:
    GoParser(const std::vector<std::string>& args, GoCommand& command) : args_(args), command_(command) {}

    // Returns true when some token could not be used at all.
    bool parse() {
        for (std::size_t i = 0; i < args_.size(); ++i) {
            const std::string& token = args_[i];
            if (token == "infinite") command_.limits.infinite = true;
            else if (token == "ponder") command_.ponder = true;
            else if (const ValuedKey* key = find_valued_key(token)) read_value(*key, i);
            else drop("go: unknown token '" + token + "' ignored");
        }
        return dropped_;
    }

private:
    // `i` is at the keyword; it moves past the value when there is one. A keyword where the value
    // should be is left for the loop, so `go depth wtime 1000` still reads the clock.
    void read_value(const ValuedKey& key, std::size_t& i) {
        const std::string name = key.name;
        if (i + 1 >= args_.size() || is_keyword(args_[i + 1])) {
            drop("go: " + name + " needs an integer value; " + name + " ignored");
            return;
        }
        const std::string& text = args_[++i];
        long long value = 0;
        const IntParse parsed = parse_int64_saturating(text, value);
        if (parsed == IntParse::NotANumber) {
            drop("go: " + name + " needs an integer value, got '" + text + "'; " + name + " ignored");
            return;
        }
        // movestogo 0 means nothing; sudden death is the safe reading of it.
        if (name == "movestogo" && value < key.min) {
            drop("go: movestogo " + text + " ignored (must be at least 1)");
            return;
        }
        const long long clamped = std::clamp(value, key.min, key.max);
        if (clamped != value || parsed == IntParse::OutOfRange)
            note("go: " + name + " " + text + " out of range, using " + std::to_string(clamped));
        store(command_, name, clamped);
    }

    void note(std::string text) { command_.notes.push_back(std::move(text)); }
    void drop(std::string text) {
        note(std::move(text));
        dropped_ = true;
    }

    const std::vector<std::string>& args_;
    GoCommand& command_;
    bool dropped_ = false;
};

}  // namespace

GoCommand parse_go_command(const std::vector<std::string>& args, Clock::time_point arrival) {
    GoCommand command;
    command.limits.start = arrival;
    const bool dropped = GoParser(args, command).parse();
    // A bare `go` searches until `stop` by convention; a `go` whose limits were all unusable asked
    // for a bounded search, and the GUI will wait for its bestmove.
    SearchLimits& limits = command.limits;
    if (dropped && !command.perft_depth && !limits.infinite && limits.unbounded()) {
        limits.depth = kFallbackDepth;
        limits.move_time_ms = kFallbackMoveTimeMs;
        command.notes.push_back("go: no usable limit left; searching to depth " + std::to_string(kFallbackDepth) +
                                ", at most " + std::to_string(kFallbackMoveTimeMs) + " ms");
    }
    return command;
}

}  // namespace tempo
