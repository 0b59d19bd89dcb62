// The source splitter of the nvrtc engine, as passes (compile/split/passes.hpp): each round's
// text is tokenized, its macros and namespace-scope entities found, every entity emitted as edits
// of the device and the host half, and the edits applied (pass 5, assemble, here). When a round
// asks for function-like macros to be expanded, the expanded text is split again instead.
#include "compile/splitter.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "compile/split/passes.hpp"

namespace judge::compile {
namespace {

using namespace splitting;

// Pass 5, assemble: `source` with `edits` applied, in source order.
std::string apply(std::string_view source, std::vector<Edit>& edits) {
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
  std::string out;
  std::size_t pos = 0;
  for (const Edit& e : edits) {
    if (e.begin < pos) continue;  // overlapping edits cannot happen; keep the first if they do
    out.append(source.substr(pos, e.begin - pos));
    out += e.text;
    pos = e.end;
  }
  out.append(source.substr(pos));
  return out;
}

// One round: passes 1 to 4 on `text`, then the two halves assembled. `found.expansions` not
// empty: the round asks for the expanded text to be split instead.
SplitResult split_round(std::string_view text, Findings& found) {
  ScannedSource s;
  s.tokens = scan_tokens(text);
  s.macros = collect_macros(s.tokens);
  s.entities = scan_entities(s.tokens, s.macros, found);
  emit_entities(s, found);
  SplitResult r;
  r.device_source = apply(text, found.device_edits);
  r.host_source = apply(text, found.host_edits);
  r.names = std::move(found.names);
  r.unsupported = std::move(found.issues);
  r.kernels = found.kernels;
  r.launches = found.launches;
  return r;
}

}  // namespace

SplitResult split_source(std::string_view text) {
  // Function-like macros that define entities or launch kernels are expanded in place and the
  // result split again; nested invocations take one more round each.
  std::string current;
  for (int round = 0;; ++round) {
    const std::string_view round_text = round == 0 ? text : std::string_view(current);
    Findings found;
    SplitResult r = split_round(round_text, found);
    if (found.expansions.empty()) return r;
    if (round == kMaxExpansionRounds) {
      r.unsupported.insert(
          r.unsupported.begin(),
          {fmt::format("function-like macros nested more than {} deep", kMaxExpansionRounds),
           static_cast<int>(std::count(
               current.begin(), current.begin() + static_cast<std::ptrdiff_t>(found.expansions.front().begin), '\n')) +
               1});
      return r;
    }
    current = apply(round_text, found.expansions);
  }
}

std::string describe_first_issue(const SplitResult& r) {
  if (r.unsupported.empty()) return "";
  const SplitIssue& i = r.unsupported.front();
  return fmt::format("{} ({}line {})", i.construct, i.file.empty() ? "" : i.file + " ", i.line);
}

}  // namespace judge::compile
