// Particle swarm optimisation as in MadChess 3.0's tuner: several swarms, one per thread, each
// particle pulled toward its own best, its swarm's best and the best of all swarms.
#include <algorithm>
#include <chrono>
#include <limits>
#include <random>
#include <thread>

#include "engine/tune/optimizers.h"

namespace tempo::tune {

namespace {

// The seed's constants.
constexpr double kInertia = 0.75;
constexpr double kPersonalPull = 1.5;  // toward the particle's own best
constexpr double kSwarmPull = 1.5;     // toward its swarm's best
constexpr double kGlobalPull = 0.375;  // toward the best of all swarms
constexpr int kStagnationLimit = 10;   // iterations without a new global best before re-randomising

constexpr double kInfinity = std::numeric_limits<double>::infinity();

struct Particle {
    std::vector<double> position;  // the tuned values, parallel to TuneSpace::slots
    std::vector<double> velocity;
    std::vector<double> best_position;
    double best_error = kInfinity;
};

struct Swarm {
    std::vector<Particle> particles;
    std::vector<double> best_position;
    double best_error = kInfinity;
    std::mt19937_64 random;
};

class SwarmTuner {
public:
    SwarmTuner(const TexelError& objective, const TuneSpace& space, double k, const SwarmSettings& settings)
        : objective_(objective), space_(space), k_(k), settings_(settings) {}

    TuneResult run(std::ostream& progress);

private:
    void spawn(Particle& particle, std::mt19937_64& random) const;
    void start_swarms();
    void step_swarm(Swarm& swarm, bool move);
    double evaluate(const std::vector<double>& position) const;
    void collect_global_best();
    void respawn_all_but_global_best();

    const TexelError& objective_;
    const TuneSpace& space_;
    double k_;
    SwarmSettings settings_;
    std::vector<Swarm> swarms_;
    std::vector<double> global_best_;
    double global_error_ = kInfinity;
    int iterations_without_progress_ = 0;
};

void SwarmTuner::spawn(Particle& particle, std::mt19937_64& random) const {
    const std::size_t n = space_.slots.size();
    particle.position.resize(n);
    particle.velocity.assign(n, 0.0);
    for (std::size_t i = 0; i < n; ++i)
        particle.position[i] = std::uniform_real_distribution<double>(space_.min[i], space_.max[i])(random);
    particle.best_position = particle.position;
    particle.best_error = kInfinity;
}

void SwarmTuner::start_swarms() {
    swarms_.resize(std::max(1, settings_.swarms));
    std::vector<double> start_position;
    for (int slot : space_.slots) start_position.push_back(space_.start[slot]);
    for (std::size_t s = 0; s < swarms_.size(); ++s) {
        Swarm& swarm = swarms_[s];
        swarm.random.seed(settings_.seed * 1000003 + s);
        swarm.particles.resize(std::max(1, settings_.particles_per_swarm));
        for (Particle& particle : swarm.particles) spawn(particle, swarm.random);
        // One particle per swarm starts from the current values, so no swarm starts blind.
        swarm.particles[0].position = start_position;
        swarm.particles[0].best_position = start_position;
    }
}

double SwarmTuner::evaluate(const std::vector<double>& position) const {
    std::vector<double> values = space_.start;
    for (std::size_t i = 0; i < space_.slots.size(); ++i) values[space_.slots[i]] = position[i];
    return objective_.error_serial(values, k_);
}

void SwarmTuner::step_swarm(Swarm& swarm, bool move) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (Particle& particle : swarm.particles) {
        if (move) {
            for (std::size_t i = 0; i < particle.position.size(); ++i) {
                const double range = space_.max[i] - space_.min[i];
                double& v = particle.velocity[i];
                v = kInertia * v +
                    kPersonalPull * unit(swarm.random) * (particle.best_position[i] - particle.position[i]) +
                    kSwarmPull * unit(swarm.random) * (swarm.best_position[i] - particle.position[i]) +
                    kGlobalPull * unit(swarm.random) * (global_best_[i] - particle.position[i]);
                v = std::clamp(v, -range, range);
                particle.position[i] = std::clamp(particle.position[i] + v, space_.min[i], space_.max[i]);
            }
        }
        const double error = evaluate(particle.position);
        if (error < particle.best_error) {
            particle.best_error = error;
            particle.best_position = particle.position;
        }
        if (error < swarm.best_error) {
            swarm.best_error = error;
            swarm.best_position = particle.position;
        }
    }
}

void SwarmTuner::collect_global_best() {
    bool improved = false;
    for (const Swarm& swarm : swarms_) {
        if (swarm.best_error < global_error_) {
            global_error_ = swarm.best_error;
            global_best_ = swarm.best_position;
            improved = true;
        }
    }
    iterations_without_progress_ = improved ? 0 : iterations_without_progress_ + 1;
}

void SwarmTuner::respawn_all_but_global_best() {
    for (Swarm& swarm : swarms_) {
        swarm.best_error = kInfinity;
        for (Particle& particle : swarm.particles) {
            if (particle.best_position == global_best_) {
                swarm.best_error = particle.best_error;  // the survivor keeps leading its swarm
                swarm.best_position = particle.best_position;
                continue;
            }
            spawn(particle, swarm.random);
        }
    }
    iterations_without_progress_ = 0;
}

TuneResult SwarmTuner::run(std::ostream& progress) {
    const auto start = std::chrono::steady_clock::now();
    start_swarms();
    TuneResult result;
    double last_report = 0;
    for (long long iteration = 1; iteration <= settings_.stop.max_iterations; ++iteration) {
        std::vector<std::thread> threads;
        for (Swarm& swarm : swarms_) threads.emplace_back([&, iteration] { step_swarm(swarm, iteration > 1); });
        for (std::thread& thread : threads) thread.join();
        collect_global_best();
        if (iterations_without_progress_ >= kStagnationLimit) respawn_all_but_global_best();
        result.iterations = iteration;
        result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const bool out_of_time = settings_.stop.max_seconds > 0 && result.seconds >= settings_.stop.max_seconds;
        if (result.seconds - last_report >= settings_.stop.report_seconds ||
            iteration == settings_.stop.max_iterations || out_of_time) {
            last_report = result.seconds;
            progress << "swarm iteration " << iteration << " error " << global_error_ << " iterations/s "
                     << double(iteration) / std::max(result.seconds, 1e-9) << std::endl;
        }
        if (out_of_time) break;
    }
    result.values = space_.start;
    for (std::size_t i = 0; i < space_.slots.size(); ++i) result.values[space_.slots[i]] = global_best_[i];
    result.error = global_error_;
    return result;
}

}  // namespace

TuneResult run_swarm(const TexelError& objective, const TuneSpace& space, double k, const SwarmSettings& settings,
                     std::ostream& progress) {
    return SwarmTuner(objective, space, k, settings).run(progress);
}

}  // namespace tempo::tune
