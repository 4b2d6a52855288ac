// tests/rtl/tb_sl_fifo_seg.cpp: Verilator test of sl_fifo_seg against a
// std::deque delay line of DEPTH positions: on shift, din enters at the
// front and the back leaves; dout must equal the back (position DEPTH-1)
// in every cycle once DEPTH shifts have filled the line.
// Arguments: W= DEPTH= SEED=. Phases of rare, frequent and back-to-back
// shifts.
#include <deque>

#include "Vsl_fifo_seg.h"
#include "tb_common.h"

int main(int argc, char** argv) {
  tb_args a(argc, argv);
  const int w = (int)a.num("W");
  const long depth = (long)a.num("DEPTH");
  tb_rng rng((uint64_t)a.num("SEED", 1));
  Verilated::commandArgs(argc, argv);
  Vsl_fifo_seg m;
  m.ce = 1;  // the clock enable: always on here
  std::deque<uint64_t> line;  // front: position 0
  long checks = 0, shifts = 0;
  const long cycles = 40 * depth + 2000;

  for (long c = 0; c < cycles; c++) {
    long phase = (c / 200) % 4;
    unsigned pct = phase == 0 ? 100 : phase == 1 ? 10 : phase == 2 ? 60 : 95;
    m.shift = rng.chance(pct);
    uint64_t x = rng.next() & tb_mask(w);
    tb_set(m.din, 0, w, x);
    m.clk = 0; m.eval();
    if (shifts >= depth) {
      uint64_t got = tb_get(m.dout, 0, w);
      TB_CHECK(got == line.back(), "cycle %ld (after %ld shifts): dout %llx, want %llx", c,
               shifts, (unsigned long long)got, (unsigned long long)line.back());
      checks++;
    }
    m.clk = 1; m.eval();
    if (m.shift) {
      line.push_front(x);
      if ((long)line.size() > depth) line.pop_back();
      shifts++;
    }
  }
  return tb_finish("sl_fifo_seg", checks);
}
