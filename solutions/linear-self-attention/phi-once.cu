// naive with phi applied once: an elementwise kernel writes phi(K) and phi(Q) to scratch, so the
// two naive kernels (one thread per entry of S over all M rows, one per output element) run on
// plain multiply-adds instead of calling expf d times per element.
#include <cuda_runtime.h>

// phi(x) = elu(x) + 1: x + 1 above 0, e^x at or below it.
__device__ __forceinline__ float phi(float x) { return x > 0.0f ? x + 1.0f : expf(x); }

// S[a][b] = sum_j P[j][a] V[j][b] and z[a] = sum_j P[j][a] over precomputed P = phi(K): one
// thread per (a, b) walks all M rows.
__global__ void kv_kernel(const float* P, const float* V, float* S, float* z, int M, int d) {
    const int b = blockIdx.x * blockDim.x + threadIdx.x, a = blockIdx.y;
    if (b >= d) return;
    float s = 0.0f, zs = 0.0f;
    for (int j = 0; j < M; ++j) {
        const float p = P[(size_t)j * d + a];
        s += p * V[(size_t)j * d + b];
        zs += p;
    }
    S[a * d + b] = s;
    if (b == 0) z[a] = zs;
}

__global__ void phi_kernel(const float* X, float* P, size_t n) {
    const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) P[i] = phi(X[i]);
}

// One thread per output element from precomputed P = phi(Q): numerator and denominator over the
// d features (the denominator recomputed by each of the row's d threads).
__global__ void out_kernel(const float* P, const float* S, const float* z, float* O, int M, int d) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= M || c >= d) return;
    float num = 0.0f, den = 0.0f;
    for (int a = 0; a < d; ++a) {
        const float p = P[(size_t)i * d + a];
        num += p * S[a * d + c];
        den += p * z[a];
    }
    O[(size_t)i * d + c] = num / den;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d) {
    float* S = nullptr;  // S (d x d) followed by z (d)
    cudaMalloc(&S, sizeof(float) * (d * d + d));
    float* z = S + d * d;
    float* P = nullptr;  // phi(K), then phi(Q)
    cudaMalloc(&P, sizeof(float) * 2 * (size_t)M * d);
    const size_t n = (size_t)M * d;
    phi_kernel<<<(unsigned)((n + 255) / 256), 256>>>(K, P, n);
    phi_kernel<<<(unsigned)((n + 255) / 256), 256>>>(Q, P + n, n);
    kv_kernel<<<dim3((d + 31) / 32, d), 32>>>(P, V, S, z, M, d);
    out_kernel<<<dim3((d + 15) / 16, (M + 15) / 16), dim3(16, 16)>>>(P + n, S, z, output, M, d);
    cudaFree(S);
    cudaFree(P);
}
