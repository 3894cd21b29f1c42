#include <map>
#include <memory>
#include <stdexcept>
template <typename T, int N> struct Array { T v[N]; T sum() const { T s{}; for (int i = 0; i < N; ++i) s += v[i]; return s; } };
int use_array() { Array<int, 4> a{{1, 2, 3, 4}}; Array<double, 2> b{{0.5, 0.25}}; return a.sum() + static_cast<int>(b.sum()); }
int lookup(const std::map<int, int>& m, int k) { auto it = m.find(k); if (it == m.end()) throw std::out_of_range("k"); return it->second; }
std::unique_ptr<int> make(int v) { return std::make_unique<int>(v); }
int safe(const std::map<int, int>& m) { try { return lookup(m, 3); } catch (const std::exception&) { return -1; } }
