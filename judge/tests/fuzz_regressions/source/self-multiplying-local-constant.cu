template <int N> __global__ void k(int* p) {}
extern "C" void solve(int* p, int n) {
  constexpr int X = X + X + X + X + X + X + X + X + X + X;
  k<X><<<1, 1>>>(p);
}
