#include <fmt/format.h>

#include <map>
#include <stdexcept>

#include "reference/reference.hpp"

namespace judge::reference {
namespace {

struct Registered {
  Function fn = nullptr;
  std::string version;
};

// Function-local so registration from other translation units' static initialisers is safe.
std::map<std::string, Registered, std::less<>>& registry() {
  static std::map<std::string, Registered, std::less<>> r;
  return r;
}

std::map<std::string, AcceptFunction, std::less<>>& accept_registry() {
  static std::map<std::string, AcceptFunction, std::less<>> r;
  return r;
}

}  // namespace

AcceptRegistrar::AcceptRegistrar(const char* slug, AcceptFunction fn) {
  accept_registry()[slug] = fn;
}

AcceptFunction find_accept(std::string_view slug) {
  auto it = accept_registry().find(slug);
  return it == accept_registry().end() ? nullptr : it->second;
}

Registrar::Registrar(const char* slug, Function fn, const char* version) {
  registry()[slug] = {fn, version};
}

Function find(std::string_view slug) {
  auto it = registry().find(slug);
  return it == registry().end() ? nullptr : it->second.fn;
}

std::string_view version(std::string_view slug) {
  auto it = registry().find(slug);
  return it == registry().end() ? std::string_view() : std::string_view(it->second.version);
}

// A reference asking for a buffer or scalar the challenge does not have is a bug in the
// reference, not in the user's solution: these throw and surface as a judge error.
const HostBuffer& Args::find(std::string_view name, std::size_t element_bytes) const {
  auto it = buffers_.find(name);
  if (it == buffers_.end()) throw std::logic_error(fmt::format("reference asked for unknown buffer '{}'", name));
  if (it->second.element_bytes != element_bytes)
    throw std::logic_error(fmt::format("reference read buffer '{}' with the wrong element type", name));
  return it->second;
}

void Args::require_writable(std::string_view name, const HostBuffer& b) {
  if (!b.writable) throw std::logic_error(fmt::format("reference tried to write input buffer '{}'", name));
}

const std::vector<std::size_t>& Args::sample(std::string_view buffer) const {
  static const std::vector<std::size_t> kEmpty;
  auto it = samples_.find(buffer);
  return it == samples_.end() ? kEmpty : it->second;
}

std::int64_t Args::scalar_int(std::string_view name) const {
  return static_cast<std::int64_t>(scalar_float(name));
}

double Args::scalar_float(std::string_view name) const {
  auto it = scalars_.find(name);
  if (it == scalars_.end()) throw std::logic_error(fmt::format("reference asked for unknown scalar '{}'", name));
  return it->second;
}

}  // namespace judge::reference
