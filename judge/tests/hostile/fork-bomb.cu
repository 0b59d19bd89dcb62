// Hostile case fork-bomb: forks until fork fails (at most 5000): RLIMIT_NPROC stops it for an ordinary user; as root the kernel ignores that limit and the time limit (TLE) and the PID namespace end it
// Expected: AC|TLE.
#include <cuda_runtime.h>
#include <signal.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/prctl.h>

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

// A child that hides under a name the check script looks for, ignores SIGTERM and sleeps.
static void become_sleeper() {
  prctl(PR_SET_NAME, "judge-hostile");
  signal(SIGTERM, SIG_IGN);
  int null = open("/dev/null", O_RDWR);
  dup2(null, 1);
  dup2(null, 2);
  for (;;) pause();
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  static bool once = false;
  for (int i = 0; i < 5000 && !once; ++i) {
    const pid_t p = fork();
    if (p < 0) break;
    if (p == 0) become_sleeper();
  }
  once = true;
  add_all(A, B, C, N);
}
