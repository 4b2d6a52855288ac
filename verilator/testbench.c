/* verilator/testbench.c: the C++ testbench of a generated module.
 * Stage: verilator (the Verilator harness).  Writes one tb.cpp per program: a
 * fixed driver loop (below, as text) and a few lines per port that read
 * and write the Verilated model's members.  The testbench follows
 * docs/hardware.md: reset, start in cycle -2, then every cycle it drives
 * NAME_data with the next element of each input whose NAME_en is high
 * (a poison value otherwise), collects NAME_data of each output whose
 * NAME_valid is high, and stops at the first cycle where done is high.
 * Data goes in and out as little-endian uint64 files in a run directory:
 *     tb DIR TIMEOUT [VCD_FILE VCD_CYCLES]
 * (exit 1: the data could not be read or written, 3: the waveform) 
 * reads DIR/in_K.bin, writes DIR/out_K.bin, the cycle of each of those
 * values in DIR/out_K.cyc, and DIR/stats.txt.  Built with -DSL_PUB_COUNT
 * (designs with push-memory tiles) it also reads DIR/pub_last_fire and
 * clocks on after done until that cycle, for the tiles' counts.  Nothing
 * here names a path: the same program always gives the same text. */
#include "verilator/verilator_private.h"

static const char *const vl_tb_head =
	"#include <cerrno>\n"
	"#include <chrono>\n"
	"#include <cstdint>\n"
	"#include <cstdio>\n"
	"#include <cstdlib>\n"
	"#include <cstring>\n"
	"#include <string>\n"
	"#include <vector>\n"
	"\n"
	"#include <fcntl.h>\n"
	"#include <unistd.h>\n"
	"\n"
	"#include \"Vdut.h\"\n"
	"#include \"verilated.h\"\n"
	"#if VM_TRACE\n"
	"#include \"verilated_vcd_c.h\"\n"
	"#endif\n"
	"\n"
	"namespace {\n"
	"\n"
	"#if VM_TRACE\n"
	"// The waveform file: a failed write is remembered and reported at the\n"
	"// end (Verilator's own stops the process, or hangs its trace thread).\n"
	"struct checked_vcd_file : VerilatedVcdFile {\n"
	"\tint fd = -1;\n"
	"\tint error = 0;\n"
	"\tbool open(const std::string &name) override\n"
	"\t{\n"
	"\t\tfd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);\n"
	"\t\tif (fd < 0)\n"
	"\t\t\terror = errno;\n"
	"\t\treturn fd >= 0;\n"
	"\t}\n"
	"\tvoid close() override\n"
	"\t{\n"
	"\t\tif (fd >= 0 && ::close(fd) < 0 && !error)\n"
	"\t\t\terror = errno;\n"
	"\t\tfd = -1;\n"
	"\t}\n"
	"\tssize_t write(const char *buf, ssize_t len) override\n"
	"\t{\n"
	"\t\tfor (ssize_t done = 0; done < len && fd >= 0 && !error;) {\n"
	"\t\t\tssize_t n = ::write(fd, buf + done, (size_t) (len - done));\n"
	"\t\t\tif (n < 0 && errno == EINTR)\n"
	"\t\t\t\tcontinue;\n"
	"\t\t\tif (n <= 0)\n"
	"\t\t\t\terror = n < 0 ? errno : EIO;\n"
	"\t\t\telse\n"
	"\t\t\t\tdone += n;\n"
	"\t\t}\n"
	"\t\treturn len;\n"
	"\t}\n"
	"};\n"
	"#endif\n"
	"\n"
	"// An input stream: its elements, row-major, and how many the module took.\n"
	"struct stream {\n"
	"\tstd::vector<uint64_t> data;\n"
	"\tuint64_t taken = 0;\n"
	"};\n"
	"\n"
	"uint64_t mask(int bits, uint64_t v)\n"
	"{\n"
	"\treturn bits >= 64 ? v : v & ((uint64_t(1) << bits) - 1);\n"
	"}\n"
	"\n"
	"// Driven while NAME_en is low: a design that reads it anyway shows.\n"
	"uint64_t poison(int bits, int64_t cyc)\n"
	"{\n"
	"\treturn mask(bits, 0xa5c3968778e12d4bull ^ (uint64_t(cyc) * 0x9e3779b97f4a7c15ull));\n"
	"}\n"
	"\n"
	"// The values of a word file, little-endian, es bytes each (IN_BYTES,\n"
	"// OUT_BYTES; 8 for the cycles): read and written 64 KiB at a time.\n"
	"bool read_bin(const std::string &path, std::vector<uint64_t> &v, int es)\n"
	"{\n"
	"\tFILE *f = std::fopen(path.c_str(), \"rb\");\n"
	"\tif (!f)\n"
	"\t\treturn false;\n"
	"\tstatic unsigned char b[1 << 16];\n"
	"\tsize_t got, e = (size_t) es;\n"
	"\twhile ((got = std::fread(b, 1, sizeof b, f)) >= e) {\n"
	"\t\tfor (size_t j = 0; j + e <= got; j += e) {\n"
	"\t\t\tuint64_t x = 0;\n"
	"\t\t\tfor (int i = es - 1; i >= 0; i--)\n"
	"\t\t\t\tx = x << 8 | b[j + i];\n"
	"\t\t\tv.push_back(x);\n"
	"\t\t}\n"
	"\t\tif (got % e)\n"
	"\t\t\tbreak;\n"
	"\t}\n"
	"\tstd::fclose(f);\n"
	"\treturn true;\n"
	"}\n"
	"\n"
	"bool write_bin(const std::string &path, const std::vector<uint64_t> &v, int es)\n"
	"{\n"
	"\tFILE *f = std::fopen(path.c_str(), \"wb\");\n"
	"\tif (!f)\n"
	"\t\treturn false;\n"
	"\tbool ok = true;\n"
	"\tstatic unsigned char b[1 << 16];\n"
	"\tsize_t n = 0;\n"
	"\tfor (uint64_t x : v) {\n"
	"\t\tfor (int i = 0; i < es; i++)\n"
	"\t\t\tb[n++] = (unsigned char) (x >> (8 * i));\n"
	"\t\tif (n == sizeof b) {\n"
	"\t\t\tok = std::fwrite(b, 1, n, f) == n && ok;\n"
	"\t\t\tn = 0;\n"
	"\t\t}\n"
	"\t}\n"
	"\tok = std::fwrite(b, 1, n, f) == n && ok;\n"
	"\treturn std::fclose(f) == 0 && ok;\n"
	"}\n"
	"\n"
	"#ifdef SL_PUB_COUNT\n"
	"// The last cycle of a run in which a push-memory tile fires (frames\n"
	"// included), from DIR/pub_last_fire: the harness clocks on after done\n"
	"// until it, so that every fire is counted (docs/pub.md, \"Counts in\n"
	"// Verilator\").\n"
	"bool read_last_fire(const std::string &dir, int64_t *last)\n"
	"{\n"
	"\tFILE *f = std::fopen((dir + \"/pub_last_fire\").c_str(), \"r\");\n"
	"\tif (!f)\n"
	"\t\treturn false;\n"
	"\tlong long v = 0;\n"
	"\tbool ok = std::fscanf(f, \"%lld\", &v) == 1 && v >= -1;\n"
	"\tstd::fclose(f);\n"
	"\t*last = v;\n"
	"\treturn ok;\n"
	"}\n"
	"#endif\n"
	"\n"
	"template <class E, class D>\n"
	"void drive(const E &en, D &data, stream &s, int bits, int64_t cyc)\n"
	"{\n"
	"\tif (!en) {\n"
	"\t\tdata = (D) poison(bits, cyc);\n"
	"\t\treturn;\n"
	"\t}\n"
	"\tdata = (D) (s.taken < s.data.size() ? mask(bits, s.data[s.taken]) : poison(bits, cyc));\n"
	"\ts.taken++;\n"
	"}\n"
	"\n"
	"// Port groups of lanes (docs/hardware.md \"Top-level interface\"): lane l\n"
	"// in bits l*bits .. l*bits+bits-1 of NAME_data, a scalar of up to 64 bits\n"
	"// or Verilator's VlWide of 32-bit words.\n"
	"template <class D>\n"
	"void put_lane(D &d, int lo, int bits, uint64_t v)\n"
	"{\n"
	"\tuint64_t m = mask(bits, ~uint64_t(0)) << lo;\n"
	"\td = (D) (((uint64_t) d & ~m) | ((v << lo) & m));\n"
	"}\n"
	"\n"
	"template <std::size_t W>\n"
	"void put_lane(VlWide<W> &d, int lo, int bits, uint64_t v)\n"
	"{\n"
	"\tfor (int b = 0; b < bits;) {\n"
	"\t\tint i = lo + b, o = i % 32, n = 32 - o < bits - b ? 32 - o : bits - b;\n"
	"\t\tuint32_t m = (uint32_t) (mask(n, ~uint64_t(0)) << o);\n"
	"\t\td[i / 32] = (d[i / 32] & ~m) | ((uint32_t) ((v >> b) << o) & m);\n"
	"\t\tb += n;\n"
	"\t}\n"
	"}\n"
	"\n"
	"template <class D>\n"
	"uint64_t get_lane(const D &d, int lo, int bits)\n"
	"{\n"
	"\treturn mask(bits, (uint64_t) d >> lo);\n"
	"}\n"
	"\n"
	"template <std::size_t W>\n"
	"uint64_t get_lane(const VlWide<W> &d, int lo, int bits)\n"
	"{\n"
	"\tuint64_t v = 0;\n"
	"\tfor (int b = 0; b < bits;) {\n"
	"\t\tint i = lo + b, o = i % 32, n = 32 - o < bits - b ? 32 - o : bits - b;\n"
	"\t\tv |= mask(n, (uint64_t) d[i / 32] >> o) << b;\n"
	"\t\tb += n;\n"
	"\t}\n"
	"\treturn v;\n"
	"}\n"
	"\n"
	"// The next word of a port group of k lanes (k values in the stream).\n"
	"template <class E, class D>\n"
	"void drive_lanes(const E &en, D &data, stream &s, int bits, int k, int64_t cyc)\n"
	"{\n"
	"\tfor (int l = 0; l < k; l++) {\n"
	"\t\tuint64_t i = s.taken * (uint64_t) k + (uint64_t) l;\n"
	"\t\tput_lane(data, l * bits, bits, en && i < s.data.size() ? s.data[i]\n"
	"\t\t\t: poison(bits, cyc * k + l));\n"
	"\t}\n"
	"\tif (en)\n"
	"\t\ts.taken++;\n"
	"}\n"
	"\n"
	"// A word of k lanes and the cycle it came out in.\n"
	"template <class V, class D>\n"
	"void collect_lanes(const V &valid, const D &data, std::vector<uint64_t> &out,\n"
	"\tstd::vector<uint64_t> &when, int bits, int k, int64_t cyc)\n"
	"{\n"
	"\tif (!valid)\n"
	"\t\treturn;\n"
	"\tfor (int l = 0; l < k; l++)\n"
	"\t\tout.push_back(get_lane(data, l * bits, bits));\n"
	"\twhen.push_back((uint64_t) cyc);\n"
	"}\n"
	"\n"
	"// An output value and the cycle it came out in.\n"
	"template <class V, class D>\n"
	"void collect(const V &valid, const D &data, std::vector<uint64_t> &out,\n"
	"\tstd::vector<uint64_t> &when, int64_t cyc)\n"
	"{\n"
	"\tif (!valid)\n"
	"\t\treturn;\n"
	"\tout.push_back((uint64_t) data);\n"
	"\twhen.push_back((uint64_t) cyc);\n"
	"}\n"
	"\n";

static const char *const vl_tb_clock =
	"// One clock cycle: the rising edge, then the low half.\n"
	"struct cycle_clock {\n"
	"\tVdut *top;\n"
	"#if VM_TRACE\n"
	"\tVerilatedVcdC *vcd = nullptr;\n"
	"\tchecked_vcd_file *vcd_file = nullptr;\n"
	"\tint64_t window = 0;\n"
	"#endif\n"
	"\tint64_t n = 0;\n"
	"\tvoid dump(int64_t t)\n"
	"\t{\n"
	"#if VM_TRACE\n"
	"\t\tif (vcd && n < window)\n"
	"\t\t\tvcd->dump((uint64_t) t);\n"
	"#endif\n"
	"\t}\n"
	"\tvoid tick()\n"
	"\t{\n"
	"\t\tdump(10 * n);\n"
	"\t\ttop->clk = 1;\n"
	"\t\ttop->eval();\n"
	"\t\tdump(10 * n + 5);\n"
	"\t\ttop->clk = 0;\n"
	"\t\ttop->eval();\n"
	"\t\tn++;\n"
	"\t}\n"
	"};\n"
	"\n"
	"// The end of a run, shared by both testbenches: the trace closed (false\n"
	"// and a message if it could not be written), then DIR/out_K.bin and\n"
	"// .cyc and DIR/stats.txt's first lines; the caller adds its own lines\n"
	"// and closes the file with close_stats.\n"
	"bool close_trace(cycle_clock &clk, const char *path)\n"
	"{\n"
	"\tclk.dump(10 * clk.n);\n"
	"#if VM_TRACE\n"
	"\tif (clk.vcd) {\n"
	"\t\tclk.vcd->close();\n"
	"\t\tif (clk.vcd_file->error) {\n"
	"\t\t\tstd::fprintf(stderr, \"tb: cannot write the waveform '%s': %s\\n\", path,\n"
	"\t\t\t\tstd::strerror(clk.vcd_file->error));\n"
	"\t\t\treturn false;\n"
	"\t\t}\n"
	"\t}\n"
	"#else\n"
	"\t(void) path;\n"
	"#endif\n"
	"\treturn true;\n"
	"}\n"
	"\n"
	"FILE *write_results(const std::string &dir, int n_out, const int *out_bytes,\n"
	"\tconst std::vector<uint64_t> *out, const std::vector<uint64_t> *when, bool done,\n"
	"\tlong long cycles, double secs, const std::vector<long long> &taken)\n"
	"{\n"
	"\tbool ok = true;\n"
	"\tfor (int k = 0; k < n_out; k++)\n"
	"\t\tok = write_bin(dir + \"/out_\" + std::to_string(k) + \".bin\", out[k], out_bytes[k])\n"
	"\t\t\t&& write_bin(dir + \"/out_\" + std::to_string(k) + \".cyc\", when[k], 8) && ok;\n"
	"\tFILE *st = std::fopen((dir + \"/stats.txt\").c_str(), \"w\");\n"
	"\tif (!st || !ok) {\n"
	"\t\tif (st)\n"
	"\t\t\tstd::fclose(st);\n"
	"\t\tstd::fprintf(stderr, \"tb: cannot write the results\\n\");\n"
	"\t\treturn nullptr;\n"
	"\t}\n"
	"\tstd::fprintf(st, \"done %d\\ncycles %lld\\nseconds %.9f\\n\", done ? 1 : 0, cycles, secs);\n"
	"\tfor (size_t k = 0; k < taken.size(); k++)\n"
	"\t\tstd::fprintf(st, \"taken %zu %lld\\n\", k, taken[k]);\n"
	"\treturn st;\n"
	"}\n"
	"\n"
	"bool close_stats(FILE *st)\n"
	"{\n"
	"\tif (std::ferror(st) | (std::fclose(st) != 0)) {\n"
	"\t\tstd::fprintf(stderr, \"tb: cannot write the results\\n\");\n"
	"\t\treturn false;\n"
	"\t}\n"
	"\treturn true;\n"
	"}\n"
	"\n";

/* --runtime-config (built with -DSL_RUNTIME_CONFIG=BITS, the cfg_data
 * width): DIR/config.hex written through the bus, a word a cycle. */
static const char *const vl_tb_config =
	"#ifdef SL_RUNTIME_CONFIG\n"
	"// The configuration image (docs/pub.md, \"Run-time configuration\"): one\n"
	"// bus write a word, (cfg_addr << SL_RUNTIME_CONFIG) | cfg_data.\n"
	"bool load_config(Vdut *top, cycle_clock &clk, const std::string &path)\n"
	"{\n"
	"\tFILE *f = std::fopen(path.c_str(), \"r\");\n"
	"\tif (!f)\n"
	"\t\treturn false;\n"
	"\tchar line[256];\n"
	"\tbool ok = true;\n"
	"\twhile (ok && std::fgets(line, sizeof line, f)) {\n"
	"\t\tif (line[0] == '/' || line[0] == '\\n')\n"
	"\t\t\tcontinue;\n"
	"\t\tchar *end;\n"
	"\t\terrno = 0;\n"
	"\t\tuint64_t w = std::strtoull(line, &end, 16);\n"
	"\t\tok = end != line && errno == 0;\n"
	"\t\ttop->cfg_we = 1;\n"
	"\t\ttop->cfg_addr = w >> SL_RUNTIME_CONFIG;\n"
	"\t\ttop->cfg_data = mask(SL_RUNTIME_CONFIG, w);\n"
	"\t\ttop->eval();\n"
	"\t\tclk.tick();\n"
	"\t}\n"
	"\ttop->cfg_we = 0;\n"
	"\ttop->eval();\n"
	"\treturn std::fclose(f) == 0 && ok;\n"
	"}\n"
	"#endif\n"
	"\n";

static const char *const vl_tb_main =
	"} // namespace\n"
	"\n"
	"int main(int argc, char **argv)\n"
	"{\n"
	"\tif (argc != 3 && argc != 5) {\n"
	"\t\tstd::fprintf(stderr, \"usage: tb DIR TIMEOUT [VCD_FILE VCD_CYCLES]\\n\");\n"
	"\t\treturn 2;\n"
	"\t}\n"
	"\tconst std::string dir = argv[1];\n"
	"\tconst int64_t timeout = std::strtoll(argv[2], nullptr, 10);\n"
	"\tstream in[N_IN + 1];\n"
	"\tstd::vector<uint64_t> out[N_OUT + 1], when[N_OUT + 1];\n"
	"\tfor (int k = 0; k < N_IN; k++)\n"
	"\t\tif (!read_bin(dir + \"/in_\" + std::to_string(k) + \".bin\", in[k].data, IN_BYTES[k])) {\n"
	"\t\t\tstd::fprintf(stderr, \"tb: cannot read input %d\\n\", k);\n"
	"\t\t\treturn 1;\n"
	"\t\t}\n";

/* main()'s model, clock and waveform (argv[3] the VCD, argv[4] its window
 * of cycles), shared with the AXI4-Stream testbench (axis_tb.c). */
const char *const vl_tb_open_model =
	"\tVerilatedContext vctx;\n"
	"\tVdut *top = new Vdut{&vctx};\n"
	"\tcycle_clock clk{top};\n"
	"#if VM_TRACE\n"
	"\tif (argc == 5) {\n"
	"\t\tvctx.traceEverOn(true);\n"
	"\t\tclk.vcd_file = new checked_vcd_file;\n"
	"\t\tclk.vcd = new VerilatedVcdC{clk.vcd_file};\n"
	"\t\tclk.window = std::strtoll(argv[4], nullptr, 10);\n"
	"\t\ttop->trace(clk.vcd, 99);\n"
	"\t\tclk.vcd->open(argv[3]);\n"
	"\t\tif (!clk.vcd->isOpen()) {\n"
	"\t\t\tstd::fprintf(stderr, \"tb: cannot write the waveform '%s': %s\\n\", argv[3],\n"
	"\t\t\t\tstd::strerror(clk.vcd_file->error));\n"
	"\t\t\treturn 3;\n"
	"\t\t}\n"
	"\t}\n"
	"#endif\n";

static const char *const vl_tb_main_run =
	"\ttop->clk = 0;\n"
	"\ttop->rst = 1;\n"
	"\ttop->start = 0;\n"
	"\ttop->eval();\n"
	"\tclk.tick();\n"
	"\tclk.tick();\n"
	"\ttop->rst = 0;\n"
	"\tclk.tick();\n"
	"#ifdef SL_RUNTIME_CONFIG\n"
	"\tif (!load_config(top, clk, dir + \"/config.hex\")) {\n"
	"\t\tstd::fprintf(stderr, \"tb: cannot read the configuration image\\n\");\n"
	"\t\treturn 1;\n"
	"\t}\n"
	"#endif\n"
	"#ifdef SL_PUB_COUNT\n"
	"\tint64_t last_fire = -1;\n"
	"\tif (!read_last_fire(dir, &last_fire)) {\n"
	"\t\tstd::fprintf(stderr, \"tb: cannot read the tiles' last fire (pub_last_fire)\\n\");\n"
	"\t\treturn 1;\n"
	"\t}\n"
	"#endif\n"
	"#ifdef SL_WAIT_READY\n"
	"\tfor (int64_t n = 0; !top->ready && n < 1000000; n++) {	// tile configuration\n"
	"\t\ttop->eval();\n"
	"\t\tclk.tick();\n"
	"\t}\n"
	"#endif\n"
	"\ttop->start = 1;	// cycle -2: sampled at its end\n"
	"\ttop->eval();\n"
	"\tclk.tick();\n"
	"\ttop->start = 0;\n"
	"\ttop->eval();\n"
	"\tclk.tick();	// cycle -1: go\n"
	"\tauto t0 = std::chrono::steady_clock::now();\n"
	"\tint64_t cyc = 0;\n"
	"\tbool done = false;\n"
	"\tfor (; cyc <= timeout; cyc++) {\n"
	"\t\tif (top->done) {\t// settled by the last tick\n"
	"\t\t\tdone = true;\n"
	"\t\t\tbreak;\n"
	"\t\t}\n"
	"\t\tdrive_inputs(top, in, cyc);\n"
	"\t\ttop->eval();\n"
	"\t\tcollect_outputs(top, out, when, cyc);\n"
	"\t\tclk.tick();\n"
	"\t}\n"
	"#ifdef SL_PUB_COUNT\n"
	"\t// a tile may still fire after done (a padded last word): clock on\n"
	"\t// until its last fire, cycle last_fire of the run\n"
	"\tfor (int64_t c = cyc; done && c <= last_fire && c <= timeout; c++) {\n"
	"\t\ttop->eval();\n"
	"\t\tclk.tick();\n"
	"\t}\n"
	"#endif\n"
	"\tstd::chrono::duration<double> secs = std::chrono::steady_clock::now() - t0;\n"
	"\tif (!close_trace(clk, argv[3]))\n"
	"\t\treturn 3;\n"
	"\ttop->final();\n"
	"\tstd::vector<long long> taken;\n"
	"\tfor (int k = 0; k < N_IN; k++)\n"
	"\t\ttaken.push_back((long long) in[k].taken);\n"
	"\tFILE *st = write_results(dir, N_OUT, OUT_BYTES, out, when, done, (long long) cyc,\n"
	"\t\tsecs.count(), taken);\n"
	"\tif (!st || !close_stats(st))\n"
	"\t\treturn 1;\n"
	"\tdelete top;\n"
	"\treturn 0;\n"
	"}\n";

void vl_write_tb_common(FILE *out)
{
	fputs(vl_tb_head, out);
	fputs(vl_tb_clock, out);
}

int vl_word_bytes(int bits)
{
	return bits <= 8 ? 1 : bits <= 16 ? 2 : bits <= 32 ? 4 : 8;
}

void vl_write_word_bytes(FILE *out, int n_ports, const vl_port *ports)
{
	for (int dir = 1; dir >= 0; dir--) {
		fprintf(out, "const int %s[] = {", dir ? "IN_BYTES" : "OUT_BYTES");
		for (int i = 0; i < n_ports; i++)
			if (ports[i].is_input == dir)
				fprintf(out, " %d,", vl_word_bytes(ports[i].bits));
		fputs(" 0 };\n", out);
	}
}

/* "top->NAME_suffix", NAME the port group's name from the RTL plan
 * (rtl_port_name, verilator/run.c vl_ports). */
static void vl_tb_port(FILE *out, const char *name, const char *suffix)
{
	fprintf(out, "top->%s%s", name, suffix);
}

void vl_write_testbench(FILE *out, const char *top_name, int n_ports,
	const vl_port *ports)
{
	int n_in = 0, n_out = 0;
	for (int i = 0; i < n_ports; i++)
		n_in += ports[i].is_input;
	n_out = n_ports - n_in;
	fprintf(out, "// tb.cpp: the testbench of %s, generated by sluice "
		"(verilator/testbench.c).\n", top_name);
	fprintf(out, "// Interface and timing: docs/hardware.md.\n");
	vl_write_tb_common(out);
	fprintf(out, "const int N_IN = %d;\nconst int N_OUT = %d;\n", n_in, n_out);
	vl_write_word_bytes(out, n_ports, ports);
	fputs("\nvoid drive_inputs(Vdut *top, stream *in, int64_t cyc)\n{\n", out);
	if (!n_in)
		fputs("\t(void) top;\n\t(void) in;\n\t(void) cyc;\n", out);
	for (int i = 0, k = 0; i < n_ports; i++) {
		if (!ports[i].is_input)
			continue;
		fputs(ports[i].lanes > 1 ? "\tdrive_lanes(" : "\tdrive(", out);
		vl_tb_port(out, ports[i].name, "_en, ");
		vl_tb_port(out, ports[i].name, "_data, ");
		if (ports[i].lanes > 1)
			fprintf(out, "in[%d], %d, %d, cyc);\n", k++, ports[i].bits, ports[i].lanes);
		else
			fprintf(out, "in[%d], %d, cyc);\n", k++, ports[i].bits);
	}
	fputs("}\n\nvoid collect_outputs(Vdut *top, std::vector<uint64_t> *out,\n"
		"\tstd::vector<uint64_t> *when, int64_t cyc)\n{\n", out);
	for (int i = 0, k = 0; i < n_ports; i++) {
		if (ports[i].is_input)
			continue;
		fputs(ports[i].lanes > 1 ? "\tcollect_lanes(" : "\tcollect(", out);
		vl_tb_port(out, ports[i].name, "_valid, ");
		vl_tb_port(out, ports[i].name, "_data, ");
		if (ports[i].lanes > 1)
			fprintf(out, "out[%d], when[%d], %d, %d, cyc);\n", k, k, ports[i].bits,
				ports[i].lanes);
		else
			fprintf(out, "out[%d], when[%d], cyc);\n", k, k);
		k++;
	}
	fputs("}\n\n", out);
	fputs(vl_tb_config, out);
	fputs(vl_tb_main, out);
	fputs(vl_tb_open_model, out);
	fputs(vl_tb_main_run, out);
}
