// tests/rtl/tb_sl_ram.cpp: Verilator test of sl_ram against a C++ array:
// each of the NR read ports returns, in the same cycle, wdata when wen is
// high and waddr equals its address (write bypass), else the array's word.
// Arguments: W= DEPTH= NR= SEED=. Reads often hit the address being
// written. Words never written are not checked.
#include <vector>

#include "Vsl_ram.h"
#include "tb_common.h"

int main(int argc, char** argv) {
  tb_args a(argc, argv);
  const int w = (int)a.num("W"), nr = (int)a.num("NR");
  const long depth = (long)a.num("DEPTH");
  const int aw = tb_addr_width(depth);
  tb_rng rng((uint64_t)a.num("SEED", 1));
  Verilated::commandArgs(argc, argv);
  Vsl_ram m;
  m.ce = 1;  // the clock enable: always on here
  std::vector<uint64_t> mem(depth, 0);
  std::vector<bool> known(depth, false);
  long checks = 0, bypasses = 0;

  for (long c = 0; c < 20 * depth + 3000; c++) {
    m.wen = rng.chance(60);
    uint64_t wa = rng.below(depth), x = rng.next() & tb_mask(w);
    std::vector<uint64_t> ra(nr);
    tb_set(m.waddr, 0, aw, wa);
    tb_set(m.wdata, 0, w, x);
    for (int r = 0; r < nr; r++) {
      ra[r] = rng.chance(40) ? wa : rng.below(depth);
      tb_set(m.raddr, r * aw, aw, ra[r]);
    }
    m.clk = 0; m.eval();
    for (int r = 0; r < nr; r++) {
      bool bypass = m.wen && ra[r] == wa;
      if (!bypass && !known[ra[r]]) continue;
      uint64_t want = bypass ? x : mem[ra[r]];
      uint64_t got = tb_get(m.rdata, r * w, w);
      TB_CHECK(got == want, "cycle %ld port %d addr %llu%s: rdata %llx, want %llx", c, r,
               (unsigned long long)ra[r], bypass ? " (bypass)" : "", (unsigned long long)got,
               (unsigned long long)want);
      checks++;
      bypasses += bypass;
    }
    m.clk = 1; m.eval();
    if (m.wen) {
      mem[wa] = x;
      known[wa] = true;
    }
  }
  if (bypasses == 0) {
    std::fprintf(stderr, "no bypass read was checked\n");
    return 1;
  }
  return tb_finish("sl_ram", checks);
}
