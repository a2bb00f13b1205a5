#pragma once
// Reading the moves engines send. UCI engines send coordinate notation; xboard engines may send
// SAN (feature san=1) or coordinate notation with decorations ("e7e8=Q"). Everything goes through
// the rules core, so an engine can never put an illegal move on the board.

#include <optional>
#include <string>
#include <vector>

#include "harness/protocol/engine_config.h"

#include "engine/chess/position.h"
#include "engine/chess/types.h"

namespace arbiter::game {

// The legal move `text` names in `position`, or nullopt when it is malformed or illegal.
// `prefer_san` tries SAN first (the client said the reply is not coordinate notation); either way
// the other notation is tried as a fallback, because engines are not consistent about it.
std::optional<chess::Move> parse_engine_move(const chess::Position& position, const std::string& text, bool prefer_san);

// The converter xboard clients use for engines that want SAN input (feature san=1).
protocol::SanConverter make_san_converter(bool chess960);

}  // namespace arbiter::game
