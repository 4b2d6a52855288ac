// tests/rtl/tb_sl_sched.cpp: Verilator test of sl_sched. The top,
// sl_sched_pairs (written by tests/rtl/run_rtl_tests.sh), holds K pairs: the
// sl_sched of rtlgen/lib/ and sl_sched_ref (tests/rtl/sl_sched_ref.v, a frozen
// copy of the first sl_sched, which compared a global cycle counter with a
// next-fire register) with the same parameters and the same go and rst.
// Every cycle, for every pair, fire, active and idx must be equal, and nidx
// too except where the registered nidx differs by design (docs/hardware.md):
// not compared in a cycle with rst, nor in a go cycle that restarts a run
// still active; 0 (the reference shows idx) from a rst to the next go.
// Arguments: K= SEED= and either
//   N= TW= EXT=e0,e1,.. COEF=c0,c1,.. START= (K = 1): pair 0 is also checked
//     against a C++ loop nest that lists every iteration i of the box EXT
//     with its fire cycle t(i) = START + sum_d COEF[d] * i[d], in
//     lexicographic order: fire, idx when firing, active, and that nidx is
//     the value idx takes at the next edge; over several runs with idle
//     gaps, a run cut by rst and a run restarted by go;
//   or CYCLES=: every pair under its own random go and rst for CYCLES
//     cycles (runs that complete, and runs cut by rst or restarted by go,
//     often in a fire cycle).
#include <vector>

#include "Vsl_sched_pairs.h"
#include "tb_common.h"

typedef Vsl_sched_pairs top_t;

static long checks = 0;

// Per pair: a rst came since the last go (the new nidx is then 0).
struct pair_state {
  bool cut = false;
};

static bool bit(uint64_t v, int k) { return (v >> k) & 1u; }

// The 256-bit slot of pair k of a wide port, as eight 32-bit words.
template <class W> static bool slot_eq(const W& a, const W& b, int k) {
  for (int j = 0; j < 8; j++)
    if (a[k * 8 + j] != b[k * 8 + j]) return false;
  return true;
}
template <class W> static bool slot_zero(const W& a, int k) {
  for (int j = 0; j < 8; j++)
    if (a[k * 8 + j]) return false;
  return true;
}
template <class W> static unsigned long long word(const W& a, int k, int d) {
  return a[k * 8 + d];
}

// Compares pair k in the current cycle (inputs applied, before the edge).
static void check_pair(top_t& m, int k, const pair_state& st, long c) {
  bool rst = bit(m.rst, k), go = bit(m.go, k);
  TB_CHECK(bit(m.fire, k) == bit(m.ref_fire, k), "pair %d cycle %ld: fire %d, reference %d", k, c,
           bit(m.fire, k), bit(m.ref_fire, k));
  TB_CHECK(bit(m.active, k) == bit(m.ref_active, k), "pair %d cycle %ld: active %d, reference %d",
           k, c, bit(m.active, k), bit(m.ref_active, k));
  TB_CHECK(slot_eq(m.idx, m.ref_idx, k), "pair %d cycle %ld: idx[0..1] %llu,%llu, reference %llu,%llu",
           k, c, word(m.idx, k, 0), word(m.idx, k, 1), word(m.ref_idx, k, 0), word(m.ref_idx, k, 1));
  checks += 3;
  if (rst || (go && bit(m.ref_active, k))) return;
  if (st.cut && !go) {
    TB_CHECK(slot_zero(m.nidx, k), "pair %d cycle %ld: nidx[0] %llu after rst, want 0", k, c,
             word(m.nidx, k, 0));
  } else {
    TB_CHECK(slot_eq(m.nidx, m.ref_nidx, k),
             "pair %d cycle %ld: nidx[0..1] %llu,%llu, reference %llu,%llu", k, c,
             word(m.nidx, k, 0), word(m.nidx, k, 1), word(m.ref_nidx, k, 0), word(m.ref_nidx, k, 1));
  }
  checks++;
}

static void after_edge(top_t& m, int k, pair_state& st) {
  if (bit(m.rst, k)) st.cut = true;
  else if (bit(m.go, k)) st.cut = false;
}

// ------------------------------------------------------------ loop nest

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

// Pair 0 against the loop nest, over five runs (run 1 cut by rst, run 2
// restarted by go at a random cycle).
static int model_test(top_t& m, const tb_args& a, tb_rng& rng) {
  const int n = (int)a.num("N");
  const std::vector<int64_t> ext = a.list("EXT"), coef = a.list("COEF");
  const int64_t start = a.num("START");
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
  pair_state st;
  long cycle = 0;
  bool act = false;  // the model
  size_t k = 0;      // next iteration to fire
  auto settle = [&]() {
    m.clk = 0; m.eval();
    check_pair(m, 0, st, cycle);
  };
  // Unless go or rst is high, or a rst came since the last go, nidx before
  // the edge must be idx after it.
  auto edge = [&]() {
    bool want_known = !m.rst && !m.go && !st.cut;
    std::vector<uint64_t> want(n);
    for (int d = 0; d < n; d++) want[d] = tb_get(m.nidx, d * 32, 32);
    m.clk = 1; m.eval();
    for (int d = 0; d < n && want_known; d++) {
      uint64_t got = tb_get(m.idx, d * 32, 32);
      TB_CHECK(got == want[d], "idx[%d] = %llu after the edge, nidx said %llu", d,
               (unsigned long long)got, (unsigned long long)want[d]);
      checks++;
    }
    after_edge(m, 0, st);
    cycle++;
  };

  m.rst = 1; m.go = 0;
  settle(); edge();
  m.rst = 0;
  for (int run = 0; run < 5; run++) {
    for (int g = (int)rng.below(4); g > 0; g--) {  // idle gap
      settle();
      TB_CHECK(!m.active && !m.fire, "run %d idle: active %d fire %d", run, m.active, m.fire);
      checks++;
      edge();
    }
    m.go = 1;  // cycle -1
    settle();
    TB_CHECK(!m.active && !m.fire, "run %d go cycle: active %d fire %d", run, m.active, m.fire);
    TB_CHECK(tb_get(m.nidx, 0, 32) == 0, "run %d go cycle: nidx[0] %llu, want 0", run,
             (unsigned long long)tb_get(m.nidx, 0, 32));
    edge();
    m.go = 0;
    act = true; k = 0;
    const int64_t cut = (int64_t)rng.below((uint64_t)t_last + 1);
    bool restarted = false;
    for (int64_t c = 0; c <= t_last + 2; c++) {
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
  return 0;
}

// ------------------------------------------------------------ random go and rst

// How pair k's current run ends: completes, or is cut (rst) or restarted
// (go) at a random cycle, most often a fire cycle.
enum run_end { RUN_COMPLETE, RUN_CUT, RUN_RESTART };

struct random_pair {
  pair_state st;
  run_end end = RUN_COMPLETE;
  long fires = 0, runs_done = 0, cuts = 0, restarts = 0;
};

// go and rst of one pair in this cycle, from the reference's state.
static void random_inputs(top_t& m, int k, random_pair& p, tb_rng& rng, uint64_t& go,
                          uint64_t& rst) {
  bool act = bit(m.ref_active, k), fire = bit(m.ref_fire, k);
  bool g = false, r = false;
  if (!act) {
    g = rng.chance(15);
    r = rng.chance(2);
  } else if (p.end != RUN_COMPLETE && rng.below(fire ? 3 : 60) == 0) {
    (p.end == RUN_CUT ? r : g) = true;
    if (rng.chance(10)) (p.end == RUN_CUT ? g : r) = true;  // both: rst wins
  }
  if (g && !r) p.end = rng.chance(70) ? RUN_COMPLETE : rng.chance(50) ? RUN_CUT : RUN_RESTART;
  if (act && r) p.cuts++;
  if (act && g && !r) p.restarts++;
  go |= (uint64_t)g << k;
  rst |= (uint64_t)r << k;
}

static void random_test(top_t& m, int npairs, long cycles, tb_rng& rng) {
  std::vector<random_pair> pairs(npairs);
  tb_set(m.rst, 0, npairs, tb_mask(npairs)); m.go = 0;
  m.clk = 0; m.eval(); m.clk = 1; m.eval();
  for (long c = 0; c < cycles; c++) {
    m.rst = 0; m.go = 0;
    m.clk = 0; m.eval();
    uint64_t go = 0, rst = 0;
    for (int k = 0; k < npairs; k++) random_inputs(m, k, pairs[k], rng, go, rst);
    tb_set(m.go, 0, npairs, go); tb_set(m.rst, 0, npairs, rst);
    m.eval();
    for (int k = 0; k < npairs; k++) {
      check_pair(m, k, pairs[k].st, c);
      pairs[k].fires += bit(m.ref_fire, k);
    }
    uint64_t was_active = m.ref_active;
    m.clk = 1; m.eval();
    for (int k = 0; k < npairs; k++) {
      after_edge(m, k, pairs[k].st);
      if (bit(was_active, k) && !bit(m.ref_active, k) && !bit(rst, k)) pairs[k].runs_done++;
    }
  }
  long cuts = 0, restarts = 0, done = 0;
  for (int k = 0; k < npairs; k++) {
    done += pairs[k].runs_done;
    TB_CHECK(pairs[k].fires > 0 && pairs[k].runs_done > 0,
             "pair %d: %ld fires, %ld runs completed: the test does not exercise it", k,
             pairs[k].fires, pairs[k].runs_done);
    cuts += pairs[k].cuts;
    restarts += pairs[k].restarts;
  }
  TB_CHECK(cuts > 0 && restarts > 0, "%ld runs cut, %ld restarted", cuts, restarts);
  std::printf("%d pairs, %ld cycles, %ld runs completed, %ld cut by rst, %ld restarted by go\n",
              npairs, cycles, done, cuts, restarts);
}

int main(int argc, char** argv) {
  tb_args a(argc, argv);
  const int npairs = (int)a.num("K");
  tb_rng rng((uint64_t)a.num("SEED", 1));
  Verilated::commandArgs(argc, argv);
  top_t m;
  if (npairs < 1 || npairs > 64) {
    std::fprintf(stderr, "K must be 1..64\n");
    return 2;
  }
  if (a.kv.count("COEF")) {
    if (npairs != 1) {
      std::fprintf(stderr, "the loop nest test takes one pair\n");
      return 2;
    }
    if (int rc = model_test(m, a, rng)) return rc;
  } else {
    random_test(m, npairs, a.num("CYCLES"), rng);
  }
  return tb_finish("sl_sched", checks);
}
