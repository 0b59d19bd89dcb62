// Where the never-written elements of an output are, when every wrong element is one: the tail
// after a multiple of 2..1024 (a vector loop without its remainder, a grid rounded down), rows or
// columns past a tile multiple, whole blocks, a stride, the head, or everything.
#pragma once

#include <optional>

#include "explain/mismatch.hpp"

namespace judge::explain {

// Requires m.wrong == 0 and m.unwritten > 0.
Finding explain_unwritten(const Mismatches& m);

}  // namespace judge::explain
