// Nsight Compute's rule findings in a learner's words: a short title for each finding and one
// sentence of our own on what to try, and which findings are worth showing first. Pure.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "profile/ncu_csv.hpp"

namespace judge::profile {

struct Advice {
  std::string title;     // "uncoalesced global accesses"
  std::string try_this;  // one sentence; empty for a rule we do not know (its description says it)
  // The finding adds nothing to the rest of the report (SOLBottleneck repeats what the bottleneck
  // line says; an INF that points at a table of the GUI): kept in JSON, not shown in text.
  bool hidden = false;
};

// Our words for a finding: by rule name, and for the rules that cover several causes (CPIStall:
// which stall; LaunchConfiguration: which problem) by what the description names. An unknown
// rule gets its name as the title and no sentence.
Advice advise(const Finding& f);

// ncu's description, shortened for one line: its first sentence, at most `max_chars` (cut at a
// word, with "...").
std::string shorten_description(std::string_view description, std::size_t max_chars = 200);

// The findings worth showing, most promising first: optimisations (OPT) and warnings (WRN) only,
// not hidden ones; OPT before WRN; a "global" estimated speedup (of the whole kernel) before a
// "local" one (of one unit), each by size; then those without an estimate. At most `n`.
std::vector<const Finding*> top_findings(const std::vector<Finding>& findings, std::size_t n);

}  // namespace judge::profile
