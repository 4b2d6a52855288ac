// tests/rtl/tb_common.h: shared pieces of the Verilator unit tests of the
// hardware library: key=value arguments, a seeded random generator, bit
// access to Verilator ports of any width, and failure counting. Each
// testbench holds its own C++ model of the block it tests.
#ifndef TB_COMMON_H
#define TB_COMMON_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "verilated.h"

// Arguments of the form KEY=VALUE; lists are comma-separated.
struct tb_args {
  std::map<std::string, std::string> kv;
  tb_args(int argc, char** argv) {
    for (int i = 1; i < argc; i++) {
      std::string a = argv[i];
      size_t eq = a.find('=');
      if (eq != std::string::npos) kv[a.substr(0, eq)] = a.substr(eq + 1);
    }
  }
  std::string str(const std::string& k) const {
    auto it = kv.find(k);
    if (it == kv.end()) {
      std::fprintf(stderr, "missing argument %s=\n", k.c_str());
      std::exit(2);
    }
    return it->second;
  }
  int64_t num(const std::string& k) const { return std::stoll(str(k), nullptr, 0); }
  int64_t num(const std::string& k, int64_t def) const {
    return kv.count(k) ? num(k) : def;
  }
  std::vector<int64_t> list(const std::string& k) const {
    std::vector<int64_t> v;
    std::stringstream ss(str(k));
    std::string item;
    while (std::getline(ss, item, ',')) v.push_back(std::stoll(item, nullptr, 0));
    return v;
  }
};

// splitmix64
struct tb_rng {
  uint64_t s;
  explicit tb_rng(uint64_t seed) : s(seed) {}
  uint64_t next() {
    uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint64_t below(uint64_t n) { return next() % n; }
  bool chance(unsigned percent) { return below(100) < percent; }
};

static inline uint64_t tb_mask(int w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

// Bits [lo, lo+w) of a port, w <= 64.
template <class T> uint64_t tb_get(const T& v, int lo, int w) {
  return (static_cast<uint64_t>(v) >> lo) & tb_mask(w);
}
template <std::size_t N> uint64_t tb_get(const VlWide<N>& v, int lo, int w) {
  uint64_t r = 0;
  for (int b = 0; b < w; b++) {
    int p = lo + b;
    if ((v[p / 32] >> (p % 32)) & 1u) r |= 1ull << b;
  }
  return r;
}

// Sets bits [lo, lo+w) of a port to x, w <= 64.
template <class T> void tb_set(T& v, int lo, int w, uint64_t x) {
  uint64_t m = tb_mask(w) << lo;
  v = static_cast<T>((static_cast<uint64_t>(v) & ~m) | ((x << lo) & m));
}
template <std::size_t N> void tb_set(VlWide<N>& v, int lo, int w, uint64_t x) {
  for (int b = 0; b < w; b++) {
    int p = lo + b;
    uint32_t bit = 1u << (p % 32);
    if ((x >> b) & 1u) v[p / 32] |= bit;
    else v[p / 32] &= ~bit;
  }
}

// Address width of the library's memories: max(1, ceil(log2(depth))).
static inline int tb_addr_width(int64_t depth) {
  int aw = 1;
  while ((int64_t(1) << aw) < depth) aw++;
  return aw;
}

static long tb_failures = 0;

#define TB_CHECK(cond, ...)                                   \
  do {                                                        \
    if (!(cond)) {                                            \
      if (tb_failures < 10) {                                 \
        std::fprintf(stderr, "%s:%d: check failed: ", __FILE__, __LINE__); \
        std::fprintf(stderr, __VA_ARGS__);                    \
        std::fprintf(stderr, "\n");                           \
      }                                                       \
      tb_failures++;                                          \
    }                                                         \
  } while (0)

static inline int tb_finish(const char* name, long checks) {
  if (tb_failures) {
    std::printf("FAIL %s: %ld of %ld checks failed\n", name, tb_failures, checks);
    return 1;
  }
  std::printf("PASS %s: %ld checks\n", name, checks);
  return 0;
}

#endif
