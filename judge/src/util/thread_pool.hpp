// A small pool of worker threads for data-parallel loops on the CPU (references, comparisons,
// input generation). One loop runs at a time; the calling thread works too, and a loop started
// from inside a worker runs inline, so nesting cannot deadlock.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace judge::util {

class ThreadPool {
 public:
  using Range = std::function<void(std::size_t begin, std::size_t end)>;

  // `threads` counts the calling thread: 1 runs everything inline.
  explicit ThreadPool(unsigned threads);
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;
  ~ThreadPool();

  unsigned threads() const { return static_cast<unsigned>(workers_.size()) + 1; }

  // Calls fn(begin, end) on consecutive ranges covering [0, n), each of at least `grain`
  // elements (except the last), and returns when every range is done. The first exception a
  // range throws is rethrown here (the other ranges still run).
  void parallel_for(std::size_t n, std::size_t grain, const Range& fn);

 private:
  struct Job;
  void work();
  static void run_ranges(Job& job);

  std::vector<std::thread> workers_;
  std::mutex call_mu_;  // one parallel_for at a time
  std::mutex mu_;
  std::condition_variable wake_, idle_;
  Job* job_ = nullptr;
  std::size_t generation_ = 0;
  unsigned busy_ = 0;
  bool stop_ = false;
};

// The process's pool: $JUDGE_THREADS threads if set (>= 1), else one per hardware thread.
ThreadPool& shared_pool();
// The thread count shared_pool() uses, from the environment value (null: unset).
unsigned pool_threads_from_env(const char* value);

// Calls fn(offset, length) for the `chunk`-byte pieces of [0, bytes) on the shared pool (inline
// when there is only one): for large copies and fills of fresh memory, whose first touch (page
// faults) dominates a single thread.
void for_each_chunk(std::size_t bytes, std::size_t chunk, const std::function<void(std::size_t, std::size_t)>& fn);

}  // namespace judge::util
