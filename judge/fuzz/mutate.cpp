#include "fuzz/mutate.hpp"

#include <iterator>
#include <nlohmann/json.hpp>

namespace judge::fuzz {
namespace {

using Json = nlohmann::json;

// Text that loaders find hard, spliced in at random places.
const char* const kTokens[] = {"{",
                               "}",
                               "[",
                               "]",
                               "\"",
                               ",",
                               ":",
                               "\\",
                               "null",
                               "true",
                               "-0",
                               "1e309",
                               "-1",
                               "18446744073709551616",
                               "9223372036854775807",
                               "-9223372036854775808",
                               "4294967296",
                               "2147483648",
                               "0.5",
                               "1e-320",
                               "\"nan\"",
                               "\"inf\"",
                               "\"\"",
                               "\\u0000",
                               "\n",
                               "\r\n",
                               "#",
                               ",,",
                               "\"\"\"",
                               "float16",
                               "int64",
                               "N*N*N*N",
                               "(",
                               ")",
                               "/0",
                               "%",
                               "\0",
                               "\xff\xfe",
                               "{\"a\":",
                               "[[[[[[[[",
                               "__global__",
                               "extern \"C\"",
                               "R\"(",
                               "/*",
                               "*/"};

std::string random_token(std::mt19937_64& rng) {
  const char* t = kTokens[rng() % std::size(kTokens)];
  return t[0] == '\0' ? std::string(1, '\0') : std::string(t);
}

// A value of a random type, sometimes an extreme one.
Json random_value(std::mt19937_64& rng) {
  switch (rng() % 12) {
    case 0:
      return nullptr;
    case 1:
      return static_cast<bool>(rng() & 1);
    case 2:
      return static_cast<std::int64_t>(rng());
    case 3:
      return -static_cast<std::int64_t>(rng() % 1000);
    case 4:
      return static_cast<std::uint64_t>(rng());
    case 5:
      return static_cast<double>(static_cast<std::int64_t>(rng() % 2000001) - 1000000) / 7.0;
    case 6:
      return Json::array();
    case 7:
      return Json::object();
    case 8:
      return std::string(rng() % 4 == 0 ? std::string(1 << (rng() % 16), 'x') : random_token(rng));
    case 9:
      return 0;
    case 10:
      return std::string("N");
    default:
      return Json::array({1, "a", nullptr});
  }
}

// Every node of the tree, so one can be picked at random.
void collect(Json& j, std::vector<Json*>& nodes) {
  nodes.push_back(&j);
  if (j.is_object() || j.is_array())
    for (auto& child : j) collect(child, nodes);
}

void edit_node(Json& root, std::mt19937_64& rng) {
  std::vector<Json*> nodes;
  collect(root, nodes);
  Json& n = *nodes[rng() % nodes.size()];
  switch (rng() % 7) {
    case 0:  // type confusion
      n = random_value(rng);
      break;
    case 1:  // drop a key or an element
      if (n.is_object() && !n.empty()) {
        auto it = n.begin();
        std::advance(it, static_cast<long>(rng() % n.size()));
        n.erase(it);
      } else if (n.is_array() && !n.empty()) {
        n.erase(n.begin() + static_cast<long>(rng() % n.size()));
      }
      break;
    case 2:  // an unknown key, or a known key with another key's value
      if (n.is_object()) n[rng() % 2 ? std::string("unexpected") : random_token(rng)] = random_value(rng);
      break;
    case 3:  // repeat an element many times
      if (n.is_array() && !n.empty()) {
        const Json first = n[0];
        for (int i = 0, k = static_cast<int>(rng() % 64); i < k; ++i) n.push_back(first);
      }
      break;
    case 4:  // nest
      n = Json::array({n});
      break;
    case 5:  // a number nudged to a boundary
      if (n.is_number()) {
        const double boundaries[] = {0, -1, 1, 1e18, 4294967295.0, 2147483647.0, 0.1, -1e-9, 600001, 1e300};
        n = boundaries[rng() % std::size(boundaries)];
      } else {
        n = random_value(rng);
      }
      break;
    default:  // swap a string for one that loaders parse further (expressions, dtypes, roles)
      if (n.is_string()) {
        const char* strings[] = {
            "N",  "M*N",     "N*N*N*N*N*N*N*N", "N/0", "-N",  "float64", "uint8", "out",  "inout",
            "in", "example", "performance",     "",    "a b", "0x10",    "N+",    "((N)", "N-1000000000000"};
        n = strings[rng() % std::size(strings)];
      } else {
        n = random_value(rng);
      }
      break;
  }
}

}  // namespace

std::string mutate_bytes(std::string s, std::mt19937_64& rng) {
  const int edits = 1 + static_cast<int>(rng() % 6);
  for (int e = 0; e < edits; ++e) {
    const std::size_t at = s.empty() ? 0 : rng() % (s.size() + 1);
    switch (rng() % 5) {
      case 0:
        if (!s.empty()) s.erase(std::min(at, s.size() - 1), 1 + rng() % 16);
        break;
      case 1:
        s.insert(at, random_token(rng));
        break;
      case 2:
        if (!s.empty()) s[std::min(at, s.size() - 1)] = static_cast<char>(rng() % 256);
        break;
      case 3:
        if (!s.empty()) s.insert(at, s.substr(rng() % s.size(), rng() % 64));
        break;
      default:
        s.resize(at);  // truncation: an unfinished document
        break;
    }
  }
  return s;
}

std::string mutate_json(const std::string& s, std::mt19937_64& rng) {
  Json j = Json::parse(s, nullptr, false);
  if (j.is_discarded()) return mutate_bytes(s, rng);
  const int edits = 1 + static_cast<int>(rng() % 3);
  for (int e = 0; e < edits; ++e) edit_node(j, rng);
  // Spliced tokens may not be UTF-8: dump replaces them (byte edits test invalid UTF-8).
  return j.dump(rng() % 2 ? 2 : -1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace judge::fuzz
