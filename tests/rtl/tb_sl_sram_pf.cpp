// tests/rtl/tb_sl_sram_pf.cpp: Verilator test of sl_sram_pf against a C++
// array: the address given on raddr_nx in one cycle is read in the next,
// and rdata in that cycle is the array's word after every write of earlier
// cycles, or wdata when the cycle itself writes the address (the same
// contract as sl_ram's combinational read). Arguments: W= DEPTH= SEED=.
// Reads often hit the address written in the same cycle and in the cycle
// before (the two bypasses); both kinds are counted and must occur. Words
// never written are not checked.
#include <vector>

#include "Vsl_sram_pf.h"
#include "tb_common.h"

int main(int argc, char** argv) {
  tb_args a(argc, argv);
  const int w = (int)a.num("W");
  const long depth = (long)a.num("DEPTH");
  const int aw = tb_addr_width(depth);
  tb_rng rng((uint64_t)a.num("SEED", 1));
  Verilated::commandArgs(argc, argv);
  Vsl_sram_pf m;
  m.ce = 1;  // the clock enable: always on here
  std::vector<uint64_t> mem(depth, 0);
  std::vector<bool> known(depth, false);
  long checks = 0, same = 0, prev = 0;
  uint64_t ra = 0, last_wa = 0;  // this cycle's read address; last write
  bool have_ra = false, last_wen = false;

  for (long c = 0; c < 20 * depth + 3000; c++) {
    m.wen = rng.chance(c < 4 * depth ? 90 : 50);
    // Write the address read now, or the one written last, or any.
    uint64_t wa = have_ra && rng.chance(30) ? ra
                  : rng.chance(20) ? last_wa : rng.below(depth);
    uint64_t nx = rng.chance(30) ? wa : rng.below(depth);
    uint64_t x = rng.next() & tb_mask(w);
    tb_set(m.waddr, 0, aw, wa);
    tb_set(m.wdata, 0, w, x);
    tb_set(m.raddr_nx, 0, aw, nx);
    m.clk = 0; m.eval();
    if (have_ra) {
      bool bypass = m.wen && wa == ra;
      if (bypass || known[ra]) {
        uint64_t want = bypass ? x : mem[ra];
        uint64_t got = tb_get(m.rdata, 0, w);
        TB_CHECK(got == want, "cycle %ld addr %llu%s: rdata %llx, want %llx", c,
                 (unsigned long long)ra, bypass ? " (same-cycle write)" : "",
                 (unsigned long long)got, (unsigned long long)want);
        checks++;
        same += bypass;
        prev += !bypass && last_wen && last_wa == ra;
      }
    }
    m.clk = 1; m.eval();
    if (m.wen) {
      mem[wa] = x;
      known[wa] = true;
    }
    last_wen = m.wen;
    last_wa = wa;
    ra = nx;
    have_ra = true;
  }
  if (same == 0 || prev == 0) {
    std::fprintf(stderr, "bypass cases not exercised: same %ld, previous %ld\n", same, prev);
    return 1;
  }
  return tb_finish("sl_sram_pf", checks);
}
