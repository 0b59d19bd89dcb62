// CPU reference for multi-agent-simulation: one step of the flocking rule. Agent j is a
// neighbour of agent i when j != i and dx^2 + dy^2 < 25 (strictly: distance exactly 5 is not a
// neighbour). The new velocity is v + 0.05 (avg - v), avg being the mean velocity of the
// neighbours (v itself when there are none), and the new position p + v_new. The official
// reference does this in float32 in that order, so this one does too (with the neighbours' sum
// in double, rounded once): agents are found through a grid of 5 x 5 cells.
//
// Two checks keep the tests fair to every float32 solution that follows the formula:
// - Neighbours are a discrete decision. A pair whose squared distance is within 3e-5 of 25
//   (three times the worst float32 error of dx^2 + dy^2 there: dx and dy are exact or off by
//   half an ulp of 5, the squares and the sum add three roundings of 25) is refused, unless every
//   float operation on it is exact (integer coordinates, say), when every way of computing it
//   gives the same answer.
// - The result is recomputed with a fused multiply-add and with the neighbours' velocities
//   summed in float in index order; a case where any output moves by more than half the
//   tolerance is refused.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "reference/reference.hpp"

namespace {

constexpr float kAlpha = 0.05f;

// Squared distance in double (exact for float inputs up to the last bit of a 53-bit sum), and
// whether float32 evaluates it exactly.
double squared_distance(float xi, float yi, float xj, float yj, bool& float_exact) {
  const double dx = static_cast<double>(xj) - xi, dy = static_cast<double>(yj) - yi;
  const double d = dx * dx + dy * dy;
  float_exact = static_cast<float>(dx) == dx && static_cast<float>(dy) == dy &&
                static_cast<float>(dx * dx) == dx * dx && static_cast<float>(dy * dy) == dy * dy &&
                static_cast<float>(d) == d;
  return d;
}

struct Update {
  float x, y, vx, vy;
};

// The official formula in float32, from a given mean velocity.
Update step(const float* a, float avg_x, float avg_y, bool fused) {
  Update u;
  if (fused) {
    u.vx = std::fma(kAlpha, avg_x - a[2], a[2]);
    u.vy = std::fma(kAlpha, avg_y - a[3], a[3]);
  } else {
    // volatile: the product is rounded on its own, as written, never contracted into a fused multiply-add
    const volatile float px = kAlpha * (avg_x - a[2]), py = kAlpha * (avg_y - a[3]);
    u.vx = a[2] + px;
    u.vy = a[3] + py;
  }
  u.x = a[0] + u.vx;
  u.y = a[1] + u.vy;
  return u;
}

bool close(float got, float want) {
  return std::fabs(got - want) <= 0.5 * (1e-5 + 1e-5 * std::fabs(want));
}

}  // namespace

JUDGE_REFERENCE("multi-agent-simulation", args) {
  const auto agents = args.in<float>("agents");
  const auto next = args.out<float>("agents_next");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));

  auto cell_of = [&](std::size_t i) {
    const auto cx = static_cast<std::int64_t>(std::floor(agents[4 * i] / 5.0));
    const auto cy = static_cast<std::int64_t>(std::floor(agents[4 * i + 1] / 5.0));
    return std::pair{cx, cy};
  };
  auto key = [](std::int64_t cx, std::int64_t cy) { return cx * 2000003 + cy; };
  std::unordered_map<std::int64_t, std::vector<std::size_t>> cells;
  for (std::size_t i = 0; i < n; ++i) {
    const auto [cx, cy] = cell_of(i);
    cells[key(cx, cy)].push_back(i);
  }

  std::vector<std::string> problems(n);
  judge::reference::parallel_for(n, [&](std::size_t i) {
    const float* a = &agents[4 * i];
    const auto [cx, cy] = cell_of(i);
    std::vector<std::size_t> neighbours;
    for (std::int64_t ox = -1; ox <= 1; ++ox)
      for (std::int64_t oy = -1; oy <= 1; ++oy) {
        const auto it = cells.find(key(cx + ox, cy + oy));
        if (it == cells.end()) continue;
        for (const std::size_t j : it->second) {
          if (j == i) continue;
          bool exact = false;
          const double d = squared_distance(a[0], a[1], agents[4 * j], agents[4 * j + 1], exact);
          if (std::fabs(d - 25.0) < 3e-5 && !exact && problems[i].empty())
            problems[i] = "agents " + std::to_string(i) + " and " + std::to_string(j) + " are at squared distance " +
                          std::to_string(d) + ", too close to 25 for float32 to decide whether they are neighbours";
          if (d < 25.0) neighbours.push_back(j);
        }
      }
    std::sort(neighbours.begin(), neighbours.end());
    float avg_x = a[2], avg_y = a[3], seq_x = a[2], seq_y = a[3];
    if (!neighbours.empty()) {
      double sx = 0, sy = 0;
      float fx = 0, fy = 0;
      for (const std::size_t j : neighbours) {
        sx += agents[4 * j + 2];
        sy += agents[4 * j + 3];
        fx += agents[4 * j + 2];
        fy += agents[4 * j + 3];
      }
      const auto count = static_cast<float>(neighbours.size());
      avg_x = static_cast<float>(sx) / count;
      avg_y = static_cast<float>(sy) / count;
      seq_x = fx / count;
      seq_y = fy / count;
    }
    const Update u = step(a, avg_x, avg_y, false);
    next[4 * i] = u.x;
    next[4 * i + 1] = u.y;
    next[4 * i + 2] = u.vx;
    next[4 * i + 3] = u.vy;
    for (const Update& v : {step(a, avg_x, avg_y, true), step(a, seq_x, seq_y, false), step(a, seq_x, seq_y, true)})
      if (!close(v.x, u.x) || !close(v.y, u.y) || !close(v.vx, u.vx) || !close(v.vy, u.vy)) {
        if (problems[i].empty())
          problems[i] = "agent " + std::to_string(i) +
                        "'s update moves by more than half the tolerance with a fused multiply-add or another "
                        "summation order";
      }
  });
  for (const auto& p : problems)
    if (!p.empty()) throw std::invalid_argument("the case is not safe to judge: " + p);
}
