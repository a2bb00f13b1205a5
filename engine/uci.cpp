#include "engine/uci.h"

#include <sstream>

#include "engine/chess/perft.h"
#include "engine/chess/san.h"
#include "engine/go_command.h"
#include "engine/text_util.h"

namespace tempo {

namespace {

constexpr const char* kCommands[] = {"uci",      "debug", "isready", "setoption", "register", "ucinewgame",
                                     "position", "go",    "stop",    "ponderhit", "quit"};

constexpr long long kMaxHashMegabytes = 65536;
constexpr long long kMaxMoveOverheadMs = 5000;

std::string bool_text(bool value) { return value ? "true" : "false"; }

}  // namespace

bool is_uci_command(const std::string& token) {
    for (const char* command : kCommands)
        if (token == command) return true;
    return false;
}

UciSession::UciSession(std::ostream& out) : writer_(out), engine_(writer_) { register_options(); }

void UciSession::register_options() {
    options_.add({"Hash", OptionType::Spin, std::to_string(TranspositionTable::kDefaultMegabytes), 1, kMaxHashMegabytes,
                  "", [this](const std::string& value) -> std::string {
                      if (engine_.searching()) return "cannot resize Hash while searching";
                      if (!engine_.resize_hash(std::stoull(value)))
                          return "not enough memory for Hash " + value + " MB";
                      return "";
                  }});
    // Single-threaded search: min = max = 1.
    options_.add({"Threads", OptionType::Spin, "1", 1, 1, "", nullptr});
    options_.add({"Move Overhead", OptionType::Spin, "10", 0, kMaxMoveOverheadMs, "",
                  [this](const std::string& value) -> std::string {
                      engine_.settings().move_overhead_ms = std::stoll(value);
                      return "";
                  }});
    options_.add({"Clear Hash", OptionType::Button, "", 0, 0, "", [this](const std::string&) -> std::string {
                      if (engine_.searching()) return "cannot clear Hash while searching";
                      engine_.clear_hash();
                      return "";
                  }});
    options_.add(
        {"UCI_Chess960", OptionType::Check, "false", 0, 0, "", [this](const std::string& value) -> std::string {
             engine_.settings().chess960 = value == "true";
             return "";
         }});
    register_feature_options();
    register_search_param_options();
}

void UciSession::register_search_param_options() {
    const SearchParams defaults;
    for (const SearchParamOption& option : search_param_options()) {
        options_.add({std::string(option.name), OptionType::Spin, std::to_string(option.value_in(defaults)), option.min,
                      option.max, "", [this, &option](const std::string& value) -> std::string {
                          option.slot(engine_.settings().search_params) = std::stoi(value);
                          return "";
                      }});
    }
}

void UciSession::register_feature_options() {
    options_.add({"Features", OptionType::String, "all", 0, 0, "", [this](const std::string& value) -> std::string {
                      FeatureSet& features = engine_.settings().features;
                      std::string error;
                      if (!parse_feature_spec(value, features, error)) return error;
                      for (const FeatureInfo& info : kFeatureInfo)
                          options_.mirror_value(info.name, bool_text(features[info.feature]));
                      return "";
                  }});
    for (const FeatureInfo& info : kFeatureInfo) {
        Feature feature = info.feature;
        options_.add({std::string(info.name), OptionType::Check, "true", 0, 0, "",
                      [this, feature](const std::string& value) -> std::string {
                          FeatureSet& features = engine_.settings().features;
                          features.set(feature, value == "true");
                          options_.mirror_value("Features", describe_features(features));
                          return "";
                      }});
    }
}

void UciSession::run(std::istream& in) {
    std::string line;
    while (std::getline(in, line))
        if (!handle_line(line)) return;
    engine_.stop_and_wait();  // EOF on stdin means quit
}

bool UciSession::handle_line(const std::string& line) {
    const Clock::time_point arrival = Clock::now();  // the clock starts when `go` arrives
    std::vector<std::string> tokens = split_whitespace(line);
    if (tokens.empty()) return true;
    // Unknown leading tokens are skipped and the rest parsed (UCI: "joho debug on").
    std::size_t start = 0;
    while (start < tokens.size() && !is_uci_command(tokens[start])) ++start;
    if (start == tokens.size()) {
        info_string("unknown command '" + std::string(trim(line)) + "'");
        return true;
    }
    if (start > 0) info_string("ignored unknown token '" + tokens[0] + "'");
    std::vector<std::string> args(tokens.begin() + std::ptrdiff_t(start) + 1, tokens.end());
    return dispatch(tokens[start], args, arrival);
}

bool UciSession::dispatch(const std::string& command, const std::vector<std::string>& args, Clock::time_point arrival) {
    if (command == "quit") {
        engine_.stop_and_wait();
        return false;
    }
    if (command == "uci") send_identity();
    else if (command == "isready") writer_.line("readyok");
    // Waiting for the search thread makes the bestmove precede anything sent after `stop`.
    else if (command == "stop") engine_.stop_and_wait();
    else if (command == "ponderhit") engine_.ponderhit();
    else if (command == "go") go(args, arrival);
    else if (command == "position") set_position(args);
    else if (command == "ucinewgame") new_game();
    else if (command == "setoption") {
        std::vector<std::string> tokens{"setoption"};
        tokens.insert(tokens.end(), args.begin(), args.end());
        set_option(tokens);
    }
    // `debug` and `register` need no action from this engine.
    return true;
}

void UciSession::send_identity() {
    writer_.line(std::string("id name ") + kEngineName);
    writer_.line(std::string("id author ") + kEngineAuthor);
    for (const std::string& line : options_.uci_lines()) writer_.line(line);
    writer_.line("uciok");
}

void UciSession::set_option(const std::vector<std::string>& tokens) {
    SetOptionCommand command;
    std::string error;
    if (!parse_setoption(tokens, command, error)) {
        info_string(error);
        return;
    }
    error = options_.set(command);
    if (!error.empty()) info_string(error);
}

void UciSession::new_game() {
    if (engine_.searching()) {
        info_string("ucinewgame ignored: a search is running (send stop first)");
        return;
    }
    engine_.new_game();
}

void UciSession::set_position(const std::vector<std::string>& args) {
    if (args.empty()) {
        info_string("position needs startpos or fen <fen>");
        return;
    }
    std::size_t moves_at = args.size();
    for (std::size_t i = 0; i < args.size(); ++i)
        if (args[i] == "moves") {
            moves_at = i;
            break;
        }
    const bool chess960 = engine_.settings().chess960;
    try {
        if (args[0] == "startpos") {
            position_.set_fen(chess::kStartFen, chess960);
        } else if (args[0] == "fen") {
            std::string fen;
            for (std::size_t i = 1; i < moves_at; ++i) {
                if (i > 1) fen += ' ';
                fen += args[i];
            }
            position_.set_fen(fen, chess960);
        } else {
            info_string("position needs startpos or fen <fen>, got '" + args[0] + "'");
            return;
        }
    } catch (const chess::FenError& error) {
        info_string(std::string("bad FEN, position unchanged: ") + error.what());
        return;
    }
    apply_moves(args, moves_at + 1);
}

void UciSession::apply_moves(const std::vector<std::string>& args, std::size_t first) {
    for (std::size_t i = first; i < args.size(); ++i) {
        try {
            position_.make_move(chess::parse_uci(position_, args[i]));
        } catch (const chess::MoveParseError& error) {
            info_string("illegal move '" + args[i] + "' (" + error.what() + "); moves after it ignored");
            return;
        }
    }
}

void UciSession::go(const std::vector<std::string>& args, Clock::time_point arrival) {
    if (engine_.searching()) {
        info_string("go ignored: a search is already running");
        return;
    }
    GoCommand command = parse_go_command(args, arrival);
    for (const std::string& note : command.notes) info_string(note);
    if (command.perft_depth) {
        run_perft(*command.perft_depth);
        return;
    }
    SearchLimits& limits = command.limits;
    if (command.ponder) {
        engine_.start_ponder(position_, limits);
        return;
    }
    // Bare `go` is infinite.
    bool wait_for_stop = limits.infinite || limits.unbounded();
    if (wait_for_stop) limits.infinite = true;
    engine_.start_search(position_, limits, wait_for_stop);
}

void UciSession::run_perft(int depth) {
    std::ostringstream text;
    chess::Position copy = position_;
    chess::perft_divide(copy, depth, text);
    std::istringstream lines(text.str());
    for (std::string line; std::getline(lines, line);) writer_.line(line);
}

}  // namespace tempo
