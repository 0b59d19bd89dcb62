#include "content/starter_check.hpp"

#include <fmt/format.h>

#include "compile/binding.hpp"
#include "compile/prototype.hpp"
#include "content/signature.hpp"
#include "util/read_file.hpp"

namespace judge::content {
namespace fs = std::filesystem;

namespace {

// "<file>:12: signature mismatch: ..." -> {file, "line 12", "signature mismatch: ..."}.
Problem located(const std::string& file, const std::string& message) {
  const std::string prefix = file + ":";
  if (!message.starts_with(prefix)) return {file, "", message};
  const std::size_t colon = message.find(": ", prefix.size());
  const std::string line = message.substr(prefix.size(), colon == std::string::npos ? 0 : colon - prefix.size());
  if (line.empty() || line.find_first_not_of("0123456789") != std::string::npos)
    return {file, "", message.substr(message.starts_with(file + ": ") ? file.size() + 2 : 0)};
  return {file, "line " + line, message.substr(colon + 2)};
}

}  // namespace

Problems check_starter(const fs::path& root, const spec::Challenge& c, const std::string& signature) {
  Problems out;
  const fs::path path = c.dir / "starter.cu";
  const std::string file = relative_name(root, path);
  auto text = util::read_text_file(path);
  if (!text) {
    out.push_back({file, "",
                   "missing: write a starter that includes <cuda_runtime.h>, launches a skeleton kernel from solve "
                   "and compiles, without solving the problem"});
    return out;
  }
  const std::string all = normalize_signature(*text), want = normalize_signature(signature);
  const std::size_t at = all.find(want);
  if (at == std::string::npos || (at > 0 && all[at - 1] != ' '))
    out.push_back({file, "", fmt::format("does not hold the signature exactly: define {}", signature)});
  auto proto = compile::parse_solve_prototype(*text, file);
  if (!proto) {
    out.push_back(located(file, proto.error().message));
    return out;
  }
  if (auto b = compile::bind_prototype(*proto, c, file); !b) out.push_back(located(file, b.error().message));
  return out;
}

}  // namespace judge::content
