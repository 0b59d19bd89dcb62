// The top of the HTML class report: totals (counts, a bar of verdicts, one line per challenge)
// and the matrix of students by challenges.
#include <fmt/format.h>

#include <map>
#include <set>

#include "report/grade_fields.hpp"
#include "report/html_escape.hpp"
#include "report/html_sections.hpp"
#include "util/units.hpp"

namespace judge::report::html {
namespace {

using gradedoc::text;

std::string share_percent(std::size_t part, std::size_t whole) {
  return whole ? fmt::format("{:.0f}%", 100.0 * static_cast<double>(part) / static_cast<double>(whole)) : "-";
}

std::string card(const std::string& value, const std::string& what) {
  return fmt::format("<div class=\"card\"><b>{}</b><span>{}</span></div>\n", value, what);
}

// Per challenge: submissions, accepted, and the fastest accepted runtime with its author.
std::string challenge_table(const Json& subs) {
  struct Row {
    std::size_t submitted = 0, accepted = 0;
    std::optional<double> best_ms;
    std::string best_who;
    std::size_t best_index = 0;
  };
  std::map<std::string, Row> rows;
  for (std::size_t i = 0; i < subs.size(); ++i) {
    const Json& s = subs[i];
    Row& r = rows[text(s, "challenge")];
    ++r.submitted;
    r.accepted += gradedoc::passed(text(s, "verdict"));
    const auto ms = gradedoc::number(s, "median_ms");
    if (ms && (!r.best_ms || *ms < *r.best_ms)) {
      r.best_ms = ms;
      r.best_who = gradedoc::who(s);
      r.best_index = i;
    }
  }
  std::string out =
      "<table class=\"per-challenge\">\n<thead><tr><th>challenge</th><th>submissions</th><th>accepted</th>"
      "<th>fastest</th></tr></thead>\n<tbody>\n";
  for (const auto& [slug, r] : rows) {
    const std::string fastest = r.best_ms ? fmt::format("<a href=\"#{}\">{}</a> ({})", anchor(r.best_index),
                                                        util::format_duration_ms(*r.best_ms), html_escape(r.best_who))
                                          : "-";
    out += fmt::format("<tr><td>{}</td><td>{}</td><td>{} ({})</td><td>{}</td></tr>\n", html_escape(slug), r.submitted,
                       r.accepted, share_percent(r.accepted, r.submitted), fastest);
  }
  return out + "</tbody>\n</table>\n";
}

}  // namespace

std::string totals_section(const Json& report) {
  const Json& subs = gradedoc::list(report, "submissions");
  std::map<std::string, std::size_t> by_verdict;
  std::set<std::string> students, challenges;
  std::size_t passed = 0;
  for (const Json& s : subs) {
    ++by_verdict[text(s, "verdict")];
    students.insert(gradedoc::who(s));
    challenges.insert(text(s, "challenge"));
    passed += gradedoc::passed(text(s, "verdict"));
  }
  std::string out = "<section id=\"totals\">\n<h2>Totals</h2>\n<div class=\"cards\">\n";
  out += card(std::to_string(subs.size()), "submissions");
  out += card(std::to_string(students.size()), "students");
  out += card(std::to_string(challenges.size()), "challenges");
  out += card(fmt::format("{} <small>({})</small>", passed, share_percent(passed, subs.size())),
              report.value("compile_only", false) ? "compiled" : "accepted");
  out += "</div>\n<div class=\"verdict-bar\">\n";
  std::string legend;
  for (const std::string& v : gradedoc::verdict_order()) {
    const auto it = by_verdict.find(v);
    if (it == by_verdict.end()) continue;
    out += fmt::format("<span class=\"seg v-{}\" style=\"flex-grow:{}\" title=\"{} {}: {}\">{} {}</span>\n", v,
                       it->second, it->second, v, verdict_meaning(v), v, it->second);
    legend += fmt::format("<li>{} {}: {}</li>\n", verdict_chip(v), verdict_meaning(v), it->second);
  }
  out += "</div>\n<ul class=\"legend\">\n" + legend + "</ul>\n";
  out += challenge_table(subs);
  return out + "</section>\n";
}

std::string matrix_section(const Json& report) {
  const Json& subs = gradedoc::list(report, "submissions");
  std::set<std::string> challenges;
  std::map<std::string, std::map<std::string, std::vector<std::size_t>>> cells;  // who -> challenge -> indices
  for (std::size_t i = 0; i < subs.size(); ++i) {
    challenges.insert(text(subs[i], "challenge"));
    cells[gradedoc::who(subs[i])][text(subs[i], "challenge")].push_back(i);
  }
  std::string out =
      "<section id=\"matrix\">\n<h2>Students by challenge</h2>\n<div class=\"scroll\">\n<table class=\"matrix\">\n"
      "<thead><tr><th>student</th>";
  for (const std::string& c : challenges) out += "<th>" + html_escape(c) + "</th>";
  out += "<th>accepted</th></tr></thead>\n<tbody>\n";
  for (const auto& [who, row] : cells) {
    const std::string who_attr = html_escape(who);
    out += fmt::format("<tr><th scope=\"row\">{}</th>", who_attr);
    std::size_t solved = 0;
    for (const std::string& c : challenges) {
      const auto it = row.find(c);
      std::string verdicts, chips;
      bool any_passed = false;
      if (it != row.end()) {
        for (const std::size_t i : it->second) {
          const std::string v = text(subs[i], "verdict");
          any_passed = any_passed || gradedoc::passed(v);
          verdicts += (verdicts.empty() ? "" : " ") + html_escape(v);
          const auto ms = gradedoc::number(subs[i], "median_ms");
          chips += fmt::format("<a class=\"chip v-{0}\" href=\"#{1}\" title=\"{2}\">{0}</a>{3}", html_escape(v),
                               anchor(i), html_escape(text(subs[i], "summary")),
                               ms ? "<small>" + util::format_duration_ms(*ms) + "</small>" : "");
        }
      }
      solved += any_passed;
      out += fmt::format("<td class=\"cell{}\" data-student=\"{}\" data-challenge=\"{}\" data-verdicts=\"{}\">{}</td>",
                         chips.empty() ? " none" : "", who_attr, html_escape(c), verdicts,
                         chips.empty() ? "&middot;" : chips);
    }
    out += fmt::format("<td class=\"count\">{}/{}</td></tr>\n", solved, challenges.size());
  }
  return out + "</tbody>\n</table>\n</div>\n</section>\n";
}

}  // namespace judge::report::html
