#include "engine/tune/texel_error.h"

#include <cmath>
#include <thread>

namespace tempo::tune {

namespace {

constexpr double kLn10 = 2.302585092994046;

double sample_eval(const Sample& sample, const TraceTerm* terms, const std::vector<double>& values) {
    double mg = sample.fixed_mg, eg = sample.fixed_eg;
    for (int i = 0; i < sample.mg_terms; ++i) mg += terms[i].count * values[terms[i].slot];
    for (int i = sample.mg_terms; i < sample.mg_terms + sample.eg_terms; ++i)
        eg += terms[i].count * values[terms[i].slot];
    return mg * sample.mg_weight + eg * sample.eg_weight;
}

// A sample without terms may start at the end of the array, or the array may be empty: indexing
// there is undefined, and such a sample never reads its terms.
const TraceTerm* terms_of(const TrainingSet& set, const Sample& sample) {
    if (sample.mg_terms + sample.eg_terms == 0) return nullptr;
    return &set.terms[sample.first_term];
}

double squared_error_sum(const TrainingSet& set, std::size_t begin, std::size_t end, const std::vector<double>& values,
                         double k) {
    double sum = 0;
    for (std::size_t i = begin; i < end; ++i) {
        const Sample& sample = set.samples[i];
        const double eval = sample_eval(sample, terms_of(set, sample), values);
        const double miss = sample.white_result - win_probability(eval, k);
        sum += miss * miss;
    }
    return sum;
}

double gradient_range(const TrainingSet& set, std::size_t begin, std::size_t end, const std::vector<double>& values,
                      double k, std::vector<double>& gradient) {
    double sum = 0;
    for (std::size_t i = begin; i < end; ++i) {
        const Sample& sample = set.samples[i];
        const TraceTerm* terms = terms_of(set, sample);
        const double p = win_probability(sample_eval(sample, terms, values), k);
        const double miss = sample.white_result - p;
        sum += miss * miss;
        // d(miss^2)/d(eval) = -2 miss p (1 - p) ln10 / K; d(eval)/d(value) = count * phase weight.
        const double slope = -2.0 * miss * p * (1.0 - p) * kLn10 / k;
        for (int t = 0; t < sample.mg_terms; ++t) gradient[terms[t].slot] += slope * sample.mg_weight * terms[t].count;
        for (int t = sample.mg_terms; t < sample.mg_terms + sample.eg_terms; ++t)
            gradient[terms[t].slot] += slope * sample.eg_weight * terms[t].count;
    }
    return sum;
}

// Runs body(begin, end, thread index) over `threads` contiguous ranges of `count` items.
template <class Body>
void parallel_ranges(std::size_t count, int threads, Body body) {
    std::vector<std::thread> workers;
    const std::size_t chunk = (count + threads - 1) / threads;
    for (int t = 0; t < threads; ++t) {
        const std::size_t begin = std::min(count, chunk * t), end = std::min(count, begin + chunk);
        workers.emplace_back([=, &body] { body(begin, end, t); });
    }
    for (std::thread& worker : workers) worker.join();
}

}  // namespace

double win_probability(double white_eval, double k) { return 1.0 / (1.0 + std::pow(10.0, -white_eval / k)); }

double TexelError::error_serial(const std::vector<double>& values, double k) const {
    if (set_->samples.empty()) return 0;
    return squared_error_sum(*set_, 0, set_->samples.size(), values, k) / double(set_->samples.size());
}

double TexelError::error(const std::vector<double>& values, double k) const {
    if (set_->samples.empty()) return 0;
    std::vector<double> sums(threads_, 0.0);
    parallel_ranges(set_->samples.size(), threads_, [&](std::size_t begin, std::size_t end, int t) {
        sums[t] = squared_error_sum(*set_, begin, end, values, k);
    });
    double total = 0;
    for (double sum : sums) total += sum;
    return total / double(set_->samples.size());
}

double TexelError::error_and_gradient(const std::vector<double>& values, double k,
                                      std::vector<double>& gradient) const {
    gradient.assign(values.size(), 0.0);
    if (set_->samples.empty()) return 0;
    std::vector<std::vector<double>> partial(threads_, std::vector<double>(values.size(), 0.0));
    std::vector<double> sums(threads_, 0.0);
    parallel_ranges(set_->samples.size(), threads_, [&](std::size_t begin, std::size_t end, int t) {
        sums[t] = gradient_range(*set_, begin, end, values, k, partial[t]);
    });
    const double n = double(set_->samples.size());
    double total = 0;
    for (int t = 0; t < threads_; ++t) {
        total += sums[t];
        for (std::size_t slot = 0; slot < values.size(); ++slot) gradient[slot] += partial[t][slot] / n;
    }
    return total / n;
}

double TexelError::fit_k(const std::vector<double>& values) const {
    // The error is unimodal in K: too small a K overstates every advantage, too large ignores it.
    const double inverse_golden = (std::sqrt(5.0) - 1.0) / 2.0;
    double low = kMinK, high = kMaxK;
    double a = high - inverse_golden * (high - low), b = low + inverse_golden * (high - low);
    double error_a = error(values, a), error_b = error(values, b);
    while (high - low > 0.01) {
        if (error_a < error_b) {
            high = b, b = a, error_b = error_a;
            a = high - inverse_golden * (high - low);
            error_a = error(values, a);
        } else {
            low = a, a = b, error_a = error_b;
            b = low + inverse_golden * (high - low);
            error_b = error(values, b);
        }
    }
    return (low + high) / 2.0;
}

}  // namespace tempo::tune
