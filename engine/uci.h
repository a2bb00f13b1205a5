// UCI front end (Shredder spec): parses commands from the reader thread, answers `isready`
// at once even mid-search, and drives the Engine, which searches in its own thread.
#pragma once

#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "engine/chess/position.h"
#include "engine/engine.h"
#include "engine/timeman.h"
#include "engine/uci_options.h"

namespace tempo {

inline constexpr const char* kEngineName = "tempo 0.1";
inline constexpr const char* kEngineAuthor = "the tempo team";

class UciSession {
public:
    explicit UciSession(std::ostream& out);

    // Reads commands until `quit` or end of input (EOF means quit).
    void run(std::istream& in);
    // Handles one input line; returns false when the session should end.
    bool handle_line(const std::string& line);

private:
    void register_options();
    void register_feature_options();
    void register_search_param_options();
    bool dispatch(const std::string& command, const std::vector<std::string>& args, Clock::time_point arrival);
    void send_identity();
    void set_option(const std::vector<std::string>& tokens);
    void set_position(const std::vector<std::string>& args);
    void apply_moves(const std::vector<std::string>& args, std::size_t first);
    void go(const std::vector<std::string>& args, Clock::time_point arrival);
    void run_perft(int depth);
    void new_game();
    void info_string(const std::string& text) { writer_.line("info string " + text); }

    LineWriter writer_;
    Engine engine_;
    OptionRegistry options_;
    chess::Position position_;
};

// Names of every command the loop understands (used to skip unknown leading tokens).
bool is_uci_command(const std::string& token);

}  // namespace tempo
