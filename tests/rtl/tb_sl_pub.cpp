// tests/rtl/tb_sl_pub.cpp: Verilator test of the push-memory tile (sl_pub)
// against its C++ model (pub_model.h), cycle by cycle: in_en, out_valid,
// busy in every cycle and every out_data word the model knows.
// Arguments: W= FW= DEPTH= NI= NO= LEVELS= CW= [EW=] (the tile's parameters;
//             EW, the extent width, defaults to CW)
//   SEED=     seed of everything random
//   RUNS=     random legal configurations (default 100): each written through
//             the bus in random order (with writes to unmapped addresses),
//             then flushed and run to the end, with random input words,
//             chained words where the tile presents none, clock-enable gaps,
//             and now and then a run cut short by a flush or rst
//   LINEBUF=H the directed case first: a line buffer for a 3-row stencil on
//             a 64-wide image of H rows (docs/pub.md), checked against the
//             image itself, not the model
//   CHAIN=H   then two tiles chained side by side (DEPTH 32, FW 4): a delay
//             of 4 rows of a 64 x H image (H a multiple of 4), checked
//             against the image
//   COUNTS=1  the tile is built with -DSL_PUB_COUNT: print, beside the
//             tile's own "sl_pub_count" lines, the same line of every run
//             from the model's controller steps ("model_count NAME run R
//             ..."; tests/rtl/run_pub_tests.sh compares them)
// The model's own checks run first: it must flag an SRAM collision and a
// chaining conflict at the cycles where they happen.
#include <algorithm>
#include <memory>
#include <utility>

#include "Vsl_pub.h"
#include "pub_model.h"
#include "tb_common.h"

namespace {

// One level of a controller's domain: extent and plain (not delta) strides.
struct level {
  uint64_t ext, sg_stride, ag_stride;
};

// A controller as the compiler sees it (level 0 innermost).
struct ctrl_desc {
  bool enable = false;
  uint64_t sg_start = 0, ag_start = 0;
  std::vector<level> lv;
};

// The bus writes of a configuration: docs/pub.md's map, strides in delta
// form. Levels past lv.size() get extent 1 and a junk delta (never used).
std::vector<std::pair<uint64_t, uint64_t>> encode(const pub_params& p,
                                                  const std::vector<ctrl_desc>& d,
                                                  tb_rng& rng) {
  std::vector<std::pair<uint64_t, uint64_t>> w;
  for (int c = 0; c < p.nc(); c++) {
    uint64_t base = uint64_t(c) << p.rb();
    const ctrl_desc& k = d[c];
    int agw = p.agw(c);
    w.push_back({base + 0, k.enable ? 1 : 0});
    w.push_back({base + 1, k.sg_start & pub_mask(p.cw)});
    w.push_back({base + 2, k.ag_start & pub_mask(agw)});
    uint64_t sg_span = 0, ag_span = 0;   // sum over inner levels of stride * (ext - 1)
    for (int l = 0; l < p.levels; l++) {
      bool used = size_t(l) < k.lv.size();
      uint64_t e = used ? k.lv[l].ext : 1;
      uint64_t sgd = used ? k.lv[l].sg_stride - sg_span : rng.next();
      uint64_t agd = used ? k.lv[l].ag_stride - ag_span : rng.next();
      w.push_back({base + 3 + l, e - 1});
      w.push_back({base + 3 + p.levels + l, sgd & pub_mask(p.cw)});
      w.push_back({base + 3 + 2 * p.levels + l, agd & pub_mask(agw)});
      if (used) {
        sg_span += k.lv[l].sg_stride * (e - 1);
        ag_span += k.lv[l].ag_stride * (e - 1);
      }
    }
  }
  return w;
}

// Fire cycles of a controller, from its plain affine schedule, in order.
std::vector<uint64_t> fire_cycles(const ctrl_desc& k) {
  std::vector<uint64_t> t;
  if (!k.enable) return t;
  std::vector<uint64_t> idx(k.lv.size(), 0);
  for (;;) {
    uint64_t v = k.sg_start;
    for (size_t l = 0; l < idx.size(); l++) v += k.lv[l].sg_stride * idx[l];
    t.push_back(v);
    size_t l = 0;
    while (l < idx.size() && idx[l] + 1 == k.lv[l].ext) idx[l++] = 0;
    if (l == idx.size()) return t;
    idx[l]++;
  }
}

// The tile and its model side by side.
struct bench {
  pub_params p;
  std::unique_ptr<Vsl_pub> m;
  pub_model model;
  long checks = 0, words = 0;
  uint64_t cycle = 0;   // testbench cycles, for messages
  // COUNTS: the model's steps of every controller in the run, the run
  // (flushes so far) and whether anything stepped in it
  const char* name;
  bool counts;
  std::vector<long> run_steps;
  long run_no = 0;
  bool stepped = false;

  bench(const pub_params& pp, const char* nm, bool cnt)
      : p(pp), m(new Vsl_pub{nm}), model(pp), name(nm), counts(cnt),
        run_steps(size_t(pp.nc()), 0) {}

  // The run's line, as sl_pub prints its own under SL_PUB_COUNT.
  void print_run() const {
    if (!counts || (run_no == 0 && !stepped)) return;
    std::printf("model_count %s run %ld ni %d no %d", name, run_no, p.ni, p.no);
    for (long n : run_steps) std::printf(" %ld", n);
    std::printf("\n");
  }
  // The model's steps at edge x (before: its fires() before the edge).
  void count_edge(const pub_in& x, const std::vector<long>& before) {
    if (x.flush) {
      print_run();
      run_steps.assign(size_t(p.nc()), 0);
      run_no++;
      stepped = false;
      return;
    }
    std::vector<long> after = model.fires();
    for (size_t c = 0; c < after.size(); c++) {
      run_steps[c] += after[c] - before[c];
      stepped = stepped || after[c] != before[c];
    }
  }
  // The end of the simulation: the last run's line, the tile's final blocks.
  void finish() {
    print_run();
    m->final();
  }

  pub_in idle() const {
    pub_in x;
    x.in_data.assign(p.ni, 0);
    x.chain_data.assign(p.no, 0);
    x.chain_valid.assign(p.no, false);
    return x;
  }

  // Applies x for one cycle; compares the outputs with the model's; returns
  // the tile's (out_known: the model knows the word).
  pub_out step(const pub_in& x) {
    m->rst = x.rst;
    m->clk_en = x.clk_en;
    m->flush = x.flush;
    m->cfg_we = x.cfg_we;
    tb_set(m->cfg_addr, 0, p.ca(), x.cfg_addr);
    tb_set(m->cfg_data, 0, p.cw, x.cfg_data);
    for (int i = 0; i < p.ni; i++) tb_set(m->in_data, i * p.w, p.w, x.in_data[i]);
    for (int j = 0; j < p.no; j++) {
      tb_set(m->chain_valid, j, 1, x.chain_valid[j]);
      tb_set(m->chain_data, j * p.w, p.w, x.chain_data[j]);
    }
    m->clk = 0;
    m->eval();
    pub_out o = model.eval(x);
    for (int i = 0; i < p.ni; i++) {
      bool got = tb_get(m->in_en, i, 1);
      TB_CHECK(got == o.in_en[i], "cycle %llu: in_en[%d] %d, model %d",
               (unsigned long long)cycle, i, got, (int)o.in_en[i]);
    }
    for (int j = 0; j < p.no; j++) {
      bool got = tb_get(m->out_valid, j, 1);
      TB_CHECK(got == o.out_valid[j], "cycle %llu: out_valid[%d] %d, model %d",
               (unsigned long long)cycle, j, got, (int)o.out_valid[j]);
      if (got && o.out_valid[j] && o.out_known[j]) {
        uint64_t d = tb_get(m->out_data, j * p.w, p.w);
        TB_CHECK(d == o.out_data[j], "cycle %llu: out_data[%d] %llx, model %llx",
                 (unsigned long long)cycle, j, (unsigned long long)d,
                 (unsigned long long)o.out_data[j]);
        words++;
      }
    }
    TB_CHECK(bool(m->busy) == o.busy, "cycle %llu: busy %d, model %d",
             (unsigned long long)cycle, (int)m->busy, (int)o.busy);
    checks += p.ni + p.no + 1;
    pub_out hw = o;
    for (int i = 0; i < p.ni; i++) hw.in_en[i] = tb_get(m->in_en, i, 1);
    for (int j = 0; j < p.no; j++) {
      hw.out_valid[j] = tb_get(m->out_valid, j, 1);
      hw.out_data[j] = tb_get(m->out_data, j * p.w, p.w);
    }
    hw.busy = m->busy;
    std::vector<long> before = model.fires();
    model.edge(x);
    count_edge(x, before);
    m->clk = 1;
    m->eval();
    cycle++;
    return hw;
  }

  void write(uint64_t a, uint64_t d, bool clk_en = true) {
    pub_in x = idle();
    x.cfg_we = true;
    x.cfg_addr = a;
    x.cfg_data = d;
    x.clk_en = clk_en;
    step(x);
  }
};

// The model alone: a WR and an RD in one cycle, a chained word beside the
// tile's own; each must be reported at its cycle.
long model_self_check(const pub_params& p, tb_rng& rng) {
  std::vector<ctrl_desc> d(p.nc());
  d[p.c_wr(0)] = {true, 10, 0, {{1, 0, 0}}};
  d[p.c_rd(0)] = {true, 10, 1, {{1, 0, 0}}};
  d[p.c_out(0)] = {true, 20, 0, {{1, 0, 0}}};   // own word on out_data in cycle 21
  pub_model m(p);
  pub_in x;
  x.in_data.assign(p.ni, 0);
  x.chain_data.assign(p.no, 0);
  x.chain_valid.assign(p.no, false);
  x.rst = true;
  m.edge(x);
  x.rst = false;
  x.cfg_we = true;
  for (auto& w : encode(p, d, rng)) {
    x.cfg_addr = w.first;
    x.cfg_data = w.second;
    m.edge(x);
  }
  x.cfg_we = false;
  x.flush = true;
  m.edge(x);
  x.flush = false;
  for (int t = 0; t < 30; t++) {
    x.chain_valid[0] = t == 21 || t == 25;   // 25: legal, the tile presents nothing
    m.edge(x);
  }
  TB_CHECK(m.errors.size() == 2, "model self-check: %zu errors, want 2", m.errors.size());
  if (m.errors.size() == 2) {
    TB_CHECK(m.errors[0] == "cycle 10: SRAM collision: WR_0 and RD_0 in one cycle",
             "model self-check: '%s'", m.errors[0].c_str());
    TB_CHECK(m.errors[1] == "cycle 21: chain conflict on output 0",
             "model self-check: '%s'", m.errors[1].c_str());
  }
  return 3;
}

void configure(bench& b, const std::vector<ctrl_desc>& d, tb_rng& rng, bool gaps) {
  pub_in x = b.idle();
  x.rst = true;
  b.step(x);
  auto w = encode(b.p, d, rng);
  for (size_t k = w.size(); k > 1; k--) std::swap(w[k - 1], w[rng.below(k)]);
  uint64_t regs = 3 * uint64_t(b.p.levels) + 3;
  for (auto& a : w) {
    if (rng.chance(10)) {   // an address the map leaves out: ignored
      uint64_t c = rng.below(uint64_t(1) << b.p.cb()), r = rng.below(uint64_t(1) << b.p.rb());
      if (c >= uint64_t(b.p.nc()) || r >= regs) b.write((c << b.p.rb()) | r, rng.next());
    }
    b.write(a.first, a.second, !gaps || !rng.chance(20));
  }
}

// The directed case: a line buffer for a 3x3 stencil on a 64 x H image fed
// one pixel a cycle (pixel (y, x) in cycle 64y + x). Rows are 16 SRAM words
// (FW = 4); the SRAM holds rows mod 2^AW. WR writes group g = 16y + x/4 in
// cycle 4g + 4, RD_0 reads row y-1 in cycles = 1 mod 4, RD_1 row y-2 in
// cycles = 2 mod 4; OUT_0 and OUT_1 present pixels (y-1, x) and (y-2, x) in
// cycle 64y + x + 5, for y >= 1 and y >= 2. Checked against the image.
long linebuf(bench& b, uint64_t h, tb_rng& rng) {
  const pub_params& p = b.p;
  std::vector<ctrl_desc> d(p.nc());
  const uint64_t n = 64 * h;
  d[p.c_in(0)] = {true, 0, 0, {{64, 1, 1}, {h, 64, 64}}};
  d[p.c_wr(0)] = {true, 4, 0, {{16, 4, 1}, {h - 1, 64, 16}}};
  d[p.c_rd(0)] = {true, 65, 0, {{16, 4, 1}, {h - 1, 64, 16}}};
  d[p.c_rd(1)] = {true, 130, 0, {{16, 4, 1}, {h - 2, 64, 16}}};
  d[p.c_out(0)] = {true, 68, 0, {{64, 1, 1}, {h - 1, 64, 64}}};
  d[p.c_out(1)] = {true, 132, 0, {{64, 1, 1}, {h - 2, 64, 64}}};
  configure(b, d, rng, false);
  pub_in x = b.idle();
  x.flush = true;
  b.step(x);
  x.flush = false;
  std::vector<uint64_t> img(n);
  long checks = 0, words = 0;
  for (uint64_t t = 0; t < n + 12; t++) {
    for (int i = 0; i < p.ni; i++) x.in_data[i] = rng.next() & pub_mask(p.w);
    if (t < n) img[t] = x.in_data[0];
    pub_out o = b.step(x);
    TB_CHECK(o.in_en[0] == (t < n), "linebuf cycle %llu: in_en %d", (unsigned long long)t,
             (int)o.in_en[0]);
    for (int j = 0; j < 2; j++) {
      uint64_t first = 64 * (j + 1) + 5;   // pixel (j+1, 0): (0, 0) of its row
      bool want = t >= first && t < n + 5;
      TB_CHECK(o.out_valid[j] == want, "linebuf cycle %llu: out_valid[%d] %d",
               (unsigned long long)t, j, (int)o.out_valid[j]);
      if (want && o.out_valid[j]) {
        uint64_t px = t - first;
        TB_CHECK(o.out_data[j] == img[px], "linebuf cycle %llu: out_data[%d] %llx, pixel %llu is %llx",
                 (unsigned long long)t, j, (unsigned long long)o.out_data[j],
                 (unsigned long long)px, (unsigned long long)img[px]);
        words++;
      }
      checks += 2;
    }
    TB_CHECK(o.busy == (t < n + 4), "linebuf cycle %llu: busy %d", (unsigned long long)t,
             (int)o.busy);
    checks += 2;
  }
  TB_CHECK(words == long(64 * (h - 1) + 64 * (h - 2)), "linebuf: %ld words", words);
  TB_CHECK(b.model.errors.empty(), "linebuf: model: %s",
           b.model.errors.empty() ? "" : b.model.errors[0].c_str());
  std::printf("linebuf 64 x %llu: %ld words checked against the image\n",
              (unsigned long long)h, words);
  return checks;
}

// Chaining side by side (docs/pub.md): a delay of 4 rows of a 64-wide
// image (4m rows, one pixel a cycle) in two tiles of 2 rows each (DEPTH 32,
// FW 4). Tile k holds the rows r with (r / 2) mod 2 = k, at SRAM address
// 16 (r mod 2) + x / 4, and presents pixel (r, x) in cycle 64 (r + 4) + x + 5
// (read just before row r + 4 overwrites it); tile 1's chaining input takes
// tile 0's output, so tile 1's output carries every row.
long chain2(bench& b0, bench& b1, uint64_t m, tb_rng& rng) {
  const pub_params& p = b0.p;
  bench* b[2] = {&b0, &b1};
  for (uint64_t k = 0; k < 2; k++) {
    std::vector<ctrl_desc> d(p.nc());
    uint64_t t0 = 128 * k;
    d[p.c_in(0)] = {true, t0, 0, {{64, 1, 1}, {2, 64, 64}, {m, 256, 256}}};
    d[p.c_wr(0)] = {true, t0 + 4, 0, {{16, 4, 1}, {2, 64, 16}, {m, 256, 32}}};
    d[p.c_rd(0)] = {true, t0 + 257, 0, {{16, 4, 1}, {2, 64, 16}, {m - 1, 256, 32}}};
    d[p.c_out(0)] = {true, t0 + 260, 0, {{64, 1, 1}, {2, 64, 64}, {m - 1, 256, 256}}};
    configure(*b[k], d, rng, false);
  }
  pub_in x = b0.idle();
  x.flush = true;
  b0.step(x);
  b1.step(x);
  x.flush = false;
  const uint64_t n = 256 * m, first = 64 * 4 + 5, last = 256 * m + 4;
  std::vector<uint64_t> img(n);
  long checks = 0, words = 0;
  for (uint64_t t = 0; t < n + 12; t++) {
    for (int i = 0; i < p.ni; i++) x.in_data[i] = rng.next() & pub_mask(p.w);
    if (t < n) img[t] = x.in_data[0];
    pub_out o0 = b0.step(x);
    pub_in x1 = x;
    x1.chain_valid[0] = o0.out_valid[0];
    x1.chain_data[0] = o0.out_data[0];
    pub_out o1 = b1.step(x1);
    bool want = t >= first && t <= last;
    TB_CHECK(o1.out_valid[0] == want, "chain cycle %llu: out_valid %d", (unsigned long long)t,
             (int)o1.out_valid[0]);
    if (want && o1.out_valid[0]) {
      TB_CHECK(o1.out_data[0] == img[t - first], "chain cycle %llu: out_data %llx, pixel %llu is %llx",
               (unsigned long long)t, (unsigned long long)o1.out_data[0],
               (unsigned long long)(t - first), (unsigned long long)img[t - first]);
      words++;
    }
    checks++;
  }
  TB_CHECK(words == long(last - first + 1), "chain: %ld words", words);
  for (bench* t : b)
    TB_CHECK(t->model.errors.empty(), "chain: model: %s",
             t->model.errors.empty() ? "" : t->model.errors[0].c_str());
  std::printf("two chained tiles, 64 x %llu: %ld words checked against the image\n",
              (unsigned long long)(4 * m), words);
  return checks;
}

// A random schedule for a controller of 'pts' points or fewer: fires only
// in cycles = res mod k (k = 1: any), strictly increasing, every delta at
// most 20k and below 2^CW.
void random_levels(const pub_params& p, ctrl_desc& c, uint64_t k, uint64_t res, tb_rng& rng) {
  int nl = rng.chance(70) ? 1 + int(rng.below(std::min(p.levels, 3))) : 1 + int(rng.below(p.levels));
  uint64_t pts = 1, mmax = std::min<uint64_t>(20, pub_mask(p.cw) / k);
  c.lv.clear();
  uint64_t span = 0;
  for (int l = 0; l < nl; l++) {
    uint64_t e = rng.chance(25) ? 1 : 1 + rng.below(std::min<uint64_t>(5, pub_mask(p.ew) + 1));
    if (pts * e > 48) e = 1;
    pts *= e;
    uint64_t m = rng.chance(60) ? 1 + rng.below(2) : 1 + rng.below(mmax);
    uint64_t s = e == 1 && rng.chance(50) ? rng.next() % 1000 : span + k * m;
    c.lv.push_back({e, s, 0});
    span += s * (e - 1);
  }
  uint64_t smax = (pub_mask(p.cw) - res) / k;
  c.sg_start = res + k * rng.below(std::min<uint64_t>(smax, 40) + 1);
}

// Random addresses: slots anything (they wrap), SRAM addresses anything
// when DEPTH is a power of two, else below DEPTH.
void random_addrs(const pub_params& p, int cn, ctrl_desc& c, tb_rng& rng) {
  int agw = p.agw(cn);
  bool wraps = p.slot_addressed(cn) || (int64_t(1) << agw) == p.depth;
  if (wraps) {
    c.ag_start = rng.next() & pub_mask(agw);
    for (auto& l : c.lv) l.ag_stride = rng.chance(30) ? 1 : rng.next() & pub_mask(agw);
    return;
  }
  uint64_t top = rng.below(uint64_t(p.depth) / 2);
  c.ag_start = top;
  for (auto& l : c.lv) {
    uint64_t room = (uint64_t(p.depth) - 1 - top) / (l.ext > 1 ? l.ext - 1 : 1);
    l.ag_stride = rng.below(std::min<uint64_t>(room, 8) + 1);
    top += l.ag_stride * (l.ext - 1);
  }
}

// A random legal configuration: SRAM controller s (WR_i: s = i, RD_j:
// s = NI + j) fires only in cycles = s mod K, K >= NI + NO, so no two share
// a cycle. Half of the RDs replay a WR's domain and addresses a few cycles
// later (so most reads find written words).
std::vector<ctrl_desc> random_config(const pub_params& p, tb_rng& rng) {
  std::vector<ctrl_desc> d(p.nc());
  uint64_t k = uint64_t(p.ns()) + rng.below(3);
  for (int c = 0; c < p.nc(); c++) {
    ctrl_desc& x = d[c];
    x.enable = rng.chance(85);
    bool sram = !p.slot_addressed(c);
    uint64_t s = uint64_t(c - p.ni);   // WR_i: i, RD_j: NI + j
    if (c >= p.c_rd(0) && c < p.c_out(0) && rng.chance(50)) {
      int i = int(rng.below(p.ni));
      x = d[p.c_wr(i)];
      x.enable = rng.chance(90);
      uint64_t late = (s - uint64_t(i)) + k * (1 + rng.below(10));
      if (x.sg_start + late <= pub_mask(p.cw)) {
        x.sg_start += late;
        continue;
      }
    }
    random_levels(p, x, sram ? k : 1, sram ? s : 0, rng);
    random_addrs(p, c, x, rng);
  }
  return d;
}

long random_run(bench& b, tb_rng& rng, long run_no) {
  const pub_params& p = b.p;
  std::vector<ctrl_desc> d = random_config(p, rng);
  bool gaps = rng.chance(30);
  configure(b, d, rng, gaps);
  pub_in x = b.idle();
  x.flush = true;
  b.step(x);
  x.flush = false;
  int cut = rng.chance(10) ? 1 + int(rng.below(2)) : 0;   // 1: flush, 2: rst
  uint64_t cut_at = rng.below(400), t = 0, tail = 0, steps = 0;
  std::vector<std::vector<uint64_t>> in_cycles(p.ni);
  bool stopped = false;
  long checks = 0;
  while (tail < 8) {
    x.clk_en = !gaps || !rng.chance(15);
    x.flush = cut == 1 && steps == cut_at;
    x.rst = cut == 2 && steps == cut_at;
    for (int i = 0; i < p.ni; i++) x.in_data[i] = rng.next() & pub_mask(p.w);
    x.chain_valid.assign(p.no, false);
    pub_out own = b.model.eval(x);
    for (int j = 0; j < p.no; j++) {
      x.chain_valid[j] = !own.out_valid[j] && rng.chance(20);
      x.chain_data[j] = rng.next() & pub_mask(p.w);
    }
    pub_out o = b.step(x);
    for (int i = 0; i < p.ni; i++)
      if (o.in_en[i]) in_cycles[i].push_back(t);
    if (x.clk_en) t++;
    if (x.flush) {
      t = 0;
      for (auto& v : in_cycles) v.clear();
    }
    stopped = stopped || x.rst;
    if (!o.busy && !x.flush) tail++;
    steps++;
    TB_CHECK(steps < 200000, "run %ld: no end", run_no);
    if (steps >= 200000) break;
  }
  TB_CHECK(b.model.errors.empty(), "run %ld: model: %s", run_no,
           b.model.errors.empty() ? "" : b.model.errors[0].c_str());
  b.model.errors.clear();
  if (!stopped) {
    // Every controller of the model fired once per point of its domain.
    std::vector<long> n = b.model.fires();
    for (int c = 0; c < p.nc(); c++) {
      long want = long(fire_cycles(d[c]).size());
      TB_CHECK(n[c] == want, "run %ld: controller %d fired %ld times in the model, want %ld",
               run_no, c, n[c], want);
      checks++;
    }
    // Every input fired exactly at its plain affine schedule.
    for (int i = 0; i < p.ni; i++) {
      std::vector<uint64_t> want = fire_cycles(d[p.c_in(i)]);
      TB_CHECK(in_cycles[i] == want, "run %ld: IN_%d fired %zu times, schedule has %zu", run_no,
               i, in_cycles[i].size(), want.size());
      checks++;
    }
  }
  return checks;
}

}  // namespace

int main(int argc, char** argv) {
  tb_args a(argc, argv);
  pub_params p;
  p.w = (int)a.num("W");
  p.fw = (int)a.num("FW");
  p.depth = (int)a.num("DEPTH");
  p.ni = (int)a.num("NI");
  p.no = (int)a.num("NO");
  p.levels = (int)a.num("LEVELS");
  p.cw = (int)a.num("CW");
  p.ew = (int)a.num("EW", p.cw);
  tb_rng rng((uint64_t)a.num("SEED", 1));
  Verilated::commandArgs(argc, argv);
  const bool counts = a.num("COUNTS", 0) != 0;
  bench b(p, "tile0", counts);
  long checks = model_self_check(p, rng);
  if (a.kv.count("LINEBUF")) checks += linebuf(b, uint64_t(a.num("LINEBUF")), rng);
  if (a.kv.count("CHAIN")) {
    bench b1(p, "tile1", counts);
    checks += chain2(b, b1, uint64_t(a.num("CHAIN")) / 4, rng) + b1.checks;
    b1.finish();
  }
  long runs = (long)a.num("RUNS", 100);
  for (long r = 0; r < runs; r++) checks += random_run(b, rng, r);
  b.finish();
  std::printf("%ld random configurations; %ld output words compared with the model\n", runs,
              b.words);
  std::printf("configuration bits per tile: %lld\n", (long long)p.config_bits());
  return tb_finish("sl_pub", checks + b.checks);
}
