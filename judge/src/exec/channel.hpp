// The control channel between the judge and its runner: a SOCK_SEQPACKET socket pair, one
// JSON document per packet, optionally carrying a file descriptor (SCM_RIGHTS).
#pragma once

#include <nlohmann/json.hpp>

#include "util/fd.hpp"
#include "util/result.hpp"

namespace judge::exec {

struct Message {
  nlohmann::json body;
  util::Fd fd;  // invalid when none was attached
};

class Channel {
 public:
  Channel() = default;
  explicit Channel(util::Fd fd) : fd_(std::move(fd)) {}

  // Both ends; the second is for the child (not close-on-exec).
  static Result<std::pair<Channel, util::Fd>> make_pair();

  Status send(const nlohmann::json& body, int pass_fd = -1) const;
  // Blocks until a message arrives; an error when the peer closed the channel.
  Result<Message> recv() const;
  int fd() const { return fd_.get(); }

 private:
  util::Fd fd_;
};

}  // namespace judge::exec
