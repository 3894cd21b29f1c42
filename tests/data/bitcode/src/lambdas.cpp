#include <algorithm>
#include <functional>
#include <numeric>
#include <vector>
namespace ns { inline namespace v1 { int twice(int x) { return 2 * x; } } }
std::function<int(int)> adder(int n) { return [n](int x) { return x + n; }; }
int sorted_sum(std::vector<int> v) {
  std::sort(v.begin(), v.end(), [](int a, int b) { return a > b; });
  return std::accumulate(v.begin(), v.end(), 0, [](int a, int b) { return a + ns::twice(b); });
}
constexpr int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int fib10 = fib(10);
thread_local std::vector<int> cache;
