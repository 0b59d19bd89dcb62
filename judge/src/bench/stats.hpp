// Summary statistics of timing samples. No GPU here: unit-tested on its own.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

namespace judge::bench {

struct Summary {
  std::size_t n = 0;
  double median_ms = 0;
  double min_ms = 0;
  double max_ms = 0;
  double mean_ms = 0;
  double q1_ms = 0;  // 25th percentile
  double q3_ms = 0;  // 75th percentile
  // Interquartile range relative to the median: the spread a reader should expect.
  double spread() const { return median_ms > 0 ? (q3_ms - q1_ms) / median_ms : 0; }
  // Estimated relative standard error of the median (see median_noise).
  double noise = 0;
};

// Relative standard error of the median, estimated robustly from the interquartile range:
// se(median) ~ 1.2533 * sigma / sqrt(n) with sigma ~ IQR / 1.349. Outliers do not inflate it.
double median_noise(const std::vector<double>& samples);

// Quantile with linear interpolation between order statistics (type 7, as numpy's default).
double quantile(std::vector<double> sorted_samples, double q);
Summary summarize(std::vector<double> samples_ms);
// The samples in the order they were taken, cut into `windows` consecutive runs of near-equal
// length (fewer when there are fewer samples), and the median of each: a trend over the sampling
// (clocks ramping up, heat, power) that the overall median and noise hide.
std::vector<double> window_medians(const std::vector<double>& samples_ms, std::size_t windows);
// The summary as JSON, keys in a fixed order (reports print it as is).
nlohmann::ordered_json to_json(const Summary& s);

}  // namespace judge::bench
