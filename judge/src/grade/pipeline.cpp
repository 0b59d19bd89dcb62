#include "grade/pipeline.hpp"

#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <variant>

#include "compile/compiler.hpp"
#include "exec/runner.hpp"
#include "judging/diagnose.hpp"
#include "judging/gpu_gate.hpp"
#include "judging/timing_build.hpp"

namespace judge::grade {
namespace fs = std::filesystem;
using judging::RunResult;
using judging::Verdict;

std::string Graded::verdict() const {
  return compiled_only ? "compiled" : std::string(judging::verdict_code(result.verdict));
}

namespace {

using Clock = std::chrono::steady_clock;

// A challenge and its tests, loaded once per batch; `error` when the slug or its data is bad.
struct Loaded {
  std::optional<spec::Challenge> challenge;
  std::optional<spec::TestSuite> suite;
  Verdict error_verdict = Verdict::JE;
  std::string error;
};

std::map<std::string, Loaded> load_challenges(const spec::Catalog& catalog, const std::vector<Submission>& subs) {
  std::map<std::string, Loaded> out;
  for (const Submission& s : subs) {
    if (out.count(s.challenge)) continue;
    Loaded& l = out[s.challenge];
    auto c = catalog.challenge(s.challenge);
    if (!c) {  // only a `// judge:` tag can name an unknown challenge: the submission's mistake
      l.error_verdict = Verdict::CE;
      l.error = fmt::format("{} (from the '// judge:' tag on the first line)", c.error().message);
      continue;
    }
    auto suite = catalog.testcases(*c);
    if (!suite) {
      l.error = suite.error().message;
      continue;
    }
    l.challenge = std::move(*c);
    l.suite = std::move(*suite);
  }
  return out;
}

// A submission compiled for `arch`, waiting for a GPU.
struct Compiled {
  std::size_t index = 0;
  RunResult result;  // bound and compiled so far
  compile::Binding binding;
  fs::path artifact;
  std::string arch;
  std::string note;                            // the compile engine's fallback note
  std::optional<judging::TimingBuild> timing;  // the nvcc build for the performance case, if any
};

class CompiledQueue {
 public:
  void push(Compiled c) {
    {
      std::lock_guard lock(mutex_);
      items_.push_back(std::move(c));
    }
    ready_.notify_one();
  }
  void close() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    ready_.notify_all();
  }
  // Blocks until an item is there; nullopt once closed and empty.
  std::optional<Compiled> pop() {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return closed_ || !items_.empty(); });
    if (items_.empty()) return std::nullopt;
    Compiled c = std::move(items_.front());
    items_.pop_front();
    return c;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Compiled> items_;
  bool closed_ = false;
};

RunResult ended(RunResult r, Verdict v, std::string summary) {
  r.verdict = v;
  r.summary = std::move(summary);
  return r;
}

// Compiles into `result.compile` (and the engine's fallback note into `note`); on failure sets
// the verdict (CE or JE) and returns nullopt.
std::optional<fs::path> build(const Submission& s, RunResult& result, std::string& note,
                              const compile::Binding& binding, const std::string& arch, const PipelineOptions& o) {
  compile::CompileRequest req{s.file, s.id, o.run.include_dirs, arch, o.run.engine, binding};
  req.use_cache = o.run.use_cache;
  // The child runs from the graded root and names the file by its id, so compiler messages name
  // it the same way as everywhere else in the report.
  fs::path cwd;
  std::string file = s.file.string();
  const std::string full = s.file.generic_string();
  if (full.size() > s.id.size() && full.ends_with("/" + s.id)) {
    cwd = fs::path(full.substr(0, full.size() - s.id.size() - 1));
    file = s.id;
  }
  const compile::CompileOutcome built = judging::compile_submission(req, o.run, s.challenge, cwd, file);
  result.compile = {built.engine, arch, built.cached, built.compile_ms, built.log};
  note = built.note;
  if (built.status == compile::CompileOutcome::Status::compile_error) {
    result = ended(std::move(result), Verdict::CE, built.log);
    return std::nullopt;
  }
  if (built.status == compile::CompileOutcome::Status::tool_error) {
    result = ended(std::move(result), Verdict::JE, built.log);
    return std::nullopt;
  }
  return built.artifact;
}

// The finished row, or the artifact waiting for a GPU.
std::variant<Graded, Compiled> compile_one(std::size_t index, const Submission& s, const Loaded& l,
                                           const std::string& arch, const PipelineOptions& o) {
  Graded g{s};
  if (!l.challenge) {
    g.result.challenge = s.challenge;
    g.result.source = s.id;
    g.result = ended(std::move(g.result), l.error_verdict, l.error);
    return g;
  }
  judging::BoundSource bound = judging::bind_source(*l.challenge, *l.suite, s.file, s.id, o.run);
  g.result = std::move(bound.result);
  if (!bound.binding) return g;
  auto artifact = build(s, g.result, g.compile_note, *bound.binding, arch, o);
  if (!artifact) return g;
  if (o.compile_only) {
    g.compiled_only = true;
    return g;
  }
  std::optional<judging::TimingBuild> timing;
  if (judging::wants_timing_build(o.run, g.result.compile.engine)) {
    compile::CompileRequest req{s.file, s.id, o.run.include_dirs, arch, "nvcc", *bound.binding};
    req.use_cache = o.run.use_cache;
    timing = judging::make_timing_build(req, o.run, s.challenge, "", s.file.string());  // in this pool thread
  }
  return Compiled{index, std::move(g.result),       std::move(*bound.binding), std::move(*artifact),
                  arch,  std::move(g.compile_note), std::move(timing)};
}

// The ranking performance case's median and percentile, when it ran and passed.
void take_timing(Graded& g) {
  const judging::TestResult* t = judging::ranking_test(g.result.tests);
  if (!t || t->verdict != Verdict::AC) return;
  g.median_ms = t->timing->events.median_ms;
  if (t->timing->ranking) g.percentile = t->timing->ranking->percentile;
}

// A verdict sharing the GPU may have caused: a test other than the performance case (which has
// the GPU alone) that ran out of time or of device memory, or a judge error (the judge's own
// allocations for a test, or a runner's CUDA context, can fail for want of memory the other
// submissions hold).
bool may_owe_to_sharing(const RunResult& r) {
  if (r.verdict == Verdict::JE) return true;
  for (const judging::TestResult& t : r.tests) {
    if (t.kind == spec::CaseKind::performance) continue;
    if (t.diagnosis == judging::diagnosis::timeout || t.diagnosis == judging::diagnosis::out_of_memory) return true;
  }
  return false;
}

RunResult judge_on(RunResult compiled, const Compiled& item, const fs::path& artifact, const Loaded& l, const Gpu& gpu,
                   const judging::RunOptions& ro) {
  Result<exec::Runner> runner = [&] {
    judging::GpuGate::Use use = judging::GpuGate::share(ro.gpu_gate);  // its CUDA context is a use of the GPU
    return exec::Runner::start(judging::runner_limits(ro));
  }();
  if (!runner)
    return ended(std::move(compiled), Verdict::JE,
                 fmt::format("cannot start the GPU runner on GPU {}: {}", gpu.index, runner.error().message));
  return judging::judge_artifact(std::move(compiled), *l.challenge, *l.suite, item.binding, artifact, *runner, ro,
                                 item.timing ? &*item.timing : nullptr);
}

Graded judge_one(Compiled item, const Submission& s, const Loaded& l, const Gpu& gpu, int gpu_position,
                 judging::GpuGate* gate, const PipelineOptions& o) {
  Graded g{s};
  g.gpu = gpu_position;
  g.compile_note = item.note;
  const auto start = Clock::now();
  judging::RunOptions ro = o.run;
  ro.visible_devices = gpu.visible_devices;
  ro.gpu_gate = gate;
  std::optional<fs::path> artifact = item.artifact;
  if (item.arch != gpu.arch) {  // a GPU of another model: build for its own arch
    artifact = build(s, item.result, g.compile_note, item.binding, gpu.arch, o);
    item.timing.reset();  // built for the other arch: the judged build is timed
  }
  if (!artifact) {
    g.result = std::move(item.result);
  } else {
    g.result = judge_on(item.result, item, *artifact, l, gpu, ro);
    if (gate && may_owe_to_sharing(g.result)) {
      judging::GpuGate::Use alone = gate->alone();
      ro.gpu_gate = nullptr;
      g.result = judge_on(std::move(item.result), item, *artifact, l, gpu, ro);
      g.judge_note =
          "judged a second time with the GPU to itself: a test ran out of time or device memory, or the judge "
          "failed, while other submissions shared the GPU (--gpu-jobs); this is the verdict of the second run";
    }
  }
  g.judge_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  take_timing(g);
  return g;
}

// A row for an internal fault, so one bad submission cannot stop the batch.
Graded internal_error(const Submission& s, const std::exception& e) {
  Graded g{s};
  g.result.challenge = s.challenge;
  g.result.source = s.id;
  g.result = ended(std::move(g.result), Verdict::JE,
                   fmt::format("internal error: {} (this is a bug in judge; please report it)", e.what()));
  return g;
}

}  // namespace

unsigned workers_for(const Gpu& gpu, const PipelineOptions& o) {
  return gpu.shareable ? std::max(1u, o.gpu_jobs) : 1u;
}

std::vector<Graded> run_pipeline(const spec::Catalog& catalog, const std::vector<Submission>& subs,
                                 const std::vector<Gpu>& gpus, const PipelineOptions& o) {
  const std::map<std::string, Loaded> loaded = load_challenges(catalog, subs);
  // The engines' version queries cache their answers in plain statics: ask once here, before
  // any thread does, so the threads only read them.
  (void)compile::nvcc_version();
  (void)compile::nvrtc_toolchain_version();
  std::vector<std::optional<Graded>> rows(subs.size());
  std::mutex done_mutex;
  std::size_t done = 0;
  auto finish = [&](std::size_t index, Graded g) {
    std::lock_guard lock(done_mutex);
    rows[index] = std::move(g);
    ++done;
    if (o.on_done) o.on_done(*rows[index], done, subs.size());
  };

  CompiledQueue queue;
  std::vector<std::thread> judges;
  // One gate per GPU when its workers share it; with one worker a GPU is that worker's own. A GPU
  // in exclusive-process mode holds one CUDA context at a time: one worker.
  std::vector<std::unique_ptr<judging::GpuGate>> gates;
  for (std::size_t k = 0; k < gpus.size(); ++k)
    gates.push_back(workers_for(gpus[k], o) > 1 ? std::make_unique<judging::GpuGate>() : nullptr);
  for (std::size_t k = 0; k < gpus.size() && !o.compile_only; ++k) {
    for (unsigned w = 0; w < workers_for(gpus[k], o); ++w) {
      judges.emplace_back([&, k] {
        while (auto item = queue.pop()) {
          const std::size_t i = item->index;
          try {
            finish(i, judge_one(std::move(*item), subs[i], loaded.at(subs[i].challenge), gpus[k], static_cast<int>(k),
                                gates[k].get(), o));
          } catch (const std::exception& e) {
            finish(i, internal_error(subs[i], e));
          }
        }
      });
    }
  }
  const std::string arch = o.compile_only ? o.arch : gpus.at(0).arch;
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> compilers;
  for (unsigned t = 0; t < std::max(1u, o.jobs); ++t) {
    compilers.emplace_back([&] {
      for (std::size_t i; (i = next++) < subs.size();) {
        try {
          auto r = compile_one(i, subs[i], loaded.at(subs[i].challenge), arch, o);
          if (auto* g = std::get_if<Graded>(&r))
            finish(i, std::move(*g));
          else
            queue.push(std::move(std::get<Compiled>(r)));
        } catch (const std::exception& e) {
          finish(i, internal_error(subs[i], e));
        }
      }
    });
  }
  for (std::thread& t : compilers) t.join();
  queue.close();
  for (std::thread& t : judges) t.join();

  std::vector<Graded> out;
  out.reserve(rows.size());
  for (auto& r : rows) out.push_back(std::move(*r));
  return out;
}

}  // namespace judge::grade
