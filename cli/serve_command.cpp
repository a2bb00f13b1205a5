#include "cli/serve_command.h"

#include <pthread.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>

#include "cli/exit_status.h"
#include "cli/flag_reader.h"
#include "serve/http_server.h"
#include "serve/site.h"
#include "serve/sources.h"

namespace arbiter::cli {
namespace {

constexpr const char* kUsage =
    "usage: arbiter serve --db FILE|DIR [--db FILE|DIR...] [--port N] [--bind ADDR]\n"
    "  A live web view of the databases, read-only: runs, one run, ladders, commits, bisections, SPSA\n"
    "  and EPD runs; every page also as JSON with ?format=json. Open pages follow a run while it is\n"
    "  written. Several files, or a directory of shard databases (ci/slurm, ci/parallel), show as one.\n"
    "  --db FILE|DIR   a database, or a directory of *.db shards (repeatable)\n"
    "  --port N        the port to listen on (default 8080; 0 picks a free one and prints it)\n"
    "  --bind ADDR     the address to listen on (default 127.0.0.1, this machine only)\n";

constexpr int kDefaultPort = 8080;

struct ServeArgs {
    std::vector<std::string> databases;
    int port = kDefaultPort;
    std::string bind = "127.0.0.1";
};

ServeArgs parse_args(const std::vector<std::string>& args) {
    ServeArgs parsed;
    FlagReader flags(args);
    while (flags.next()) {
        const std::string& name = flags.name();
        if (name == "db") parsed.databases.push_back(flags.value());
        else if (name == "port") parsed.port = static_cast<int>(flags.whole(0, 65535));
        else if (name == "bind") parsed.bind = flags.value();
        else flags.unknown("serve");
    }
    if (parsed.databases.empty()) throw UsageError("--db", "give the database to serve");
    if (parsed.bind.empty()) throw UsageError("--bind", "give an address");
    return parsed;
}

bool is_loopback(const std::string& address) {
    return address == "localhost" || address == "::1" || address.rfind("127.", 0) == 0;
}

// SIGINT and SIGTERM are taken by a thread of their own (blocked everywhere else, so the server's
// threads never see them), which stops the server: it then finishes the pages it is writing. A
// signal can come before the server listens, when stopping it does nothing, so the watcher asks
// again until listen() has returned.
class StopOnSignal {
public:
    explicit StopOnSignal(serve::HttpServer& server) {
        sigemptyset(&signals_);
        sigaddset(&signals_, SIGINT);
        sigaddset(&signals_, SIGTERM);
        pthread_sigmask(SIG_BLOCK, &signals_, &previous_);
        watcher_ = std::thread([this, &server] {
            int signal = 0;
            sigwait(&signals_, &signal);
            while (!served_) {
                server.stop();
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
        });
    }
    // Called once listen() has returned.
    ~StopOnSignal() {
        served_ = true;
        pthread_kill(watcher_.native_handle(), SIGTERM);  // wakes the watcher if no signal came
        watcher_.join();
        pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
    }
    StopOnSignal(const StopOnSignal&) = delete;
    StopOnSignal& operator=(const StopOnSignal&) = delete;

private:
    sigset_t signals_{}, previous_{};
    std::atomic<bool> served_{false};
    std::thread watcher_;
};

int serve(const ServeArgs& args, std::ostream& out, std::ostream& err) {
    serve::Sources sources(args.databases);
    for (const std::string& warning : sources.warnings()) err << "arbiter serve: warning: " << warning << '\n';
    serve::Site site(sources);
    serve::HttpServer server(site);
    const int port = server.bind(args.bind, args.port);
    // Taken before the address is printed: whoever reads it may stop the server at once.
    StopOnSignal stop_on_signal(server);
    if (!is_loopback(args.bind))
        err << "arbiter serve: warning: listening on " << args.bind
            << ": anyone who can reach this address can read every result in the database\n";
    out << "arbiter serve: http://" << (args.bind.find(':') != std::string::npos ? "[" + args.bind + "]" : args.bind)
        << ":" << port << "/ (" << sources.files().size() << " database file(s), read-only; Ctrl-C stops)" << std::endl;
    server.listen();
    return code(ExitStatus::ok);
}

}  // namespace

int run_serve_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (asks_for_help(args)) {
        out << kUsage;
        return code(ExitStatus::ok);
    }
    ServeArgs parsed;
    try {
        parsed = parse_args(args);
    } catch (...) {
        return report_failure("serve", err, BadInput::flags_only(), kUsage);
    }
    try {
        return serve(parsed, out, err);
    } catch (const serve::SourcesError& error) {
        err << "arbiter serve: " << error.what() << '\n';
        return code(ExitStatus::bad_input);
    } catch (...) {
        return report_failure("serve", err, BadInput::given_inputs());
    }
}

}  // namespace arbiter::cli
