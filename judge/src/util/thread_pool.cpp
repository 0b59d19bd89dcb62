#include "util/thread_pool.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>

namespace judge::util {
namespace {

// Set on pool threads, and on a caller while it runs its share of a loop.
thread_local bool t_in_worker = false;

}  // namespace

struct ThreadPool::Job {
  const Range* fn = nullptr;
  std::size_t n = 0, chunk = 1, chunks = 0;
  std::atomic<std::size_t> next{0};
  std::mutex error_mu;
  std::exception_ptr error;
};

ThreadPool::ThreadPool(unsigned threads) {
  for (unsigned i = 1; i < threads; ++i) workers_.emplace_back([this] { work(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard lk(mu_);
    stop_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void ThreadPool::run_ranges(Job& job) {
  for (;;) {
    const std::size_t c = job.next.fetch_add(1);
    if (c >= job.chunks) return;
    const std::size_t begin = c * job.chunk;
    try {
      (*job.fn)(begin, std::min(job.n, begin + job.chunk));
    } catch (...) {
      std::lock_guard lk(job.error_mu);
      if (!job.error) job.error = std::current_exception();
    }
  }
}

void ThreadPool::work() {
  t_in_worker = true;
  std::unique_lock lk(mu_);
  // 0, the generation when the pool was made, not generation_: a worker that starts late must
  // still see the loops begun before it ran (reading generation_ here would miss the first).
  std::size_t seen = 0;
  for (;;) {
    wake_.wait(lk, [&] { return stop_ || generation_ != seen; });
    if (stop_) return;
    seen = generation_;
    Job* job = job_;
    if (!job) continue;  // woke after the loop was over
    ++busy_;
    lk.unlock();
    run_ranges(*job);
    lk.lock();
    if (--busy_ == 0) idle_.notify_all();
  }
}

void ThreadPool::parallel_for(std::size_t n, std::size_t grain, const Range& fn) {
  if (n == 0) return;
  grain = std::max<std::size_t>(grain, 1);
  // A few ranges per thread, so a slow range does not leave the others idle at the end.
  const std::size_t max_chunks = std::size_t{4} * threads();
  const std::size_t chunk = std::max(grain, (n + max_chunks - 1) / max_chunks);
  Job job;
  job.fn = &fn;
  job.n = n;
  job.chunk = chunk;
  job.chunks = (n + chunk - 1) / chunk;
  if (workers_.empty() || t_in_worker || job.chunks == 1) {
    run_ranges(job);
  } else {
    std::lock_guard call(call_mu_);
    {
      std::lock_guard lk(mu_);
      job_ = &job;
      ++generation_;
    }
    wake_.notify_all();
    // The caller's own ranges count as inside the loop too: a nested loop there runs inline
    // (taking call_mu_ again would deadlock).
    t_in_worker = true;
    run_ranges(job);
    t_in_worker = false;
    // Every range is claimed; wait for the workers still running theirs.
    std::unique_lock lk(mu_);
    idle_.wait(lk, [&] { return busy_ == 0; });
    job_ = nullptr;
  }
  if (job.error) std::rethrow_exception(job.error);
}

unsigned pool_threads_from_env(const char* value) {
  if (value && *value) {
    char* end = nullptr;
    const long v = std::strtol(value, &end, 10);
    if (end && *end == '\0' && v >= 1) return static_cast<unsigned>(std::min<long>(v, 1024));
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

ThreadPool& shared_pool() {
  static ThreadPool pool(pool_threads_from_env(std::getenv("JUDGE_THREADS")));
  return pool;
}

void for_each_chunk(std::size_t bytes, std::size_t chunk, const std::function<void(std::size_t, std::size_t)>& fn) {
  if (bytes <= chunk) {
    if (bytes) fn(0, bytes);
    return;
  }
  shared_pool().parallel_for((bytes + chunk - 1) / chunk, 1, [&](std::size_t begin, std::size_t end) {
    for (std::size_t c = begin; c < end; ++c) fn(c * chunk, std::min(chunk, bytes - c * chunk));
  });
}

}  // namespace judge::util
