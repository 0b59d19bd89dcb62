// Hostile case read-baselines: lists the shipped and the user's baseline stores
// Expected: AC.
#include <cuda_runtime.h>
#include <fcntl.h>
#include <unistd.h>
#include <cstdlib>
#include <string>
#include <dirent.h>

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

static bool can_read(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY);
  char c;
  const bool ok = fd >= 0 && read(fd, &c, 1) >= 0;
  if (fd >= 0) close(fd);
  return ok;
}
static bool can_list(const std::string& path) {
  DIR* d = opendir(path.c_str());
  const bool ok = d && readdir(d);
  if (d) closedir(d);
  return ok;
}
// The judge binary's folder: the data root and the build are found from there.
static std::string judge_folder() {
  char buf[4096] = {};
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  std::string p = n > 0 ? std::string(buf, n) : "";
  return p.substr(0, p.rfind('/'));
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  const bool escaped = can_list(judge_folder() + "/../../baselines") || can_list(std::string(getenv("HOME") ? getenv("HOME") : "/root") + "/.local/share/judge/baselines");
  add_all(A, B, C, N);
  verdict_from(escaped, C);
}
