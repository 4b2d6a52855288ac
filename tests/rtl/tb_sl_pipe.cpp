// tests/rtl/tb_sl_pipe.cpp: Verilator test of sl_pipe against a C++ model:
// an array of L stages of (valid, data) that moves one stage per cycle; rst
// clears every valid bit and the data still moves; an edge with ce low
// (from cycle 2000 on, ce is low in a third of the cycles) changes nothing
// unless rst is high.
// Arguments: W= L= SEED=. Checked every cycle: out_valid, and out_data once
// L cycles have filled the stages.
#include <vector>

#include "Vsl_pipe.h"
#include "tb_common.h"

int main(int argc, char** argv) {
  tb_args a(argc, argv);
  const int w = (int)a.num("W"), l = (int)a.num("L");
  tb_rng rng((uint64_t)a.num("SEED", 1));
  Verilated::commandArgs(argc, argv);
  Vsl_pipe m;
  m.ce = 1;
  std::vector<bool> valid(l, false);
  std::vector<uint64_t> data(l, 0);
  long checks = 0, edges = 0;

  m.rst = 1; m.in_valid = 1; m.in_data = 0;
  m.clk = 0; m.eval(); m.clk = 1; m.eval();
  for (int c = 0; c < 3000; c++) {
    m.rst = rng.chance(3);
    m.ce = c < 2000 || !rng.chance(33);
    m.in_valid = rng.chance(c < 1500 ? 50 : 90);
    uint64_t x = rng.next() & tb_mask(w);
    tb_set(m.in_data, 0, w, x);
    m.clk = 0; m.eval();
    TB_CHECK(m.out_valid == valid[l - 1], "cycle %d: out_valid %d, want %d", c, m.out_valid,
             (int)valid[l - 1]);
    checks++;
    if (edges >= l) {
      uint64_t got = tb_get(m.out_data, 0, w);
      TB_CHECK(got == data[l - 1], "cycle %d: out_data %llx, want %llx", c,
               (unsigned long long)got, (unsigned long long)data[l - 1]);
      checks++;
    }
    m.clk = 1; m.eval();
    if (!m.ce && !m.rst) continue;  // with rst every stage moves
    edges++;
    for (int k = l - 1; k > 0; k--) {
      valid[k] = m.rst ? false : valid[k - 1];
      data[k] = data[k - 1];
    }
    valid[0] = m.rst ? false : (bool)m.in_valid;
    data[0] = x;
  }
  return tb_finish("sl_pipe", checks);
}
