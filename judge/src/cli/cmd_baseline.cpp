// judge baseline add|list|import|export (and rank, calibrate, check, stamp, declared from their
// own files): the baseline stores runtimes are ranked against.
#include <fmt/format.h>

#include <chrono>
#include <ctime>
#include <fstream>

#include "baseline/freshness.hpp"
#include "baseline/store.hpp"
#include "cli/baseline_support.hpp"
#include "report/printers.hpp"
#include "util/terminal.hpp"
#include "util/units.hpp"
#include "version.hpp"

namespace judge::cli {
namespace {

namespace fs = std::filesystem;

int add(const GlobalOptions& g, JudgeRequest r, const std::string& label_opt) {
  r.progress = util::stream_wants_color(stderr);
  auto judged = judge_file(g, r);
  if (auto* code = std::get_if<int>(&judged)) return *code;
  const Judged& j = std::get<Judged>(judged);
  fmt::print("{}", report::render_text(j.result, util::stream_wants_color(stdout), report::bar_style_for(stdout)));
  auto made = entry_from_run(j, r, label_opt);
  if (auto* err = std::get_if<EntryError>(&made)) return fail(err->message, err->exit_code);
  const baseline::Entry& e = std::get<baseline::Entry>(made);
  const fs::path store = user_store(r);
  const std::string gpu = j.result.device.value("name", "");
  auto file = baseline::load(store, baseline::gpu_key(gpu), r.slug);
  if (!file) return fail(file.error().message, 3);
  file->gpu = gpu;
  baseline::upsert(*file, e);
  if (auto s = baseline::save(store, *file); !s) return fail(s.error().message, 3);
  fmt::print("stored baseline '{}' ({}) in {}\n", e.label, report::format_duration_ms(e.median_ms),
             (store / baseline::gpu_key(gpu) / (r.slug + ".json")).string());
  return 0;
}

int list(const GlobalOptions& g, const std::string& slug, const std::string& gpu_opt,
         const std::optional<std::string>& store_opt, bool json) {
  auto cat = spec::Catalog::locate(g.root);
  if (!cat) return fail(cat.error().message, 3);
  if (auto c = cat->challenge(slug); !c) return fail(c.error().message, 2);
  auto ladder = baseline::load_ladder(cat->solutions_dir(slug), slug);
  if (!ladder) return fail(ladder.error().message, 3);
  auto now = baseline::load_current(*cat, *ladder);
  if (!now) return fail(now.error().message, 3);
  const std::vector<std::pair<std::string, fs::path>> stores = {
      {"shipped", cat->root() / "baselines"},
      {"store", store_opt ? fs::path(*store_opt) : baseline::default_user_store()}};
  nlohmann::ordered_json out = {
      {"format", "judge-baselines/1"}, {"challenge", slug}, {"gpus", nlohmann::ordered_json::array()}};
  std::set<std::string> keys;
  for (const auto& [name, dir] : stores) {
    for (const std::string& k : baseline::gpu_keys(dir, slug)) keys.insert(k);
  }
  if (!gpu_opt.empty()) keys = {baseline::gpu_key(gpu_opt)};
  for (const std::string& key : keys) {
    std::vector<std::pair<std::string, baseline::Entry>> rows;
    for (const auto& [name, dir] : stores) {
      auto f = baseline::load(dir, key, slug);
      if (!f) return fail(f.error().message, 3);
      for (const auto& e : f->entries) rows.emplace_back(name, e);
    }
    std::sort(rows.begin(), rows.end(),
              [](const auto& a, const auto& b) { return a.second.median_ms < b.second.median_ms; });
    nlohmann::ordered_json gj = {{"gpu_key", key}, {"entries", nlohmann::ordered_json::array()}};
    if (!json) fmt::print("{} on {}\n", slug, key);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const auto& [from, e] = rows[i];
      const baseline::Staleness status = baseline::staleness(e, *now);
      if (!json) {
        fmt::print("  {:>3}. {:<24} {:>12}  noise {:.2f}%  {:<8} {:<6} {}{}\n", i + 1, e.label,
                   report::format_duration_ms(e.median_ms), 100 * e.noise, from, e.engine.empty() ? "?" : e.engine,
                   e.source, status == baseline::Staleness::current ? "" : "  (stale: not ranked)");
      }
      gj["entries"].push_back({{"rank", i + 1},
                               {"label", e.label},
                               {"median_ms", e.median_ms},
                               {"noise", e.noise},
                               {"from", from},
                               {"source", e.source},
                               {"engine", e.engine},
                               {"calibrated", e.calibrated},
                               {"date", e.date},
                               {"case_key", e.case_key},
                               {"source_sha256", e.source_sha256},
                               {"status", baseline::staleness_code(status)}});
    }
    out["gpus"].push_back(gj);
  }
  if (json)
    fmt::print("{}\n", out.dump(2));
  else if (keys.empty())
    fmt::print("no baselines for {} yet: add one with 'judge baseline add {} FILE'\n", slug, slug);
  return 0;
}

int import_file(const std::string& path, const std::optional<std::string>& store_opt) {
  auto incoming = baseline::load_file(path);
  if (!incoming) return fail(incoming.error().message, 2);
  const fs::path store = store_opt ? fs::path(*store_opt) : baseline::default_user_store();
  auto file = baseline::load(store, baseline::gpu_key(incoming->gpu), incoming->challenge);
  if (!file) return fail(file.error().message, 3);
  file->gpu = incoming->gpu;
  for (auto e : incoming->entries) baseline::upsert(*file, std::move(e));
  if (auto s = baseline::save(store, *file); !s) return fail(s.error().message, 3);
  fmt::print("imported {} baseline(s) of {} on {} into {}\n", incoming->entries.size(), incoming->challenge,
             baseline::gpu_key(incoming->gpu), store.string());
  return 0;
}

int export_file(const std::string& slug, const std::string& gpu, const std::optional<std::string>& store_opt,
                const std::string& output) {
  const fs::path store = store_opt ? fs::path(*store_opt) : baseline::default_user_store();
  std::vector<std::string> keys =
      gpu.empty() ? baseline::gpu_keys(store, slug) : std::vector<std::string>{baseline::gpu_key(gpu)};
  if (keys.size() != 1)
    return fail(keys.empty() ? fmt::format("no baselines of {} in {}", slug, store.string())
                             : "the store has baselines for several GPUs: pick one with --gpu",
                2);
  auto file = baseline::load(store, keys[0], slug);
  if (!file) return fail(file.error().message, 3);
  if (file->entries.empty())
    return fail(fmt::format("no baselines of {} for {} in {}", slug, keys[0], store.string()), 2);
  const std::string text = baseline::to_json_text(*file);
  if (output.empty() || output == "-") {
    fmt::print("{}", text);
    return 0;
  }
  std::ofstream(output) << text;
  return 0;
}

}  // namespace

Command baseline_command() {
  return {
      "baseline",
      "Add, list, rank, calibrate, check, stamp, import and export baselines (runtimes your result is ranked "
      "against)",
      [](CLI::App& sub, const GlobalOptions& g) {
        sub.require_subcommand(1);
        auto chosen = std::make_shared<std::function<int()>>();
        // add
        auto req = std::make_shared<JudgeRequest>();
        auto label = std::make_shared<std::string>();
        CLI::App* a = sub.add_subcommand("add", "Judge a solution and, if accepted, store its performance result");
        a->add_option("slug", req->slug, "Challenge")->required();
        a->add_option("file", req->file, "Solution file")->required();
        a->add_option("--label", *label, "Name in rankings (default: the file name without .cu)");
        add_judge_options(*a, *req);
        a->callback([&g, req, label, chosen] { *chosen = [&g, req, label] { return add(g, *req, *label); }; });
        // list
        struct ListArgs {
          std::string slug, gpu;
          std::optional<std::string> store;
          bool json = false;
        };
        auto la = std::make_shared<ListArgs>();
        CLI::App* l =
            sub.add_subcommand("list", "Show the ranking of baselines for a challenge (shipped and your store)");
        l->add_option("slug", la->slug, "Challenge")->required();
        l->add_option("--gpu", la->gpu, "Only this GPU (name or key, e.g. nvidia-h100-80gb-hbm3)");
        l->add_option("--store", la->store, "Store folder (default: $XDG_DATA_HOME/judge/baselines)");
        l->add_flag("--json", la->json, "Print JSON");
        l->callback(
            [&g, la, chosen] { *chosen = [&g, la] { return list(g, la->slug, la->gpu, la->store, la->json); }; });
        // import
        struct FileArgs {
          std::string slug, path, gpu, output;
          std::optional<std::string> store;
        };
        auto ia = std::make_shared<FileArgs>();
        CLI::App* i = sub.add_subcommand("import", "Merge a baseline file (from 'export') into a store");
        i->add_option("file", ia->path, "Baseline JSON file")->required();
        i->add_option("--store", ia->store, "Store folder (default: $XDG_DATA_HOME/judge/baselines)");
        i->callback([ia, chosen] { *chosen = [ia] { return import_file(ia->path, ia->store); }; });
        // export
        auto ea = std::make_shared<FileArgs>();
        CLI::App* e = sub.add_subcommand("export", "Write a store's baselines of a challenge as one JSON file");
        e->add_option("slug", ea->slug, "Challenge")->required();
        e->add_option("--gpu", ea->gpu, "GPU name or key (needed when the store has several)");
        e->add_option("--store", ea->store, "Store folder (default: $XDG_DATA_HOME/judge/baselines)");
        e->add_option("-o,--output", ea->output, "File to write (default: stdout)");
        e->callback([ea, chosen] { *chosen = [ea] { return export_file(ea->slug, ea->gpu, ea->store, ea->output); }; });
        declare_baseline_rank(sub, g, chosen);
        declare_baseline_calibrate(sub, g, chosen);
        declare_baseline_check(sub, g, chosen);
        declare_baseline_stamp(sub, g, chosen);
        return std::function<int()>([chosen] { return *chosen ? (*chosen)() : 2; });
      }};
}

}  // namespace judge::cli
