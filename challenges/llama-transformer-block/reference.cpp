// CPU reference for llama-transformer-block, following the official float32 PyTorch block step by
// step: every tensor the official code materialises (the normalised rows, Q/K/V, the rotated Q/K,
// the attention output, the residual sum, the hidden SwiGLU activations) is rounded to float here
// too, while each sum inside a step (a row's mean square, a dot product, a softmax denominator) is
// taken in double. The products run through reference::product (exact-product double sums, blocked
// and on every core) and the attention rows through reference::parallel_for, so the official
// performance size (seq_len = 2048, about 16 GFLOP) prepares in seconds.
#include <cmath>
#include <cstddef>
#include <vector>

#include "reference/dense.hpp"
#include "reference/reference.hpp"

namespace {

constexpr std::size_t kModel = 512, kHeads = 8, kKvHeads = 2, kHeadDim = 64, kHalf = 32, kFfn = 1408;
constexpr std::size_t kKv = kKvHeads * kHeadDim;   // 128 columns of K and of V
constexpr std::size_t kGroup = kHeads / kKvHeads;  // query heads per key/value head

// Offsets of the packed weights, in the official order.
constexpr std::size_t kRms1 = 0, kWq = kRms1 + kModel, kWk = kWq + kModel * kModel, kWv = kWk + kKv * kModel,
                      kWo = kWv + kKv * kModel, kRms2 = kWo + kModel * kModel, kWgate = kRms2 + kModel,
                      kWup = kWgate + kFfn * kModel, kWdown = kWup + kFfn * kModel, kTotal = kWdown + kModel * kFfn;
static_assert(kTotal == 2819072, "the official packed size");

// y = x @ W^T for a row-major s x k `x` and a W stored [n][k] (out x in), W^T viewed through strides.
template <class Store>
void project(const float* x, std::size_t s, std::size_t k, const float* w, std::size_t n, Store&& store) {
  judge::reference::product(judge::reference::row_major(x, k), judge::reference::FloatMatrix{w, 1, k}, s, n, k,
                            [&](std::size_t i, const double* sums) { store(i, sums); });
}

// out[i] = z[i] * rsqrt(mean(z^2) + 1e-5) * w[i] over the rows of z, rounded to float.
void rms_norm(const float* z, const float* w, std::size_t s, float* out) {
  judge::reference::parallel_for(s, [&](std::size_t i) {
    const float* row = z + i * kModel;
    double sq = 0;
    for (std::size_t c = 0; c < kModel; ++c) sq += static_cast<double>(row[c]) * row[c];
    const double inv = 1.0 / std::sqrt(sq / kModel + 1e-5);
    for (std::size_t c = 0; c < kModel; ++c) out[i * kModel + c] = static_cast<float>(row[c] * inv * w[c]);
  });
}

// Rotates one head's 64 values of position `pos` in place: the first 32 against the last 32.
void rope(float* head, const float* cos_row, const float* sin_row) {
  for (std::size_t t = 0; t < kHalf; ++t) {
    const double a = head[t], b = head[t + kHalf], c = cos_row[t], s = sin_row[t];
    head[t] = static_cast<float>(a * c - b * s);
    head[t + kHalf] = static_cast<float>(a * s + b * c);
  }
}

__attribute__((target_clones("arch=x86-64-v3", "default"))) double dot64(const float* a, const float* b) {
  double sum = 0;
  for (std::size_t t = 0; t < kHeadDim; ++t) sum += static_cast<double>(a[t]) * b[t];
  return sum;
}

__attribute__((target_clones("arch=x86-64-v3", "default"))) void add_scaled64(double* acc, double p, const float* v) {
  for (std::size_t t = 0; t < kHeadDim; ++t) acc[t] += p * static_cast<double>(v[t]);
}

}  // namespace

JUDGE_REFERENCE("llama-transformer-block", args) {
  const auto x = args.in<float>("x");
  const auto w = args.in<float>("weights");
  const auto cos_t = args.in<float>("cos");
  const auto sin_t = args.in<float>("sin");
  const auto out = args.out<float>("output");
  const auto s = static_cast<std::size_t>(args.scalar_int("seq_len"));
  const float* wt = w.data();

  // Attention half: h = rms_norm(x) * rms1_w; Q, K, V projections (W_Q, W_K, W_V are consecutive
  // in the buffer, so one 768-row matrix); RoPE on Q and K.
  std::vector<float> h(s * kModel);
  rms_norm(x.data(), wt + kRms1, s, h.data());
  std::vector<float> q(s * kModel), k(s * kKv), v(s * kKv);
  project(h.data(), s, kModel, wt + kWq, kModel + 2 * kKv, [&](std::size_t i, const double* sums) {
    for (std::size_t c = 0; c < kModel; ++c) q[i * kModel + c] = static_cast<float>(sums[c]);
    for (std::size_t c = 0; c < kKv; ++c) k[i * kKv + c] = static_cast<float>(sums[kModel + c]);
    for (std::size_t c = 0; c < kKv; ++c) v[i * kKv + c] = static_cast<float>(sums[kModel + kKv + c]);
    for (std::size_t hd = 0; hd < kHeads; ++hd)
      rope(&q[i * kModel + hd * kHeadDim], &cos_t[i * kHalf], &sin_t[i * kHalf]);
    for (std::size_t g = 0; g < kKvHeads; ++g) rope(&k[i * kKv + g * kHeadDim], &cos_t[i * kHalf], &sin_t[i * kHalf]);
  });

  // Causal attention, one (head, query row) per call: key j <= i only, scores scaled by 1/8,
  // max-subtracted softmax and the weighted sum of V in double, the head's output rounded to float.
  std::vector<float> attn(s * kModel);
  judge::reference::parallel_for(kHeads * s, [&](std::size_t r) {
    const std::size_t hd = r / s, i = r % s, g = hd / kGroup;
    const float* qi = &q[i * kModel + hd * kHeadDim];
    std::vector<double> p(i + 1);
    double max_score = -INFINITY;
    for (std::size_t j = 0; j <= i; ++j) {
      p[j] = dot64(qi, &k[j * kKv + g * kHeadDim]) * 0.125;
      if (p[j] > max_score) max_score = p[j];
    }
    double sum = 0;
    for (std::size_t j = 0; j <= i; ++j) sum += (p[j] = std::exp(p[j] - max_score));
    double acc[kHeadDim] = {};
    for (std::size_t j = 0; j <= i; ++j) add_scaled64(acc, p[j], &v[j * kKv + g * kHeadDim]);
    for (std::size_t t = 0; t < kHeadDim; ++t) attn[i * kModel + hd * kHeadDim + t] = static_cast<float>(acc[t] / sum);
  });

  // x1 = x + attn @ W_O^T.
  std::vector<float> x1(s * kModel);
  project(attn.data(), s, kModel, wt + kWo, kModel, [&](std::size_t i, const double* sums) {
    for (std::size_t c = 0; c < kModel; ++c) x1[i * kModel + c] = static_cast<float>(x[i * kModel + c] + sums[c]);
  });

  // MLP half: h2 = rms_norm(x1) * rms2_w; hidden = silu(h2 W_gate^T) * (h2 W_up^T) (W_gate and
  // W_up are consecutive: one 2816-row matrix); output = x1 + hidden @ W_down^T.
  rms_norm(x1.data(), wt + kRms2, s, h.data());
  std::vector<float> hidden(s * kFfn);
  project(h.data(), s, kModel, wt + kWgate, 2 * kFfn, [&](std::size_t i, const double* sums) {
    for (std::size_t f = 0; f < kFfn; ++f) {
      const double gate = static_cast<float>(sums[f]), up = static_cast<float>(sums[kFfn + f]);
      hidden[i * kFfn + f] = static_cast<float>(gate / (1.0 + std::exp(-gate)) * up);
    }
  });
  project(hidden.data(), s, kFfn, wt + kWdown, kModel, [&](std::size_t i, const double* sums) {
    for (std::size_t c = 0; c < kModel; ++c) out[i * kModel + c] = static_cast<float>(x1[i * kModel + c] + sums[c]);
  });
}
