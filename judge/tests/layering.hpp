// The module layering check (layering_test): which modules of judge/src a module may include, read
// from the table in docs/ARCHITECTURE.md, and every `#include "..."` of the sources held against
// it. Pure functions over (table text, file texts), so the checker itself is tested on small
// made-up trees as well as run on the real one.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace judge::testing::layering {

// Each module and the other modules it may include.
using Allowed = std::map<std::string, std::set<std::string>>;

struct Table {
  Allowed allowed;
  std::vector<std::string> errors;  // a missing table, a malformed row, a name no row defines
};

struct SourceFile {
  std::string path;  // relative to judge/src: "exec/timing.cpp", "main.cpp"
  std::string text;
};

struct Problem {
  std::string file;
  std::size_t line = 0;  // 1-based; 0: the file as a whole
  std::string message;
};

inline std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

// A cell's text without the backticks that mark code in the documentation.
inline std::string plain(std::string s) {
  std::string out;
  for (char c : s)
    if (c != '`') out += c;
  return trim(out);
}

// "| a | b |" -> {"a", "b"}; not a table row -> {}.
inline std::vector<std::string> cells(const std::string& line) {
  const std::string t = trim(line);
  if (t.size() < 2 || t.front() != '|' || t.back() != '|') return {};
  std::vector<std::string> out;
  std::stringstream in(t.substr(1, t.size() - 2));
  for (std::string cell; std::getline(in, cell, '|');) out.push_back(plain(cell));
  return out;
}

inline bool is_module_name(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
  return true;
}

// The table whose header is `| module | may include |`; "nothing of ours" is an empty row.
inline Table parse_table(const std::string& markdown) {
  Table t;
  std::stringstream in(markdown);
  std::string line;
  while (std::getline(in, line) && cells(line) != std::vector<std::string>{"module", "may include"}) {
  }
  if (!in) {
    t.errors.push_back("no table with the header | module | may include |");
    return t;
  }
  std::getline(in, line);  // | --- | --- |
  while (std::getline(in, line)) {
    const std::vector<std::string> row = cells(line);
    if (row.empty()) break;  // the table ends at the first line that is not a row
    if (row.size() != 2 || !is_module_name(row[0])) {
      t.errors.push_back("malformed row: " + trim(line));
      continue;
    }
    if (t.allowed.count(row[0])) t.errors.push_back("module " + row[0] + " has two rows");
    std::set<std::string>& may = t.allowed[row[0]];
    if (row[1] == "nothing of ours") continue;
    std::stringstream list(row[1]);
    for (std::string name; std::getline(list, name, ',');) {
      name = plain(name);
      if (is_module_name(name))
        may.insert(name);
      else
        t.errors.push_back("row " + row[0] + ": '" + name + "' is not a module name");
    }
  }
  for (const auto& [module, may] : t.allowed)
    for (const std::string& m : may)
      if (!t.allowed.count(m)) t.errors.push_back("row " + module + " names " + m + ", which has no row");
  return t;
}

// A folder of judge/src is a module; a file at the top is one of its own, named by its stem.
inline std::string module_of(const std::string& path) {
  const auto slash = path.find('/');
  if (slash != std::string::npos) return path.substr(0, slash);
  return path.substr(0, path.find('.'));
}

// The quoted name of an `#include "..."` directive line, or "".
inline std::string quoted_include(const std::string& line) {
  std::size_t i = line.find_first_not_of(" \t");
  if (i == std::string::npos || line[i] != '#') return "";
  i = line.find_first_not_of(" \t", i + 1);
  if (i == std::string::npos || line.compare(i, 7, "include") != 0) return "";
  i = line.find_first_not_of(" \t", i + 7);
  if (i == std::string::npos || line[i] != '"') return "";
  const auto end = line.find('"', i + 1);
  return end == std::string::npos ? "" : line.substr(i + 1, end - i - 1);
}

// Every include of one of `files` (named from judge/src, or from the including file's folder)
// that the table does not allow. Other quoted names are not ours: generated files
// (device_compare_ptx.inc) or text inside a string that only looks like a directive.
inline std::vector<Problem> check_includes(const Allowed& allowed, const std::vector<SourceFile>& files) {
  std::set<std::string> paths;
  for (const SourceFile& f : files) paths.insert(f.path);
  std::vector<Problem> problems;
  for (const SourceFile& f : files) {
    const std::string from = module_of(f.path);
    const auto row = allowed.find(from);
    if (row == allowed.end()) {
      problems.push_back({f.path, 0, "module " + from + " has no row in the table"});
      continue;
    }
    const auto slash = f.path.rfind('/');
    const std::string folder = slash == std::string::npos ? "" : f.path.substr(0, slash + 1);
    std::stringstream in(f.text);
    std::size_t number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      const std::string name = quoted_include(line);
      if (name.empty()) continue;
      std::string target;
      if (paths.count(name))
        target = name;
      else if (paths.count(folder + name))
        target = folder + name;
      else
        continue;
      const std::string to = module_of(target);
      if (to != from && !row->second.count(to))
        problems.push_back({f.path, number, from + " may not include " + to + " (" + name + ")"});
    }
  }
  return problems;
}

// One cycle of the allowed graph as "a -> b -> a", or "" when it has none.
inline std::string find_cycle(const Allowed& allowed) {
  std::map<std::string, int> state;  // 0 unvisited, 1 on the current path, 2 done
  std::vector<std::string> path;
  std::string cycle;
  std::function<bool(const std::string&)> visit = [&](const std::string& m) {
    state[m] = 1;
    path.push_back(m);
    const auto row = allowed.find(m);
    if (row != allowed.end()) {
      for (const std::string& next : row->second) {
        if (state[next] == 1) {
          auto at = path.begin();
          while (*at != next) ++at;
          for (; at != path.end(); ++at) cycle += *at + " -> ";
          cycle += next;
          return true;
        }
        if (state[next] == 0 && visit(next)) return true;
      }
    }
    path.pop_back();
    state[m] = 2;
    return false;
  };
  for (const auto& [module, may] : allowed)
    if (state[module] == 0 && visit(module)) return cycle;
  return "";
}

}  // namespace judge::testing::layering
