// tests/rtl/pub_model.h: the C++ reference model of the push-memory tile
// (rtlgen/lib/sl_pub.v), cycle by cycle, from docs/pub.md. It takes the
// same configuration (register writes on the bus, same map) and the same
// inputs as the tile and gives the same outputs; words it cannot know (SRAM
// words never written, aggregator lanes never filled) are marked unknown.
// Unlike the tile it evaluates every controller's affine functions
// directly: at flush it turns the deltas back into strides and computes
// cycle(idx) and addr(idx) from the indices. It reports what the tile does
// not detect (docs/pub.md, "What the compiler must prove"): two SRAM
// accesses in one cycle, and a chained word in a cycle where the tile
// presents its own.
#ifndef PUB_MODEL_H
#define PUB_MODEL_H

#include <cstdint>
#include <string>
#include <vector>

struct pub_params {
  int w = 16, fw = 4, depth = 512, ni = 2, no = 2, levels = 6, cw = 16;
  int ew = 16;   // extent width (<= cw): EXT_M1 must be below 2^ew

  static int clog2(int64_t v) {
    int b = 0;
    while ((int64_t(1) << b) < v) b++;
    return b;
  }
  int aw() const { return depth > 1 ? clog2(depth) : 1; }
  int sw() const { return clog2(fw) + 1; }
  int nc() const { return 2 * (ni + no); }
  int rb() const { return clog2(3 * levels + 3); }
  int cb() const { return nc() > 1 ? clog2(nc()) : 1; }
  int ca() const { return cb() + rb(); }
  int ns() const { return ni + no; }   // controllers that use the SRAM
  // Controller numbers (docs/pub.md, "Controllers").
  int c_in(int i) const { return i; }
  int c_wr(int i) const { return ni + i; }
  int c_rd(int j) const { return 2 * ni + j; }
  int c_out(int j) const { return 2 * ni + no + j; }
  bool slot_addressed(int c) const { return c < ni || c >= 2 * ni + no; }
  int agw(int c) const { return slot_addressed(c) ? sw() : aw(); }
  // Configuration bits per tile (docs/pub.md).
  int64_t config_bits() const {
    return int64_t(nc()) * (1 + cw * (levels + 1) + ew * levels) +
           int64_t(ni + no) * (levels + 1) * (sw() + aw());
  }
};

static inline uint64_t pub_mask(int w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

// One cycle's inputs of the tile.
struct pub_in {
  bool rst = false, clk_en = true, flush = false, cfg_we = false;
  uint64_t cfg_addr = 0, cfg_data = 0;
  std::vector<uint64_t> in_data, chain_data;
  std::vector<bool> chain_valid;
};

// One cycle's outputs; out_known[j]: the model knows out_data[j].
struct pub_out {
  std::vector<bool> in_en, out_valid, out_known;
  std::vector<uint64_t> out_data;
  bool busy = false;
};

class pub_model {
 public:
  explicit pub_model(const pub_params& p)
      : P(p), cfg(p.nc()), run(p.nc()),
        agg(p.ni, std::vector<lane>(2 * p.fw)), sram(p.depth, std::vector<lane>(p.fw)),
        q(p.fw), tb(p.no, std::vector<lane>(2 * p.fw)), ra(p.ni, 0), rt(p.no, 0),
        rd_d(p.no, false), own_v(p.no, false), own_d(p.no) {
    for (auto& c : cfg) {
      c.ext_m1.assign(p.levels, 0);
      c.sg_delta.assign(p.levels, 0);
      c.ag_delta.assign(p.levels, 0);
    }
    for (auto& r : run) r.idx.assign(p.levels, 0);
  }

  // Errors found so far ("cycle N: ..."), in order.
  std::vector<std::string> errors;
  // Per controller, the number of fires since the last flush.
  std::vector<long> fires() const {
    std::vector<long> v;
    for (auto& r : run) v.push_back(r.fires);
    return v;
  }

  // The outputs in the current cycle, for inputs x.
  pub_out eval(const pub_in& x) const {
    pub_out o;
    std::vector<bool> f = firing(x);
    for (int i = 0; i < P.ni; i++) o.in_en.push_back(f[P.c_in(i)]);
    for (int j = 0; j < P.no; j++) {
      bool cv = x.chain_valid.size() > size_t(j) && x.chain_valid[j];
      o.out_valid.push_back(own_v[j] || cv);
      if (own_v[j]) {
        o.out_data.push_back(own_d[j].v);
        o.out_known.push_back(own_d[j].known);
      } else {
        o.out_data.push_back(cv ? x.chain_data[j] & pub_mask(P.w) : 0);
        o.out_known.push_back(cv);
      }
    }
    for (auto& r : run) o.busy = o.busy || r.active;
    return o;
  }

  // The rising edge at the end of the current cycle.
  void edge(const pub_in& x) {
    std::vector<bool> f = firing(x);
    if (x.clk_en) data_edge(x, f);
    for (int c = 0; c < P.nc(); c++) {
      if (x.rst) run[c].active = false;
      else if (x.flush) restart(c);
      else if (f[c]) advance(c);
    }
    if (x.flush) {
      cyc = 0;
      ra.assign(P.ni, 0);
      rt.assign(P.no, 0);
      rd_d.assign(P.no, false);
      own_v.assign(P.no, false);
    } else if (x.clk_en) {
      cyc++;
    }
    if (x.rst)
      for (auto& c : cfg) c.enable = false;
    if (x.cfg_we) cfg_write(x.cfg_addr, x.cfg_data, x.rst);
  }

 private:
  struct lane {
    uint64_t v = 0;
    bool known = false;
  };
  struct ctrl_cfg {
    bool enable = false;
    uint64_t sg_start = 0, ag_start = 0;
    std::vector<uint64_t> ext_m1, sg_delta, ag_delta;
  };
  struct ctrl_run {
    bool active = false;
    long fires = 0;
    std::vector<uint64_t> idx, sg_stride, ag_stride;
    uint64_t sg_start = 0, ag_start = 0;
  };

  pub_params P;
  std::vector<ctrl_cfg> cfg;
  std::vector<ctrl_run> run;
  uint64_t cyc = 0;   // enabled cycles since the last flush (not wrapped)
  std::vector<std::vector<lane>> agg, sram;
  std::vector<lane> q;   // the SRAM's read register
  std::vector<std::vector<lane>> tb;
  std::vector<int> ra, rt;
  std::vector<bool> rd_d, own_v;
  std::vector<lane> own_d;

  static const char* kind(const pub_params& p, int c) {
    return c < p.ni ? "IN" : c < 2 * p.ni ? "WR" : c < 2 * p.ni + p.no ? "RD" : "OUT";
  }
  std::string name(int c) const {
    int n = c < P.ni ? c : c < 2 * P.ni ? c - P.ni : c < 2 * P.ni + P.no ? c - 2 * P.ni
                                                                          : c - 2 * P.ni - P.no;
    return std::string(kind(P, c)) + "_" + std::to_string(n);
  }

  void cfg_write(uint64_t addr, uint64_t data, bool rst) {
    uint64_t c = addr >> P.rb(), r = addr & pub_mask(P.rb());
    uint64_t L = uint64_t(P.levels);
    if (c >= uint64_t(P.nc()) || r >= 3 * L + 3) return;
    ctrl_cfg& k = cfg[c];
    uint64_t cw = data & pub_mask(P.cw), aw = data & pub_mask(P.agw(int(c)));
    if (r == 0) { if (!rst) k.enable = data & 1; }
    else if (r == 1) k.sg_start = cw;
    else if (r == 2) k.ag_start = aw;
    else if (r < 3 + L) k.ext_m1[r - 3] = data & pub_mask(P.ew);
    else if (r < 3 + 2 * L) k.sg_delta[r - 3 - L] = cw;
    else k.ag_delta[r - 3 - 2 * L] = aw;
  }

  // stride[l] = delta[l] + sum_{k<l} stride[k] * ext_m1[k] (mod 2^bits): the
  // inverse of docs/pub.md's delta form.
  std::vector<uint64_t> strides(const std::vector<uint64_t>& delta,
                                const std::vector<uint64_t>& ext_m1, int bits) const {
    std::vector<uint64_t> s(P.levels);
    for (int l = 0; l < P.levels; l++) {
      uint64_t v = delta[l];
      for (int k = 0; k < l; k++) v += s[k] * ext_m1[k];
      s[l] = v & pub_mask(bits);
    }
    return s;
  }

  void restart(int c) {
    ctrl_run& r = run[c];
    r.active = cfg[c].enable;
    r.fires = 0;
    r.idx.assign(P.levels, 0);
    r.sg_stride = strides(cfg[c].sg_delta, cfg[c].ext_m1, P.cw);
    r.ag_stride = strides(cfg[c].ag_delta, cfg[c].ext_m1, P.agw(c));
    r.sg_start = cfg[c].sg_start;
    r.ag_start = cfg[c].ag_start;
  }

  uint64_t affine(uint64_t start, const std::vector<uint64_t>& stride,
                  const std::vector<uint64_t>& idx, int bits) const {
    uint64_t v = start;
    for (size_t l = 0; l < idx.size(); l++) v += stride[l] * idx[l];
    return v & pub_mask(bits);
  }
  uint64_t sched(int c) const {
    return affine(run[c].sg_start, run[c].sg_stride, run[c].idx, P.cw);
  }
  uint64_t addr(int c) const {
    return affine(run[c].ag_start, run[c].ag_stride, run[c].idx, P.agw(c));
  }

  std::vector<bool> firing(const pub_in& x) const {
    std::vector<bool> f(P.nc());
    for (int c = 0; c < P.nc(); c++)
      f[c] = x.clk_en && run[c].active && (cyc & pub_mask(P.cw)) == sched(c);
    return f;
  }

  void advance(int c) {
    ctrl_run& r = run[c];
    r.fires++;
    for (int l = 0; l < P.levels; l++) {
      if (r.idx[l] != cfg[c].ext_m1[l]) {
        r.idx[l]++;
        return;
      }
      r.idx[l] = 0;
    }
    r.active = false;
  }

  void error(const std::string& what) {
    errors.push_back("cycle " + std::to_string(cyc) + ": " + what);
  }

  // Aggregators, SRAM, transpose buffers and output registers at an enabled
  // edge; every read sees the state before the edge.
  void data_edge(const pub_in& x, const std::vector<bool>& f) {
    const int fw = P.fw, ni = P.ni, no = P.no;
    std::vector<int> users;
    for (int i = 0; i < ni; i++) if (f[P.c_wr(i)]) users.push_back(P.c_wr(i));
    for (int j = 0; j < no; j++) if (f[P.c_rd(j)]) users.push_back(P.c_rd(j));
    if (users.size() > 1)
      error("SRAM collision: " + name(users[0]) + " and " + name(users[1]) +
            " in one cycle");
    std::vector<lane> new_q = q;
    bool read = false;
    if (!users.empty()) {
      int c = users[0];
      uint64_t a = addr(c);
      if (a >= uint64_t(P.depth)) {
        error(name(c) + " address " + std::to_string(a) + " past DEPTH");
      } else if (c < 2 * ni) {
        int i = c - ni;
        for (int k = 0; k < fw; k++) sram[a][k] = agg[i][ra[i] * fw + k];
      } else {
        new_q = sram[a];
        read = true;
      }
    }
    for (int j = 0; j < no; j++) {
      int c = P.c_out(j);
      if (own_v[j] && x.chain_valid.size() > size_t(j) && x.chain_valid[j])
        error("chain conflict on output " + std::to_string(j));
      own_v[j] = f[c];
      if (f[c]) own_d[j] = tb[j][addr(c)];
      if (rd_d[j])
        for (int k = 0; k < fw; k++) tb[j][rt[j] * fw + k] = q[k];
    }
    for (int i = 0; i < ni; i++)
      if (f[P.c_in(i)]) agg[i][addr(P.c_in(i))] = lane{x.in_data[i] & pub_mask(P.w), true};
    if (read) q = new_q;
    for (int i = 0; i < ni; i++) if (f[P.c_wr(i)]) ra[i] ^= 1;
    for (int j = 0; j < no; j++) {
      if (rd_d[j]) rt[j] ^= 1;
      rd_d[j] = f[P.c_rd(j)];
    }
  }

};

#endif
