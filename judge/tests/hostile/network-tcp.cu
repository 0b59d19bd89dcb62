// Hostile case network-tcp: opens a TCP connection to 1.1.1.1:80 (and, if anything listens, 127.0.0.1:22)
// Expected: AC.
#include <cuda_runtime.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

__global__ void add(const float* A, const float* B, float* C, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) C[i] = A[i] + B[i];
}
// Turns the answer wrong: a WA verdict then says the hostile action got through.
__global__ void spoil(float* C) { C[0] += 1.0f; }
static void add_all(const float* A, const float* B, float* C, int N) {
  add<<<(N + 255) / 256, 256>>>(A, B, C, N);
  cudaDeviceSynchronize();
}
static void verdict_from(bool escaped, float* C) {
  if (escaped) spoil<<<1, 1>>>(C);
  cudaDeviceSynchronize();
}

// True when a TCP connection to ip:port opens within 1 s.
static bool tcp_connects(const char* ip, int port) {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  if (fd < 0) return false;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  inet_pton(AF_INET, ip, &a.sin_addr);
  bool ok = connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  pollfd p{fd, POLLOUT, 0};
  if (!ok && poll(&p, 1, 1000) == 1) {
    int err = 1;
    socklen_t len = sizeof err;
    ok = getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) == 0 && err == 0;
  }
  close(fd);
  return ok;
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  const bool escaped = tcp_connects("1.1.1.1", 80) || tcp_connects("127.0.0.1", 22);
  add_all(A, B, C, N);
  verdict_from(escaped, C);
}
