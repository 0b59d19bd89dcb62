// The worker pool behind parallel references, comparisons and cache copies (util/thread_pool.hpp).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <numeric>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "reference/reference.hpp"
#include "util/thread_pool.hpp"

namespace judge {
namespace {

TEST(ThreadPool, CoversEveryIndexOnceInRangesOfAtLeastTheGrain) {
  for (unsigned threads : {1u, 2u, 5u}) {
    util::ThreadPool pool(threads);
    EXPECT_EQ(pool.threads(), threads);
    for (std::size_t n : {0u, 1u, 7u, 1000u, 100003u}) {
      std::vector<std::atomic<int>> hits(n);
      std::atomic<std::size_t> short_ranges{0};
      pool.parallel_for(n, 100, [&](std::size_t b, std::size_t e) {
        if (e - b < 100 && e != n) ++short_ranges;
        for (std::size_t i = b; i < e; ++i) ++hits[i];
      });
      for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(hits[i].load(), 1) << "n=" << n << " i=" << i;
      EXPECT_EQ(short_ranges.load(), 0u);
    }
  }
}

TEST(ThreadPool, UsesSeveralThreads) {
  // A fresh pool each time: its workers may start after the first loop began (they once missed
  // that loop and left it to the calling thread).
  for (int round = 0; round < 20; ++round) {
    util::ThreadPool pool(4);
    std::mutex mu;
    std::set<std::thread::id> ids;
    // Each range waits (up to 10 s, on a loaded machine) until a second thread has taken one, so
    // the loop cannot finish on the calling thread alone while the workers are still asleep.
    pool.parallel_for(64, 1, [&](std::size_t, std::size_t) {
      {
        std::lock_guard lk(mu);
        ids.insert(std::this_thread::get_id());
      }
      const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
      while (std::chrono::steady_clock::now() < until) {
        {
          std::lock_guard lk(mu);
          if (ids.size() > 1) return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
    });
    ASSERT_GT(ids.size(), 1u) << "round " << round;
  }
}

TEST(ThreadPool, RethrowsTheFirstErrorAfterEveryRangeRan) {
  util::ThreadPool pool(3);
  std::atomic<std::size_t> ran{0};
  EXPECT_THROW(pool.parallel_for(1000, 10,
                                 [&](std::size_t b, std::size_t e) {
                                   ran += e - b;
                                   if (b == 0) throw std::runtime_error("bad range");
                                 }),
               std::runtime_error);
  EXPECT_EQ(ran.load(), 1000u);
  // The pool still works afterwards.
  std::atomic<std::size_t> again{0};
  pool.parallel_for(100, 1, [&](std::size_t b, std::size_t e) { again += e - b; });
  EXPECT_EQ(again.load(), 100u);
}

TEST(ThreadPool, NestedLoopsRunInlineInsteadOfDeadlocking) {
  util::ThreadPool pool(3);
  std::atomic<std::size_t> inner{0};
  // Slow outer ranges, so the calling thread surely runs some of them itself.
  pool.parallel_for(24, 1, [&](std::size_t b, std::size_t e) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    for (std::size_t i = b; i < e; ++i)
      pool.parallel_for(10, 1, [&](std::size_t ib, std::size_t ie) { inner += ie - ib; });
  });
  EXPECT_EQ(inner.load(), 240u);
}

TEST(ThreadPool, LoopsFromSeveralThreadsTakeTurns) {
  util::ThreadPool pool(3);
  std::atomic<std::size_t> total{0};
  std::vector<std::thread> callers;
  for (int t = 0; t < 4; ++t)
    callers.emplace_back([&] {
      for (int k = 0; k < 20; ++k) pool.parallel_for(1000, 10, [&](std::size_t b, std::size_t e) { total += e - b; });
    });
  for (auto& c : callers) c.join();
  EXPECT_EQ(total.load(), 4u * 20u * 1000u);
}

TEST(ThreadPool, ThreadCountFromTheEnvironment) {
  EXPECT_EQ(util::pool_threads_from_env("3"), 3u);
  EXPECT_GE(util::pool_threads_from_env(nullptr), 1u);
  EXPECT_EQ(util::pool_threads_from_env("0"), util::pool_threads_from_env(nullptr));
  EXPECT_EQ(util::pool_threads_from_env("x"), util::pool_threads_from_env(nullptr));
}

TEST(ReferenceHelpers, ParallelSumIsTheSameOnAnyThreadCount) {
  // Fixed blocks: the value does not depend on how the blocks were shared out.
  const std::size_t n = 1'000'003;
  auto term = [](std::size_t i) { return 1.0 / static_cast<double>(i + 1); };
  const double sum = reference::parallel_sum(n, term);
  double blocks = 0;
  for (std::size_t b = 0; b < n; b += 65536) {
    double s = 0;
    for (std::size_t i = b; i < std::min(n, b + 65536); ++i) s += term(i);
    blocks += s;
  }
  EXPECT_EQ(sum, blocks);
  std::vector<int> out(1000, 0);
  reference::parallel_for(out.size(), [&](std::size_t i) { out[i] = static_cast<int>(i) * 2; });
  for (std::size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], static_cast<int>(i) * 2);
  const std::vector<std::size_t> idx = {3, 5, 999};
  reference::parallel_for_each(idx, [&](std::size_t i) { out[i] = -1; });
  EXPECT_EQ(out[3], -1);
  EXPECT_EQ(out[4], 8);
  EXPECT_EQ(out[999], -1);
}

}  // namespace
}  // namespace judge
