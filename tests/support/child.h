#pragma once
// The tests' one way to start another process: a program (or a function of the test, in a forked
// copy of it) with its arguments, working directory, environment and three standard streams as the
// test wants them, and what must hold before it starts (a file size limit, running as nobody, a
// process group of its own, ignored signals). A Child owns its process: the process is killed and
// reaped when the Child goes, so a failed check leaves nothing running behind the test.

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "harness/process/unique_fd.h"

namespace test_support {

// Where one of the child's standard streams goes.
struct Stream {
    enum class Kind { inherit, null, pipe, text, file, into_stdout };
    Kind kind = Kind::null;
    std::string value;  // the text (stdin) or the file's path (stdout, stderr)

    static Stream inherit() { return {Kind::inherit, {}}; }  // the test's own
    static Stream null() { return {Kind::null, {}}; }        // /dev/null
    // stdin: written with Child::send; stdout and stderr: captured into ChildResult.
    static Stream pipe() { return {Kind::pipe, {}}; }
    // stdin only: `text` and then end of file. Written at start, so keep it within a pipe's
    // buffer (64 KiB) unless the child reads as it goes.
    static Stream text(std::string text) { return {Kind::text, std::move(text)}; }
    // stdout or stderr: the file, created or truncated; read back into ChildResult at the end.
    static Stream file(std::string path) { return {Kind::file, std::move(path)}; }
    // stderr only: wherever stdout goes, as `2>&1`.
    static Stream into_stdout() { return {Kind::into_stdout, {}}; }
};

struct ChildSpec {
    std::string program{};            // a path: there is no PATH search
    std::vector<std::string> args{};  // after argv[0], which is `program`
    // Instead of a program: run this in a forked copy of the test; its return value is the exit code.
    std::function<int()> body{};
    std::string cwd{};                                       // empty: the test's own
    std::vector<std::pair<std::string, std::string>> env{};  // set, on top of the test's environment
    Stream in = Stream::null();
    Stream out = Stream::pipe();
    Stream err = Stream::pipe();
    // The deadline and the destructor then kill the whole group: a runner and the engines it started.
    bool own_process_group = false;
    // RLIMIT_FSIZE with SIGXFSZ ignored: a write past it fails with EFBIG, as on a full disk.
    std::optional<std::uint64_t> max_file_bytes{};
    // When the test runs as root, the child runs as nobody: root ignores file permissions.
    bool drop_root = false;
    // The child starts with every signal at its default and none blocked, except these, ignored
    // (SIGHUP is what `nohup` gives).
    std::vector<int> ignored_signals{};
};

struct ChildResult {
    int exit_code = -1;  // -1 when a signal or the deadline ended the child
    int signal = 0;      // the signal that ended it (SIGKILL at the deadline); 0 when it exited
    bool timed_out = false;
    long peak_rss_kib = 0;  // its largest resident set size (wait4's ru_maxrss)
    std::string out;        // what it wrote on stdout, through a pipe or into a file
    std::string err;        // what it wrote on stderr
    std::string merged;     // both pipes' text, chunk by chunk in the order it arrived
    bool exited() const { return exit_code >= 0; }
};

// The harness's own owning descriptor (harness/process/unique_fd.h).
using UniqueFd = arbiter::process::detail::UniqueFd;

class Child {
public:
    // Starts the child; throws std::runtime_error when it cannot (no fork, a file it cannot open).
    // A program that cannot be executed exits 127; a setup step that fails in the child, 126.
    explicit Child(const ChildSpec& spec);
    ~Child();  // a child still running is killed (SIGKILL) and reaped
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;

    pid_t pid() const { return pid_; }
    // Sends `number` to the child alone, while it runs.
    void signal(int number) const;

    // Talking to it, with stdin and stdout on pipes: one line out (the newline added), one line in
    // ('\r' dropped), nullopt once `limit` passes or its output ends.
    void send(const std::string& line);
    void close_stdin();
    std::optional<std::string> read_line(std::chrono::milliseconds limit);
    // Reads lines until one starts with `prefix`; every line read is appended to `seen`.
    std::optional<std::string> wait_for(const std::string& prefix, std::chrono::milliseconds limit,
                                        std::vector<std::string>* seen = nullptr);

    // Waits for the child to exit and its pipes to close (a file it wrote is read back then); at
    // `limit` it is killed, with its group when it has one. Later calls return the same result.
    const ChildResult& wait(std::chrono::milliseconds limit);

private:
    void pump(std::chrono::milliseconds limit);
    void drain(UniqueFd& from, std::string& stream);
    void reap(bool block);
    void kill_all() const;
    void time_out();

    pid_t pid_ = -1;
    bool own_group_ = false;
    bool reaped_ = false;
    UniqueFd to_child_;
    UniqueFd from_out_;
    UniqueFd from_err_;
    std::string out_file_;  // stdout's file, read back at the end; empty for none
    std::string err_file_;
    std::size_t line_start_ = 0;  // how much of result_.out read_line has consumed
    ChildResult result_;
};

// Runs the child to its end (at most `limit`) and returns what it did.
ChildResult run(const ChildSpec& spec, std::chrono::milliseconds limit = std::chrono::seconds(60));

// A program to talk to: stdin and stdout on pipes, stderr the test's own.
ChildSpec talk_to(const std::string& program, const std::vector<std::string>& args = {});

// A command line run by /bin/sh -c, with stdin the test's own, as std::system runs it: for the
// tests whose commands are shell (redirections, variables set before the program, `&&`).
ChildSpec shell(const std::string& command);

// A program whose stdout goes to the file `out` and stderr to `err`, or to `out` too when `err` is
// empty; stdin the test's own. For runs the test watches through their files while they go.
ChildSpec logged(const std::string& program, const std::vector<std::string>& args, const std::string& out,
                 const std::string& err = {});

}  // namespace test_support
