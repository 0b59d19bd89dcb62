#include "exec/channel.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/mman.h>
#include <sys/socket.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace judge::exec {

Result<std::pair<Channel, util::Fd>> Channel::make_pair() {
  int sv[2];
  // Both ends close-on-exec: `judge grade` spawns runners and compilers from several threads, and
  // a runner's end leaked into another child would hide that runner's death (no EOF). spawn()
  // clears the flag on the copy the runner gets as fd 3.
  if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0)
    return make_error(fmt::format("socketpair: {}", std::strerror(errno)));
  return std::pair{Channel(util::Fd(sv[0])), util::Fd(sv[1])};
}

namespace {

// A datagram must fit the socket's send buffer; larger messages travel in a memfd instead.
constexpr std::size_t kMaxInline = 60000;
constexpr const char* kLargeOp = "$large";

Result<util::Fd> spill_to_memfd(const std::string& text) {
  util::Fd fd(::memfd_create("judge-message", MFD_CLOEXEC));
  if (!fd.valid()) return make_error(fmt::format("memfd_create: {}", std::strerror(errno)));
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd.get(), text.data() + done, text.size() - done);
    if (n <= 0) return make_error(fmt::format("cannot write a large message: {}", std::strerror(errno)));
    done += static_cast<std::size_t>(n);
  }
  return fd;
}

Result<std::string> read_spilled(int fd, std::size_t bytes) {
  std::string text(bytes, '\0');
  for (std::size_t done = 0; done < bytes;) {
    const ssize_t n = ::pread(fd, text.data() + done, bytes - done, static_cast<off_t>(done));
    if (n <= 0) return make_error("cannot read a large message");
    done += static_cast<std::size_t>(n);
  }
  return text;
}

}  // namespace

Status Channel::send(const nlohmann::json& body, int pass_fd) const {
  std::string text = body.dump();
  util::Fd spilled;
  if (text.size() > kMaxInline && pass_fd < 0) {
    auto fd = spill_to_memfd(text);
    if (!fd) return fd.error();
    spilled = std::move(*fd);
    pass_fd = spilled.get();
    text = nlohmann::json{{"op", kLargeOp}, {"bytes", text.size()}}.dump();
  }
  iovec iov{const_cast<char*>(text.data()), text.size()};
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  if (pass_fd >= 0) {
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    cmsghdr* c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    std::memcpy(CMSG_DATA(c), &pass_fd, sizeof(int));
  }
  ssize_t n;
  do {
    n = ::sendmsg(fd_.get(), &msg, MSG_NOSIGNAL);
  } while (n < 0 && errno == EINTR);
  if (n < 0) return make_error(fmt::format("control channel: {}", std::strerror(errno)));
  return Ok{};
}

Result<Message> Channel::recv() const {
  std::vector<char> buf(1 << 20);
  iovec iov{buf.data(), buf.size()};
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  msg.msg_control = control;
  msg.msg_controllen = sizeof control;
  ssize_t n;
  do {
    n = ::recvmsg(fd_.get(), &msg, MSG_CMSG_CLOEXEC);
  } while (n < 0 && errno == EINTR);
  if (n == 0) return make_error("control channel closed");
  if (n < 0) return make_error(fmt::format("control channel: {}", std::strerror(errno)));
  Message m;
  for (cmsghdr* c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
      int fd;
      std::memcpy(&fd, CMSG_DATA(c), sizeof(int));
      m.fd = util::Fd(fd);
    }
  }
  try {
    m.body = nlohmann::json::parse(buf.begin(), buf.begin() + n);
    if (m.body.is_object() && m.body.value("op", "") == kLargeOp && m.fd.valid()) {
      auto text = read_spilled(m.fd.get(), m.body.at("bytes").get<std::size_t>());
      if (!text) return text.error();
      m.fd.reset();
      m.body = nlohmann::json::parse(*text);
    }
  } catch (const nlohmann::json::exception& e) {
    return make_error(fmt::format("control channel: malformed message: {}", e.what()));
  }
  return m;
}

}  // namespace judge::exec
