#include "content/scaffold_text.hpp"

#include <fmt/format.h>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "content/markers.hpp"
#include "content/signature.hpp"

namespace judge::content {

namespace {

std::string quoted(const std::string& s) {
  return nlohmann::json(s).dump();
}

// The C++ element type a reference reads a buffer as.
std::string reference_type(spec::DType t) {
  switch (t) {
    case spec::DType::float32:
      return "float";
    case spec::DType::float16:
      return "std::uint16_t";  // half bits: judge::util::half_bits_to_float (util/half.hpp)
    case spec::DType::int32:
      return "std::int32_t";
    case spec::DType::uint32:
      return "std::uint32_t";
    case spec::DType::int64:
      return "std::int64_t";
    case spec::DType::uint8:
      return "unsigned char";
    case spec::DType::int8:
      return "signed char";
  }
  return "float";
}

// The value a scaffolded scalar takes in a case: the official size where the table gives one.
std::string scalar_value(const NewParam& p, const NewChallenge& n, bool performance) {
  if (performance) {
    if (auto it = n.performance_scalars.find(p.name); it != n.performance_scalars.end())
      return spec::is_floating(p.type) ? fmt::format("{}", it->second)
                                       : fmt::format("{}", static_cast<long long>(it->second));
  }
  return spec::is_floating(p.type) ? "1.0" : "4";
}

std::string scalars_json(const NewChallenge& n, bool performance) {
  std::string s;
  for (const NewParam& p : n.params) {
    if (!p.pointer)
      s += fmt::format("{}{}: {}", s.empty() ? "" : ", ", quoted(p.name), scalar_value(p, n, performance));
  }
  return "{" + s + "}";
}

// Elements of a buffer in the example case: the guessed shape's size there.
std::size_t example_count(const NewChallenge& n) {
  return n.shape == "1" ? 1 : 4;
}

}  // namespace

std::string challenge_json_text(const NewChallenge& n) {
  std::string s = "{\n  \"format\": 1,\n  \"slug\": " + quoted(n.slug) + ",\n";
  if (n.source == "leetgpu")
    s += fmt::format("  \"number\": {},\n", n.number);
  else
    s += "  \"source\": " + quoted(n.source) + ",\n";
  if (!n.adapted.empty()) s += "  \"adapted\": " + quoted(n.adapted) + ",\n";
  s += "  \"title\": " + quoted(n.title) + ",\n  \"difficulty\": " + quoted(n.difficulty) + ",\n  \"params\": [\n";
  for (std::size_t i = 0; i < n.params.size(); ++i) {
    const NewParam& p = n.params[i];
    s += fmt::format("    {{\"name\": {}, \"type\": \"{}\"", quoted(p.name), spec::dtype_name(p.type));
    if (p.pointer)
      s += fmt::format(", \"pointer\": true, \"role\": \"{}\", \"shape\": [{}]", role_name(p.role), quoted(n.shape));
    // The statement's constraints, where the statements' table gives them (scaffold_constraints).
    if (auto r = n.ranges.find(p.name); r != n.ranges.end() && !p.pointer)
      s += fmt::format(", \"range\": [{}, {}]", r->second.first, r->second.second);
    if (auto v = n.values.find(p.name); v != n.values.end() && p.pointer && p.role != spec::Role::out)
      s += fmt::format(", \"values\": [{}, {}]", v->second.first, v->second.second);
    if (p.pointer && p.role == spec::Role::out &&
        std::find(n.zero_outputs.begin(), n.zero_outputs.end(), p.name) != n.zero_outputs.end())
      s += ", \"init\": \"zeros\"";
    s += i + 1 < n.params.size() ? "},\n" : "}\n";
  }
  s += "  ],\n";
  if (!n.relations.empty()) {
    std::string list;
    for (const std::string& r : n.relations) list += (list.empty() ? "" : ", ") + quoted(r);
    s += "  \"constraints\": [" + list + "],\n";
  }
  s += fmt::format("  \"tolerance\": {{\"atol\": {}, \"rtol\": {}}},\n  \"time_limit_ms\": 2000\n}}\n", n.atol, n.rtol);
  return s;
}

std::string readme_text(const NewChallenge& n) {
  std::string inout;
  for (const NewParam& p : n.params) {
    if (p.pointer && p.role == spec::Role::inout)
      inout +=
          fmt::format(" {0} is modified in place: write `{0} (before) = [...]` and `{0} (after) = [...]`.", p.name);
  }
  return fmt::format(
      R"TXT(# {title}

{todo}: the task in a few sentences, in our own words: what `solve` computes from which buffers, and what it writes.

Every pointer `solve` receives is a device pointer.

```cpp
{signature};
```

## Constraints

- {todo}: the range of every scalar (as in challenge.json), the size of every buffer, the performance case's size and input distribution.{statement}

## Example 1

```
{todo}: one `name = value` line per parameter with the values of test case example-1.{inout}
```

## Notes

- {todo}: the tolerance, in place or not, outputs hold garbage when `solve` starts, anything subtle.
)TXT",
      fmt::arg("title", n.title), fmt::arg("todo", kTodoMarker), fmt::arg("signature", n.signature),
      fmt::arg("inout", inout),
      fmt::arg("statement", n.statement_constraints.empty()
                                ? std::string()
                                : "\n- The statement's clauses, for reference (say them in our own words): " +
                                      n.statement_constraints));
}

std::string starter_text(const NewChallenge& n) {
  std::string params, args, pointers;
  for (const NewParam& p : n.params) {
    params += (params.empty() ? "" : ", ") + p.written;
    args += (args.empty() ? "" : ", ") + p.name;
    if (p.pointer) pointers += (pointers.empty() ? "" : ", ") + p.name;
  }
  bool half = false;
  for (const NewParam& p : n.params) half = half || p.type == spec::DType::float16;
  return fmt::format(R"TXT(#include <cuda_runtime.h>{half}

// {todo}: say what one thread could compute, and leave the rest to the learner (compiles, launches, does not solve it).
__global__ void solve_kernel({params}) {{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < {n}) {{
        // Your turn.
    }}
}}

// {pointers} {are} device pointers.
{signature} {{
    int threadsPerBlock = 256;
    int blocksPerGrid = ({n} + threadsPerBlock - 1) / threadsPerBlock;
    solve_kernel<<<blocksPerGrid, threadsPerBlock>>>({args});
    cudaDeviceSynchronize();
}}
)TXT",
                     fmt::arg("todo", kTodoMarker), fmt::arg("params", params), fmt::arg("n", n.shape),
                     fmt::arg("pointers", pointers.empty() ? "The buffers" : pointers),
                     fmt::arg("are", pointers.find(',') == std::string::npos ? "is a" : "are"),
                     fmt::arg("signature", n.signature), fmt::arg("args", args),
                     fmt::arg("half", half ? "\n#include <cuda_fp16.h>" : ""));
}

std::string reference_text(const NewChallenge& n) {
  std::string views;
  for (const NewParam& p : n.params) {
    if (!p.pointer)
      views += fmt::format("  //   const auto {0} = args.scalar_{1}(\"{0}\");\n", p.name,
                           spec::is_floating(p.type) ? "float" : "int");
    else
      views += fmt::format("  //   const auto {0} = args.{1}<{2}>(\"{0}\");\n", p.name,
                           p.role == spec::Role::in ? "in" : "out", reference_type(p.type));
  }
  return fmt::format(
      R"TXT(// {todo}: the CPU reference of {slug}, in a line or two
// (long sums in double; parallel_for for large cases).
#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "reference/reference.hpp"

JUDGE_REFERENCE("{slug}", args) {{
  // What it reads and writes:
{views}  (void)args;
  throw std::logic_error(
      "the reference of {slug} is not written yet "
      "(challenges/{slug}/reference.cpp)");
}}
)TXT",
      fmt::arg("todo", kTodoMarker), fmt::arg("slug", n.slug), fmt::arg("views", views));
}

std::string testcases_text(const NewChallenge& n) {
  std::string inputs, generated;
  const std::string zeros = [&] {
    std::string z;
    for (std::size_t i = 0; i < example_count(n); ++i) z += (z.empty() ? "" : ", ") + std::string("0");
    return "[" + z + "]";
  }();
  for (const NewParam& p : n.params) {
    if (!p.pointer || p.role == spec::Role::out) continue;
    inputs += fmt::format("{}{}: {}", inputs.empty() ? "" : ", ", quoted(p.name), zeros);
    generated += fmt::format("{}{}: {}", generated.empty() ? "" : ", ", quoted(p.name),
                             spec::is_floating(p.type) ? "{\"uniform\": [-1, 1]}" : "{\"randint\": [0, 100]}");
  }
  const std::string perf_note =
      n.source == "leetgpu"
          ? fmt::format("{}: the official size and input distribution{}", kTodoMarker,
                        n.distribution.empty() ? "" : " (" + n.distribution + ")")
          : fmt::format("{}: a size where a good kernel takes 50 us or more, and the input distribution", kTodoMarker);
  return fmt::format(R"TXT({{
  "format": 1,
  "challenge": {slug},
  "cases": [
    {{"name": "example-1", "kind": "example",
     "note": "{todo}: the statement's Example 1: its inputs here, and its outputs under expected",
     "scalars": {example_scalars},
     "inputs": {{{inputs}}}}},
    {{"name": "performance", "kind": "performance",
     "note": {perf_note},
     "scalars": {perf_scalars},
     "inputs": {{{generated}}}}}
  ]
}}
)TXT",
                     fmt::arg("slug", quoted(n.slug)), fmt::arg("todo", kTodoMarker),
                     fmt::arg("example_scalars", scalars_json(n, false)), fmt::arg("inputs", inputs),
                     fmt::arg("perf_note", quoted(perf_note)), fmt::arg("perf_scalars", scalars_json(n, true)),
                     fmt::arg("generated", generated));
}

}  // namespace judge::content
