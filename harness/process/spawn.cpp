#include "harness/process/spawn.h"

#include "harness/process/capped_log.h"
#include "harness/process/thread_affinity.h"

#include <boost/process/args.hpp>
#include <boost/process/env.hpp>
#include <boost/process/environment.hpp>
#include <boost/process/exe.hpp>
#include <boost/process/extend.hpp>
#include <boost/process/start_dir.hpp>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <fcntl.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace arbiter::process::detail {

namespace fs = std::filesystem;

namespace {

std::string in_quotes(const fs::path& path) { return "'" + path.string() + "'"; }

std::string errno_text() { return std::strerror(errno); }

// PATH as the child will see it: an override in the spec wins over ours.
std::string effective_path_variable(const ProcessSpec& spec) {
    for (const auto& [name, value] : spec.environment)
        if (name == "PATH") return value;
    const char* ours = std::getenv("PATH");
    return ours != nullptr ? ours : "/usr/local/bin:/usr/bin:/bin";
}

std::optional<fs::path> search_path(const std::string& name, const std::string& path_variable) {
    std::size_t start = 0;
    while (start <= path_variable.size()) {
        std::size_t end = path_variable.find(':', start);
        if (end == std::string::npos) end = path_variable.size();
        const fs::path dir = end > start ? path_variable.substr(start, end - start) : ".";
        const fs::path candidate = dir / name;
        std::error_code ec;
        if (fs::is_regular_file(candidate, ec) && ::access(candidate.c_str(), X_OK) == 0)
            return fs::absolute(candidate, ec);
        start = end + 1;
    }
    return std::nullopt;
}

// A relative path with a '/' is tried against the engine's working directory first (that is how
// exec would resolve it after the chdir), then against ours.
fs::path locate_relative(const ProcessSpec& spec) {
    const fs::path given = spec.executable;
    std::error_code ec;
    if (given.is_relative() && !spec.working_directory.empty()) {
        const fs::path in_workdir = spec.working_directory / given;
        if (fs::exists(in_workdir, ec)) return fs::absolute(in_workdir, ec);
    }
    return fs::absolute(given, ec);
}

void check_executable(const fs::path& path, const std::string& given) {
    std::error_code ec;
    const std::string shown = path.string() == given ? in_quotes(given) : in_quotes(given) + " (" + path.string() + ")";
    if (!fs::exists(path, ec)) throw ProcessError("engine executable " + shown + " not found");
    if (fs::is_directory(path, ec)) throw ProcessError("engine executable " + shown + " is a directory");
    if (::access(path.c_str(), X_OK) != 0)
        throw ProcessError("engine executable " + shown + " is not executable: " + errno_text());
}

void check_working_directory(const ProcessSpec& spec) {
    if (spec.working_directory.empty()) return;
    std::error_code ec;
    if (!fs::is_directory(spec.working_directory, ec))
        throw ProcessError("working directory " + in_quotes(spec.working_directory) + " for engine " +
                           in_quotes(spec.executable) + " does not exist");
}

// Keeps the child-side descriptors away from 0..2 so the dup2 calls in the child can never
// overwrite one of them with another (possible when our own stdio is closed).
UniqueFd lift_above_stdio(UniqueFd fd) {
    if (fd.get() > STDERR_FILENO) return fd;
    UniqueFd lifted(::fcntl(fd.get(), F_DUPFD_CLOEXEC, STDERR_FILENO + 1));
    if (!lifted.valid()) throw ProcessError("fcntl(F_DUPFD_CLOEXEC) failed: " + errno_text());
    return lifted;
}

struct PipeEnds {
    UniqueFd read;
    UniqueFd write;
};

// O_CLOEXEC from the start: another engine spawned concurrently must not inherit our ends
// (a leaked write end would keep this child's stdin from ever seeing EOF).
PipeEnds make_pipe() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) throw ProcessError("pipe2 failed: " + errno_text());
    return {lift_above_stdio(UniqueFd(fds[0])), lift_above_stdio(UniqueFd(fds[1]))};
}

UniqueFd open_stderr_target(const ProcessSpec& spec) {
    const bool to_log = !spec.stderr_log.empty();
    const char* path = to_log ? spec.stderr_log.c_str() : "/dev/null";
    // The log directory is made on first use, so a run that fails validation leaves nothing behind.
    std::error_code ignored;
    if (to_log && spec.stderr_log.has_parent_path())
        std::filesystem::create_directories(spec.stderr_log.parent_path(), ignored);
    UniqueFd fd(::open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644));
    if (!fd.valid())
        throw ProcessError("cannot open stderr log " + in_quotes(path) + " for engine " + in_quotes(spec.executable) +
                           ": " + errno_text());
    return lift_above_stdio(std::move(fd));
}

// Where the child's stderr goes: the write end of a pipe to its capped log, else a file or /dev/null.
// `capped_read` receives the pipe's read end.
UniqueFd stderr_target(const ProcessSpec& spec, UniqueFd& capped_read) {
    if (!spec.stderr_capped_log) return open_stderr_target(spec);
    try {
        spec.stderr_capped_log->open();
    } catch (const ProcessError& error) {
        throw ProcessError(std::string(error.what()) + " (engine " + in_quotes(spec.executable) + ")");
    }
    PipeEnds pipe = make_pipe();
    capped_read = std::move(pipe.read);
    return std::move(pipe.write);
}

// Built before the fork: the child may only make async-signal-safe calls.
cpu_set_t cpu_mask(const std::vector<int>& cpus) {
    cpu_set_t mask;
    CPU_ZERO(&mask);
    for (int cpu : cpus) {
        if (cpu < 0 || cpu >= CPU_SETSIZE) throw ProcessError("CPU " + std::to_string(cpu) + " is out of range");
        CPU_SET(cpu, &mask);
    }
    return mask;
}

boost::process::environment child_environment(const ProcessSpec& spec) {
    boost::process::environment env = boost::this_process::environment();
    for (const auto& [name, value] : spec.environment) env[name] = value;
    return env;
}

}  // namespace

std::string resolve_executable(const ProcessSpec& spec) {
    if (spec.executable.empty()) throw ProcessError("no engine executable given");
    fs::path path;
    if (spec.executable.find('/') != std::string::npos) {
        path = locate_relative(spec);
    } else {
        auto found = search_path(spec.executable, effective_path_variable(spec));
        if (!found) throw ProcessError("engine executable '" + spec.executable + "' not found in PATH");
        path = *found;
    }
    check_executable(path, spec.executable);
    return path.lexically_normal().string();
}

SpawnedChild spawn_child(const ProcessSpec& spec) {
    check_working_directory(spec);
    const std::string executable = resolve_executable(spec);
    PipeEnds to_child = make_pipe();
    PipeEnds from_child = make_pipe();
    UniqueFd stderr_read;
    UniqueFd error_sink = stderr_target(spec, stderr_read);

    const int child_in = to_child.read.get();
    const int child_out = from_child.write.get();
    const int child_err = error_sink.get();
    const pid_t parent = ::getpid();
    // The child's CPUs: -use-affinity's, else the mask its thread had before a PinThread (a game
    // thread pinned for its own sake must not pass the pin on), else simply ours.
    const cpu_set_t* thread_unpinned = unpinned_mask_for_children();
    const bool set_cpus = !spec.cpu_affinity.empty() || thread_unpinned != nullptr;
    const cpu_set_t cpus = !spec.cpu_affinity.empty() ? cpu_mask(spec.cpu_affinity)
                           : thread_unpinned          ? *thread_unpinned
                                                      : cpu_set_t{};
    // Runs in the forked child before exec; only async-signal-safe calls are allowed here.
    auto wire_child = boost::process::extend::on_exec_setup([=](auto& exec) {
        // Own process group: a terminal Ctrl-C (SIGINT to the foreground group) must not reach
        // xboard engines, which treat SIGINT as a protocol message; also lets us kill helpers.
        ::setpgid(0, 0);
        // Dies with us: if arbiter is SIGKILLed, an engine that no longer reads its stdin (hung, or
        // deep in a long search) would otherwise run on, orphaned. The signal follows the thread
        // that spawned the child, which is always the thread owning the engine for its lifetime.
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent) ::_exit(127);  // we were gone before the prctl took effect
        if (set_cpus && ::sched_setaffinity(0, sizeof cpus, &cpus) != 0) {
            exec.set_error(std::error_code(errno, std::system_category()), "sched_setaffinity failed");
            ::_exit(127);
        }
        // Signal masks survive exec: an engine spawned by a thread that blocks SIGPIPE
        // (BlockSigpipe) must still die of it, as it would when started from a shell.
        sigset_t no_signals;
        ::sigemptyset(&no_signals);
        ::sigprocmask(SIG_SETMASK, &no_signals, nullptr);
        if (::dup2(child_in, STDIN_FILENO) < 0 || ::dup2(child_out, STDOUT_FILENO) < 0 ||
            ::dup2(child_err, STDERR_FILENO) < 0) {
            exec.set_error(std::error_code(errno, std::system_category()), "dup2 failed");
            ::_exit(127);
        }
        // Whatever else we have open (databases, other engines' pipes from a racing spawn)
        // must not survive exec. CLOEXEC rather than close keeps Boost's error pipe working.
        ::close_range(STDERR_FILENO + 1, ~0U, CLOSE_RANGE_CLOEXEC);
    });

    SpawnedChild spawned;
    try {
        const fs::path start_dir = spec.working_directory.empty() ? fs::path(".") : spec.working_directory;
        spawned.child =
            boost::process::child(boost::process::exe = executable, boost::process::args = spec.arguments,
                                  boost::process::start_dir = start_dir.string(), child_environment(spec), wire_child);
    } catch (const std::exception& e) {
        throw ProcessError("cannot start engine " + in_quotes(executable) + ": " + e.what());
    }
    // The child has its copies now; ours must go or EOF would never be seen on either pipe.
    to_child.read.reset();
    from_child.write.reset();
    if (::fcntl(to_child.write.get(), F_SETFL, O_NONBLOCK) != 0)
        throw ProcessError("fcntl(O_NONBLOCK) failed: " + errno_text());

    spawned.stdin_write = std::move(to_child.write);
    spawned.stdout_read = std::move(from_child.read);
    spawned.stderr_read = std::move(stderr_read);
    spawned.executable = executable;
    return spawned;
}

}  // namespace arbiter::process::detail
