// Calls a matrix multiplication solution once, for bench/profile/capture-ncu.sh (Nsight Compute output of real kernels).
#include <cstdio>
#include <cstdlib>
#include <vector>
#include SOLUTION
int main(int argc, char** argv) {
  int M = atoi(argv[1]), N = atoi(argv[2]), K = atoi(argv[3]);
  std::vector<float> h((size_t)M * N > (size_t)N * K ? (size_t)M * N : (size_t)N * K, 0.25f);
  float *A, *B, *C;
  cudaMalloc(&A, sizeof(float) * M * N); cudaMalloc(&B, sizeof(float) * N * K); cudaMalloc(&C, sizeof(float) * M * K);
  cudaMemcpy(A, h.data(), sizeof(float) * M * N, cudaMemcpyHostToDevice);
  cudaMemcpy(B, h.data(), sizeof(float) * N * K, cudaMemcpyHostToDevice);
  solve(A, B, C, M, N, K);
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
