// CPU reference for gpt-2-transformer-block: one pre-norm GPT-2 block (d_model 768, 12 heads of
// 64, FFN 3072) in the official float32 order, each stage rounded to float where the official
// keeps a float32 tensor:
//   xn = LN1(x); qkv = xn W_qkv + b_qkv; a = softmax(q k^T / 8) v per head (no mask);
//   h = x + (a W_attn + b_attn); hn = LN2(h); f = gelu_tanh(hn W_fc + b_fc);
//   output = h + (f W_proj + b_proj).
// Sums are in double (products through reference/dense, exact per product, on every core), the
// LayerNorm variance is the biased one (divide by 768) with eps 1e-5 inside the square root.
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "reference/dense.hpp"
#include "reference/reference.hpp"

namespace {

constexpr std::size_t kD = 768, kHeads = 12, kHd = 64, kF = 3072;

// out[i] = LayerNorm(in[i]) * w + b for every row, mean and biased variance in double.
void layer_norm(const float* in, const float* w, const float* b, float* out, std::size_t rows) {
  judge::reference::parallel_for(rows, [&](std::size_t i) {
    const float* r = in + i * kD;
    double mean = 0, var = 0;
    for (std::size_t c = 0; c < kD; ++c) mean += r[c];
    mean /= kD;
    for (std::size_t c = 0; c < kD; ++c) var += (r[c] - mean) * (r[c] - mean);
    const double inv = 1.0 / std::sqrt(var / kD + 1e-5);
    for (std::size_t c = 0; c < kD; ++c) out[i * kD + c] = static_cast<float>((r[c] - mean) * inv * w[c] + b[c]);
  });
}

// out (rows x n) = a (rows x k) w (k x n) + bias, each sum in double, then `finish(value, i, c)`
// rounded to float.
template <class Finish>
void linear(const float* a, const float* w, const float* bias, std::size_t rows, std::size_t n, std::size_t k,
            float* out, Finish finish) {
  using judge::reference::row_major;
  judge::reference::product(row_major(a, k), row_major(w, n), rows, n, k, [&](std::size_t i, const double* sums) {
    for (std::size_t c = 0; c < n; ++c) out[i * n + c] = static_cast<float>(finish(sums[c] + bias[c], i, c));
  });
}

}  // namespace

JUDGE_REFERENCE("gpt-2-transformer-block", args) {
  const auto x = args.in<float>("x");
  const auto weights = args.in<float>("weights");
  const auto output = args.out<float>("output");
  const auto s = static_cast<std::size_t>(args.scalar_int("seq_len"));

  // The packed buffer, in the official order.
  const float* ln1_w = weights.data();
  const float* ln1_b = ln1_w + kD;
  const float* w_qkv = ln1_b + kD;
  const float* b_qkv = w_qkv + kD * 3 * kD;
  const float* w_attn = b_qkv + 3 * kD;
  const float* b_attn = w_attn + kD * kD;
  const float* ln2_w = b_attn + kD;
  const float* ln2_b = ln2_w + kD;
  const float* w_fc = ln2_b + kD;
  const float* b_fc = w_fc + kD * kF;
  const float* w_proj = b_fc + kF;
  const float* b_proj = w_proj + kF * kD;
  const auto same = [](double v, std::size_t, std::size_t) { return v; };

  std::vector<float> xn(s * kD), qkv(s * 3 * kD), att(s * kD), h(s * kD), f(s * kF);
  layer_norm(x.data(), ln1_w, ln1_b, xn.data(), s);
  linear(xn.data(), w_qkv, b_qkv, s, 3 * kD, kD, qkv.data(), same);

  // Attention: one task per (query, head), the softmax max-subtracted, all in double.
  const double scale = 1.0 / std::sqrt(static_cast<double>(kHd));
  judge::reference::parallel_for(s * kHeads, [&](std::size_t t) {
    const std::size_t i = t / kHeads, q0 = t % kHeads * kHd;
    const float* q = qkv.data() + i * 3 * kD + q0;
    std::vector<double> p(s);
    double mx = -std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < s; ++j) {
      const float* kr = qkv.data() + j * 3 * kD + kD + q0;
      double dot = 0;
      for (std::size_t c = 0; c < kHd; ++c) dot += static_cast<double>(q[c]) * kr[c];
      p[j] = dot * scale;
      if (p[j] > mx) mx = p[j];
    }
    double sum = 0, acc[kHd] = {};
    for (std::size_t j = 0; j < s; ++j) {
      p[j] = std::exp(p[j] - mx);
      sum += p[j];
      const float* vr = qkv.data() + j * 3 * kD + 2 * kD + q0;
      for (std::size_t c = 0; c < kHd; ++c) acc[c] += p[j] * vr[c];
    }
    for (std::size_t c = 0; c < kHd; ++c) att[i * kD + q0 + c] = static_cast<float>(acc[c] / sum);
  });

  // h = x + attention projection (the projection rounded to float before the residual add).
  linear(att.data(), w_attn, b_attn, s, kD, kD, h.data(), [&](double v, std::size_t i, std::size_t c) {
    return static_cast<double>(x[i * kD + c]) + static_cast<float>(v);
  });
  layer_norm(h.data(), ln2_w, ln2_b, xn.data(), s);
  // f = gelu(hn W_fc + b_fc), tanh approximation, on the float pre-activation.
  linear(xn.data(), w_fc, b_fc, s, kF, kD, f.data(), [](double v, std::size_t, std::size_t) {
    const double u = static_cast<float>(v);
    return 0.5 * u * (1.0 + std::tanh(0.7978845608028654 * (u + 0.044715 * u * u * u)));
  });
  linear(f.data(), w_proj, b_proj, s, kD, kF, output.data(), [&](double v, std::size_t i, std::size_t c) {
    return static_cast<double>(h[i * kD + c]) + static_cast<float>(v);
  });
}
