#include "harness/stats/sprt.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace arbiter::stats {

namespace {

// Frequency given to an empty outcome so every log-probability stays finite (fishtest's value).
constexpr double kEmptyOutcomeCount = 1e-3;
// The normalized-model fixed point stops when no probability moves by more than this.
constexpr double kFixedPointTolerance = 1e-13;
constexpr int kFixedPointMaxIterations = 200;

// Per-sample scores a_i with probabilities p_i.
struct Distribution {
    std::vector<double> values;
    std::vector<double> probs;
};

struct Moments {
    double mean = 0.0;
    double variance = 0.0;
};

Moments moments_of(const Distribution& dist) {
    Moments m;
    for (std::size_t i = 0; i < dist.values.size(); ++i) m.mean += dist.probs[i] * dist.values[i];
    for (std::size_t i = 0; i < dist.values.size(); ++i) {
        const double dev = dist.values[i] - m.mean;
        m.variance += dist.probs[i] * dev * dev;
    }
    return m;
}

// Regularized empirical distribution and its (regularized) sample count.
struct Empirical {
    Distribution dist;
    double total = 0.0;
};

Empirical empirical_from(const std::vector<std::int64_t>& counts) {
    Empirical emp;
    std::vector<double> regularized;
    for (std::int64_t count : counts) {
        if (count < 0) throw std::invalid_argument("SPRT: counts must not be negative");
        regularized.push_back(count == 0 ? kEmptyOutcomeCount : static_cast<double>(count));
        emp.total += regularized.back();
    }
    const double step = 1.0 / static_cast<double>(counts.size() - 1);
    for (std::size_t i = 0; i < counts.size(); ++i) {
        emp.dist.values.push_back(static_cast<double>(i) * step);
        emp.dist.probs.push_back(regularized[i] / emp.total);
    }
    return emp;
}

// Root of sum_i w_i c_i / (1 + x c_i) = 0. The left side falls strictly from +inf to -inf on
// (-1/max c, -1/min c), so bisection to the last representable digit finds the unique root.
double solve_secular(const std::vector<double>& weights, const std::vector<double>& coefs) {
    const double max_coef = *std::max_element(coefs.begin(), coefs.end());
    const double min_coef = *std::min_element(coefs.begin(), coefs.end());
    if (!(min_coef < 0.0 && max_coef > 0.0))
        throw std::domain_error("SPRT: the hypothesis lies outside the range of possible scores");
    double lo = -1.0 / max_coef;
    double hi = -1.0 / min_coef;
    for (int iter = 0; iter < 2000; ++iter) {
        const double mid = lo + (hi - lo) / 2.0;
        if (mid <= lo || mid >= hi) break;
        double sum = 0.0;
        for (std::size_t i = 0; i < coefs.size(); ++i) sum += weights[i] * coefs[i] / (1.0 + mid * coefs[i]);
        if (sum > 0.0) lo = mid;
        else hi = mid;
    }
    return lo + (hi - lo) / 2.0;
}

// p_i = phat_i / (1 + x c_i) with x solving the secular equation for coefficients c.
std::vector<double> tilt(const Distribution& observed, const std::vector<double>& coefs) {
    const double x = solve_secular(observed.probs, coefs);
    std::vector<double> probs(coefs.size());
    for (std::size_t i = 0; i < coefs.size(); ++i) probs[i] = observed.probs[i] / (1.0 + x * coefs[i]);
    return probs;
}

// Most likely distribution on the observed support whose mean score is `score`.
std::vector<double> mle_with_mean(const Distribution& observed, double score) {
    std::vector<double> coefs;
    for (double value : observed.values) coefs.push_back(value - score);
    return tilt(observed, coefs);
}

// Most likely distribution whose t-value (mu - reference) / sigma equals t.
std::vector<double> mle_with_t_value(const Distribution& observed, double reference, double t) {
    Distribution current{observed.values, std::vector<double>(observed.values.size(), 1.0 / observed.values.size())};
    for (int iter = 0; iter < kFixedPointMaxIterations; ++iter) {
        const Moments m = moments_of(current);
        const double sigma = std::sqrt(m.variance);
        std::vector<double> coefs;
        for (double value : observed.values) {
            const double z = (value - m.mean) / sigma;
            coefs.push_back(value - reference - t * sigma * (1.0 + z * z) / 2.0);
        }
        std::vector<double> next = tilt(observed, coefs);
        double largest_change = 0.0;
        for (std::size_t i = 0; i < next.size(); ++i)
            largest_change = std::max(largest_change, std::abs(next[i] - current.probs[i]));
        current.probs = std::move(next);
        if (largest_change < kFixedPointTolerance) break;
    }
    return current.probs;
}

double llr_between(const Empirical& emp, const std::vector<double>& p0, const std::vector<double>& p1) {
    double mean_jump = 0.0;
    for (std::size_t i = 0; i < p0.size(); ++i) mean_jump += emp.dist.probs[i] * (std::log(p1[i]) - std::log(p0[i]));
    return emp.total * mean_jump;
}

// BayesElo's draw elo from the regularized W and L frequencies of counts listed L, D, W.
double draw_elo_of(const Empirical& emp) {
    const double loss = emp.dist.probs.front();
    const double win = emp.dist.probs.back();
    return 200.0 * std::log10((1.0 - loss) / loss * (1.0 - win) / win);
}

double bayesian_llr(const std::vector<std::int64_t>& counts, double elo0, double elo1) {
    if (counts.size() != 3) throw std::invalid_argument("SPRT: the bayesian model takes W/D/L counts, not pairs");
    const Empirical emp = empirical_from(counts);
    // No draw elo without a win and a loss; fastchess reports no evidence either way.
    if (counts.front() == 0 || counts.back() == 0) return 0.0;
    const double drawelo = draw_elo_of(emp);
    return llr_between(emp, mle_with_mean(emp.dist, bayeselo_to_score(elo0, drawelo)),
                       mle_with_mean(emp.dist, bayeselo_to_score(elo1, drawelo)));
}

double llr_of(const std::vector<std::int64_t>& counts, double elo0, double elo1, EloModel model) {
    if (model == EloModel::bayesian) return bayesian_llr(counts, elo0, elo1);
    const Empirical emp = empirical_from(counts);
    if (model == EloModel::logistic) {
        return llr_between(emp, mle_with_mean(emp.dist, elo_to_score(elo0)),
                           mle_with_mean(emp.dist, elo_to_score(elo1)));
    }
    // A pair's score has half the variance of a game's, so its t-value is sqrt(2) larger.
    const double per_sample = counts.size() == 5 ? std::sqrt(2.0) : 1.0;
    const double t0 = per_sample * elo0 / kNeloPerT;
    const double t1 = per_sample * elo1 / kNeloPerT;
    return llr_between(emp, mle_with_t_value(emp.dist, 0.5, t0), mle_with_t_value(emp.dist, 0.5, t1));
}

SprtResult decide(double llr, const SprtParameters& params) {
    validate_sprt_parameters(params);
    SprtResult result;
    result.llr = llr;
    result.lower_bound = sprt_lower_bound(params.alpha, params.beta);
    result.upper_bound = sprt_upper_bound(params.alpha, params.beta);
    if (llr >= result.upper_bound) result.decision = SprtDecision::h1;
    else if (llr <= result.lower_bound) result.decision = SprtDecision::h0;
    return result;
}

}  // namespace

void validate_sprt_parameters(const SprtParameters& params) {
    if (!(params.alpha > 0.0 && params.alpha < 1.0)) throw std::invalid_argument("SPRT: alpha must be in (0, 1)");
    if (!(params.beta > 0.0 && params.beta < 1.0)) throw std::invalid_argument("SPRT: beta must be in (0, 1)");
    if (params.alpha + params.beta >= 1.0) throw std::invalid_argument("SPRT: alpha + beta must be below 1");
    // elo0 = elo1 is a test that never decides (its LLR stays 0), which cutechess-cli accepts.
    if (!(params.elo0 <= params.elo1)) throw std::invalid_argument("SPRT: elo0 must not be above elo1");
}

double bayeselo_to_score(double bayeselo, double drawelo) {
    const double win = 1.0 / (1.0 + std::pow(10.0, (drawelo - bayeselo) / 400.0));
    const double loss = 1.0 / (1.0 + std::pow(10.0, (drawelo + bayeselo) / 400.0));
    return win + 0.5 * (1.0 - win - loss);
}

double estimated_draw_elo(const WdlCounts& counts) {
    if (counts.wins <= 0 || counts.losses <= 0) throw std::invalid_argument("draw elo: needs a win and a loss");
    return draw_elo_of(empirical_from({counts.losses, counts.draws, counts.wins}));
}

double sprt_lower_bound(double alpha, double beta) { return std::log(beta / (1.0 - alpha)); }
double sprt_upper_bound(double alpha, double beta) { return std::log((1.0 - beta) / alpha); }

double sprt_llr(const WdlCounts& counts, double elo0, double elo1, EloModel model) {
    return llr_of({counts.losses, counts.draws, counts.wins}, elo0, elo1, model);
}

double sprt_llr(const PentaCounts& counts, double elo0, double elo1, EloModel model) {
    return llr_of({counts.ll, counts.ld, counts.dd_wl, counts.wd, counts.ww}, elo0, elo1, model);
}

SprtResult run_sprt(const WdlCounts& counts, const SprtParameters& params) {
    validate_sprt_parameters(params);
    return decide(sprt_llr(counts, params.elo0, params.elo1, params.model), params);
}

SprtResult run_sprt(const PentaCounts& counts, const SprtParameters& params) {
    validate_sprt_parameters(params);
    return decide(sprt_llr(counts, params.elo0, params.elo1, params.model), params);
}

std::string_view decision_name(SprtDecision decision) {
    switch (decision) {
        case SprtDecision::h0: return "H0";
        case SprtDecision::h1: return "H1";
        case SprtDecision::continue_testing: break;
    }
    return "continue";
}

std::string_view model_name(EloModel model) {
    switch (model) {
        case EloModel::logistic: return "logistic";
        case EloModel::bayesian: return "bayesian";
        case EloModel::normalized: break;
    }
    return "normalized";
}

bool parse_model(std::string_view text, EloModel& model) {
    if (text == "logistic") model = EloModel::logistic;
    else if (text == "normalized") model = EloModel::normalized;
    else if (text == "bayesian") model = EloModel::bayesian;
    else return false;
    return true;
}

}  // namespace arbiter::stats
