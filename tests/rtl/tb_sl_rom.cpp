// tests/rtl/tb_sl_rom.cpp: Verilator test of sl_rom: every address below
// DEPTH reads the entry given in ENTRIES (the same list that
// tests/rtl/run_rtl_tests.sh packed into the DATA parameter), and the
// addresses from DEPTH up to 2^AW read 0.
// Arguments: W= DEPTH= ENTRIES=e0,e1,..
#include <vector>

#include "Vsl_rom.h"
#include "tb_common.h"

int main(int argc, char** argv) {
  tb_args a(argc, argv);
  const int w = (int)a.num("W");
  const long depth = (long)a.num("DEPTH");
  const std::vector<int64_t> entries = a.list("ENTRIES");
  const int aw = tb_addr_width(depth);
  if ((long)entries.size() != depth) {
    std::fprintf(stderr, "ENTRIES needs DEPTH values\n");
    return 2;
  }
  Verilated::commandArgs(argc, argv);
  Vsl_rom m;
  long checks = 0;
  for (uint64_t ad = 0; ad < (1ull << aw); ad++) {
    tb_set(m.addr, 0, aw, ad);
    m.eval();
    uint64_t want = ad < (uint64_t)depth ? (uint64_t)entries[ad] & tb_mask(w) : 0;
    uint64_t got = tb_get(m.data, 0, w);
    TB_CHECK(got == want, "addr %llu: data %llx, want %llx", (unsigned long long)ad,
             (unsigned long long)got, (unsigned long long)want);
    checks++;
  }
  return tb_finish("sl_rom", checks);
}
