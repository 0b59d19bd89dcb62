// judge compile <slug> <file> [--arch sm_XX]: check the signature and compile, nothing else.
// With --arch it needs no GPU, so it serves as a quick first gate on any machine.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "compile/binding.hpp"
#include "compile/compiler.hpp"
#include "compile/prototype.hpp"
#include "exec/runner.hpp"
#include "spec/catalog.hpp"
#include "util/read_file.hpp"
#include "util/units.hpp"
#include "version.hpp"

namespace judge::cli {
namespace {

struct CompileArgs {
  std::string slug, file, arch, compiler = "auto";
  std::vector<std::string> include_dirs;
  bool json = false, no_cache = false;
};

// The outcome as text or JSON; `status` is "compiled", "compile error" or "judge error".
int report(const CompileArgs& a, const std::string& status, const std::string& arch, const compile::CompileOutcome* out,
           const std::string& message) {
  if (a.json) {
    nlohmann::ordered_json j;
    j["format"] = "judge-compile/1";
    j["judge_version"] = kJudgeVersion;
    j["challenge"] = a.slug;
    j["source"] = a.file;
    j["status"] = status;
    j["engine"] = out ? out->engine : a.compiler;
    j["arch"] = arch;
    j["cached"] = out && out->cached;
    j["compile_ms"] = out ? out->compile_ms : 0.0;
    j["log"] = message;
    j["note"] = out ? out->note : "";
    // Where the build is (in the artifact cache), so a parent judge loads it without looking it up.
    j["artifact"] = out && status == "compiled" ? out->artifact.string() : "";
    fmt::print("{}\n", j.dump(2));
  } else if (status == "compiled") {
    fmt::print("{}: compiled with {} for {} ({})\n", a.file, out->engine, arch,
               out->cached ? "cached" : util::format_duration_ms(out->compile_ms));
    if (out->note.size()) fmt::print("note: {}\n", out->note);
    if (!message.empty()) fmt::print("{}", message);
  } else {
    fmt::print("{}: {}{}\n{}{}", a.file, status, out && !out->engine.empty() ? " (" + out->engine + ")" : "", message,
               message.ends_with('\n') ? "" : "\n");
  }
  return status == "compiled" ? 0 : status == "compile error" ? 1 : 3;
}

int run_compile(const GlobalOptions& g, const CompileArgs& a) {
  auto cat = spec::Catalog::locate(g.root);
  if (!cat) return fail(cat.error().message, 3);
  auto c = cat->challenge(a.slug);
  if (!c) return fail(c.error().message, 2);
  auto text = util::read_text_file(a.file);
  if (!text) return fail(fmt::format("{}: no such file", a.file), 2);
  auto proto = compile::parse_solve_prototype(*text, a.file);
  if (!proto) return report(a, "compile error", a.arch, nullptr, proto.error().message);
  auto binding = compile::bind_prototype(*proto, *c, a.file);
  if (!binding) return report(a, "compile error", a.arch, nullptr, binding.error().message);
  std::string arch = a.arch;
  if (arch.empty()) {  // the GPU in use decides, as for judge run
    auto runner = exec::Runner::start({});
    if (!runner)
      return report(a, "judge error", "", nullptr,
                    runner.error().message + "; pass --arch sm_XX to compile without a GPU");
    arch = runner->arch();
    runner->stop();
  }
  compile::CompileRequest req{a.file, a.file, {}, arch, a.compiler, *binding};
  for (const std::string& d : a.include_dirs) req.include_dirs.emplace_back(d);
  req.use_cache = !a.no_cache;
  const compile::CompileOutcome out = compile::compile(req);
  switch (out.status) {
    case compile::CompileOutcome::Status::ok:
      return report(a, "compiled", arch, &out, out.log);
    case compile::CompileOutcome::Status::compile_error:
      return report(a, "compile error", arch, &out, out.log);
    case compile::CompileOutcome::Status::tool_error:
      break;
  }
  return report(a, "judge error", arch, &out, out.log);
}

}  // namespace

Command compile_command() {
  return {"compile", "Check a solution's signature and compile it (no GPU needed with --arch)",
          [](CLI::App& sub, const GlobalOptions& g) {
            auto a = std::make_shared<CompileArgs>();
            sub.add_option("slug", a->slug, "Challenge, e.g. vector-addition")->required();
            sub.add_option("file", a->file, "Your solution.cu")->required();
            sub.add_option("--arch", a->arch, "Target, e.g. sm_90 (default: the GPU in use)");
            sub.add_option("--compiler", a->compiler, "Compile engine: auto (nvrtc, else nvcc), nvrtc or nvcc")
                ->check(CLI::IsMember({"auto", "nvrtc", "nvcc"}));
            sub.add_option("-I", a->include_dirs,
                           "Extra include folder (the solution's own folder is always searched)");
            sub.add_flag("--no-cache", a->no_cache, "Recompile even if an identical build is cached");
            sub.add_flag("--json", a->json, "Print one JSON document (format judge-compile/1)");
            return std::function<int()>([&g, a] { return run_compile(g, *a); });
          }};
}

}  // namespace judge::cli
