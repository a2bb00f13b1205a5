#pragma once
// The error every arbiter text-file reader throws (EPD, PGN, opening books): it names the file
// and the 1-based line so the user can open the file at the mistake.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>

namespace arbiter::io {

class SourceError : public std::runtime_error {
public:
    SourceError(std::string file, std::size_t line, const std::string& message)
        : std::runtime_error(file + ":" + std::to_string(line) + ": " + message),
          file_(std::move(file)),
          line_(line),
          message_(message) {}

    const std::string& file() const { return file_; }
    std::size_t line() const { return line_; }
    // The message without the "file:line: " prefix.
    const std::string& message() const { return message_; }

private:
    std::string file_;
    std::size_t line_;
    std::string message_;
};

}  // namespace arbiter::io
