template <= 3> __global__ void k(int* p) {}
extern "C" void solve(int* p, int n) {
  k<<<1, 1>>>(p);
}
