#include "util/shared_memory.hpp"

#include <fmt/format.h>
#include <sys/mman.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace judge::util {

SharedMemory::SharedMemory(SharedMemory&& o) noexcept {
  *this = std::move(o);
}

SharedMemory& SharedMemory::operator=(SharedMemory&& o) noexcept {
  if (this != &o) {
    if (addr_) ::munmap(addr_, bytes_);
    fd_ = std::move(o.fd_);
    addr_ = std::exchange(o.addr_, nullptr);
    bytes_ = std::exchange(o.bytes_, 0);
  }
  return *this;
}

SharedMemory::~SharedMemory() {
  if (addr_) ::munmap(addr_, bytes_);
}

Result<SharedMemory> SharedMemory::create(std::size_t bytes, const std::string& name) {
  Fd fd(::memfd_create(name.c_str(), MFD_CLOEXEC));
  if (!fd.valid()) return make_error(fmt::format("memfd_create: {}", std::strerror(errno)));
  if (::ftruncate(fd.get(), static_cast<off_t>(std::max<std::size_t>(bytes, 1))) != 0)
    return make_error(fmt::format("cannot size shared memory to {} bytes: {}", bytes, std::strerror(errno)));
  return map(std::move(fd), bytes);
}

Result<SharedMemory> SharedMemory::map(Fd fd, std::size_t bytes) {
  SharedMemory m;
  const std::size_t len = std::max<std::size_t>(bytes, 1);
  void* p = ::mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd.get(), 0);
  if (p == MAP_FAILED)
    return make_error(fmt::format("cannot map {} bytes of shared memory: {}", bytes, std::strerror(errno)));
  m.fd_ = std::move(fd);
  m.addr_ = p;
  m.bytes_ = len;
  return m;
}

}  // namespace judge::util
