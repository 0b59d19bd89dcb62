// Hostile case kill-judge-by-name: looks for processes named judge in /proc and sends each SIGKILL; only its own namespace's are visible
// Expected: AC.
#include <cuda_runtime.h>
#include <signal.h>
#include <unistd.h>
#include <dirent.h>
#include <cstdio>
#include <cstring>
#include <cstdlib>

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

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  DIR* d = opendir("/proc");
  const pid_t self = getpid();
  for (dirent* e; d && (e = readdir(d));) {
    const int pid = atoi(e->d_name);
    if (pid <= 1 || pid == self) continue;
    char path[64], comm[64] = {};
    snprintf(path, sizeof path, "/proc/%d/comm", pid);
    if (FILE* f = fopen(path, "r")) {
      if (fgets(comm, sizeof comm, f) && strncmp(comm, "judge", 5) == 0) kill(pid, SIGKILL);
      fclose(f);
    }
  }
  if (d) closedir(d);
  add_all(A, B, C, N);
}
