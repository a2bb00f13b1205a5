#pragma once
// -pgnout and -epdout: files appended to as games are stored, one write per game, in the order the
// games are stored. A write that fails (disk full) is cut back off the file and closes the file to
// further games, so the file always holds the run's first games in storing order and nothing else
// of it; a re-run writes the missing ones from the database (append_missing).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::output {

// The file cannot be opened, or does not hold what a resumed run needs to append to it: bad input
// (exit 2), the message names the flag and the path and says how to fix it.
class OutputFileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The texts of a run's stored games as an output file takes them, in storing order, read anew for
// each look rather than held: calls `visit(index, text)` for the texts from index `first` on, in
// order, until it returns false.
using StoredTextVisitor = std::function<bool(std::size_t index, const std::string& text)>;
using StoredTexts = std::function<void(std::size_t first, const StoredTextVisitor& visit)>;

// An output file given by its flag ("-pgnout", "-log file", ...) and path.
struct NamedOutput {
    std::string flag;
    std::string path;
};

// Throws OutputFileError naming the flag, the path and the database when an output is the database
// `db` or its -wal or -shm file, by any spelling or link (symbolic, also to a file not created yet,
// or hard): writing it would damage the database and leave the output empty.
void refuse_outputs_on_database(const std::vector<NamedOutput>& outputs, const std::string& db);

// `texts` as StoredTexts; they must outlive it.
StoredTexts texts_of(const std::vector<std::string>& texts);

class AppendFile {
public:
    // Opens for appending (creating the file). Throws OutputFileError naming the flag and path.
    AppendFile(std::string path, std::string flag);
    ~AppendFile();
    AppendFile(const AppendFile&) = delete;
    AppendFile& operator=(const AppendFile&) = delete;

    // Thread-safe; writes `text` whole or not at all. Throws std::runtime_error naming the flag and
    // path when the write fails (disk full, ...) and for every call after such a failure.
    void append(const std::string& text);

    // Brings the file up to date with the run's stored games: `stored` gives their texts as this
    // file takes them, in storing order. Appends the ones missing after the last one the file
    // ends with and returns how many it wrote. A file that is neither empty nor ends with the
    // first games of `stored` is refused (OutputFileError; `stored_where` names the run for the
    // message). Devices and pipes are left alone. Holds one text and a window of the file at a
    // time, never all of them.
    std::size_t append_missing(const StoredTexts& stored, const std::string& stored_where);
    std::size_t append_missing(const std::vector<std::string>& stored, const std::string& stored_where) {
        return append_missing(texts_of(stored), stored_where);
    }

    const std::string& path() const { return path_; }
    const std::string& flag() const { return flag_; }

    // Empties a regular file (fastchess's append=false at the start of a run); devices and pipes are
    // left as they are. Throws OutputFileError naming the flag and path.
    void truncate();

    // From now on keeps the CRC32 of the file's whole content (fastchess's -crc32 pgn=true), starting
    // from what the file holds. Throws OutputFileError when the file cannot be read.
    void track_crc32();
    // The CRC32 of the file's content, when tracked; "File PATH has CRC32: 0x..." is fastchess's line.
    std::optional<std::uint32_t> crc32() const;
    std::string crc32_line() const;

private:
    // `length` bytes from `offset` of the file open for reading as `reader`; throws OutputFileError.
    std::string read_back(int reader, std::size_t offset, std::size_t length) const;
    std::string describe(const std::string& what) const { return flag_ + " " + path_ + ": " + what; }

    std::string path_;
    std::string flag_;
    int fd_ = -1;
    bool failed_ = false;               // a write failed: the file takes no more games this session
    std::optional<std::uint32_t> crc_;  // the checksum of the content so far, when tracked
    mutable std::mutex mutex_;
};

// CRC-32 (IEEE 802.3, zlib's crc32): `crc32_update(0, data)` is the checksum of `data`, and
// `crc32_update(crc32_update(0, a), b)` that of a followed by b.
std::uint32_t crc32_update(std::uint32_t crc, std::string_view data);

// How many of `stored` (texts in storing order) `file_tail` ends with, in order: the largest k
// such that the text ends with stored[0..k). What precedes them must end a line and hold none of
// the games after them. nullopt when the text is not empty and no such k exists. `file_tail` may be
// the end of a longer file (`whole_file` false); then it starts before the first of `stored`.
std::optional<std::size_t> stored_games_at_end(std::string_view file_tail, const std::vector<std::string>& stored,
                                               bool whole_file);

}  // namespace arbiter::output
