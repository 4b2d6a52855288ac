// tests/rtl/tb_sl_sram.cpp: Verilator test of sl_sram against a C++ array:
// a write when wen is high, and rdata after each edge is the array's word
// at raddr from before that edge's write (read-first, one cycle latency).
// Arguments: W= DEPTH= SEED=. Half of the reads hit the address being
// written. Words never written are not checked.
#include <vector>

#include "Vsl_sram.h"
#include "tb_common.h"

int main(int argc, char** argv) {
  tb_args a(argc, argv);
  const int w = (int)a.num("W");
  const long depth = (long)a.num("DEPTH");
  const int aw = tb_addr_width(depth);
  tb_rng rng((uint64_t)a.num("SEED", 1));
  Verilated::commandArgs(argc, argv);
  Vsl_sram m;
  m.ce = 1;  // the clock enable: always on here
  std::vector<uint64_t> mem(depth, 0);
  std::vector<bool> known(depth, false);
  bool want_known = false;
  uint64_t want = 0;
  long checks = 0;

  for (long c = 0; c < 20 * depth + 3000; c++) {
    m.wen = rng.chance(c < 4 * depth ? 90 : 40);
    uint64_t wa = rng.below(depth), ra = rng.chance(50) ? wa : rng.below(depth);
    uint64_t x = rng.next() & tb_mask(w);
    tb_set(m.waddr, 0, aw, wa);
    tb_set(m.raddr, 0, aw, ra);
    tb_set(m.wdata, 0, w, x);
    m.clk = 0; m.eval();
    if (want_known) {
      uint64_t got = tb_get(m.rdata, 0, w);
      TB_CHECK(got == want, "cycle %ld: rdata %llx, want %llx", c, (unsigned long long)got,
               (unsigned long long)want);
      checks++;
    }
    m.clk = 1; m.eval();
    want_known = known[ra];
    want = mem[ra];
    if (m.wen) {
      mem[wa] = x;
      known[wa] = true;
    }
  }
  return tb_finish("sl_sram", checks);
}
