// Reading a challenge's README.md as the validation sees it: headings, fenced code blocks, the
// worked examples, and the `name = value` lines of an example's block. Pure text, no judge types.
//
// An example starts at a `## Example k` heading, or at a line starting `Example k` inside an
// `## Examples` section; its values are the first bare ``` block after that line. Values are
// numbers (`nan`, `inf` and `-inf` included) or lists, nested lists allowed:
//
//     M = 2, N = 3, K = 2
//     A = [[1, -2, 0.5],
//          [3,  0, -1 ]]
//     image (before) = [0, 0, 0, 0]     (an inout buffer: its value before and after solve)
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.hpp"

namespace judge::content {

struct Heading {
  int level = 0;  // number of '#'
  std::string text;
  int line = 0;  // 1-based
};

struct CodeBlock {
  std::string lang;  // after the opening ```, e.g. "cpp"; empty for a bare block
  int line = 0;      // of the opening fence; its first content line is line + 1
  std::vector<std::string> lines;
};

struct ExampleSpot {
  int number = 0;  // k of "Example k"
  int line = 0;
  std::optional<CodeBlock> block;  // the first bare block after it, before the next example or section
};

struct Readme {
  std::vector<std::string> lines;
  std::vector<Heading> headings;
  std::vector<CodeBlock> blocks;
  std::vector<ExampleSpot> examples;                    // in the order they appear
  const Heading* section(std::string_view text) const;  // a level-2 heading with exactly this text
};

Readme parse_readme(std::string_view text);

struct Assignment {
  std::string name;
  std::string qualifier;       // "before" or "after" for `name (before) = ...`; else empty
  std::vector<double> values;  // flattened row-major
  bool list = false;           // written as [...]
  int line = 0;
};

// The `name = value` assignments of a block; an error says which line and what was expected.
Result<std::vector<Assignment>> parse_assignments(const CodeBlock& block);

}  // namespace judge::content
