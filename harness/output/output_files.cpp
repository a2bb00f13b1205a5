#include "harness/output/output_files.h"

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace arbiter::output {
namespace {

std::string errno_text(int error) { return std::strerror(error); }

constexpr std::array<std::uint32_t, 256> crc32_table() {
    std::array<std::uint32_t, 256> table{};
    for (std::uint32_t byte = 0; byte < 256; ++byte) {
        std::uint32_t value = byte;
        for (int bit = 0; bit < 8; ++bit) value = (value & 1) ? (value >> 1) ^ 0xEDB88320u : value >> 1;
        table[byte] = value;
    }
    return table;
}

// Writes all of `text` at the end of the file; false with errno set when a write fails.
bool write_all(int fd, std::string_view text) {
    while (!text.empty()) {
        const ssize_t written = ::write(fd, text.data(), text.size());
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) {
            if (written == 0) errno = ENOSPC;
            return false;
        }
        text.remove_prefix(static_cast<std::size_t>(written));
    }
    return true;
}

struct ReadDescriptor {
    int fd = -1;
    ~ReadDescriptor() {
        if (fd >= 0) ::close(fd);
    }
};

// Bytes of the file, or of the text standing for it, read a piece at a time.
struct FileBytes {
    std::size_t size = 0;
    std::function<std::string(std::size_t offset, std::size_t length)> read;
};

// One pass over the stored texts: how many, their bytes, and each count k whose last text the
// file ends with, with the bytes of the first k: the only counts the file can end with.
struct StoredEnds {
    std::size_t count = 0;
    std::size_t bytes = 0;
    std::vector<std::pair<std::size_t, std::size_t>> candidates;  // (k, bytes of the first k), k rising
};

StoredEnds scan_stored(const FileBytes& file, const StoredTexts& stored) {
    StoredEnds ends;
    std::string file_end;  // the file's last bytes, as many as the longest text compared so far
    stored(0, [&](std::size_t, const std::string& text) {
        ++ends.count;
        ends.bytes += text.size();
        if (ends.bytes > file.size) return true;
        if (file_end.size() < text.size()) file_end = file.read(file.size - text.size(), text.size());
        if (std::string_view(file_end).ends_with(text)) ends.candidates.emplace_back(ends.count, ends.bytes);
        return true;
    });
    return ends;
}

// The file ends with the first `count` texts, `bytes` long in all.
bool ends_with_first(const FileBytes& file, const StoredTexts& stored, std::size_t count, std::size_t bytes) {
    std::size_t at = file.size - bytes;
    std::size_t compared = 0;
    stored(0, [&](std::size_t index, const std::string& text) {
        if (index >= count || file.read(at, text.size()) != text) return false;
        at += text.size();
        ++compared;
        return true;
    });
    return compared == count;
}

// `pattern` lies within the file's bytes [begin, end) where a line starts (or at `begin`); read a
// window at a time.
bool found_at_line_start(const FileBytes& file, std::size_t begin, std::size_t end, const std::string& pattern) {
    if (pattern.empty()) return true;
    constexpr std::size_t kWindow = 1 << 16;
    for (std::size_t from = begin; from + pattern.size() <= end; from += kWindow) {
        const std::size_t read_from = from > begin ? from - 1 : from;  // the byte before, for the line start
        const std::size_t starts_end = std::min(from + kWindow, end - pattern.size() + 1);
        const std::string window = file.read(read_from, starts_end + pattern.size() - 1 - read_from);
        for (std::size_t at = window.find(pattern, from - read_from); at != std::string::npos;
             at = window.find(pattern, at + 1)) {
            if (read_from + at == begin || window[at - 1] == '\n') return true;
        }
    }
    return false;
}

// A game stored after the first `count`, found in [begin, end) before them: the file is not in
// storing order (written by an older arbiter with -concurrency, or edited), and appending would
// double it.
bool any_of_later_games_in(const FileBytes& file, const StoredTexts& stored, const StoredEnds& ends, std::size_t count,
                           std::size_t begin, std::size_t end) {
    bool found = false;
    stored(count, [&](std::size_t index, const std::string& text) {
        found = index < ends.count && found_at_line_start(file, begin, end, text);
        return index + 1 < ends.count && !found;
    });
    return found;
}

// The largest count of first texts the file ends with, after text that ends a line and holds none
// of the games after them; the file's bytes before `tail_begin` are not looked at, and the ones
// from it count as the whole file when `whole_file`.
std::optional<std::size_t> first_games_at_end(const FileBytes& file, const StoredTexts& stored, const StoredEnds& ends,
                                              std::size_t tail_begin, bool whole_file) {
    for (auto candidate = ends.candidates.rbegin(); candidate != ends.candidates.rend(); ++candidate) {
        const auto [count, bytes] = *candidate;
        const std::size_t start = file.size - bytes;
        // Games of this run after other text: that text must end its line, or the first game
        // found is only the end of something else.
        const bool line_before = start > tail_begin ? file.read(start - 1, 1) == "\n" : whole_file;
        if (line_before && ends_with_first(file, stored, count, bytes) &&
            !any_of_later_games_in(file, stored, ends, count, tail_begin, start))
            return count;
    }
    if (whole_file && file.size == tail_begin) return 0;
    return std::nullopt;
}

namespace fs = std::filesystem;

// More links than the kernel follows (40) is a loop: the path is compared as it stands there.
constexpr int kMaxLinkHops = 40;

// Where `path` leads: every symbolic link followed, the last one too when its target does not
// exist yet (the database's -wal before the database is opened).
fs::path resolved(const std::string& path) {
    std::error_code error;
    fs::path current = fs::absolute(path, error);
    if (error) return fs::path(path).lexically_normal();
    current = current.lexically_normal();
    // On an error (a folder that cannot be searched) the path stays as far as it was resolved.
    for (int hop = 0; hop < kMaxLinkHops; ++hop) {
        fs::path canonical = fs::weakly_canonical(current, error);
        if (error) break;
        current = std::move(canonical);
        if (!fs::is_symlink(fs::symlink_status(current, error)) || error) break;
        const fs::path target = fs::read_symlink(current, error);
        if (error) break;
        current = (target.is_absolute() ? target : current.parent_path() / target).lexically_normal();
    }
    return current;
}

// The same file: the same device and inode when both exist, else the same place once resolved.
bool same_file(const std::string& a, const std::string& b) {
    std::error_code error;
    return fs::equivalent(a, b, error) || resolved(a) == resolved(b);
}

// What an output may not be: the database and the files SQLite keeps beside it, next to the path
// as given and next to the file it leads to, where SQLite puts them.
std::vector<std::pair<std::string, std::string>> database_files(const std::string& db) {
    std::vector<std::pair<std::string, std::string>> files{{db, "the database"}};
    const std::string target = resolved(db).string();
    for (const char* suffix : {"-wal", "-shm"}) {
        const std::string role = std::string("the database's ") + suffix + " file";
        files.emplace_back(db + suffix, role);
        files.emplace_back(target + suffix, role);
    }
    return files;
}

}  // namespace

void refuse_outputs_on_database(const std::vector<NamedOutput>& outputs, const std::string& db) {
    const auto protected_files = database_files(db);
    for (const NamedOutput& output : outputs) {
        for (const auto& [file, role] : protected_files) {
            if (!same_file(output.path, file)) continue;
            throw OutputFileError(output.flag + " " + output.path + ": is " + role + " (--db " + db +
                                  "); writing it would damage the database, give another file");
        }
    }
}

StoredTexts texts_of(const std::vector<std::string>& texts) {
    return [&texts](std::size_t first, const StoredTextVisitor& visit) {
        for (std::size_t index = first; index < texts.size() && visit(index, texts[index]); ++index) {}
    };
}

std::optional<std::size_t> stored_games_at_end(std::string_view file_tail, const std::vector<std::string>& stored,
                                               bool whole_file) {
    const FileBytes file{file_tail.size(), [file_tail](std::size_t offset, std::size_t length) {
                             return std::string(file_tail.substr(offset, length));
                         }};
    const StoredTexts texts = texts_of(stored);
    return first_games_at_end(file, texts, scan_stored(file, texts), 0, whole_file);
}

AppendFile::AppendFile(std::string path, std::string flag) : path_(std::move(path)), flag_(std::move(flag)) {
    fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) throw OutputFileError(describe("cannot open for appending: " + errno_text(errno)));
}

AppendFile::~AppendFile() {
    if (fd_ >= 0) ::close(fd_);
}

void AppendFile::append(const std::string& text) {
    std::lock_guard lock(mutex_);
    if (failed_)
        throw std::runtime_error(describe("an earlier write failed; the games after it are written by a re-run"));
    struct stat before {};
    const bool regular = ::fstat(fd_, &before) == 0 && S_ISREG(before.st_mode);
    if (write_all(fd_, text)) {
        if (crc_) crc_ = crc32_update(*crc_, text);
        return;
    }
    const int error = errno;
    failed_ = true;
    // A part of a game would glue the next one to it: cut it off (this also frees the space).
    if (regular && ::ftruncate(fd_, before.st_size) != 0)
        throw std::runtime_error(describe("write failed: " + errno_text(error) +
                                          "; the part written could not be cut off: " + errno_text(errno)));
    throw std::runtime_error(describe("write failed: " + errno_text(error)));
}

void AppendFile::truncate() {
    std::lock_guard lock(mutex_);
    struct stat status {};
    if (::fstat(fd_, &status) != 0 || !S_ISREG(status.st_mode)) return;
    if (::ftruncate(fd_, 0) != 0) throw OutputFileError(describe("cannot empty it: " + errno_text(errno)));
    if (crc_) crc_ = 0;
}

void AppendFile::track_crc32() {
    std::lock_guard lock(mutex_);
    struct stat status {};
    std::uint32_t crc = 0;
    if (::fstat(fd_, &status) == 0 && S_ISREG(status.st_mode) && status.st_size > 0) {
        const int reader = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
        if (reader < 0) throw OutputFileError(describe("cannot read it for its CRC32: " + errno_text(errno)));
        std::array<char, 1 << 16> buffer;
        for (;;) {
            const ssize_t got = ::read(reader, buffer.data(), buffer.size());
            if (got < 0 && errno == EINTR) continue;
            if (got < 0) {
                const int error = errno;
                ::close(reader);
                throw OutputFileError(describe("cannot read it for its CRC32: " + errno_text(error)));
            }
            if (got == 0) break;
            crc = crc32_update(crc, std::string_view(buffer.data(), static_cast<std::size_t>(got)));
        }
        ::close(reader);
    }
    crc_ = crc;
}

std::optional<std::uint32_t> AppendFile::crc32() const {
    std::lock_guard lock(mutex_);
    return crc_;
}

std::string AppendFile::crc32_line() const {
    const std::optional<std::uint32_t> crc = crc32();
    if (!crc) return {};
    char hex[16];
    std::snprintf(hex, sizeof hex, "%x", static_cast<unsigned>(*crc));
    return "File " + path_ + " has CRC32: 0x" + hex;
}

std::uint32_t crc32_update(std::uint32_t crc, std::string_view data) {
    static constexpr std::array<std::uint32_t, 256> kTable = crc32_table();
    crc = ~crc;
    for (const char c : data) crc = kTable[(crc ^ static_cast<unsigned char>(c)) & 0xFFu] ^ (crc >> 8);
    return ~crc;
}

std::string AppendFile::read_back(int reader, std::size_t offset, std::size_t length) const {
    std::string bytes(length, '\0');
    std::size_t done = 0;
    while (done < length) {
        const ssize_t got = ::pread(reader, bytes.data() + done, length - done, static_cast<off_t>(offset + done));
        if (got > 0) done += static_cast<std::size_t>(got);
        else if (got == 0) throw OutputFileError(describe("cannot read it back: it shrank while being read"));
        else if (errno != EINTR) throw OutputFileError(describe("cannot read it back: " + errno_text(errno)));
    }
    return bytes;
}

std::size_t AppendFile::append_missing(const StoredTexts& stored, const std::string& stored_where) {
    struct stat status {};
    if (::fstat(fd_, &status) != 0 || !S_ISREG(status.st_mode)) return 0;  // a device or a pipe: left alone
    const ReadDescriptor reader{::open(path_.c_str(), O_RDONLY | O_CLOEXEC)};
    if (reader.fd < 0) throw OutputFileError(describe("cannot read it back: " + errno_text(errno)));
    const FileBytes file{
        static_cast<std::size_t>(status.st_size),
        [this, &reader](std::size_t offset, std::size_t length) { return read_back(reader.fd, offset, length); }};
    const StoredEnds ends = scan_stored(file, stored);
    if (ends.count == 0) return 0;
    // What the games take and one byte more, the one before them that must end a line: the file
    // before that is other runs' games, not looked at.
    const std::size_t tail_begin = file.size - std::min(file.size, ends.bytes + 1);
    const std::optional<std::size_t> present =
        first_games_at_end(file, stored, ends, tail_begin, file.size <= ends.bytes);
    if (!present) {
        throw OutputFileError(describe(
            "does not end with the " + std::to_string(ends.count) + " games stored in " + stored_where +
            " in the order they were stored, so the ones missing from it cannot be told; move the file away or "
            "delete it to have all of them written again from the database, or give another file"));
    }
    stored(*present, [&](std::size_t index, const std::string& text) {
        if (index >= ends.count) return false;
        append(text);
        return true;
    });
    return ends.count - *present;
}

}  // namespace arbiter::output
