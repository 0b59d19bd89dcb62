// The page around the sections: head with the inlined CSS, a header naming the batch, the
// sections, then the charts' data as JSON, Chart.js and the page's own script.
#include "report/html_report.hpp"

#include <fmt/format.h>

#include "judging/verdict.hpp"
#include "report/grade_fields.hpp"
#include "report/html_assets.hpp"
#include "report/html_escape.hpp"
#include "report/html_sections.hpp"
#include "util/units.hpp"

namespace judge::report {
namespace html {

std::string anchor(std::size_t index) {
  return fmt::format("sub-{}", index);
}

const Json* gpu_of(const Json& submission, const Json& gpus) {
  const auto g = submission.find("gpu");
  // A parsed document holds an index as unsigned, one built in memory may hold a signed integer.
  if (g == submission.end() || !g->is_number_integer() || g->get<std::int64_t>() < 0) return nullptr;
  const auto index = g->get<std::uint64_t>();
  return index < gpus.size() ? &gpus[index] : nullptr;
}

std::string verdict_meaning(const std::string& verdict) {
  if (verdict == "compiled") return "compiled (--compile-only)";
  if (auto v = judging::parse_verdict(verdict)) return std::string(judging::verdict_meaning(*v));
  return verdict;
}

std::string verdict_chip(const std::string& verdict) {
  const std::string v = html_escape(verdict);
  return fmt::format(R"(<span class="chip v-{}" title="{}">{}</span>)", v, html_escape(verdict_meaning(verdict)), v);
}

}  // namespace html

namespace {

using Json = nlohmann::json;
using gradedoc::text;

// The batch in one line: what was graded, when, by which judge, on which GPUs.
std::string header(const Json& report) {
  std::string gpus;
  for (const Json& g : gradedoc::list(report, "gpus"))
    gpus += (gpus.empty() ? "" : ", ") + html_escape(text(g, "name"));
  if (report.value("compile_only", false)) gpus = "compile only, no GPU";
  std::string shard;
  if (const auto s = report.find("shard"); s != report.end() && s->is_object())
    shard = fmt::format(" · shard {}/{}", (*s)["index"].get<std::uint64_t>(), (*s)["count"].get<std::uint64_t>());
  if (const Json& shards = gradedoc::list(report, "shards"); !shards.empty())
    shard = fmt::format(" · merged from {} report(s)", shards.size());
  std::string wall;
  if (const auto w = gradedoc::number(report, "wall_seconds")) wall = " · took " + util::format_duration_ms(*w * 1000);
  return fmt::format(
      "<header>\n<h1>Class report</h1>\n<p class=\"batch\"><code>{}</code></p>\n"
      "<p class=\"meta\">graded {} · judge {} · tests: {} · {}{}{}</p>\n</header>\n",
      html_escape(text(report, "root")), html_escape(text(report, "created")),
      html_escape(text(report, "judge_version")), html_escape(text(report, "tests")), gpus.empty() ? "no GPU" : gpus,
      shard, wall);
}

// Credits Chart.js as its MIT license asks, naming the version from the embedded file's banner
// (" * Chart.js v3.9.1").
std::string footer(const Json& report) {
  std::string chart_js = "Chart.js";
  if (const auto at = html_assets::chart_js.find("Chart.js v"); at != std::string_view::npos)
    chart_js = std::string(html_assets::chart_js.substr(at, html_assets::chart_js.find('\n', at) - at));
  return fmt::format(
      "<footer>Written by judge {} from a judge-grade/1 report. Charts drawn by {} (&copy; Chart.js Contributors, "
      "MIT License), inlined into this page.</footer>\n",
      html_escape(text(report, "judge_version")), html_escape(chart_js));
}

std::string notes(const Json& report, const ShippedBaselines& baselines) {
  std::string out;
  for (const Json& n : gradedoc::list(report, "notes"))
    if (n.is_string()) out += "<li>" + html_escape(n.get<std::string>()) + "</li>\n";
  for (const std::string& n : baselines.notes) out += "<li>" + html_escape(n) + "</li>\n";
  return out.empty() ? "" : "<ul class=\"notes\">\n" + out + "</ul>\n";
}

}  // namespace

bool html_available() {
  return !html_assets::chart_js.empty();
}

std::string html_unavailable() {
  return "this judge was built without Chart.js, which the HTML report embeds: install it "
         "(apt-get install libjs-chart.js), re-run cmake and rebuild";
}

Result<std::string> render_html(const Json& report, const ShippedBaselines& baselines) {
  if (!html_available()) return make_error(html_unavailable());
  const html::Charts charts = html::charts_section(report, baselines);
  std::string page = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"generator\" content=\"judge {}\">\n<title>Class report: {}</title>\n<style>\n{}</style>\n"
      "</head>\n<body>\n",
      html_escape(text(report, "judge_version")), html_escape(text(report, "root")), html_assets::page_css);
  page += header(report);
  page += "<main>\n";
  page += notes(report, baselines);
  page += html::totals_section(report);
  page += html::matrix_section(report);
  page += charts.section;
  page += html::leaderboard_section(report);
  page += "</main>\n" + footer(report);
  page += "<script type=\"application/json\" id=\"judge-charts\">" + script_json(charts.data) + "</script>\n";
  page +=
      fmt::format("<script>\n{}\n</script>\n<script>\n{}\n</script>\n", html_assets::chart_js, html_assets::page_js);
  page += "</body>\n</html>\n";
  return page;
}

}  // namespace judge::report
