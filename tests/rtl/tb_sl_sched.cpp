// tests/rtl/tb_sl_sched.cpp: Verilator test of sl_sched against a C++ loop
// nest that lists every iteration i of the box EXT with its fire cycle
// t(i) = START + sum_d COEF[d] * i[d], in lexicographic order.
// Arguments: N= TW= EXT=e0,e1,.. COEF=c0,c1,.. START= CYC0= SEED=
// (CYC0 is the value of cyc in run cycle 0, so the counters wrap at 2^TW
// when it is near the top). The hardware gets DELTA and START + CYC0 from
// tests/rtl/run_rtl_tests.sh, which derives them from the same arguments.
// Checked every cycle: fire, idx when firing, active, and that nidx is the
// value idx takes at the next edge; over several runs
// with idle gaps, a run cut by rst and a run restarted by go.
#include <vector>

#include "Vsl_sched.h"
#include "tb_common.h"

struct iter {
  int64_t t;
  std::vector<int64_t> i;
};

static void nest(const std::vector<int64_t>& ext, const std::vector<int64_t>& coef,
                 int64_t start, std::vector<int64_t>& i, size_t d,
                 std::vector<iter>& out) {
  if (d == ext.size()) {
    int64_t t = start;
    for (size_t k = 0; k < ext.size(); k++) t += coef[k] * i[k];
    out.push_back({t, i});
    return;
  }
  for (i[d] = 0; i[d] < ext[d]; i[d]++) nest(ext, coef, start, i, d + 1, out);
}

int main(int argc, char** argv) {
  tb_args a(argc, argv);
  const int n = (int)a.num("N"), tw = (int)a.num("TW");
  const std::vector<int64_t> ext = a.list("EXT"), coef = a.list("COEF");
  const int64_t start = a.num("START");
  const uint64_t cyc0 = (uint64_t)a.num("CYC0", 0), cmask = tb_mask(tw);
  tb_rng rng((uint64_t)a.num("SEED", 1));
  if ((int)ext.size() != n || (int)coef.size() != n) {
    std::fprintf(stderr, "EXT and COEF need N entries\n");
    return 2;
  }
  std::vector<iter> its;
  std::vector<int64_t> i(n);
  nest(ext, coef, start, i, 0, its);
  for (size_t k = 1; k < its.size(); k++)
    if (its[k].t <= its[k - 1].t) {
      std::fprintf(stderr, "test case: t is not increasing at iteration %zu\n", k);
      return 2;
    }
  const int64_t t_last = its.back().t;

  Verilated::commandArgs(argc, argv);
  Vsl_sched m;
  long checks = 0;
  bool act = false;  // the model
  size_t k = 0;      // next iteration to fire
  auto settle = [&]() { m.clk = 0; m.eval(); };
  // nidx before the edge must be idx after it (every edge, whatever the inputs).
  auto edge = [&]() {
    std::vector<uint64_t> want(n);
    for (int d = 0; d < n; d++) want[d] = tb_get(m.nidx, d * 32, 32);
    m.clk = 1; m.eval();
    for (int d = 0; d < n; d++) {
      uint64_t got = tb_get(m.idx, d * 32, 32);
      TB_CHECK(got == want[d], "idx[%d] = %llu after the edge, nidx said %llu", d,
               (unsigned long long)got, (unsigned long long)want[d]);
      checks++;
    }
  };

  m.rst = 1; m.go = 0; m.cyc = 0;
  settle(); edge();
  m.rst = 0;
  for (int run = 0; run < 5; run++) {
    for (int g = (int)rng.below(4); g > 0; g--) {  // idle gap
      m.cyc = rng.next() & cmask;
      settle();
      TB_CHECK(!m.active && !m.fire, "run %d idle: active %d fire %d", run, m.active, m.fire);
      checks++;
      edge();
    }
    m.go = 1;  // cycle -1
    m.cyc = rng.next() & cmask;
    settle();
    TB_CHECK(!m.active && !m.fire, "run %d go cycle: active %d fire %d", run, m.active, m.fire);
    edge();
    m.go = 0;
    act = true; k = 0;
    const int64_t cut = (int64_t)rng.below((uint64_t)t_last + 1);
    bool restarted = false;
    for (int64_t c = 0; c <= t_last + 2; c++) {
      m.cyc = (cyc0 + (uint64_t)c) & cmask;
      m.rst = run == 1 && c == cut;
      m.go = run == 2 && c == cut && !restarted;
      settle();
      bool want_fire = act && its[k].t == c;
      TB_CHECK(m.active == act, "run %d cycle %lld: active %d, want %d", run, (long long)c, m.active, act);
      TB_CHECK(m.fire == want_fire, "run %d cycle %lld: fire %d, want %d", run, (long long)c, m.fire, want_fire);
      checks += 2;
      if (want_fire && m.fire)
        for (int d = 0; d < n; d++) {
          uint64_t got = tb_get(m.idx, d * 32, 32);
          TB_CHECK(got == (uint64_t)its[k].i[d], "run %d cycle %lld: idx[%d] = %llu, want %lld",
                   run, (long long)c, d, (unsigned long long)got, (long long)its[k].i[d]);
          checks++;
        }
      edge();
      if (m.rst) {
        act = false;
      } else if (m.go) {
        act = true; k = 0; c = -1; restarted = true;
      } else if (want_fire && ++k == its.size()) {
        act = false;
      }
    }
    m.rst = 0; m.go = 0;
    settle();
    TB_CHECK(!m.active, "run %d: active after the run", run);
    checks++;
  }
  return tb_finish("sl_sched", checks);
}
