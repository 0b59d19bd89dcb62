#include "exec/channel.hpp"

#include <fmt/format.h>
#include <fcntl.h>
#include <sys/socket.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace judge::exec {

Result<std::pair<Channel, util::Fd>> Channel::make_pair() {
  int sv[2];
  if (::socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv) != 0)
    return make_error(fmt::format("socketpair: {}", std::strerror(errno)));
  ::fcntl(sv[0], F_SETFD, FD_CLOEXEC);
  return std::pair{Channel(util::Fd(sv[0])), util::Fd(sv[1])};
}

Status Channel::send(const nlohmann::json& body, int pass_fd) const {
  const std::string text = body.dump();
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
  } catch (const nlohmann::json::exception& e) {
    return make_error(fmt::format("control channel: malformed message: {}", e.what()));
  }
  return m;
}

}  // namespace judge::exec
