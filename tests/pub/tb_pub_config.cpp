// tests/pub/tb_pub_config.cpp: a configuration image written by
// `sluice compile --memory pub` (pub_BUFFER_K.hex), loaded through the
// bus into the Verilated tile (rtlgen/lib/sl_pub.v) and run on an image.
// The expectations come from the arguments, not from the compiler: the
// input is a ROWS x COLS raster written one pixel a cycle from cycle T0
// of the run, and output j (OUTj=Y0,X0,NY,NX,DELAY) must present the
// pixels of rows Y0.., columns X0.. in raster order, pixel (y, x) exactly
// in cycle T0 + y*COLS + x + DELAY, and nothing in any other cycle.
// Arguments: W= FW= DEPTH= NI= NO= LEVELS= CW= (the build's parameters)
//   HEX=file  the image; SEED= the pixels; ROWS= COLS= T0=; OUT0= OUT1= ...
//   RUNS=N    N runs of the configuration, each started by a flush (1)
//   CUT=C     the first run is cut short: the edge ending its cycle C is
//             the next run's flush (0: no cut); it is checked up to C
// (Built with -DSL_PUB_COUNT the tile prints its counts per run.)
#include <algorithm>
#include <fstream>
#include <memory>
#include <string>

#include "Vsl_pub.h"
#include "tb_common.h"

namespace {

struct out_spec {
  int64_t y0, x0, ny, nx, delay;
};

int fails = 0;

#define CHECK(cond, ...)                            \
  do {                                              \
    if (!(cond)) {                                  \
      if (fails++ < 10) {                           \
        std::fprintf(stderr, __VA_ARGS__);          \
        std::fputc('\n', stderr);                   \
      }                                             \
    }                                               \
  } while (0)

}  // namespace

int main(int argc, char** argv) {
  tb_args a(argc, argv);
  const int w = int(a.num("W")), cw = int(a.num("CW")), no = int(a.num("NO"));
  const int64_t rows = a.num("ROWS"), cols = a.num("COLS"), t0 = a.num("T0");
  std::vector<out_spec> outs;
  for (int j = 0; j < no && a.kv.count("OUT" + std::to_string(j)); j++) {
    std::vector<int64_t> v = a.list("OUT" + std::to_string(j));
    outs.push_back({v[0], v[1], v[2], v[3], v[4]});
  }
  std::vector<uint64_t> img(size_t(rows * cols));
  tb_rng rng(uint64_t(a.num("SEED", 1)));
  for (auto& p : img) p = rng.next() & tb_mask(w);

  Verilated::commandArgs(argc, argv);
  std::unique_ptr<Vsl_pub> m(new Vsl_pub);
  auto edge = [&]() {
    m->clk = 0;
    m->eval();
    m->clk = 1;
    m->eval();
  };
  m->clk_en = 1;
  m->rst = 1;
  edge();
  m->rst = 0;
  // the bus writes, up to the all-ones word
  std::ifstream hex(a.str("HEX"));
  std::string line;
  long writes = 0;
  auto clog2 = [](int64_t v) { int b = 0; while ((int64_t(1) << b) < v) b++; return b; };
  const int ca = std::max(1, clog2(2 * (a.num("NI") + no))) + clog2(3 * a.num("LEVELS") + 3);
  while (std::getline(hex, line)) {
    if (line.empty() || line[0] == '/') continue;
    uint64_t word = std::stoull(line, nullptr, 16);
    if (word == tb_mask(ca + cw)) break;
    m->cfg_we = 1;
    tb_set(m->cfg_addr, 0, ca, word >> cw);
    tb_set(m->cfg_data, 0, cw, word & tb_mask(cw));
    edge();
    writes++;
  }
  m->cfg_we = 0;
  // One run from the flush before it: cycle c is the c-th edge after it,
  // up to cycle "last"; with "cut" the edge ending cycle "last" is the
  // next run's flush.  The pixels taken and the words checked.
  long words = 0;
  int64_t next_in = 0;
  auto run_once = [&](int64_t last, bool cut) {
    next_in = 0;
    words = 0;
    std::vector<int64_t> next_out(outs.size(), 0);
    for (int64_t c = 0; c <= last; c++) {
      // the pixel due in this cycle (the tile takes it when in_en says so)
      bool due = next_in < rows * cols && c == t0 + next_in;
      tb_set(m->in_data, 0, w, due ? img[size_t(next_in)] : 0);
      m->clk = 0;
      m->eval();
      CHECK(bool(tb_get(m->in_en, 0, 1)) == due, "cycle %lld: in_en %d, want %d", (long long)c,
            int(tb_get(m->in_en, 0, 1)), int(due));
      for (size_t j = 0; j < outs.size(); j++) {
        const out_spec& o = outs[j];
        int64_t k = next_out[j];
        int64_t y = o.y0 + k / o.nx, x = o.x0 + k % o.nx;
        bool want = k < o.ny * o.nx && c == t0 + y * cols + x + o.delay;
        bool got = tb_get(m->out_valid, int(j), 1);
        CHECK(got == want, "cycle %lld: out_valid[%zu] %d, want %d", (long long)c, j, int(got),
              int(want));
        if (got && want) {
          uint64_t d = tb_get(m->out_data, int(j) * w, w);
          CHECK(d == img[size_t(y * cols + x)], "cycle %lld: output %zu presents %llx, pixel "
                "(%lld, %lld) is %llx", (long long)c, j, (unsigned long long)d, (long long)y,
                (long long)x, (unsigned long long)img[size_t(y * cols + x)]);
          words++;
        }
        if (want) next_out[j]++;
      }
      if (due) next_in++;
      m->flush = cut && c == last;
      m->clk = 1;
      m->eval();
      m->flush = 0;
    }
  };
  int64_t last = 0;
  for (auto& o : outs) last = std::max(last, t0 + (o.y0 + o.ny) * cols + o.delay + 8);
  long want_words = 0;
  for (auto& o : outs) want_words += long(o.ny * o.nx);
  const int64_t runs = a.num("RUNS", 1), cut = a.num("CUT", 0);
  long words_all = 0;
  int64_t taken_all = 0;
  m->flush = 1;
  edge();
  m->flush = 0;
  for (int64_t run = 0; run < runs; run++) {
    if (run == 0 && cut > 0 && runs > 1) {
      run_once(cut, true);
      continue;
    }
    run_once(last, false);
    CHECK(words == want_words, "run %lld: %ld words presented, want %ld", (long long)run,
          words, want_words);
    CHECK(next_in == rows * cols, "run %lld: %lld pixels taken, want %lld", (long long)run,
          (long long)next_in, (long long)(rows * cols));
    words_all += words;
    taken_all += next_in;
    if (run + 1 < runs) {
      m->flush = 1;
      edge();
      m->flush = 0;
    }
  }
  std::printf("%s: %ld bus writes, %lld run(s)%s, %lld pixels in, %ld words out checked: %s\n",
              a.str("HEX").c_str(), writes, (long long)runs, cut > 0 && runs > 1 ? ", the first cut"
              : "", (long long)taken_all, words_all, fails ? "FAIL" : "ok");
  m->final();
  return fails ? 1 : 0;
}
