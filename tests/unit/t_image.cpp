// tests/unit/t_image.cpp: image and data I/O of the command line
// (io/image.c, io/data.c): PNG, PGM/PPM, reading by extension, and the
// seeded random arrays.  Files to read are made here by hand (PGM/PPM
// bytes written out, PNGs encoded with libpng's own API and chosen pixel
// values); files written are checked against hand-derived bytes or
// decoded with libpng directly, not only by reading them back.
#include <gtest/gtest.h>

#include <png.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>
#include <set>
#include <string>
#include <vector>

#if !defined(_Noreturn)
#define _Noreturn [[noreturn]]
#endif
#include "io/io.h"

namespace {

namespace fs = std::filesystem;

ir_type U(int bits) { return ir_type_make(false, bits); }
ir_type I(int bits) { return ir_type_make(true, bits); }
uint64_t S(int64_t v) { return (uint64_t) v; }

std::string bytes_of(const std::string &path)
{
	std::string s;
	FILE *f = fopen(path.c_str(), "rb");
	if (!f)
		return s;
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		s.append(buf, n);
	fclose(f);
	return s;
}

void put_file(const std::string &path, const std::string &bytes)
{
	FILE *f = fopen(path.c_str(), "wb");
	ASSERT_NE(f, nullptr);
	fwrite(bytes.data(), 1, bytes.size(), f);
	fclose(f);
}

std::string raw(std::initializer_list<int> bytes)
{
	std::string s;
	for (int b : bytes)
		s += (char) (unsigned char) b;
	return s;
}

// A PNG made with libpng's write API: "samples" row-major, interleaved,
// already at the file's depth (16-bit big-endian is done here).
struct png_spec {
	png_spec(int w, int h, int d, int c, std::vector<unsigned> s)
		: width(w), height(h), depth(d), color(c), samples(s) {}
	int width, height, depth, color;
	std::vector<unsigned> samples;
	std::vector<png_color> palette;
	bool trns = false;
	bool interlace = false;
	int sbit = 0;
};

bool make_png(const std::string &path, const png_spec &s)
{
	FILE *f = fopen(path.c_str(), "wb");
	if (!f)
		return false;
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING,
		nullptr, nullptr, nullptr);
	png_infop info = png_create_info_struct(png);
	if (setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, &info);
		fclose(f);
		return false;
	}
	png_init_io(png, f);
	png_set_IHDR(png, info, s.width, s.height, s.depth, s.color,
		s.interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
		PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	if (!s.palette.empty())
		png_set_PLTE(png, info, s.palette.data(), (int) s.palette.size());
	if (s.trns) {
		png_byte alpha[1] = { 0 };
		png_set_tRNS(png, info, alpha, 1, nullptr);
	}
	if (s.sbit) {
		png_color_8 sig = {};
		sig.red = sig.green = sig.blue = sig.gray = (png_byte) s.sbit;
		png_set_sBIT(png, info, &sig);
	}
	png_write_info(png, info);
	if (s.depth < 8)
		png_set_packing(png);
	int passes = png_set_interlace_handling(png);
	int per_row = (int) s.samples.size() / s.height;
	std::vector<unsigned char> row((size_t) per_row * 2);
	for (int y = 0; y < s.height * passes; y++) {
		size_t k = 0;
		for (int i = 0; i < per_row; i++) {
			unsigned v = s.samples[(size_t) (y % s.height) * per_row + i];
			if (s.depth == 16)
				row[k++] = (unsigned char) (v >> 8);
			row[k++] = (unsigned char) v;
		}
		png_write_row(png, row.data());
	}
	png_write_end(png, nullptr);
	png_destroy_write_struct(&png, &info);
	fclose(f);
	return true;
}

// A PNG decoded with libpng and no transforms but unpacking 16-bit.
struct png_decoded {
	unsigned width = 0, height = 0;
	int depth = 0, color = -1, sbit = 0;
	std::vector<unsigned> samples;
};

bool decode_png(const std::string &path, png_decoded *d)
{
	FILE *f = fopen(path.c_str(), "rb");
	if (!f)
		return false;
	png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING,
		nullptr, nullptr, nullptr);
	png_infop info = png_create_info_struct(png);
	std::vector<unsigned char> buf;
	if (setjmp(png_jmpbuf(png))) {
		png_destroy_read_struct(&png, &info, nullptr);
		fclose(f);
		return false;
	}
	png_init_io(png, f);
	png_read_info(png, info);
	d->width = png_get_image_width(png, info);
	d->height = png_get_image_height(png, info);
	d->depth = png_get_bit_depth(png, info);
	d->color = png_get_color_type(png, info);
	png_color_8p sig;
	if (png_get_sBIT(png, info, &sig))
		d->sbit = d->color == PNG_COLOR_TYPE_GRAY ? sig->gray : sig->red;
	size_t rowbytes = png_get_rowbytes(png, info);
	buf.resize(rowbytes);
	for (unsigned y = 0; y < d->height; y++) {
		png_read_row(png, buf.data(), nullptr);
		for (size_t i = 0; i < rowbytes; i += d->depth / 8)
			d->samples.push_back(d->depth == 16
				? (unsigned) buf[i] << 8 | buf[i + 1] : buf[i]);
	}
	png_destroy_read_struct(&png, &info, nullptr);
	fclose(f);
	return true;
}

class t_image_env : public ::testing::Test {
protected:
	sl_ctx *ctx = nullptr;
	char *diag_buf = nullptr;
	size_t diag_len = 0;
	FILE *diag = nullptr;
	std::string dir;

	void SetUp() override
	{
		ctx = sl_ctx_alloc();
		diag = open_memstream(&diag_buf, &diag_len);
		sl_ctx_set_diag_stream(ctx, diag);
		const ::testing::TestInfo *ti =
			::testing::UnitTest::GetInstance()->current_test_info();
		dir = std::string(SLUICE_BINARY_DIR) + "/t_image_tmp."
			+ ti->test_suite_name() + "." + ti->name();
		fs::remove_all(dir);
		fs::create_directories(dir);
	}
	void TearDown() override
	{
		sl_ctx_free(ctx);
		fclose(diag);
		free(diag_buf);
		fs::remove_all(dir);
	}
	std::string diags()
	{
		fflush(diag);
		return std::string(diag_buf, diag_len);
	}
	std::string path(const std::string &name) { return dir + "/" + name; }

	io_array *read(const std::string &name, ir_type want,
		std::vector<int64_t> dims)
	{
		return io_read_data(ctx, path(name).c_str(), want, (int) dims.size(),
			dims.data());
	}
	io_array *read_bytes(const std::string &name, const std::string &bytes,
		ir_type want, std::vector<int64_t> dims)
	{
		put_file(path(name), bytes);
		return read(name, want, dims);
	}
	// The read of an existing file NAME must fail naming it and saying
	// "words".
	void expect_bad(const std::string &name, ir_type want,
		std::vector<int64_t> dims, std::vector<std::string> words)
	{
		io_array *a = read(name, want, dims);
		EXPECT_EQ(a, nullptr) << name;
		io_array_free(a);
		std::string d = diags();
		EXPECT_NE(d.find(path(name) + ": error: "), std::string::npos) << d;
		for (const std::string &w : words)
			EXPECT_NE(d.find(w), std::string::npos)
				<< "missing '" << w << "' in: " << d;
	}
	void expect_bad_bytes(const std::string &name, const std::string &bytes,
		ir_type want, std::vector<int64_t> dims,
		std::vector<std::string> words)
	{
		put_file(path(name), bytes);
		expect_bad(name, want, dims, words);
	}
};

class t_image : public t_image_env {};
class t_image_bad : public t_image_env {};
class t_image_random : public t_image_env {};

io_array *array_of(ir_type t, std::vector<int64_t> dims,
	std::vector<uint64_t> values)
{
	io_array *a = io_array_alloc(t, (int) dims.size(), dims.data());
	for (size_t i = 0; i < values.size() && (int64_t) i < a->size; i++)
		a->data[i] = values[i];
	return a;
}

std::vector<uint64_t> values_of(const io_array *a)
{
	return std::vector<uint64_t>(a->data, a->data + a->size);
}

// ------------------------------------------------------------- PGM / PPM

TEST_F(t_image, p2_ascii_by_hand)
{
	std::string f = "P2\n# made by hand\n3 2\n10\n0 5 10\n 1 2\n3\n";
	io_array *a = read_bytes("a.pgm", f, U(8), { 2, 3 });
	ASSERT_NE(a, nullptr) << diags();
	EXPECT_EQ(values_of(a), std::vector<uint64_t>({ 0, 5, 10, 1, 2, 3 }));
	io_array_free(a);
	EXPECT_EQ(diags(), "");
}

// Pixels (1,2,3) (4,5,6) in one row: channel outermost in the array.
TEST_F(t_image, p3_and_p6_channel_outermost)
{
	std::vector<uint64_t> want = { 1, 4, 2, 5, 3, 6 };
	io_array *a = read_bytes("a.ppm", "P3 2 1 255 1 2 3 4 5 6", U(8),
		{ 3, 1, 2 });
	ASSERT_NE(a, nullptr) << diags();
	EXPECT_EQ(values_of(a), want);
	io_array_free(a);
	a = read_bytes("b.ppm", "P6\n2 1\n255\n" + raw({ 1, 2, 3, 4, 5, 6 }),
		U(8), { 3, 1, 2 });
	ASSERT_NE(a, nullptr) << diags();
	EXPECT_EQ(values_of(a), want);
	io_array_free(a);
}

// maxval 1000 needs two bytes per sample, big-endian; it fits u10, u16,
// i11 but not u8 or u9.
TEST_F(t_image, p5_16bit_by_hand)
{
	put_file(path("a.pgm"), "P5\n2 1\n1000\n" + raw({ 0x03, 0xe8, 0, 1 }));
	for (ir_type t : { U(10), U(16), I(11) }) {
		io_array *a = read("a.pgm", t, { 1, 2 });
		ASSERT_NE(a, nullptr) << diags();
		EXPECT_EQ(values_of(a), std::vector<uint64_t>({ 1000, 1 }));
		io_array_free(a);
	}
	expect_bad("a.pgm", U(8), { 1, 2 }, { "maxval 1000 does not fit u8" });
	expect_bad("a.pgm", U(9), { 1, 2 }, { "does not fit u9" });
}

TEST_F(t_image, pnm_write_exact_bytes)
{
	io_array *g = array_of(U(8), { 2, 3 }, { 0, 1, 2, 253, 254, 255 });
	ASSERT_EQ(io_write_pnm(ctx, path("g.pgm").c_str(), g), 0);
	EXPECT_EQ(bytes_of(path("g.pgm")),
		"P5\n3 2\n255\n" + raw({ 0, 1, 2, 253, 254, 255 }));
	io_array_free(g);

	// [3][1][2]: pixel 0 = (a[0][0][0], a[1][0][0], a[2][0][0]).
	io_array *c = array_of(U(16), { 3, 1, 2 },
		{ 0x0102, 0xffff, 0x0304, 0, 0x0506, 7 });
	ASSERT_EQ(io_write_pnm(ctx, path("c.ppm").c_str(), c), 0);
	EXPECT_EQ(bytes_of(path("c.ppm")), "P6\n2 1\n65535\n"
		+ raw({ 1, 2, 3, 4, 5, 6, 0xff, 0xff, 0, 0, 0, 7 }));
	io_array_free(c);

	io_array *t = array_of(U(12), { 1, 1 }, { 4095 });
	ASSERT_EQ(io_write_pnm(ctx, path("t.pgm").c_str(), t), 0);
	EXPECT_EQ(bytes_of(path("t.pgm")), "P5\n1 1\n4095\n" + raw({ 0x0f, 0xff }));
	io_array_free(t);

	io_array *b = array_of(U(1), { 1, 2 }, { 1, 0 });
	ASSERT_EQ(io_write_pnm(ctx, path("b.pgm").c_str(), b), 0);
	EXPECT_EQ(bytes_of(path("b.pgm")), "P5\n2 1\n1\n" + raw({ 1, 0 }));
	io_array_free(b);
	EXPECT_FALSE(fs::exists(path("b.pgm.tmp")));
}

// Round trips with the extremes of each type; the read type is the
// written one, and an 8-bit file also reads into u16.
TEST_F(t_image, pnm_roundtrip)
{
	struct { ir_type t; std::vector<int64_t> dims; const char *ext; } cases[] = {
		{ U(8), { 3, 4 }, "pgm" }, { U(16), { 3, 4 }, "pgm" },
		{ U(8), { 3, 2, 2 }, "ppm" }, { U(16), { 3, 2, 2 }, "ppm" },
		{ U(1), { 2, 6 }, "pgm" }, { U(5), { 3, 4 }, "pgm" },
		{ U(12), { 3, 1, 4 }, "ppm" },
	};
	for (auto &c : cases) {
		uint64_t max = (1ull << c.t.bits) - 1;
		io_array *a = io_array_alloc(c.t, (int) c.dims.size(), c.dims.data());
		for (int64_t i = 0; i < a->size; i++)
			a->data[i] = i == 0 ? max : i == 1 ? 0 : (i * 37) % (max + 1);
		std::string name = "r." + std::string(c.ext);
		ASSERT_EQ(io_write_pnm(ctx, path(name).c_str(), a), 0) << diags();
		io_array *b = read(name, c.t, c.dims);
		ASSERT_NE(b, nullptr) << diags();
		EXPECT_EQ(values_of(b), values_of(a)) << c.t.bits;
		io_array_free(b);
		if (c.t.bits <= 8) {
			b = read(name, U(16), c.dims);
			ASSERT_NE(b, nullptr) << diags();
			EXPECT_EQ(values_of(b), values_of(a));
			io_array_free(b);
		}
		io_array_free(a);
	}
	EXPECT_EQ(diags(), "");
}

// ------------------------------------------------------------------ PNG

// What our writer produces, decoded by libpng directly: depth, colour
// type, sBIT and the samples (shifted to the top bits when narrower).
TEST_F(t_image, png_write_decoded_independently)
{
	io_array *g = array_of(U(8), { 2, 3 }, { 0, 1, 2, 253, 254, 255 });
	ASSERT_EQ(io_write_png(ctx, path("g.png").c_str(), g), 0) << diags();
	png_decoded d;
	ASSERT_TRUE(decode_png(path("g.png"), &d));
	EXPECT_EQ(d.width, 3u);
	EXPECT_EQ(d.height, 2u);
	EXPECT_EQ(d.depth, 8);
	EXPECT_EQ(d.color, PNG_COLOR_TYPE_GRAY);
	EXPECT_EQ(d.sbit, 0);
	EXPECT_EQ(d.samples, std::vector<unsigned>({ 0, 1, 2, 253, 254, 255 }));
	io_array_free(g);

	io_array *c = array_of(U(16), { 3, 1, 2 },
		{ 0x0102, 0xffff, 0x0304, 0, 0x0506, 7 });
	ASSERT_EQ(io_write_png(ctx, path("c.png").c_str(), c), 0);
	png_decoded e;
	ASSERT_TRUE(decode_png(path("c.png"), &e));
	EXPECT_EQ(e.depth, 16);
	EXPECT_EQ(e.color, PNG_COLOR_TYPE_RGB);
	EXPECT_EQ(e.samples, std::vector<unsigned>({ 0x0102, 0x0304, 0x0506,
		0xffff, 0, 7 }));
	io_array_free(c);

	// u5 in 8 bits: 31 -> 31 << 3 = 248, 1 -> 8; sBIT 5.
	io_array *n = array_of(U(5), { 1, 2 }, { 31, 1 });
	ASSERT_EQ(io_write_png(ctx, path("n.png").c_str(), n), 0);
	png_decoded f;
	ASSERT_TRUE(decode_png(path("n.png"), &f));
	EXPECT_EQ(f.depth, 8);
	EXPECT_EQ(f.sbit, 5);
	EXPECT_EQ(f.samples, std::vector<unsigned>({ 248, 8 }));
	io_array_free(n);

	// u12 in 16 bits: 4095 -> 0xfff0.
	io_array *t = array_of(U(12), { 1, 1 }, { 4095 });
	ASSERT_EQ(io_write_png(ctx, path("t.png").c_str(), t), 0);
	png_decoded h;
	ASSERT_TRUE(decode_png(path("t.png"), &h));
	EXPECT_EQ(h.depth, 16);
	EXPECT_EQ(h.sbit, 12);
	EXPECT_EQ(h.samples, std::vector<unsigned>({ 0xfff0 }));
	io_array_free(t);
}

// Packed arrays (run --engine c) give the same decoded samples, and the
// same file, as the values unpacked; the preview is stored (zlib level
// 0): a 300x2 u8 image takes its 602 row bytes plus under 100 of framing.
TEST_F(t_image, png_write_packed)
{
	io_array *g = array_of(U(8), { 2, 300 }, {});
	for (int64_t i = 0; i < g->size; i++)
		g->data[i] = (uint64_t) (i * 7 % 256);
	ASSERT_EQ(io_write_png(ctx, path("w.png").c_str(), g), 0) << diags();
	io_array_pack(g);
	ASSERT_EQ(io_write_png(ctx, path("p.png").c_str(), g), 0) << diags();
	io_array_free(g);
	std::string w = bytes_of(path("w.png")), p = bytes_of(path("p.png"));
	EXPECT_EQ(w, p);
	EXPECT_GE(p.size(), 602u);
	EXPECT_LT(p.size(), 702u);
	png_decoded d;
	ASSERT_TRUE(decode_png(path("p.png"), &d));
	ASSERT_EQ(d.samples.size(), 600u);
	for (int i = 0; i < 600; i++)
		ASSERT_EQ(d.samples[i], (unsigned) (i * 7 % 256)) << i;
	io_array *n = array_of(U(5), { 1, 2 }, { 31, 1 });
	io_array_pack(n);
	ASSERT_EQ(io_write_png(ctx, path("n.png").c_str(), n), 0);
	png_decoded f;
	ASSERT_TRUE(decode_png(path("n.png"), &f));
	EXPECT_EQ(f.sbit, 5);
	EXPECT_EQ(f.samples, std::vector<unsigned>({ 248, 8 }));
	io_array_free(n);
	io_array *c = array_of(U(16), { 3, 1, 2 }, { 0x0102, 0xffff, 0x0304, 0, 0x0506, 7 });
	io_array_pack(c);
	ASSERT_EQ(io_write_png(ctx, path("c.png").c_str(), c), 0);
	png_decoded e;
	ASSERT_TRUE(decode_png(path("c.png"), &e));
	EXPECT_EQ(e.samples, std::vector<unsigned>({ 0x0102, 0x0304, 0x0506, 0xffff, 0, 7 }));
	io_array_free(c);
}

// The bytes of the file: the PNG signature, IHDR at offset 8 (width and
// height big-endian, depth, colour type), no tIME, the same every time.
TEST_F(t_image, png_bytes_stable)
{
	io_array *a = array_of(U(8), { 2, 300 }, {});
	for (int64_t i = 0; i < a->size; i++)
		a->data[i] = (uint64_t) (i * 7 % 256);
	ASSERT_EQ(io_write_png(ctx, path("a.png").c_str(), a), 0);
	ASSERT_EQ(io_write_png(ctx, path("b.png").c_str(), a), 0);
	io_array_free(a);
	std::string x = bytes_of(path("a.png")), y = bytes_of(path("b.png"));
	EXPECT_EQ(x, y);
	ASSERT_GT(x.size(), 33u);
	EXPECT_EQ(x.substr(0, 8), "\x89PNG\r\n\x1a\n");
	EXPECT_EQ(x.substr(12, 4), "IHDR");
	EXPECT_EQ(x.substr(16, 10), raw({ 0, 0, 1, 44, 0, 0, 0, 2, 8, 0 }));
	EXPECT_EQ(x.find("tIME"), std::string::npos);
	EXPECT_FALSE(fs::exists(path("a.png.tmp")));
}

TEST_F(t_image, png_roundtrip)
{
	struct { ir_type t; std::vector<int64_t> dims; } cases[] = {
		{ U(8), { 3, 5 } }, { U(16), { 3, 5 } },
		{ U(8), { 3, 2, 4 } }, { U(16), { 3, 2, 4 } },
		{ U(1), { 4, 4 } }, { U(5), { 2, 3 } }, { U(12), { 3, 3, 1 } },
		{ U(9), { 1, 7 } }, { U(15), { 2, 2 } },
	};
	for (auto &c : cases) {
		uint64_t max = (1ull << c.t.bits) - 1;
		io_array *a = io_array_alloc(c.t, (int) c.dims.size(), c.dims.data());
		for (int64_t i = 0; i < a->size; i++)
			a->data[i] = i == 0 ? max : i == 1 ? 0 : (i * 4099) % (max + 1);
		ASSERT_EQ(io_write_png(ctx, path("r.png").c_str(), a), 0) << diags();
		io_array *b = read("r.png", c.t, c.dims);
		ASSERT_NE(b, nullptr) << diags();
		EXPECT_EQ(values_of(b), values_of(a)) << c.t.bits;
		io_array_free(a);
		io_array_free(b);
	}
	EXPECT_EQ(diags(), "");
}

TEST_F(t_image, png_read_by_hand)
{
	// 8-bit gray into u8 and u16.
	png_spec g(2, 2, 8, PNG_COLOR_TYPE_GRAY, { 0, 9, 128, 255 });
	ASSERT_TRUE(make_png(path("g.png"), g));
	for (ir_type t : { U(8), U(16) }) {
		io_array *a = read("g.png", t, { 2, 2 });
		ASSERT_NE(a, nullptr) << diags();
		EXPECT_EQ(values_of(a), std::vector<uint64_t>({ 0, 9, 128, 255 }));
		io_array_free(a);
	}
	// 16-bit RGB, one row of two pixels.
	png_spec c(2, 1, 16, PNG_COLOR_TYPE_RGB,
		{ 1, 2, 3, 65535, 40000, 0 });
	ASSERT_TRUE(make_png(path("c.png"), c));
	io_array *a = read("c.png", U(16), { 3, 1, 2 });
	ASSERT_NE(a, nullptr) << diags();
	EXPECT_EQ(values_of(a),
		std::vector<uint64_t>({ 1, 65535, 2, 40000, 3, 0 }));
	io_array_free(a);
	// 16-bit with sBIT 12: samples are the values shifted left by 4.
	png_spec s(2, 1, 16, PNG_COLOR_TYPE_GRAY, { 4095 << 4, 1 << 4 });
	s.sbit = 12;
	ASSERT_TRUE(make_png(path("s.png"), s));
	a = read("s.png", U(12), { 1, 2 });
	ASSERT_NE(a, nullptr) << diags();
	EXPECT_EQ(values_of(a), std::vector<uint64_t>({ 4095, 1 }));
	io_array_free(a);
	// 4-bit gray: values 0..15, fits u4.
	png_spec q(3, 1, 4, PNG_COLOR_TYPE_GRAY, { 0, 7, 15 });
	ASSERT_TRUE(make_png(path("q.png"), q));
	a = read("q.png", U(4), { 1, 3 });
	ASSERT_NE(a, nullptr) << diags();
	EXPECT_EQ(values_of(a), std::vector<uint64_t>({ 0, 7, 15 }));
	io_array_free(a);
	expect_bad("q.png", U(3), { 1, 3 }, { "4-bit PNG", "does not fit u3" });
}

// An Adam7-interlaced 16-bit RGB image, 5x3.
TEST_F(t_image, png_interlaced)
{
	std::vector<unsigned> samples;
	for (unsigned i = 0; i < 5 * 3 * 3; i++)
		samples.push_back(i * 1111);
	png_spec p(5, 3, 16, PNG_COLOR_TYPE_RGB, samples);
	p.interlace = true;
	ASSERT_TRUE(make_png(path("i.png"), p));
	io_array *a = read("i.png", U(16), { 3, 3, 5 });
	ASSERT_NE(a, nullptr) << diags();
	// a[c][y][x] is sample (y * 5 + x) * 3 + c.
	for (int c = 0; c < 3; c++)
		for (int y = 0; y < 3; y++)
			for (int x = 0; x < 5; x++)
				EXPECT_EQ(a->data[(c * 3 + y) * 5 + x],
					(uint64_t) ((y * 5 + x) * 3 + c) * 1111);
	io_array_free(a);
}

// A palette image becomes 8-bit RGB (the choice documented in image.c).
TEST_F(t_image, png_palette_to_rgb)
{
	png_spec p(2, 1, 8, PNG_COLOR_TYPE_PALETTE, { 0, 1 });
	p.palette = { { 10, 20, 30 }, { 200, 100, 50 } };
	ASSERT_TRUE(make_png(path("p.png"), p));
	io_array *a = read("p.png", U(8), { 3, 1, 2 });
	ASSERT_NE(a, nullptr) << diags();
	EXPECT_EQ(values_of(a),
		std::vector<uint64_t>({ 10, 200, 20, 100, 30, 50 }));
	io_array_free(a);
}

TEST_F(t_image, read_by_extension)
{
	io_array *a = array_of(U(8), { 1, 2 }, { 7, 200 });
	ASSERT_EQ(io_npy_write(ctx, path("a.npy").c_str(), a), 0);
	ASSERT_EQ(io_write_png(ctx, path("A.PNG").c_str(), a), 0);
	ASSERT_EQ(io_write_pnm(ctx, path("a.pnm").c_str(), a), 0);
	for (const char *n : { "a.npy", "A.PNG", "a.pnm" }) {
		io_array *b = read(n, U(8), { 1, 2 });
		ASSERT_NE(b, nullptr) << n << ": " << diags();
		EXPECT_EQ(values_of(b), values_of(a));
		io_array_free(b);
	}
	io_array_free(a);
}

TEST_F(t_image, is_image)
{
	struct { ir_type t; std::vector<int64_t> dims; bool want; } cases[] = {
		{ U(8), { 4, 5 }, true }, { U(16), { 3, 4, 5 }, true },
		{ U(1), { 1, 1 }, true }, { U(12), { 2, 2 }, true },
		{ U(17), { 4, 5 }, false }, { I(8), { 4, 5 }, false },
		{ U(8), { 4, 4, 5 }, false }, { U(8), { 5 }, false },
		{ U(8), { 3, 4, 5, 1 }, false }, { U(8), { 0, 5 }, false },
	};
	for (auto &c : cases) {
		io_array *a = io_array_alloc(c.t, (int) c.dims.size(), c.dims.data());
		EXPECT_EQ(io_is_image(a), c.want) << c.t.bits << " " << c.dims.size();
		io_array_free(a);
	}
}

// ------------------------------------------------------------ bad files

TEST_F(t_image_bad, pnm_cases)
{
	std::vector<int64_t> d = { 1, 2 };
	expect_bad_bytes("s.pgm", "P2 2 1 10 5 11", U(8), d,
		{ "sample 11 at row 0, column 1 exceeds maxval 10" });
	expect_bad_bytes("t.pgm", "P5 2 2 255\n" + raw({ 1, 2, 3 }), U(8),
		{ 2, 2 }, { "raster is 3 bytes, expected 4" });
	expect_bad_bytes("x.pgm", "P5 2 1 255\n" + raw({ 1, 2, 3 }), U(8), d,
		{ "raster is 3 bytes, expected 2" });
	expect_bad_bytes("m.pgm", "P2 2 2 255 1 2 3", U(8), { 2, 2 },
		{ "missing sample 3 of 4" });
	expect_bad_bytes("e.pgm", "P2 2 1 255 1 2 junk", U(8), d,
		{ "unexpected text after the last sample" });
	expect_bad_bytes("k.pgm", "P4 2 1 " + raw({ 0 }), U(8), d,
		{ "expected P2, P3, P5 or P6" });
	expect_bad_bytes("z.pgm", "P5 2 1 0\n" + raw({ 0, 0 }), U(8), d,
		{ "maxval must be 1..65535" });
	expect_bad_bytes("y.pgm", "P5 2 1 70000\n" + raw({ 0, 0 }), U(8), d,
		{ "maxval must be 1..65535" });
	expect_bad_bytes("w.pgm", "P5 0 1 255\n", U(8), d,
		{ "bad width or height" });
	expect_bad_bytes("n.pgm", "P5 2 1 255", U(8), d,
		{ "no white space after maxval" });
}

TEST_F(t_image_bad, shape_mismatch)
{
	put_file(path("g.pgm"), "P2 3 2 255 0 0 0 0 0 0");
	expect_bad("g.pgm", U(8), { 3, 2 },
		{ "gray image 3x2 has shape (2, 3), expected (3, 2)" });
	expect_bad("g.pgm", U(8), { 3, 2, 3 },
		{ "gray image 3x2 has shape (2, 3), expected (3, 2, 3)" });
	put_file(path("c.ppm"), "P3 2 1 255 0 0 0 0 0 0");
	expect_bad("c.ppm", U(8), { 1, 2 },
		{ "RGB image 2x1 has shape (3, 1, 2), expected (1, 2)" });
	png_spec g(4, 2, 8, PNG_COLOR_TYPE_GRAY, std::vector<unsigned>(8));
	ASSERT_TRUE(make_png(path("g.png"), g));
	expect_bad("g.png", U(8), { 4, 2 },
		{ "gray image 4x2 has shape (2, 4), expected (4, 2)" });
}

TEST_F(t_image_bad, depth_does_not_fit)
{
	png_spec g(2, 1, 16, PNG_COLOR_TYPE_GRAY, { 0, 1 });
	ASSERT_TRUE(make_png(path("d.png"), g));
	expect_bad("d.png", U(8), { 1, 2 },
		{ "16-bit PNG (values up to 65535) does not fit u8" });
	expect_bad("d.png", I(16), { 1, 2 }, { "does not fit i16" });
	put_file(path("d.pgm"), "P5 1 1 65535\n" + raw({ 0, 0 }));
	expect_bad("d.pgm", U(8), { 1, 1 }, { "maxval 65535 does not fit u8" });
	put_file(path("e.pgm"), "P5 1 1 255\n" + raw({ 0 }));
	expect_bad("e.pgm", U(7), { 1, 1 }, { "maxval 255 does not fit u7" });
}

TEST_F(t_image_bad, png_alpha)
{
	png_spec ga(1, 1, 8, PNG_COLOR_TYPE_GRAY_ALPHA, { 1, 255 });
	ASSERT_TRUE(make_png(path("ga.png"), ga));
	expect_bad("ga.png", U(8), { 1, 1 }, { "alpha channel", "gray+alpha" });
	png_spec rgba(1, 1, 8, PNG_COLOR_TYPE_RGBA, { 1, 2, 3, 255 });
	ASSERT_TRUE(make_png(path("rgba.png"), rgba));
	expect_bad("rgba.png", U(8), { 3, 1, 1 }, { "alpha channel", "RGBA" });
	png_spec p(1, 1, 8, PNG_COLOR_TYPE_PALETTE, { 0 });
	p.palette = { { 1, 2, 3 } };
	p.trns = true;
	ASSERT_TRUE(make_png(path("pt.png"), p));
	expect_bad("pt.png", U(8), { 3, 1, 1 }, { "palette", "transparency" });
}

TEST_F(t_image_bad, png_corrupt)
{
	expect_bad_bytes("sig.png", "P5 1 1 255\n" + raw({ 0 }), U(8), { 1, 1 },
		{ "not a PNG file" });
	io_array *a = array_of(U(8), { 4, 4 }, {});
	ASSERT_EQ(io_write_png(ctx, path("ok.png").c_str(), a), 0);
	io_array_free(a);
	std::string good = bytes_of(path("ok.png"));
	expect_bad_bytes("cut.png", good.substr(0, good.size() - 20), U(8),
		{ 4, 4 }, { "bad PNG" });
}

TEST_F(t_image_bad, missing_and_unknown)
{
	expect_bad("absent.png", U(8), { 1, 1 },
		{ "cannot read: No such file or directory" });
	expect_bad("absent.pgm", U(8), { 1, 1 },
		{ "cannot read: No such file or directory" });
	expect_bad_bytes("data.txt", "1 2 3", U(8), { 1, 3 },
		{ "unknown kind of data file" });
}

TEST_F(t_image_bad, write_not_an_image)
{
	io_array *a = array_of(I(8), { 2, 2 }, {});
	EXPECT_EQ(io_write_png(ctx, path("a.png").c_str(), a), -1);
	EXPECT_NE(diags().find(path("a.png") + ": error: cannot write a i8 array"),
		std::string::npos) << diags();
	io_array_free(a);
	io_array *b = array_of(U(8), { 4, 2, 2 }, {});
	EXPECT_EQ(io_write_pnm(ctx, path("b.pgm").c_str(), b), -1);
	EXPECT_NE(diags().find("shape (4, 2, 2)"), std::string::npos);
	io_array_free(b);
	EXPECT_FALSE(fs::exists(path("a.png")));
	EXPECT_FALSE(fs::exists(path("b.pgm")));
	io_array *c = array_of(U(8), { 2, 2 }, {});
	std::string p = path("no/dir/c.png");
	EXPECT_EQ(io_write_png(ctx, p.c_str(), c), -1);
	EXPECT_NE(diags().find(p + ": error: cannot write: No such file"),
		std::string::npos);
	io_array_free(c);
}

// Prefixes and random corruptions of valid PNG and PGM files give an
// array or exactly one error, never a crash (ASan in the sanitizer build).
TEST_F(t_image_bad, never_crashes_on_corrupt_bytes)
{
	io_array *a = array_of(U(16), { 3, 3, 3 }, {});
	for (int64_t i = 0; i < a->size; i++)
		a->data[i] = (uint64_t) (i * 2477);
	ASSERT_EQ(io_write_png(ctx, path("ok.png").c_str(), a), 0);
	ASSERT_EQ(io_write_pnm(ctx, path("ok.ppm").c_str(), a), 0);
	io_array_free(a);
	std::mt19937 rng(777);
	for (const char *ext : { "png", "ppm" }) {
		std::string good = bytes_of(path(std::string("ok.") + ext));
		std::string name = std::string("c.") + ext;
		for (int iter = 0; iter < 250; iter++) {
			std::string f = good;
			if (iter < (int) good.size() && iter % 2 == 0)
				f.resize((size_t) iter);
			int flips = (int) (rng() % 4);
			for (int k = 0; k < flips && !f.empty(); k++)
				f[rng() % f.size()] = (char) (rng() & 0xff);
			int before = sl_n_errors(ctx);
			put_file(path(name), f);
			io_array *b = read(name, U(16), { 3, 3, 3 });
			EXPECT_EQ(b == nullptr, sl_n_errors(ctx) == before + 1) << iter;
			io_array_free(b);
		}
	}
}

// ---------------------------------------------------------------- random

// splitmix64 from state 0 (seed = the FNV-1a offset basis, name "" whose
// hash is that basis) gives the published reference sequence.
TEST_F(t_image_random, known_answer)
{
	int64_t dims[1] = { 3 };
	io_array *a = io_random_array(U(64), 1, dims,
		UINT64_C(0xcbf29ce484222325), "");
	EXPECT_EQ(a->data[0], UINT64_C(0xe220a8397b1dcdaf));
	EXPECT_EQ(a->data[1], UINT64_C(0x6e789e6aa1b965f4));
	EXPECT_EQ(a->data[2], UINT64_C(0x06c45d188009454f));
	io_array_free(a);
	// The low bits, normalised: 0xaf as i8 is -81, as u8 175, as i4 -1.
	io_array *b = io_random_array(I(8), 1, dims,
		UINT64_C(0xcbf29ce484222325), "");
	EXPECT_EQ(b->data[0], S(-81));
	EXPECT_EQ(b->data[1], S(-12));	// 0xf4
	EXPECT_EQ(b->data[2], 0x4fu);
	io_array_free(b);
}

// The packed generator (run --engine c) gives the same values as the
// published sequence above, held in the type's C container: 0xaf as u8
// is the byte 0xaf, as i8 the int8_t -81, as u4 0xf, as i4 -1.
TEST_F(t_image_random, packed_known_answer)
{
	int64_t dims[1] = { 3 };
	uint64_t basis = UINT64_C(0xcbf29ce484222325);
	io_array *a = io_random_array_packed(U(64), 1, dims, basis, "");
	ASSERT_EQ(a->data, nullptr);
	EXPECT_EQ(((const uint64_t *) a->packed)[0], UINT64_C(0xe220a8397b1dcdaf));
	EXPECT_EQ(((const uint64_t *) a->packed)[2], UINT64_C(0x06c45d188009454f));
	io_array_free(a);
	io_array *b = io_random_array_packed(I(8), 1, dims, basis, "");
	EXPECT_EQ(((const int8_t *) b->packed)[0], -81);
	EXPECT_EQ(((const int8_t *) b->packed)[1], -12);
	EXPECT_EQ(((const int8_t *) b->packed)[2], 0x4f);
	io_array_free(b);
	io_array *c = io_random_array_packed(U(4), 1, dims, basis, "");
	EXPECT_EQ(((const uint8_t *) c->packed)[0], 0xf);
	EXPECT_EQ(((const uint8_t *) c->packed)[1], 0x4);
	io_array_free(c);
	io_array *d = io_random_array_packed(I(4), 1, dims, basis, "");
	EXPECT_EQ(((const int8_t *) d->packed)[0], -1);
	EXPECT_EQ(((const int8_t *) d->packed)[1], 4);
	io_array_free(d);
	io_array *e = io_random_array_packed(I(12), 1, dims, basis, "");
	EXPECT_EQ(((const int16_t *) e->packed)[0], -0x251);	// 0xdaf in 12 bits
	io_array_free(e);
}

// Packed and unpacked generation agree on every type's width class, by
// the vectorised loops and by the scalar ones (SLUICE_SCALAR_FILL=1), and
// pack / unpack convert between the forms without changing a value.
TEST_F(t_image_random, packed_equals_unpacked)
{
	int64_t dims[2] = { 7, 300 };
	for (const char *scalar : { "0", "1" })
	for (int bits : { 1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64 })
		for (bool sgn : { false, true }) {
			if (sgn && bits < 2)
				continue;
			ir_type t = ir_type_make(sgn, bits);
			io_array *a = io_random_array(t, 2, dims, 9, "in");
			setenv("SLUICE_SCALAR_FILL", scalar, 1);
			io_array *b = io_random_array_packed(t, 2, dims, 9, "in");
			unsetenv("SLUICE_SCALAR_FILL");
			ASSERT_NE(b->packed, nullptr);
			for (int64_t i = 0; i < a->size; i++)
				ASSERT_EQ(io_array_get(b, i), a->data[i]) << bits << sgn << " " << i;
			io_array_unpack(b);
			ASSERT_EQ(b->packed, nullptr);
			EXPECT_EQ(values_of(a), values_of(b)) << bits << sgn;
			io_array_pack(a);
			ASSERT_EQ(a->data, nullptr);
			for (int64_t i = 0; i < a->size; i++)
				ASSERT_EQ(io_array_get(a, i), b->data[i]) << bits << sgn << " " << i;
			io_array_free(a);
			io_array_free(b);
		}
}

TEST_F(t_image_random, deterministic_and_distinct)
{
	int64_t dims[2] = { 16, 16 };
	io_array *a = io_random_array(U(16), 2, dims, 1, "in");
	io_array *b = io_random_array(U(16), 2, dims, 1, "in");
	io_array *c = io_random_array(U(16), 2, dims, 2, "in");
	io_array *d = io_random_array(U(16), 2, dims, 1, "weights");
	EXPECT_EQ(values_of(a), values_of(b));
	EXPECT_NE(values_of(a), values_of(c));
	EXPECT_NE(values_of(a), values_of(d));
	for (io_array *x : { a, b, c, d })
		io_array_free(x);
}

// Every value lies in the type's range, normalised, and small types show
// their extremes (and every value) over a few thousand elements.
TEST_F(t_image_random, range_and_coverage)
{
	int64_t dims[1] = { 4096 };
	for (int bits : { 1, 2, 3, 5, 8, 12, 16, 31, 33, 63, 64 }) {
		for (bool sgn : { false, true }) {
			if (sgn && bits < 2)
				continue;
			ir_type t = ir_type_make(sgn, bits);
			io_array *a = io_random_array(t, 1, dims, 42, "x");
			__int128 lo = sgn ? -((__int128) 1 << (bits - 1)) : 0;
			__int128 hi = sgn ? ((__int128) 1 << (bits - 1)) - 1
				: ((__int128) 1 << bits) - 1;
			std::set<uint64_t> seen;
			bool neg = false;
			for (int64_t i = 0; i < a->size; i++) {
				uint64_t v = a->data[i];
				__int128 x = sgn ? (__int128) (int64_t) v : (__int128) v;
				ASSERT_TRUE(x >= lo && x <= hi) << bits << sgn;
				neg |= x < 0;
				if (bits <= 8)
					seen.insert(v);
			}
			if (bits <= 3) {
				EXPECT_EQ(seen.size(), 1u << bits) << bits << sgn;
			}
			if (bits <= 8) {
				EXPECT_TRUE(seen.count(sgn ? S((int64_t) lo) : 0));
				EXPECT_TRUE(seen.count((uint64_t) hi));
			}
			EXPECT_EQ(neg, sgn) << bits;
			io_array_free(a);
		}
	}
}

} // namespace
