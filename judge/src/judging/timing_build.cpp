#include "judging/timing_build.hpp"

#include "judging/submission.hpp"

namespace judge::judging {

bool wants_timing_build(const RunOptions& o, const std::string& engine) {
  if (o.time_with != "nvcc" || engine != "nvrtc") return false;
  if (!o.kinds.count(spec::CaseKind::performance)) return false;
  return static_cast<bool>(compile::find_nvcc());  // without nvcc, the NVRTC build is timed
}

TimingBuild start_timing_build(compile::CompileRequest request, const RunOptions& o, const std::string& challenge,
                               const std::filesystem::path& cwd, const std::string& file) {
  request.engine = "nvcc";
  TimingBuild b;
  b.outcome = std::async(std::launch::async, [request, o, challenge, cwd, file] {
                return compile_submission(request, o, challenge, cwd, file);
              }).share();
  return b;
}

TimingBuild make_timing_build(compile::CompileRequest request, const RunOptions& o, const std::string& challenge,
                              const std::filesystem::path& cwd, const std::string& file) {
  request.engine = "nvcc";
  std::promise<compile::CompileOutcome> done;
  done.set_value(compile_submission(request, o, challenge, cwd, file));
  return TimingBuild{done.get_future().share()};
}

}  // namespace judge::judging
