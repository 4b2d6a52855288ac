/* verilator/axis_tb.c: the C++ testbench of an AXI4-Stream wrapper.
 * Stage: verilator (the Verilator harness), for `sim --engine verilator
 * --interface axis`.  The same files and arguments as testbench.c
 * (tb DIR TIMEOUT [VCD_FILE VCD_CYCLES]; in_K.bin in, out_K.bin, out_K.cyc
 * and stats.txt out), but one process runs the design many times, back to
 * back, each run under its own seeded pause pattern on every TVALID and
 * TREADY (docs/verilator.md, "AXI4-Stream"), size after size (DIR/sizes,
 * as testbench.c: no reset between the sizes, the reset and framing runs
 * in the last size's list):
 *   run 0        no pauses: the reference run, whose outputs, cycles and
 *                inputs taken go to the files;
 *   runs 1..5K   for each of K seeds: 90%, 50% and 10% duty, bursts, and a
 *                sink ready only in cycles where TVALID is high;
 *   then         a run cut by a reset mid-frame, a checked run after it,
 *                and two runs with framing errors on the first input
 *                (a missing start of frame, a wrong TLAST), each of which
 *                must raise the sticky error output, which a reset clears.
 * Every cycle a protocol monitor checks each master (TVALID never falls
 * without a transfer; TDATA, TUSER, TLAST stable while stalled; TUSER[0]
 * on the first element of every frame and only there; TLAST on the last
 * of every row and only there; pad bits 0, and the pixels past the
 * extent in the beats of a row's last lane-dimension index) and every output of the
 * wrapper is evaluated again with every TREADY inverted, which must change
 * none of them.  A checked run must give run 0's outputs bit for bit, take
 * as many inputs and count as many enabled cycles (advance high from go to
 * done).  Built with -DSL_PUB_COUNT, every run that reaches done goes on
 * for enabled cycles until the tiles' last fire (DIR/pub_last_fire, as
 * in testbench.c) before the next run or a reset, so that each run's
 * tile counts are whole.  Any failure is printed and the testbench
 * exits 4.  A port group of k lanes is a stream of k pixels a beat, lane
 * l in TDATA bits l*S .. l*S+S-1 (S = 8 * ceil(N/8)); the files hold k
 * values a beat, as testbench.c's.  The inputs' pad bits are driven with
 * junk, which the wrapper must ignore.  Nothing here names a path: the
 * same program always gives the same text. */
#include "verilator/verilator_private.h"

/* The shared part, after the generated constants and port accessors. */
static const char *const axis_tb_body =
	"struct rng {\n"
	"\tuint64_t s;\n"
	"\tuint64_t next()\n"
	"\t{\n"
	"\t\tuint64_t z = (s += 0x9e3779b97f4a7c15ull);\n"
	"\t\tz = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;\n"
	"\t\tz = (z ^ (z >> 27)) * 0x94d049bb133111ebull;\n"
	"\t\treturn z ^ (z >> 31);\n"
	"\t}\n"
	"\tbool pct(int p) { return (int) (next() % 100) < p; }\n"
	"};\n"
	"\n"
	"// How one stream pauses: its own generator, per run and per stream.\n"
	"enum kind { FULL, DUTY, BURST, WHEN_VALID };\n"
	"struct gate {\n"
	"\tkind k = FULL;\n"
	"\tint duty = 100;\n"
	"\trng r{0};\n"
	"\tbool on = false;\n"
	"\tint left = 0;\n"
	"\tbool step()\n"
	"\t{\n"
	"\t\tswitch (k) {\n"
	"\t\tcase FULL:\n"
	"\t\t\treturn true;\n"
	"\t\tcase BURST:\n"
	"\t\t\tif (left == 0) {\n"
	"\t\t\t\ton = !on;\n"
	"\t\t\t\tleft = 1 + (int) (r.next() % (on ? 24 : 12));\n"
	"\t\t\t}\n"
	"\t\t\tleft--;\n"
	"\t\t\treturn on;\n"
	"\t\tdefault:\n"
	"\t\t\treturn r.pct(duty);\n"
	"\t\t}\n"
	"\t}\n"
	"};\n"
	"\n"
	"struct run_spec {\n"
	"\tconst char *name;\n"
	"\tkind k;\n"
	"\tint duty;\n"
	"\tuint64_t seed;\n"
	"\tint role;\t// 0 checked, 1 cut by a reset, 2 missing SOF, 3 wrong TLAST\n"
	"};\n"
	"\n"
	"struct bench {\n"
	"\tVdut *top;\n"
	"\tcycle_clock *clk;\n"
	"\tstd::vector<uint64_t> *in_data;\n"
	"\tstd::string dir;\t// the run's files (the configuration image)\n"
	"#ifdef SL_AXILITE\n"
	"\taxil_master *axil = nullptr;\t// the control slave's master\n"
	"#endif\n"
	"\t// inputs\n"
	"\tuint64_t src[N_IN + 1] = {};\t\t// the next element of this run\n"
	"\tbool presenting[N_IN + 1] = {};\n"
	"\tgate in_gate[N_IN + 1];\n"
	"\tuint64_t taken[N_IN + 1] = {};\t// this run\n"
	"\t// outputs\n"
	"\tgate out_gate[N_OUT + 1];\n"
	"\tstd::vector<uint64_t> got[N_OUT + 1], when[N_OUT + 1];\n"
	"\tuint64_t since_reset[N_OUT + 1] = {};\t// transfers, for the framing\n"
	"\tbool held[N_OUT + 1] = {};\n"
	"\tuint64_t held_data[N_OUT + 1][MAX_LANES] = {};\n"
	"\tbool held_user[N_OUT + 1] = {}, held_last[N_OUT + 1] = {};\n"
	"\t// the run\n"
	"\tint role = 0;\n"
	"\tint64_t cyc = -1;\t// enabled cycles since go, -1 before\n"
	"\tint64_t wall = 0;\n"
	"\tbool error_expected = false;\n"
	"\tint64_t error_from = -1;\t// the wall cycle the error must show from\n"
	"\tint failures = 0;\n"
	"\tint64_t dep_checks = 0, transfers = 0, stalls = 0;\n"
	"\n"
	"\t// A failed check: what, the stream (-1: none), got and wanted.\n"
	"\tvoid fail(const char *what, int k, uint64_t a, uint64_t b)\n"
	"\t{\n"
	"\t\tif (failures++ >= 20)\n"
	"\t\t\treturn;\n"
	"\t\tstd::printf(\"axis: FAIL %s\", what);\n"
	"\t\tif (k >= 0)\n"
	"\t\t\tstd::printf(\" (stream %d)\", k);\n"
	"\t\tif (cyc >= 0)\n"
	"\t\t\tstd::printf(\" in cycle %lld of the run,\", (long long) cyc);\n"
	"\t\tstd::printf(\" clock cycle %lld: %llu, want %llu\\n\", (long long) wall,\n"
	"\t\t\t(unsigned long long) a, (unsigned long long) b);\n"
	"\t}\n"
	"\n"
	"\t// Lane l of a beat: the value in its N bits, junk in its pad bits.\n"
	"\tstatic uint64_t lane_word(int bits, int stride, uint64_t v, uint64_t junk)\n"
	"\t{\n"
	"\t\treturn bits >= stride ? mask(bits, v) : mask(bits, v) | mask(stride - bits, junk) << bits;\n"
	"\t}\n"
	"\n"
	"\tvoid drive_inputs()\n"
	"\t{\n"
	"\t\tfor (int k = 0; k < N_IN; k++) {\n"
	"\t\t\tint lanes = IN_LANES[k];\n"
	"\t\t\tuint64_t n = in_data[k].size() / (uint64_t) lanes, w[MAX_LANES];\n"
	"\t\t\tif (!presenting[k] && src[k] < n && in_gate[k].step())\n"
	"\t\t\t\tpresenting[k] = true;\n"
	"\t\t\tif (!presenting[k]) {\n"
	"\t\t\t\tfor (int l = 0; l < lanes; l++)\n"
	"\t\t\t\t\tw[l] = poison(IN_STRIDE[k], wall * lanes + l);\n"
	"\t\t\t\tset_in(top, k, false, w, false, false);\n"
	"\t\t\t\tcontinue;\n"
	"\t\t\t}\n"
	"\t\t\tuint64_t e = src[k], frame = (uint64_t) (IN_ROW[k] * IN_ROWS[k]);\n"
	"\t\t\tbool user = e % frame == 0, last = e % (uint64_t) IN_ROW[k] == (uint64_t) IN_ROW[k] - 1;\n"
	"\t\t\tif (k == 0 && e == 0 && role == 2)\n"
	"\t\t\t\tuser = false;\n"
	"\t\t\tif (k == 0 && e == 0 && role == 3)\n"
	"\t\t\t\tlast = !last;\n"
	"\t\t\tfor (int l = 0; l < lanes; l++)\n"
	"\t\t\t\tw[l] = lane_word(IN_BITS[k], IN_STRIDE[k], in_data[k][e * lanes + l],\n"
	"\t\t\t\t\tpoison(64, wall * lanes + l));\n"
	"\t\t\tset_in(top, k, true, w, user, last);\n"
	"\t\t}\n"
	"\t}\n"
	"\n"
	"\tvoid drive_readies()\n"
	"\t{\n"
	"\t\tfor (int k = 0; k < N_OUT; k++)\n"
	"\t\t\tif (out_gate[k].k != WHEN_VALID)\n"
	"\t\t\t\tset_out_ready(top, k, out_gate[k].step());\n"
	"\t\ttop->eval();\n"
	"\t\tbool again = false;\n"
	"\t\tfor (int k = 0; k < N_OUT; k++)\n"
	"\t\t\tif (out_gate[k].k == WHEN_VALID) {\n"
	"\t\t\t\toutput o = get_out(top, k);\n"
	"\t\t\t\tset_out_ready(top, k, o.valid && out_gate[k].r.pct(60));\n"
	"\t\t\t\tagain = true;\n"
	"\t\t\t}\n"
	"\t\tif (again)\n"
	"\t\t\ttop->eval();\n"
	"\t}\n"
	"\n"
	"\t// Every output of the wrapper with every TREADY inverted: the same.\n"
	"\tvoid check_independence()\n"
	"\t{\n"
	"\t\tif (!N_OUT)\n"
	"\t\t\treturn;\n"
	"\t\tsnapshot a = snap(top);\n"
	"\t\tfor (int k = 0; k < N_OUT; k++)\n"
	"\t\t\tset_out_ready(top, k, !get_out(top, k).ready);\n"
	"\t\ttop->eval();\n"
	"\t\tsnapshot b = snap(top);\n"
	"\t\tfor (int k = 0; k < N_OUT; k++)\n"
	"\t\t\tset_out_ready(top, k, !get_out(top, k).ready);\n"
	"\t\ttop->eval();\n"
	"\t\tdep_checks++;\n"
	"\t\tif (!(a == b))\n"
	"\t\t\tfail(\"an output of the wrapper changed when every TREADY was inverted (outputs changed, want 0)\", -1, 1, 0);\n"
	"\t}\n"
	"\n"
	"\t// One transfer of output k: its framing, its pad bits and pixels\n"
	"\t// past the extent 0; its pixels into got[k].\n"
	"\tvoid transfer(int k, const output &o)\n"
	"\t{\n"
	"\t\tuint64_t e = since_reset[k]++, frame = (uint64_t) (OUT_ROW[k] * OUT_ROWS[k]);\n"
	"\t\tbool sof = e % frame == 0, eol = e % (uint64_t) OUT_ROW[k] == (uint64_t) OUT_ROW[k] - 1;\n"
	"\t\t// a beat of the row's last lane-dimension index: its lanes from\n"
	"\t\t// OUT_TAIL on are padding\n"
	"\t\tbool lastx = e % (uint64_t) OUT_ROW[k] >= (uint64_t) (OUT_ROW[k] - OUT_INNER[k]);\n"
	"\t\tif (o.user != sof)\n"
	"\t\t\tfail(\"TUSER[0] (start of frame)\", k, o.user, sof);\n"
	"\t\tif (o.last != eol)\n"
	"\t\t\tfail(\"TLAST (end of row)\", k, o.last, eol);\n"
	"\t\tfor (int l = 0; l < OUT_LANES[k]; l++) {\n"
	"\t\t\tif (o.data[l] != mask(OUT_BITS[k], o.data[l]))\n"
	"\t\t\t\tfail(\"TDATA's pad bits\", k, o.data[l], mask(OUT_BITS[k], o.data[l]));\n"
	"\t\t\tif (lastx && l >= OUT_TAIL[k] && o.data[l])\n"
	"\t\t\t\tfail(\"a pixel past the extent in a beat of a row's last lane-dimension index\", k,\n"
	"\t\t\t\t\to.data[l], 0);\n"
	"\t\t\tgot[k].push_back(o.data[l]);\n"
	"\t\t}\n"
	"\t\twhen[k].push_back((uint64_t) (cyc > 0 ? cyc - 1 : 0));\n"
	"\t\ttransfers++;\n"
	"\t}\n"
	"\n"
	"\tvoid monitor_outputs()\n"
	"\t{\n"
	"\t\tfor (int k = 0; k < N_OUT; k++) {\n"
	"\t\t\toutput o = get_out(top, k);\n"
	"\t\t\tsize_t bytes = sizeof(uint64_t) * (size_t) OUT_LANES[k];\n"
	"\t\t\tif (held[k]) {\n"
	"\t\t\t\tif (!o.valid)\n"
	"\t\t\t\t\tfail(\"TVALID fell without a transfer\", k, 0, 1);\n"
	"\t\t\t\telse if (std::memcmp(o.data, held_data[k], bytes) || o.user != held_user[k] ||\n"
	"\t\t\t\t\t o.last != held_last[k])\n"
	"\t\t\t\t\tfail(\"TDATA/TUSER/TLAST changed while stalled\", k, o.data[0], held_data[k][0]);\n"
	"\t\t\t}\n"
	"\t\t\tif (o.valid && !o.ready)\n"
	"\t\t\t\tstalls++;\n"
	"\t\t\theld[k] = o.valid && !o.ready;\n"
	"\t\t\tstd::memcpy(held_data[k], o.data, bytes);\n"
	"\t\t\theld_user[k] = o.user;\n"
	"\t\t\theld_last[k] = o.last;\n"
	"\t\t\tif (o.valid && o.ready)\n"
	"\t\t\t\ttransfer(k, o);\n"
	"\t\t}\n"
	"\t}\n"
	"\n"
	"\tvoid take_inputs()\n"
	"\t{\n"
	"\t\tfor (int k = 0; k < N_IN; k++)\n"
	"\t\t\tif (presenting[k] && get_in_ready(top, k)) {\n"
	"\t\t\t\tpresenting[k] = false;\n"
	"\t\t\t\tsrc[k]++;\n"
	"\t\t\t\ttaken[k]++;\n"
	"\t\t\t\ttransfers++;\n"
	"\t\t\t\tif (role >= 2 && k == 0 && src[k] == 1)\n"
	"\t\t\t\t\terror_from = wall + 1;\n"
	"\t\t\t}\n"
	"\t}\n"
	"\n"
	"\t// One clock cycle of the streams; whether the design advanced.\n"
	"\tbool cycle()\n"
	"\t{\n"
	"#ifdef SL_AXILITE\n"
	"\t\taxil->drive();\n"
	"#endif\n"
	"\t\tdrive_inputs();\n"
	"\t\tdrive_readies();\n"
	"\t\tcheck_independence();\n"
	"\t\tmonitor_outputs();\n"
	"\t\ttake_inputs();\n"
	"\t\tbool want_error = error_from >= 0 && wall >= error_from;\n"
	"\t\tif ((bool) top->error != want_error)\n"
	"\t\t\tfail(\"the error output\", -1, top->error, want_error);\n"
	"\t\tbool adv = top->advance;\n"
	"#ifdef SL_AXILITE\n"
	"\t\taxil->edge();\n"
	"#endif\n"
	"\t\tclk->tick();\n"
	"\t\twall++;\n"
	"\t\tif (adv && cyc >= 0)\n"
	"\t\t\tcyc++;\n"
	"\t\treturn adv;\n"
	"\t}\n"
	"\n"
	"\tvoid reset()\n"
	"\t{\n"
	"\t\ttop->rst = 1;\n"
	"\t\tuint64_t zero[MAX_LANES] = {};\n"
	"\t\tfor (int k = 0; k < N_IN; k++)\n"
	"\t\t\tset_in(top, k, false, zero, false, false);\n"
	"\t\tfor (int k = 0; k < N_OUT; k++)\n"
	"\t\t\tset_out_ready(top, k, false);\n"
	"\t\ttop->eval();\n"
	"\t\tclk->tick();\n"
	"\t\tclk->tick();\n"
	"\t\twall += 2;\n"
	"\t\ttop->rst = 0;\n"
	"\t\ttop->eval();\n"
	"\t\tfor (int k = 0; k < N_IN; k++)\n"
	"\t\t\tpresenting[k] = false;\n"
	"\t\tfor (int k = 0; k < N_OUT; k++) {\n"
	"\t\t\tsince_reset[k] = 0;\n"
	"\t\t\theld[k] = false;\n"
	"\t\t}\n"
	"\t\terror_from = -1;\n"
	"#ifdef SL_AXILITE\n"
	"\t\taxil->op = 0;\n"
	"#endif\n"
	"\t\tconfigure();\n"
	"\t}\n"
	"\n"
	"\t// The image of DIR written (after a reset, or after the run before),\n"
	"\t// READY awaited.\n"
	"\tvoid configure()\n"
	"\t{\n"
	"#ifdef SL_AXILITE\n"
	"\t\tif (!axil_configure(top, *axil, *clk, dir))\n"
	"\t\t\tfail(\"the configuration through AXI4-Lite\", -1, 0, 1);\n"
	"#else\n"
	"#ifdef SL_RUNTIME_CONFIG\n"
	"\t\tif (!load_config(top, *clk, dir + \"/config.hex\"))\n"
	"\t\t\tfail(\"the configuration image\", -1, 0, 1);\n"
	"#endif\n"
	"#ifdef SL_WAIT_READY\n"
	"\t\tfor (int64_t n = 0; !top->ready && n < 1000000; n++) {\t// tile configuration\n"
	"\t\t\tclk->tick();\n"
	"\t\t\twall++;\n"
	"\t\t}\n"
	"#endif\n"
	"#endif\n"
	"\t}\n"
	"\n"
	"#ifdef SL_AXILITE\n"
	"\t// One AXI4-Lite transaction, the streams running.\n"
	"\tvoid axil_txn(int op, uint32_t a, uint32_t d)\n"
	"\t{\n"
	"\t\taxil->begin(op, a, d);\n"
	"\t\twhile (axil->op)\n"
	"\t\t\tcycle();\n"
	"\t}\n"
	"#endif\n"
	"};\n"
	"\n"
	"\n";

/* One size's runs (the C++ run_size), then the end of the namespace. */
static const char *const axis_tb_size =
	"// The runs of one size (read_sizes) on b, its files in b.dir, its stall\n"
	"// patterns seeded apart from the other sizes' (a size's seeds move by\n"
	"// 7919 a size); the unstalled run's outputs, cycles and inputs taken and\n"
	"// the runs' figures into b.dir. 0, or main's exit status; -1 when a run\n"
	"// did not finish (no later size can start).\n"
	"int run_size(bench &b, const std::vector<run_spec> &runs, int64_t timeout, uint64_t size)\n"
	"{\n"
	"\tVdut *top = b.top;\n"
	"#ifdef SL_PUB_COUNT\n"
	"\tint64_t last_fire = -1;\n"
	"\tif (!read_last_fire(b.dir, &last_fire)) {\n"
	"\t\tstd::fprintf(stderr, \"tb: cannot read the tiles' last fire (pub_last_fire)\\n\");\n"
	"\t\treturn 1;\n"
	"\t}\n"
	"#endif\n"
	"\tint64_t wall0 = b.wall, stalls0 = b.stalls, deps0 = b.dep_checks;\n"
	"\tfor (int k = 0; k < N_OUT; k++) {\n"
	"\t\tb.got[k].clear();\n"
	"\t\tb.when[k].clear();\n"
	"\t}\n"
	"\tauto t0 = std::chrono::steady_clock::now();\n"
	"\tint64_t ref_cycles = -1, ref_taken[N_IN + 1] = {}, checked = 0;\n"
	"\tbool all_done = true;\n"
	"\tsize_t start_at[N_OUT + 1] = {};\n"
	"\tstd::vector<uint64_t> ref[N_OUT + 1], ref_when[N_OUT + 1];\n"
	"\tfor (size_t r = 0; r < runs.size(); r++) {\n"
	"\t\tconst run_spec &rs = runs[r];\n"
	"\t\tb.role = rs.role;\n"
	"\t\tfor (int k = 0; k < N_IN; k++) {\n"
	"\t\t\tb.in_gate[k] = gate{};\n"
	"\t\t\tb.in_gate[k].k = rs.k == WHEN_VALID ? DUTY : rs.k;\n"
	"\t\t\tb.in_gate[k].duty = rs.duty;\n"
	"\t\t\tb.in_gate[k].r.s = rs.seed * 1000003u + (uint64_t) k + 7919u * size;\n"
	"\t\t\tb.src[k] = 0;\n"
	"\t\t\tb.taken[k] = 0;\n"
	"\t\t}\n"
	"\t\tfor (int k = 0; k < N_OUT; k++) {\n"
	"\t\t\tb.out_gate[k] = gate{};\n"
	"\t\t\tb.out_gate[k].k = rs.k;\n"
	"\t\t\tb.out_gate[k].duty = rs.duty;\n"
	"\t\t\tb.out_gate[k].r.s = rs.seed * 1000003u + 500u + (uint64_t) k + 7919u * size;\n"
	"\t\t}\n"
	"\t\t// cycle -2: start, sampled at its end; cycle -1: go\n"
	"#ifdef SL_AXILITE\n"
	"\t\t// the cycle the START write's response shows is cycle -2\n"
	"\t\tb.axil->begin(1, AXIL_CTRL, 1);\n"
	"\t\tfor (int64_t n = 0; !top->s_axil_bvalid && n < 1000; n++)\n"
	"\t\t\tb.cycle();\n"
	"\t\tbool a0 = b.cycle();\n"
	"\t\tbool a1 = b.cycle();\n"
	"\t\tbool last_adv = false;\n"
	"#else\n"
	"\t\ttop->start = 1;\n"
	"\t\tbool a0 = b.cycle();\n"
	"\t\ttop->start = 0;\n"
	"\t\tbool a1 = b.cycle();\n"
	"#endif\n"
	"\t\tif (!a0 || !a1)\n"
	"\t\t\tb.fail(\"start and go in enabled cycles\", -1, 0, 1);\n"
	"\t\tb.cyc = 0;\n"
	"\t\tint64_t limit = b.wall + 200 * timeout + 100000;\n"
	"\t\tbool done = false;\n"
	"\t\twhile (b.wall < limit) {\n"
	"#ifdef SL_AXILITE\n"
	"\t\t\tif (top->irq) {\t// one clock cycle after done\n"
	"#else\n"
	"\t\t\tif (top->done) {\n"
	"#endif\n"
	"\t\t\t\tdone = true;\n"
	"\t\t\t\tbreak;\n"
	"\t\t\t}\n"
	"\t\t\tif (rs.role == 1 && 2 * b.cyc >= ref_cycles)\n"
	"\t\t\t\tbreak;\n"
	"#ifdef SL_AXILITE\n"
	"\t\t\tlast_adv = b.cycle();\n"
	"#else\n"
	"\t\t\tb.cycle();\n"
	"#endif\n"
	"\t\t}\n"
	"\t\tint64_t cycles = b.cyc;\n"
	"#ifdef SL_AXILITE\n"
	"\t\tif (done && last_adv)\t// the cycle after done, if enabled\n"
	"\t\t\tcycles--;\n"
	"#endif\n"
	"\t\tb.cyc = -1;\n"
	"#ifdef SL_AXILITE\n"
	"\t\tif (done) {\t// the interrupt cleared for the next run\n"
	"\t\t\tb.axil_txn(1, AXIL_ISR, 1);\n"
	"\t\t\tif (top->irq)\n"
	"\t\t\t\tb.fail(\"the interrupt after ISR was cleared\", -1, 1, 0);\n"
	"\t\t}\n"
	"#endif\n"
	"\t\tif (rs.role == 1) {\t// mid-frame: drop what came out, and restart\n"
	"\t\t\tb.reset();\n"
	"\t\t\tfor (int k = 0; k < N_OUT; k++) {\n"
	"\t\t\t\tb.got[k].resize(start_at[k]);\n"
	"\t\t\t\tb.when[k].resize(start_at[k]);\n"
	"\t\t\t}\n"
	"\t\t\tstd::printf(\"axis: run %zu (%s, seed %llu): reset after %lld of %lld cycles\\n\",\n"
	"\t\t\t\tr, rs.name, (unsigned long long) rs.seed, (long long) cycles,\n"
	"\t\t\t\t(long long) ref_cycles);\n"
	"\t\t\tcontinue;\n"
	"\t\t}\n"
	"\t\tif (!done) {\n"
	"\t\t\tall_done = false;\n"
	"\t\t\tstd::printf(\"axis: FAIL run %zu (%s): no done within %lld cycles\\n\", r, rs.name,\n"
	"\t\t\t\t(long long) (200 * timeout + 100000));\n"
	"\t\t\tbreak;\n"
	"\t\t}\n"
	"#ifdef SL_PUB_COUNT\n"
	"\t\t// a tile may still fire after done (a padded last word): on until\n"
	"\t\t// its last fire, enabled cycle last_fire of the run, so that this\n"
	"\t\t// run's counts are whole before a reset or the next flush\n"
	"\t\tfor (int64_t c = cycles, w = 0; c <= last_fire && w < 200 * timeout + 100000; w++)\n"
	"\t\t\tif (b.cycle())\n"
	"\t\t\t\tc++;\n"
	"#endif\n"
	"\t\t// the outputs still in the skid buffers\n"
	"\t\tfor (int64_t w = 0; w < 200 * (int64_t) N_OUT * 4 + 1000; w++) {\n"
	"\t\t\tbool all = true;\n"
	"\t\t\tfor (int k = 0; k < N_OUT; k++)\n"
	"\t\t\t\tall = all && b.got[k].size() - start_at[k] >= OUT_SIZE[k] * (uint64_t) OUT_LANES[k];\n"
	"\t\t\tif (all)\n"
	"\t\t\t\tbreak;\n"
	"\t\t\tb.cycle();\n"
	"\t\t}\n"
	"\t\tif (rs.role >= 2) {\t// a framing error: sticky, cleared by reset\n"
	"\t\t\tif (b.error_from < 0 || !top->error)\n"
	"\t\t\t\tb.fail(\"the sticky error after a framing error\", 0, top->error, 1);\n"
	"\t\t\tb.reset();\n"
	"\t\t\tif (top->error)\n"
	"\t\t\t\tb.fail(\"the error output after reset\", 0, 1, 0);\n"
	"\t\t\tfor (int k = 0; k < N_OUT; k++) {\n"
	"\t\t\t\tb.got[k].resize(start_at[k]);\n"
	"\t\t\t\tb.when[k].resize(start_at[k]);\n"
	"\t\t\t}\n"
	"\t\t\tstd::printf(\"axis: run %zu (%s): the error output rose and a reset cleared it\\n\",\n"
	"\t\t\t\tr, rs.name);\n"
	"\t\t\tcontinue;\n"
	"\t\t}\n"
	"\t\tbool same = true;\n"
	"\t\tfor (int k = 0; k < N_OUT; k++) {\n"
	"\t\t\tstd::vector<uint64_t> mine(b.got[k].begin() + (long) start_at[k], b.got[k].end());\n"
	"\t\t\tif (r == 0) {\n"
	"\t\t\t\tref[k] = mine;\n"
	"\t\t\t\tref_when[k].assign(b.when[k].begin() + (long) start_at[k], b.when[k].end());\n"
	"\t\t\t} else if (mine != ref[k]) {\n"
	"\t\t\t\tsame = false;\n"
	"\t\t\t\tsize_t i = 0;\n"
	"\t\t\t\twhile (i < mine.size() && i < ref[k].size() && mine[i] == ref[k][i])\n"
	"\t\t\t\t\ti++;\n"
	"\t\t\t\tb.fail(\"the output differs from the unstalled run's: its first differing \"\n"
	"\t\t\t\t\t\"element, and the unstalled run's count of elements\", k, i, ref[k].size());\n"
	"\t\t\t}\n"
	"\t\t\tstart_at[k] = b.got[k].size();\n"
	"\t\t}\n"
	"\t\tfor (int k = 0; k < N_IN; k++) {\n"
	"\t\t\tif (r == 0)\n"
	"\t\t\t\tref_taken[k] = (int64_t) b.taken[k];\n"
	"\t\t\telse if ((int64_t) b.taken[k] != ref_taken[k])\n"
	"\t\t\t\tb.fail(\"inputs taken\", k, b.taken[k], (uint64_t) ref_taken[k]);\n"
	"\t\t}\n"
	"\t\tif (r == 0)\n"
	"\t\t\tref_cycles = cycles;\n"
	"\t\telse if (cycles != ref_cycles)\n"
	"\t\t\tb.fail(\"enabled cycles\", -1, (uint64_t) cycles, (uint64_t) ref_cycles);\n"
	"\t\tchecked++;\n"
	"\t\tstd::printf(\"axis: run %zu (%s, seed %llu): %lld enabled cycles%s\\n\", r, rs.name,\n"
	"\t\t\t(unsigned long long) rs.seed, (long long) cycles, same ? \"\" : \", OUTPUTS DIFFER\");\n"
	"\t}\n"
	"\tstd::chrono::duration<double> secs = std::chrono::steady_clock::now() - t0;\n"
	"\tstd::vector<long long> taken(ref_taken, ref_taken + N_IN);\n"
	"\tout_stream res[N_OUT + 1];\n"
	"\tfor (int k = 0; k < N_OUT; k++)\n"
	"\t\tres[k] = to_stream(ref[k], ref_when[k], OUT_BYTES[k]);\n"
	"\tFILE *st = write_results(b.dir, N_OUT, res, all_done && ref_cycles >= 0,\n"
	"\t\t(long long) ref_cycles, secs.count(), taken);\n"
	"\tif (!st)\n"
	"\t\treturn 1;\n"
	"\tstd::fprintf(st, \"axis %lld %lld %lld %lld %lld\\n\", (long long) runs.size(),\n"
	"\t\t(long long) checked, (long long) (b.wall - wall0), (long long) (b.stalls - stalls0),\n"
	"\t\t(long long) (b.dep_checks - deps0));\n"
	"\tif (!close_stats(st))\n"
	"\t\treturn 1;\n"
	"\treturn all_done ? 0 : -1;\n"
	"}\n"
	"\n"
	"} // namespace\n"
	"\n";

/* main() up to its model. */
static const char *const axis_tb_main =
	"int main(int argc, char **argv)\n"
	"{\n"
	"\tif (argc != 3 && argc != 5) {\n"
	"\t\tstd::fprintf(stderr, \"usage: tb DIR TIMEOUT [VCD_FILE VCD_CYCLES]\\n\");\n"
	"\t\treturn 2;\n"
	"\t}\n"
	"\tconst std::vector<size_run> sizes = read_sizes(argv[1], std::strtoll(argv[2], nullptr, 10));\n";

static const char *const axis_tb_run =
	"\t// every size's runs; the last size's runs then go on through resets\n"
	"\tstd::vector<run_spec> runs, resets;\n"
	"\truns.push_back({\"unstalled\", FULL, 100, 0, 0});\n"
	"\tfor (uint64_t s = 1; s <= (uint64_t) STALL_SEEDS; s++) {\n"
	"\t\truns.push_back({\"90% duty\", DUTY, 90, s, 0});\n"
	"\t\truns.push_back({\"50% duty\", DUTY, 50, s, 0});\n"
	"\t\truns.push_back({\"10% duty\", DUTY, 10, s, 0});\n"
	"\t\truns.push_back({\"bursts\", BURST, 50, s, 0});\n"
	"\t\truns.push_back({\"ready only when valid\", WHEN_VALID, 50, s, 0});\n"
	"\t}\n"
	"\tresets.push_back({\"cut by a reset mid-frame\", DUTY, 50, 101, 1});\n"
	"\tresets.push_back({\"after the reset\", BURST, 50, 102, 0});\n"
	"\tif (N_IN) {\n"
	"\t\tresets.push_back({\"missing start of frame\", FULL, 100, 0, 2});\n"
	"\t\tresets.push_back({\"wrong TLAST\", FULL, 100, 0, 3});\n"
	"\t}\n"
	"\tbench b;\n"
	"\tb.top = top;\n"
	"\tb.clk = &clk;\n"
	"\ttop->clk = 0;\n"
	"#ifdef SL_AXILITE\n"
	"\taxil_master axil{top, 0x2545f4914f6cdd1dull};\n"
	"\tb.axil = &axil;\n"
	"#else\n"
	"\ttop->start = 0;\n"
	"#endif\n"
	"\tfor (size_t s = 0; s < sizes.size(); s++) {\n"
	"\t\tstd::vector<uint64_t> in[N_IN + 1];\n"
	"\t\tfor (int k = 0; k < N_IN; k++)\n"
	"\t\t\tif (!read_bin(sizes[s].dir + \"/in_\" + std::to_string(k) + \".bin\", in[k], IN_BYTES[k])) {\n"
	"\t\t\t\tstd::fprintf(stderr, \"tb: cannot read input %d\\n\", k);\n"
	"\t\t\t\treturn 1;\n"
	"\t\t\t}\n"
	"#ifdef SL_RUNTIME_CONFIG\n"
	"\t\tif (!read_framing(sizes[s].dir)) {\n"
	"\t\t\tstd::fprintf(stderr, \"tb: cannot read the framing (framing.txt)\\n\");\n"
	"\t\t\treturn 1;\n"
	"\t\t}\n"
	"#endif\n"
	"\t\tb.in_data = in;\n"
	"\t\tb.dir = sizes[s].dir;\n"
	"\t\tif (s == 0) {\n"
	"\t\t\tb.reset();\n"
	"\t\t} else {\t// after the last run, as a host goes on: a new frame size\n"
	"\t\t\tfor (int k = 0; k < N_OUT; k++)\n"
	"\t\t\t\tb.since_reset[k] = 0;\n"
	"\t\t\tb.configure();\n"
	"\t\t}\n"
	"\t\tif (sizes.size() > 1)\n"
	"\t\t\tstd::printf(\"axis: size %zu of %zu\\n\", s + 1, sizes.size());\n"
	"\t\tstd::vector<run_spec> these = runs;\n"
	"\t\tif (s + 1 == sizes.size())\n"
	"\t\t\tthese.insert(these.end(), resets.begin(), resets.end());\n"
	"\t\tint rc = run_size(b, these, sizes[s].timeout, (uint64_t) s);\n"
	"\t\tif (rc > 0)\n"
	"\t\t\treturn rc;\n"
	"\t\tif (rc < 0)\n"
	"\t\t\tbreak;\n"
	"\t}\n"
	"\tif (!close_trace(clk, argv[3]))\n"
	"\t\treturn 3;\n"
	"\ttop->final();\n"
	"\tdelete top;\n"
	"\tif (b.failures) {\n"
	"\t\tstd::printf(\"axis: %d failures\\n\", b.failures);\n"
	"\t\treturn 4;\n"
	"\t}\n"
	"\treturn 0;\n"
	"}\n";

/* Every output of the wrapper, through the port accessors. */
static const char *const axis_tb_snap =
	"// What a master or the control may not make depend on TREADY.\n"
	"struct snapshot {\n"
	"\tstd::vector<uint64_t> v;\n"
	"\tbool operator==(const snapshot &o) const { return v == o.v; }\n"
	"};\n"
	"\n"
	"snapshot snap(Vdut *top)\n"
	"{\n"
	"\tsnapshot s;\n"
	"#ifdef SL_AXILITE\n"
	"\ts.v.push_back(top->irq);\n"
	"\ts.v.push_back(top->s_axil_awready);\n"
	"\ts.v.push_back(top->s_axil_wready);\n"
	"\ts.v.push_back(top->s_axil_bvalid);\n"
	"\ts.v.push_back(top->s_axil_arready);\n"
	"\ts.v.push_back(top->s_axil_rvalid);\n"
	"\ts.v.push_back(top->s_axil_rdata);\n"
	"#else\n"
	"\ts.v.push_back(top->done);\n"
	"#endif\n"
	"\ts.v.push_back(top->error);\n"
	"\ts.v.push_back(top->advance);\n"
	"\tfor (int k = 0; k < N_IN; k++)\n"
	"\t\ts.v.push_back(get_in_ready(top, k));\n"
	"\tfor (int k = 0; k < N_OUT; k++) {\n"
	"\t\toutput o = get_out(top, k);\n"
	"\t\ts.v.push_back(o.valid);\n"
	"\t\ts.v.insert(s.v.end(), o.data, o.data + OUT_LANES[k]);\n"
	"\t\ts.v.push_back(o.user);\n"
	"\t\ts.v.push_back(o.last);\n"
	"\t}\n"
	"\treturn s;\n"
	"}\n"
	"\n";

/* The port accessors: set_in, get_in_ready, set_out_ready, get_out, and
 * a snapshot of every output of the wrapper.  TDATA is a scalar of up to
 * 64 bits or Verilator's VlWide; put_lane and get_lane (testbench.c)
 * take either. */
static void axis_tb_ports(FILE *out, int n_ports, const vl_port *ports)
{
	fputs("void set_in(Vdut *top, int k, bool valid, const uint64_t *v, bool user, bool last)\n{\n"
		"\tswitch (k) {\n", out);
	for (int i = 0, k = 0; i < n_ports; i++)
		if (ports[i].is_input) {
			const char *n = ports[i].name;
			fprintf(out, "\tcase %d:\n\t\ttop->s_axis_%s_tvalid = valid;\n"
				"\t\tfor (int l = 0; l < IN_LANES[%d]; l++)\n"
				"\t\t\tput_lane(top->s_axis_%s_tdata, l * IN_STRIDE[%d], IN_STRIDE[%d], v[l]);\n"
				"\t\ttop->s_axis_%s_tuser = user;\n"
				"\t\ttop->s_axis_%s_tlast = last;\n\t\tbreak;\n", k, n, k, n, k, k, n, n);
			k++;
		}
	fputs("\tdefault:\n\t\t(void) top;\n\t\t(void) valid;\n\t\t(void) v;\n"
		"\t\t(void) user;\n\t\t(void) last;\n\t}\n}\n\n", out);
	fputs("bool get_in_ready(Vdut *top, int k)\n{\n\tswitch (k) {\n", out);
	for (int i = 0, k = 0; i < n_ports; i++)
		if (ports[i].is_input)
			fprintf(out, "\tcase %d:\n\t\treturn top->s_axis_%s_tready;\n", k++,
				ports[i].name);
	fputs("\tdefault:\n\t\t(void) top;\n\t\treturn false;\n\t}\n}\n\n", out);
	fputs("void set_out_ready(Vdut *top, int k, bool ready)\n{\n\tswitch (k) {\n", out);
	for (int i = 0, k = 0; i < n_ports; i++)
		if (!ports[i].is_input)
			fprintf(out, "\tcase %d:\n\t\ttop->m_axis_%s_tready = ready;\n\t\tbreak;\n", k++,
				ports[i].name);
	fputs("\tdefault:\n\t\t(void) top;\n\t\t(void) ready;\n\t}\n}\n\n", out);
	fputs("// A master's beat: lane l of TDATA in data[l], its pad bits included.\n"
		"struct output {\n\tbool valid, ready, user, last;\n\tuint64_t data[MAX_LANES];\n};\n\n"
		"output get_out(Vdut *top, int k)\n{\n\toutput o{};\n\tswitch (k) {\n", out);
	for (int i = 0, k = 0; i < n_ports; i++)
		if (!ports[i].is_input) {
			const char *n = ports[i].name;
			fprintf(out, "\tcase %d:\n\t\to.valid = top->m_axis_%s_tvalid;\n"
				"\t\to.ready = top->m_axis_%s_tready;\n\t\to.user = top->m_axis_%s_tuser;\n"
				"\t\to.last = top->m_axis_%s_tlast;\n"
				"\t\tfor (int l = 0; l < OUT_LANES[%d]; l++)\n"
				"\t\t\to.data[l] = get_lane(top->m_axis_%s_tdata, l * OUT_STRIDE[%d], "
				"OUT_STRIDE[%d]);\n\t\tbreak;\n", k, n, n, n, n, k, n, k, k);
			k++;
		}
	fputs("\tdefault:\n\t\t(void) top;\n\t}\n\treturn o;\n}\n\n", out);
	fputs(axis_tb_snap, out);
}

/* A table of one field of the ports; with "runtime" the framing (row,
 * rows, elements) is 0 here and read from the run's files
 * (read_framing), so that the text serves every size. */
static void axis_tb_table(FILE *out, const char *what, const char *type, int n_ports,
	const vl_port *ports, bool inputs, int field, bool runtime)
{
	bool framing = ((field >= 1 && field <= 3) || field >= 6) && runtime;
	fprintf(out, "%s%s %s[] = { ", framing ? "" : "const ", type, what);
	int c = 0;
	for (int i = 0; i < n_ports; i++) {
		if (ports[i].is_input != inputs)
			continue;
		const vl_port *p = &ports[i];
		int64_t v = field == 0 ? p->bits : field == 1 ? p->row : field == 2 ? p->rows
			: field == 3 ? p->size : field == 4 ? p->lanes
			: field == 5 ? (p->bits + 7) / 8 * 8 : field == 6 ? p->tail : p->inner;
		fprintf(out, "%s%lld", c++ ? ", " : "", (long long) (framing ? 0 : v));
	}
	fprintf(out, "%s0 };\n", c ? ", " : "");
}

/* --runtime-config: the framing of the run's size from DIR/framing.txt,
 * a line a port (row, rows, elements, the pixels of a row's last beat,
 * the beats of a lane-dimension index: rtl_port_frame) in the order of
 * the ports. */
static void axis_tb_framing(FILE *out, int n_ports, const vl_port *ports)
{
	fprintf(out, "#ifdef SL_RUNTIME_CONFIG\nbool read_framing(const std::string &dir)\n{\n"
		"\tFILE *f = std::fopen((dir + \"/framing.txt\").c_str(), \"r\");\n"
		"\tif (!f)\n\t\treturn false;\n\tlong long row, rows, size, tail, inner;\n\tbool ok = true;\n");
	for (int i = 0, ki = 0, ko = 0; i < n_ports; i++) {
		fprintf(out, "\tok = ok && std::fscanf(f, \"%%lld %%lld %%lld %%lld %%lld\", &row, &rows, "
			"&size, &tail, &inner) == 5;\n");
		if (ports[i].is_input)
			fprintf(out, "\tIN_ROW[%d] = row;\n\tIN_ROWS[%d] = rows;\n", ki, ki), ki++;
		else
			fprintf(out, "\tOUT_ROW[%d] = row;\n\tOUT_ROWS[%d] = rows;\n"
				"\tOUT_SIZE[%d] = (uint64_t) size;\n\tOUT_TAIL[%d] = (int) tail;\n"
				"\tOUT_INNER[%d] = inner;\n", ko, ko, ko, ko, ko), ko++;
	}
	fprintf(out, "\t(void) row;\n\t(void) rows;\n\t(void) size;\n\t(void) tail;\n\t(void) inner;\n"
		"\treturn std::fclose(f) == 0 && ok;\n}\n#endif\n\n");
}

void vl_write_axis_testbench(FILE *out, const char *top_name, int n_ports,
	const vl_port *ports, int stall_seeds, bool runtime)
{
	int n_in = 0;
	for (int i = 0; i < n_ports; i++)
		n_in += ports[i].is_input;
	fprintf(out, "// tb.cpp: the AXI4-Stream testbench of %s, generated by sluice "
		"(verilator/axis_tb.c).\n", top_name);
	fprintf(out, "// Interface and timing: docs/hardware.md, \"AXI4-Stream interface\".\n");
	vl_write_tb_common(out);
	int max_lanes = 1;
	for (int i = 0; i < n_ports; i++)
		max_lanes = ports[i].lanes > max_lanes ? ports[i].lanes : max_lanes;
	fprintf(out, "const int N_IN = %d;\nconst int N_OUT = %d;\nconst int STALL_SEEDS = %d;\n"
		"const int MAX_LANES = %d;\n", n_in, n_ports - n_in, stall_seeds, max_lanes);
	vl_write_word_bytes(out, n_ports, ports);
	axis_tb_table(out, "IN_BITS", "int", n_ports, ports, true, 0, runtime);
	axis_tb_table(out, "IN_ROW", "int64_t", n_ports, ports, true, 1, runtime);
	axis_tb_table(out, "IN_ROWS", "int64_t", n_ports, ports, true, 2, runtime);
	axis_tb_table(out, "OUT_BITS", "int", n_ports, ports, false, 0, runtime);
	axis_tb_table(out, "OUT_ROW", "int64_t", n_ports, ports, false, 1, runtime);
	axis_tb_table(out, "OUT_ROWS", "int64_t", n_ports, ports, false, 2, runtime);
	axis_tb_table(out, "OUT_SIZE", "uint64_t", n_ports, ports, false, 3, runtime);
	axis_tb_table(out, "IN_LANES", "int", n_ports, ports, true, 4, runtime);
	axis_tb_table(out, "IN_STRIDE", "int", n_ports, ports, true, 5, runtime);
	axis_tb_table(out, "OUT_LANES", "int", n_ports, ports, false, 4, runtime);
	axis_tb_table(out, "OUT_STRIDE", "int", n_ports, ports, false, 5, runtime);
	axis_tb_table(out, "OUT_TAIL", "int", n_ports, ports, false, 6, runtime);
	axis_tb_table(out, "OUT_INNER", "int64_t", n_ports, ports, false, 7, runtime);
	fputc('\n', out);
	if (runtime)
		axis_tb_framing(out, n_ports, ports);
	axis_tb_ports(out, n_ports, ports);
	vl_write_tb_config(out);
	fputs(axis_tb_body, out);
	fputs(axis_tb_size, out);
	fputs(axis_tb_main, out);
	fputs(vl_tb_open_model, out);
	fputs(axis_tb_run, out);
}
