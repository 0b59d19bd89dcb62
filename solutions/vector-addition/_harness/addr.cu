#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
__global__ void wild(float* p, long long off) { p[off + threadIdx.x] = 1.0f; }
int main(int argc, char** argv) {
  long long off = atoll(argv[1]);
  float *a, *b; cudaMalloc(&a, 24); cudaMalloc(&b, 256<<20);
  printf("a=%p b=%p off=%lld target=%p ", (void*)a, (void*)b, off, (void*)(a + off));
  wild<<<1, 2>>>(a, off);
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
}
