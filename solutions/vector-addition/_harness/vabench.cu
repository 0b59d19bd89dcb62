#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include <algorithm>
__device__ __forceinline__ float4 add4(float4 a, float4 b) { return make_float4(a.x+b.x,a.y+b.y,a.z+b.z,a.w+b.w); }
__global__ void v1(const float4* A, const float4* B, float4* C, int n4) { int i = blockIdx.x*blockDim.x+threadIdx.x; if (i<n4) C[i]=add4(A[i],B[i]); }
__global__ void v2(const float4* A, const float4* B, float4* C, int n4) { int i = blockIdx.x*blockDim.x+threadIdx.x; if (i<n4) __stcs(C+i, add4(__ldcs(A+i),__ldcs(B+i))); }
template <int U, bool HINT>
__global__ void vblock(const float4* A, const float4* B, float4* C, int n4) {
  int base = blockIdx.x*blockDim.x*U + threadIdx.x;
  float4 a[U], b[U];
#pragma unroll
  for (int k=0;k<U;++k){int i=base+k*blockDim.x; if(i<n4){ if(HINT){a[k]=__ldcs(A+i);b[k]=__ldcs(B+i);} else {a[k]=__ldg(A+i);b[k]=__ldg(B+i);} }}
#pragma unroll
  for (int k=0;k<U;++k){int i=base+k*blockDim.x; if(i<n4){ if(HINT) __stcs(C+i,add4(a[k],b[k])); else C[i]=add4(a[k],b[k]);}}
}
template <int U, bool HINT>
__global__ void vgrid(const float4* A, const float4* B, float4* C, int n4) {
  const int stride = gridDim.x*blockDim.x; int i = blockIdx.x*blockDim.x+threadIdx.x;
  for (; i + (U-1)*stride < n4; i += U*stride) {
    float4 a[U], b[U];
#pragma unroll
    for (int k=0;k<U;++k){ if(HINT){a[k]=__ldcs(A+i+k*stride);b[k]=__ldcs(B+i+k*stride);} else {a[k]=A[i+k*stride];b[k]=B[i+k*stride];}}
#pragma unroll
    for (int k=0;k<U;++k){ if(HINT) __stcs(C+i+k*stride,add4(a[k],b[k])); else C[i+k*stride]=add4(a[k],b[k]);}
  }
  for (; i<n4; i+=stride) C[i]=add4(A[i],B[i]);
}
int main() {
  const int N = 25000000, n4 = N/4;
  float4 *A,*B,*C; cudaMalloc(&A,N*4); cudaMalloc(&B,N*4); cudaMalloc(&C,N*4);
  cudaMemset(A,0,N*4); cudaMemset(B,0,N*4);
  void* flush; cudaMalloc(&flush, 200<<20);
  int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaEvent_t e0,e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  auto bench = [&](const char* name, auto launch) {
    std::vector<float> t;
    for (int r=0;r<60;++r){ cudaMemset(flush,r,200<<20); cudaEventRecord(e0); launch(); cudaEventRecord(e1); cudaEventSynchronize(e1); float ms; cudaEventElapsedTime(&ms,e0,e1); if(r>=10) t.push_back(ms);}
    std::sort(t.begin(),t.end()); printf("%-28s median %.4f ms min %.4f  GB/s %.0f  %s\n", name, t[t.size()/2], t[0], 12.0*N/t[t.size()/2]/1e6, cudaGetErrorString(cudaGetLastError()));
  };
  for (int rep=0; rep<2; ++rep) {
  bench("v1 float4", [&]{ v1<<<(n4+255)/256,256>>>(A,B,C,n4); });
  bench("v2 float4+hint", [&]{ v2<<<(n4+255)/256,256>>>(A,B,C,n4); });
  bench("block U2", [&]{ vblock<2,false><<<(n4+511)/512,256>>>(A,B,C,n4); });
  bench("block U2 hint", [&]{ vblock<2,true><<<(n4+511)/512,256>>>(A,B,C,n4); });
  bench("block U4", [&]{ vblock<4,false><<<(n4+1023)/1024,256>>>(A,B,C,n4); });
  bench("block U4 hint", [&]{ vblock<4,true><<<(n4+1023)/1024,256>>>(A,B,C,n4); });
  bench("block U4 hint 128t", [&]{ vblock<4,true><<<(n4+511)/512,128>>>(A,B,C,n4); });
  bench("block U8 hint 128t", [&]{ vblock<8,true><<<(n4+1023)/1024,128>>>(A,B,C,n4); });
  for (int mult : {8, 16, 32, 64}) {
    char nm[64];
    snprintf(nm,64,"grid U4 hint x%d",mult); bench(nm, [&]{ vgrid<4,true><<<sms*mult,256>>>(A,B,C,n4); });
    snprintf(nm,64,"grid U4 nohint x%d",mult); bench(nm, [&]{ vgrid<4,false><<<sms*mult,256>>>(A,B,C,n4); });
    snprintf(nm,64,"grid U2 hint x%d",mult); bench(nm, [&]{ vgrid<2,true><<<sms*mult,256>>>(A,B,C,n4); });
  }
  }
}
