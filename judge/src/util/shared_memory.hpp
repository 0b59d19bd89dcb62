// An anonymous shared-memory region (memfd), mapped read-write. The fd can be passed to
// another process, which maps the same pages: test data crosses without copies or pipes.
#pragma once

#include <cstddef>
#include <string>

#include "util/fd.hpp"
#include "util/result.hpp"

namespace judge::util {

class SharedMemory {
 public:
  SharedMemory() = default;
  SharedMemory(SharedMemory&& o) noexcept;
  SharedMemory& operator=(SharedMemory&& o) noexcept;
  SharedMemory(const SharedMemory&) = delete;
  SharedMemory& operator=(const SharedMemory&) = delete;
  ~SharedMemory();

  static Result<SharedMemory> create(std::size_t bytes, const std::string& name);
  static Result<SharedMemory> map(Fd fd, std::size_t bytes);

  unsigned char* data() const { return static_cast<unsigned char*>(addr_); }
  std::size_t size() const { return bytes_; }
  int fd() const { return fd_.get(); }

 private:
  Fd fd_;
  void* addr_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace judge::util
