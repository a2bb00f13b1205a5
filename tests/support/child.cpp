#include "tests/support/child.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "tests/support/text_file.h"

extern char** environ;

namespace test_support {

namespace {

using Clock = std::chrono::steady_clock;

// How often a child without pipes to watch is asked whether it has exited.
constexpr std::chrono::milliseconds kExitPoll{10};

[[noreturn]] void fail(const std::string& what) { throw std::runtime_error(what + ": " + std::strerror(errno)); }

std::chrono::milliseconds until(Clock::time_point moment) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(moment - Clock::now());
}

// Both ends of a pipe, closed on exec so that no other child inherits them.
std::pair<UniqueFd, UniqueFd> make_pipe() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) fail("pipe");
    return {UniqueFd(fds[0]), UniqueFd(fds[1])};
}

UniqueFd open_null(int flags) {
    const int fd = ::open("/dev/null", flags | O_CLOEXEC);
    if (fd < 0) fail("/dev/null");
    return UniqueFd(fd);
}

// Mode 0666 whatever the umask: a child that drops root to nobody can still open it by name.
UniqueFd create_file(const std::string& path) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) fail(path);
    ::fchmod(fd, 0666);
    return UniqueFd(fd);
}

// The child's end of its stdin; `parent_end` receives the pipe's other end.
UniqueFd input_end(const Stream& stream, UniqueFd& parent_end) {
    switch (stream.kind) {
        case Stream::Kind::inherit: return {};
        case Stream::Kind::null: return open_null(O_RDONLY);
        case Stream::Kind::pipe:
        case Stream::Kind::text: {
            auto [read_end, write_end] = make_pipe();
            parent_end = std::move(write_end);
            return std::move(read_end);
        }
        default: throw std::invalid_argument("stdin can be inherited, null, a pipe or a text");
    }
}

// The child's end of its stdout or stderr (none for inherit and into_stdout).
UniqueFd output_end(const Stream& stream, UniqueFd& parent_end) {
    switch (stream.kind) {
        case Stream::Kind::inherit:
        case Stream::Kind::into_stdout: return {};
        case Stream::Kind::null: return open_null(O_WRONLY);
        case Stream::Kind::file: return create_file(stream.value);
        case Stream::Kind::pipe: {
            auto [read_end, write_end] = make_pipe();
            parent_end = std::move(read_end);
            return std::move(write_end);
        }
        default: throw std::invalid_argument("stdout and stderr cannot be a text");
    }
}

// argv or envp for exec: the strings, and the null-terminated pointers to them.
class ExecWords {
public:
    explicit ExecWords(std::vector<std::string> words) : words_(std::move(words)) {
        for (auto& word : words_) pointers_.push_back(word.data());
        pointers_.push_back(nullptr);
    }
    char** get() { return pointers_.data(); }

private:
    std::vector<std::string> words_;
    std::vector<char*> pointers_;
};

std::vector<std::string> command_line(const ChildSpec& spec) {
    std::vector<std::string> words{spec.program};
    words.insert(words.end(), spec.args.begin(), spec.args.end());
    return words;
}

// The test's environment with spec.env set over it.
std::vector<std::string> environment(const ChildSpec& spec) {
    std::vector<std::string> entries;
    for (char** entry = environ; *entry != nullptr; ++entry) {
        const std::string text = *entry;
        const std::string name = text.substr(0, text.find('='));
        const auto overridden = [&](const auto& setting) { return setting.first == name; };
        if (std::none_of(spec.env.begin(), spec.env.end(), overridden)) entries.push_back(text);
    }
    for (const auto& [name, value] : spec.env) entries.push_back(name + "=" + value);
    return entries;
}

// Everything the child needs, made before the fork: after it, the child allocates nothing until exec.
struct Launch {
    UniqueFd in, out, err;  // the child's ends; not open: inherited
    ExecWords argv;
    ExecWords envp;
};

void set_disposition(int number, void (*handler)(int)) {
    struct sigaction action {};
    action.sa_handler = handler;
    ::sigaction(number, &action, nullptr);
}

// In the child: every signal at its default and none blocked, but the ones asked to be ignored.
void reset_signals(const std::vector<int>& ignored) {
    for (int number = 1; number < NSIG; ++number) set_disposition(number, SIG_DFL);
    for (const int number : ignored) set_disposition(number, SIG_IGN);
    sigset_t none;
    ::sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
}

bool redirect(const Launch& launch, bool err_into_out) {
    if (launch.in.valid() && ::dup2(launch.in.get(), STDIN_FILENO) < 0) return false;
    if (launch.out.valid() && ::dup2(launch.out.get(), STDOUT_FILENO) < 0) return false;
    if (err_into_out) return ::dup2(STDOUT_FILENO, STDERR_FILENO) >= 0;
    return !launch.err.valid() || ::dup2(launch.err.get(), STDERR_FILENO) >= 0;
}

int run_body(const std::function<int()>& body) {
    try {
        return body();
    } catch (...) {
        return 125;
    }
}

// In the child, from fork to exec: async-signal-safe calls only, since the test may have threads
// (a body is test code: it takes that risk, as the tests that forked without exec always did).
[[noreturn]] void become_child(const ChildSpec& spec, Launch& launch) {
    if (spec.own_process_group) ::setpgid(0, 0);
    if (!spec.cwd.empty() && ::chdir(spec.cwd.c_str()) != 0) ::_exit(126);
    if (!redirect(launch, spec.err.kind == Stream::Kind::into_stdout)) ::_exit(126);
    reset_signals(spec.ignored_signals);
    if (spec.max_file_bytes) {
        set_disposition(SIGXFSZ, SIG_IGN);
        const rlimit limit{*spec.max_file_bytes, *spec.max_file_bytes};
        if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(126);
    }
    constexpr uid_t kNobody = 65534;
    if (spec.drop_root && ::geteuid() == 0 && (::setgid(kNobody) != 0 || ::setuid(kNobody) != 0)) ::_exit(126);
    if (spec.body) ::_exit(run_body(spec.body));
    ::execve(spec.program.c_str(), launch.argv.get(), launch.envp.get());
    ::_exit(127);
}

void write_all(int fd, const std::string& text) {
    for (std::size_t written = 0; written < text.size();) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;  // the child closed its stdin: what it did with the rest is the test's to check
        written += static_cast<std::size_t>(n);
    }
}

std::string file_of(const Stream& stream) { return stream.kind == Stream::Kind::file ? stream.value : std::string(); }

}  // namespace

Child::Child(const ChildSpec& spec)
    : own_group_(spec.own_process_group), out_file_(file_of(spec.out)), err_file_(file_of(spec.err)) {
    Launch launch{input_end(spec.in, to_child_), output_end(spec.out, from_out_), output_end(spec.err, from_err_),
                  ExecWords(command_line(spec)), ExecWords(environment(spec))};
    // A child that exits before reading its stdin must fail the test, not kill it with SIGPIPE.
    if (to_child_.valid()) ::signal(SIGPIPE, SIG_IGN);
    pid_ = ::fork();
    if (pid_ < 0) fail("fork");
    if (pid_ == 0) become_child(spec, launch);
    if (own_group_) ::setpgid(pid_, pid_);  // here too: the group exists before the test may kill it
    if (spec.in.kind == Stream::Kind::text) {
        write_all(to_child_.get(), spec.in.value);
        to_child_.reset();
    }
}

Child::~Child() {
    if (pid_ > 0 && !reaped_) {
        kill_all();
        reap(true);
    }
}

void Child::signal(int number) const {
    if (!reaped_) ::kill(pid_, number);
}

void Child::send(const std::string& line) {
    if (to_child_.valid()) write_all(to_child_.get(), line + "\n");
}

void Child::close_stdin() { to_child_.reset(); }

std::optional<std::string> Child::read_line(std::chrono::milliseconds limit) {
    const auto give_up = Clock::now() + limit;
    for (;;) {
        const auto newline = result_.out.find('\n', line_start_);
        if (newline != std::string::npos) {
            std::string line = result_.out.substr(line_start_, newline - line_start_);
            line_start_ = newline + 1;
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return line;
        }
        const auto left = until(give_up);
        if (!from_out_.valid() || left.count() <= 0) return std::nullopt;
        pump(left);
    }
}

std::optional<std::string> Child::wait_for(const std::string& prefix, std::chrono::milliseconds limit,
                                           std::vector<std::string>* seen) {
    const auto give_up = Clock::now() + limit;
    for (;;) {
        const auto left = until(give_up);
        if (left.count() < 0) return std::nullopt;
        std::optional<std::string> line = read_line(left);
        if (!line) return std::nullopt;
        if (seen) seen->push_back(*line);
        if (line->rfind(prefix, 0) == 0) return line;
    }
}

const ChildResult& Child::wait(std::chrono::milliseconds limit) {
    const auto give_up = Clock::now() + limit;
    while (!reaped_ || from_out_.valid() || from_err_.valid()) {
        const auto left = until(give_up);
        if (left.count() <= 0) {
            time_out();
            break;
        }
        pump(reaped_ ? left : std::min(left, kExitPoll));
        if (!reaped_) reap(false);
    }
    from_out_.reset();
    from_err_.reset();
    if (!out_file_.empty()) result_.out = read_text(std::exchange(out_file_, {}));
    if (!err_file_.empty()) result_.err = read_text(std::exchange(err_file_, {}));
    return result_;
}

// Waits up to `limit` for output on the open pipes and reads what came.
void Child::pump(std::chrono::milliseconds limit) {
    pollfd fds[2] = {{from_out_.get(), POLLIN, 0}, {from_err_.get(), POLLIN, 0}};  // poll skips fd -1
    if (::poll(fds, 2, static_cast<int>(limit.count())) <= 0) return;
    if (fds[0].revents != 0) drain(from_out_, result_.out);
    if (fds[1].revents != 0) drain(from_err_, result_.err);
}

void Child::drain(UniqueFd& from, std::string& stream) {
    char buffer[65536];
    const ssize_t got = ::read(from.get(), buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) return;
    if (got <= 0) {
        from.reset();
        return;
    }
    stream.append(buffer, static_cast<std::size_t>(got));
    result_.merged.append(buffer, static_cast<std::size_t>(got));
}

void Child::reap(bool block) {
    int status = 0;
    rusage usage{};
    pid_t done;
    do done = ::wait4(pid_, &status, block ? 0 : WNOHANG, &usage);
    while (done < 0 && errno == EINTR);
    if (done != pid_) return;
    reaped_ = true;
    result_.peak_rss_kib = usage.ru_maxrss;
    if (WIFEXITED(status)) result_.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) result_.signal = WTERMSIG(status);
}

void Child::kill_all() const { ::kill(own_group_ ? -pid_ : pid_, SIGKILL); }

// The deadline passed: the child (and its group) is killed, and what it did so far is the result.
void Child::time_out() {
    result_.timed_out = true;
    if (reaped_ && own_group_) ::kill(-pid_, SIGKILL);  // what is left of the group still holds its pipes
    if (!reaped_) {
        kill_all();
        reap(true);
    }
    result_.exit_code = -1;
}

ChildResult run(const ChildSpec& spec, std::chrono::milliseconds limit) {
    Child child(spec);
    return child.wait(limit);
}

ChildSpec talk_to(const std::string& program, const std::vector<std::string>& args) {
    ChildSpec spec;
    spec.program = program;
    spec.args = args;
    spec.in = Stream::pipe();
    spec.out = Stream::pipe();
    spec.err = Stream::inherit();
    return spec;
}

ChildSpec shell(const std::string& command) {
    ChildSpec spec;
    spec.program = "/bin/sh";
    spec.args = {"-c", command};
    spec.in = Stream::inherit();
    return spec;
}

ChildSpec logged(const std::string& program, const std::vector<std::string>& args, const std::string& out,
                 const std::string& err) {
    ChildSpec spec;
    spec.program = program;
    spec.args = args;
    spec.in = Stream::inherit();
    spec.out = Stream::file(out);
    spec.err = err.empty() ? Stream::into_stdout() : Stream::file(err);
    return spec;
}

}  // namespace test_support
