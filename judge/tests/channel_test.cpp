#include <gtest/gtest.h>

#include "exec/channel.hpp"
#include "util/shared_memory.hpp"

namespace judge {
namespace {

TEST(Channel, SmallAndLargeMessagesAndPassedDescriptors) {
  auto pair = exec::Channel::make_pair();
  ASSERT_TRUE(pair);
  exec::Channel& a = pair->first;
  exec::Channel b(std::move(pair->second));
  ASSERT_TRUE(a.send({{"op", "hello"}}));
  auto m = b.recv();
  ASSERT_TRUE(m);
  EXPECT_EQ(m->body["op"], "hello");
  // Larger than a datagram may be: travels through a memfd, transparently.
  std::vector<double> big(200000, 1.25);
  ASSERT_TRUE(b.send({{"op", "done"}, {"samples", big}}));
  auto large = a.recv();
  ASSERT_TRUE(large) << large.error().message;
  EXPECT_EQ(large->body["samples"].size(), big.size());
  EXPECT_FALSE(large->fd.valid());
  // A shared-memory region passed along with a message maps the same bytes.
  auto shm = util::SharedMemory::create(4096, "test");
  ASSERT_TRUE(shm);
  shm->data()[7] = 42;
  ASSERT_TRUE(a.send({{"op", "run"}}, shm->fd()));
  auto with_fd = b.recv();
  ASSERT_TRUE(with_fd);
  auto mapped = util::SharedMemory::map(std::move(with_fd->fd), 4096);
  ASSERT_TRUE(mapped);
  EXPECT_EQ(mapped->data()[7], 42);
}

TEST(Channel, ClosedPeerIsAnError) {
  auto pair = exec::Channel::make_pair();
  ASSERT_TRUE(pair);
  pair->second.reset();
  EXPECT_FALSE(pair->first.recv());
}

}  // namespace
}  // namespace judge
