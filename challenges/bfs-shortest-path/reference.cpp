// CPU reference for bfs-shortest-path: a plain breadth-first search from the start cell over the
// free cells (value 0), moving up, down, left or right one cell per step. The answer is the
// number of steps to the end cell, 0 when start and end are the same cell and -1 when no path
// exists. The length of a shortest path is unique even when the paths are not, so the answer
// is one exact integer. The statement promises that start and end lie on free cells; a case that
// breaks this is refused rather than given an answer the statement does not define.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("bfs-shortest-path", args) {
  const auto grid = args.in<std::int32_t>("grid");
  const auto result = args.out<std::int32_t>("result");
  const auto rows = static_cast<std::size_t>(args.scalar_int("rows"));
  const auto cols = static_cast<std::size_t>(args.scalar_int("cols"));
  const auto sr = static_cast<std::size_t>(args.scalar_int("start_row"));
  const auto sc = static_cast<std::size_t>(args.scalar_int("start_col"));
  const auto er = static_cast<std::size_t>(args.scalar_int("end_row"));
  const auto ec = static_cast<std::size_t>(args.scalar_int("end_col"));
  const std::size_t start = sr * cols + sc, end = er * cols + ec;
  if (grid[start] != 0)
    throw std::invalid_argument("the start cell (" + std::to_string(sr) + ", " + std::to_string(sc) +
                                ") is an obstacle: the statement puts it on a free cell");
  if (grid[end] != 0)
    throw std::invalid_argument("the end cell (" + std::to_string(er) + ", " + std::to_string(ec) +
                                ") is an obstacle: the statement puts it on a free cell");

  std::vector<std::int32_t> dist(rows * cols, -1);
  std::vector<std::size_t> queue;
  queue.reserve(rows * cols);
  dist[start] = 0;
  queue.push_back(start);
  for (std::size_t head = 0; head < queue.size() && dist[end] < 0; ++head) {
    const std::size_t cell = queue[head];
    const std::size_t r = cell / cols, c = cell % cols;
    auto visit = [&](std::size_t next) {
      if (grid[next] == 0 && dist[next] < 0) {
        dist[next] = dist[cell] + 1;
        queue.push_back(next);
      }
    };
    if (r > 0) visit(cell - cols);
    if (r + 1 < rows) visit(cell + cols);
    if (c > 0) visit(cell - 1);
    if (c + 1 < cols) visit(cell + 1);
  }
  result[0] = dist[end];
}
