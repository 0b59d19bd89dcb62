#include "content/solutions_check.hpp"

#include <fmt/format.h>

#include <set>

#include "baseline/ladder_check.hpp"
#include "judging/diagnose.hpp"
#include "judging/verdict.hpp"

namespace judge::content {
namespace fs = std::filesystem;

namespace {

// The .cu files of the folder and of its wrong/, relative to the folder.
std::set<std::string> cu_files(const fs::path& dir) {
  std::set<std::string> out;
  for (const fs::path& d : {dir, dir / "wrong"}) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(d, ec)) {
      if (e.is_regular_file() && e.path().extension() == ".cu")
        out.insert(e.path().lexically_relative(dir).generic_string());
    }
  }
  return out;
}

}  // namespace

Problems check_solutions(const fs::path& root, const baseline::Ladder& ladder) {
  Problems out;
  const std::string file = relative_name(root, ladder.manifest);
  const fs::path dir = ladder.manifest.parent_path();
  const std::string folder = relative_name(root, dir);
  std::error_code ec;
  if (!fs::exists(ladder.manifest, ec)) {
    out.push_back({file, "",
                   "missing: list every solution with the verdict it must earn, the correct ones as rungs with a "
                   "label and a note (docs/formats.md)"});
    return out;
  }
  for (std::string m : baseline::check_manifest(ladder)) {
    const std::string prefix = ladder.manifest.string() + ": ";
    if (m.starts_with(prefix)) m.erase(0, prefix.size());
    out.push_back({file, "$.solutions", m});
  }
  std::size_t wrong = 0;
  std::set<std::string> listed;
  for (std::size_t i = 0; i < ladder.listed.size(); ++i) {
    const baseline::ListedSolution& s = ladder.listed[i];
    const std::string where = fmt::format("$.solutions[{}]", i);
    const auto v = judging::parse_verdict(s.verdict);
    if (!v || *v == judging::Verdict::JE)
      out.push_back(
          {file, where + ".verdict",
           fmt::format("'{}' is not a verdict a solution can earn: AC, WA, TLE, RTE, CE, OLE or MLE", s.verdict)});
    wrong += v && *v != judging::Verdict::AC;
    if (!s.diagnosis.empty() && !judging::diagnosis::is_known(s.diagnosis))
      out.push_back({file, where + ".diagnosis",
                     fmt::format("'{}' is not a diagnosis code: see docs/diagnoses.md for the list", s.diagnosis)});
    if (!s.diagnosis.empty() && v == judging::Verdict::AC)
      out.push_back({file, where + ".diagnosis", "an accepted solution has no diagnosis: remove it"});
    if (!listed.insert(fs::path(s.file).lexically_normal().generic_string()).second)
      out.push_back({file, where + ".file", fmt::format("{} is listed twice: keep one entry", s.file)});
    if (!fs::is_regular_file(dir / s.file, ec))
      out.push_back({file, where + ".file",
                     fmt::format("{}/{} does not exist: add the file or remove the entry", folder, s.file)});
  }
  if (wrong < kMinWrong)
    out.push_back({file, "$.solutions",
                   fmt::format("{} wrong solution{}, at least {}: add wrong/*.cu that each fail for one stated "
                               "reason, listed with the verdict (and message) they earn",
                               wrong, wrong == 1 ? "" : "s", kMinWrong)});
  for (const std::string& cu : cu_files(dir)) {
    if (!listed.count(cu))
      out.push_back({folder + "/" + cu, "",
                     fmt::format("not listed in {}: add it with the verdict it earns (or delete the file)", file)});
  }
  bool best_rung = false;
  for (const baseline::RungSpec& r : ladder.rungs) best_rung = best_rung || r.file == "best.cu";
  if (!best_rung)
    out.push_back({file, "$.solutions",
                   fs::exists(dir / "best.cu", ec)
                       ? "best.cu is not an accepted rung: list it with \"verdict\": \"AC\", a label and a note"
                       : fmt::format("no {}/best.cu: the fastest correct solution is named best.cu", folder)});
  return out;
}

}  // namespace judge::content
