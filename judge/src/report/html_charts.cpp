// The runtime charts of the HTML class report: per challenge and GPU model, the class's
// performance medians next to the shipped solutions' baselines on that model. The HTML holds a
// <canvas> per chart; page.js draws them with Chart.js from the data returned here.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "report/grade_fields.hpp"
#include "report/html_escape.hpp"
#include "report/html_sections.hpp"
#include "util/units.hpp"

namespace judge::report::html {
namespace {

using gradedoc::text;

struct Point {
  std::string label, kind, note;  // kind: "class" or "shipped"
  double ms = 0;
};

struct Group {
  std::string gpu_name;
  std::vector<Point> points;
  std::size_t submitted = 0;  // submissions to this challenge judged on this GPU model
};

// A GPU's model key, as baseline stores name it; the name when an old report lacks it.
std::string model_key(const Json& gpu) {
  const std::string key = text(gpu, "key");
  return key.empty() ? text(gpu, "name") : key;
}

// (challenge, GPU key) -> the class's timed submissions.
std::map<std::pair<std::string, std::string>, Group> class_groups(const Json& report) {
  const Json& gpus = gradedoc::list(report, "gpus");
  std::map<std::pair<std::string, std::string>, Group> groups;
  for (const Json& s : gradedoc::list(report, "submissions")) {
    const Json* found = gpu_of(s, gpus);
    if (!found) continue;
    const Json& gpu = *found;
    Group& group = groups[{text(s, "challenge"), model_key(gpu)}];
    group.gpu_name = text(gpu, "name");
    ++group.submitted;
    if (const auto ms = gradedoc::number(s, "median_ms"))
      group.points.push_back({gradedoc::who(s), "class", text(s, "id"), *ms});
  }
  // A student with two timed submissions to one challenge: tell the bars apart by file.
  for (auto& [where, group] : groups) {
    std::map<std::string, int> seen;
    for (const Point& p : group.points) ++seen[p.label];
    for (Point& p : group.points)
      if (seen[p.label] > 1) p.label = p.note;
  }
  return groups;
}

std::string caption(const std::string& challenge, const Group& g, std::size_t timed) {
  std::string s = fmt::format("<b>{}</b> on {}: ", html_escape(challenge), html_escape(g.gpu_name));
  const auto fastest = [&](const char* kind) {
    const auto it = std::find_if(g.points.begin(), g.points.end(), [&](const Point& p) { return p.kind == kind; });
    return it == g.points.end()
               ? std::string()
               : fmt::format(" (fastest: {}, {})", html_escape(it->label), util::format_duration_ms(it->ms));
  };
  s += fmt::format("{} of {} submission(s) timed{}", timed, g.submitted, fastest("class"));
  const std::size_t shipped = g.points.size() - timed;
  s += shipped ? fmt::format("; {} shipped solution(s){}", shipped, fastest("shipped"))
               : "; no shipped baselines for this GPU";
  return s;
}

}  // namespace

Charts charts_section(const Json& report, const ShippedBaselines& baselines) {
  auto groups = class_groups(report);
  // Challenges nobody got timed on a GPU still get the shipped solutions' chart for each GPU.
  std::set<std::string> challenges;
  for (const Json& s : gradedoc::list(report, "submissions")) challenges.insert(text(s, "challenge"));
  for (const Json& gpu : gradedoc::list(report, "gpus"))
    for (const std::string& c : challenges) {
      Group& g = groups[{c, model_key(gpu)}];
      if (g.gpu_name.empty()) g.gpu_name = text(gpu, "name");
    }

  Charts out;
  out.data = Json::array();
  std::string figures, empty;
  for (auto& [where, g] : groups) {
    const auto& [challenge, key] = where;
    const std::size_t timed = g.points.size();
    if (const auto it = baselines.times.find({key, challenge}); it != baselines.times.end())
      for (const ShippedTime& t : it->second)
        g.points.push_back({"shipped: " + t.label, "shipped", t.note, t.median_ms});
    if (g.points.empty()) {
      empty += fmt::format(
          "<li><b>{}</b> on {}: no runtime (no submission passed the performance case, and no "
          "shipped baselines for this GPU)</li>\n",
          html_escape(challenge), html_escape(g.gpu_name));
      continue;
    }
    std::stable_sort(g.points.begin(), g.points.end(), [](const Point& a, const Point& b) { return a.ms < b.ms; });
    const std::string id = fmt::format("chart-{}", out.data.size());
    Json points = Json::array();
    for (const Point& p : g.points)
      points.push_back({{"label", p.label}, {"ms", p.ms}, {"kind", p.kind}, {"note", p.note}});
    out.data.push_back({{"canvas", id}, {"challenge", challenge}, {"gpu", key}, {"points", points}});
    // Room for every bar, the axis and its title.
    const std::size_t height_px = 22 * g.points.size() + 70;
    figures += fmt::format(
        "<figure class=\"chart\" data-challenge=\"{}\" data-gpu=\"{}\">\n<figcaption>{}</figcaption>\n"
        "<div class=\"chart-box\" style=\"height:{}px\"><canvas id=\"{}\" role=\"img\" aria-label=\"runtimes of {}\">"
        "</canvas></div>\n</figure>\n",
        html_escape(challenge), html_escape(key), caption(challenge, g, timed), height_px, id, html_escape(challenge));
  }
  out.section = "<section id=\"charts\">\n<h2>Runtimes against the shipped solutions</h2>\n";
  out.section +=
      "<p class=\"hint\">Performance-case medians (log scale, shorter is faster): the class in blue, the shipped "
      "reference solutions' baselines for the same GPU model in grey.</p>\n";
  if (report.value("compile_only", false)) out.section += "<p>A compile-only report: nothing was timed.</p>\n";
  out.section += "<div class=\"charts\">\n" + figures + "</div>\n";
  if (!empty.empty()) out.section += "<ul class=\"notes\">\n" + empty + "</ul>\n";
  out.section += "</section>\n";
  return out;
}

}  // namespace judge::report::html
