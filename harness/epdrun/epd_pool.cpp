#include "harness/epdrun/epd_pool.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

namespace arbiter::epdrun {

namespace {

// State the workers share for one call of run_positions.
struct SharedWork {
    SharedWork(const std::vector<const SuitePosition*>& positions_, const std::string& suite_, const OutcomeSink& sink_)
        : positions(positions_), suite(suite_), sink(sink_) {}

    const std::vector<const SuitePosition*>& positions;
    const std::string& suite;
    const OutcomeSink& sink;
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> done{0};
    std::atomic<bool> abort{false};  // the sink failed (e.g. the database): stop handing out work
    std::mutex lock;
    PoolReport report;
};

void worker_error(SharedWork& work, const std::string& message) {
    std::lock_guard guard(work.lock);
    work.report.worker_errors.push_back(message);
}

// An engine that died on one position gets a fresh process for the next; one that cannot even
// start ends this worker and leaves its share to the others.
bool restart(EpdSession& session, SharedWork& work) {
    try {
        session.start();
        return true;
    } catch (const std::exception& failure) {
        worker_error(work, failure.what());
        return false;
    }
}

bool deliver(SharedWork& work, const SuitePosition& position, PositionOutcome outcome) {
    std::lock_guard guard(work.lock);
    try {
        work.sink(position, std::move(outcome));
        ++work.done;
        return true;
    } catch (const std::exception& failure) {
        work.report.worker_errors.push_back(failure.what());
        work.abort = true;
        return false;
    }
}

void work_through(const SessionFactory& make_session, SharedWork& work) {
    std::unique_ptr<EpdSession> session;
    try {
        session = make_session();
    } catch (const std::exception& failure) {
        worker_error(work, failure.what());
        return;
    }
    if (!restart(*session, work)) return;
    for (;;) {
        if (work.abort) return;
        const std::size_t index = work.next.fetch_add(1);
        if (index >= work.positions.size()) return;
        PositionOutcome outcome = session->solve(*work.positions[index], work.suite);
        const bool failed = outcome.engine_failed;
        if (!deliver(work, *work.positions[index], std::move(outcome))) return;
        if (failed && !restart(*session, work)) return;
    }
}

}  // namespace

PoolReport run_positions(const std::vector<const SuitePosition*>& positions, int concurrency, const std::string& suite,
                         const SessionFactory& make_session, const OutcomeSink& sink) {
    SharedWork work{positions, suite, sink};
    if (positions.empty()) return work.report;  // a fully resumed run needs no engine at all
    const auto workers = std::min(static_cast<std::size_t>(std::max(1, concurrency)), positions.size());
    {
        std::vector<std::jthread> threads;
        for (std::size_t i = 0; i < workers; ++i) {
            threads.emplace_back([&] { work_through(make_session, work); });
        }
    }  // jthreads join here
    work.report.not_run = positions.size() - work.done.load();
    return work.report;
}

}  // namespace arbiter::epdrun
