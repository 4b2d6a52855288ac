// tests/unit/t_npy.cpp: dense arrays and the .npy format (io/npy.c, io/data.c).
// Files to read are written byte by byte here from the format's definition
// (NumPy's format.py: magic "\x93NUMPY", version, little-endian header
// length, a Python dict literal padded with spaces and ended by '\n'), so
// the reader is checked against the format, not against the writer; the
// writer is checked against exact expected bytes.  Every bad case asserts
// NULL, the file's name and the words that say what is wrong.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>
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

// A .npy file by hand: magic, version, header length (2 bytes for 1.0,
// 4 for 2.0 / 3.0), the dict padded to a multiple of 64 with '\n', data.
std::string npy_bytes(const std::string &dict, const std::string &data,
	int major = 1)
{
	std::string s("\x93NUMPY", 6);
	s += (char) major;
	s += '\0';
	size_t pre = major == 1 ? 10 : 12;
	std::string h = dict;
	while ((pre + h.size() + 1) % 64)
		h += ' ';
	h += '\n';
	s += (char) (h.size() & 0xff);
	s += (char) (h.size() >> 8);
	if (major > 1) {
		s += '\0';
		s += '\0';
	}
	return s + h + data;
}

std::string dict_of(const std::string &descr, const std::string &shape,
	const char *fortran = "False")
{
	return "{'descr': '" + descr + "', 'fortran_order': " + fortran
		+ ", 'shape': " + shape + ", }";
}

std::string raw(std::initializer_list<int> bytes)
{
	std::string s;
	for (int b : bytes)
		s += (char) (unsigned char) b;
	return s;
}

// A context whose diagnostics are captured, and a scratch directory under
// the build tree, removed at the end.
class t_npy_env : public ::testing::Test {
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
		dir = std::string(SLUICE_BINARY_DIR) + "/t_npy_tmp."
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

	// Write "bytes" to NAME and read it as want[dims].
	io_array *read_bytes(const std::string &name, const std::string &bytes,
		ir_type want, std::vector<int64_t> dims)
	{
		put_file(path(name), bytes);
		return io_npy_read(ctx, path(name).c_str(), sl_noloc, want,
			(int) dims.size(), dims.data());
	}

	// Reading must fail with an error naming the file and holding "words".
	void expect_bad(const std::string &name, const std::string &bytes,
		ir_type want, std::vector<int64_t> dims,
		std::vector<std::string> words)
	{
		io_array *a = read_bytes(name, bytes, want, dims);
		EXPECT_EQ(a, nullptr) << name;
		io_array_free(a);
		std::string d = diags();
		EXPECT_NE(d.find(path(name) + ": error: "), std::string::npos) << d;
		for (const std::string &w : words)
			EXPECT_NE(d.find(w), std::string::npos)
				<< "missing '" << w << "' in: " << d;
		EXPECT_GE(sl_n_errors(ctx), 1);
	}
};

class t_npy : public t_npy_env {};
class t_npy_bad : public t_npy_env {};

// ------------------------------------------------------------- arrays

TEST_F(t_npy, array_alloc_zeroed)
{
	int64_t dims[3] = { 2, 3, 4 };
	io_array *a = io_array_alloc(U(8), 3, dims);
	ASSERT_NE(a, nullptr);
	EXPECT_EQ(a->size, 24);
	EXPECT_EQ(a->n_dims, 3);
	EXPECT_EQ(a->dims[2], 4);
	for (int i = 0; i < 24; i++)
		EXPECT_EQ(a->data[i], 0u);
	io_array_free(a);
	io_array_free(nullptr);
}

// An ONNX tensor [1][C=3][H=2][W=2] holding 0..11 (value c*4 + y*2 + x)
// moved channels last ([1][2][2][3], perm {0, 2, 3, 1}): element
// (0, y, x, c) at ((y*2 + x)*3 + c) must be c*4 + y*2 + x; the layout's
// inverse gives the ONNX order back.  Both forms, packed and not.
TEST_F(t_npy, transpose_channels_last_and_back)
{
	int64_t dims[4] = { 1, 3, 2, 2 };
	for (int packed = 0; packed < 2; packed++) {
		io_array *a = io_array_alloc(U(8), 4, dims);
		for (int i = 0; i < 12; i++)
			a->data[i] = (uint64_t) i;
		if (packed)
			io_array_pack(a);
		int perm[4] = { 0, 2, 3, 1 };
		io_array *t = io_array_transpose(a, perm);
		ASSERT_EQ(t->n_dims, 4);
		EXPECT_EQ(t->dims[1], 2);
		EXPECT_EQ(t->dims[3], 3);
		EXPECT_EQ(t->packed != nullptr, packed == 1);
		for (int y = 0; y < 2; y++)
			for (int x = 0; x < 2; x++)
				for (int c = 0; c < 3; c++)
					EXPECT_EQ(io_array_get(t, (y * 2 + x) * 3 + c),
						(uint64_t) (c * 4 + y * 2 + x));
		// the layout of ONNX's [1][3][2][2] stored as [1][2][2][3]: file
		// dimension j is the program's perm[j]
		io_layout lay = { "x", 4, { 0, 3, 1, 2 } };
		int64_t file[4];
		io_layout_file_dims(&lay, t->dims, file);
		EXPECT_EQ(file[1], 3);
		EXPECT_EQ(file[3], 2);
		io_array *back = io_layout_apply(&lay, t, true);
		for (int i = 0; i < 12; i++)
			EXPECT_EQ(io_array_get(back, i), (uint64_t) i);
		io_array *again = io_layout_apply(&lay, back, false);
		for (int i = 0; i < 12; i++)
			EXPECT_EQ(io_array_get(again, i), io_array_get(a, (i % 3) * 4 + i / 3));
		io_array_free(again);
		io_array_free(a);
	}
}

// ------------------------------------------------- hand-written files

TEST_F(t_npy, read_u1_2x3)
{
	std::string f = npy_bytes(dict_of("|u1", "(2, 3)"),
		raw({ 0, 1, 2, 253, 254, 255 }));
	int64_t d[2] = { 2, 3 };
	io_array *a = read_bytes("a.npy", f, U(8), { 2, 3 });
	ASSERT_NE(a, nullptr) << diags();
	EXPECT_EQ(a->n_dims, 2);
	EXPECT_EQ(a->dims[0], d[0]);
	EXPECT_EQ(a->dims[1], d[1]);
	uint64_t want[6] = { 0, 1, 2, 253, 254, 255 };
	for (int i = 0; i < 6; i++)
		EXPECT_EQ(a->data[i], want[i]) << i;
	io_array_free(a);
	EXPECT_EQ(diags(), "");
}

// Each integer dtype, both byte orders, with values worked out by hand.
struct dtype_case {
	const char *descr;
	std::string data;
	ir_type want;
	std::vector<uint64_t> values;
};

TEST_F(t_npy, read_every_dtype)
{
	std::vector<dtype_case> cases = {
		{ "|u1", raw({ 0x00, 0x7f, 0xff }), U(8), { 0, 127, 255 } },
		{ "|i1", raw({ 0x80, 0xff, 0x7f }), I(8), { S(-128), S(-1), 127 } },
		{ "<u2", raw({ 0x34, 0x12, 0xff, 0xff, 0, 0 }), U(16),
			{ 0x1234, 65535, 0 } },
		{ ">u2", raw({ 0x12, 0x34, 0xff, 0xff, 0, 0 }), U(16),
			{ 0x1234, 65535, 0 } },
		{ "<i2", raw({ 0x34, 0x12, 0xfe, 0xff, 0x00, 0x80 }), I(16),
			{ 0x1234, S(-2), S(-32768) } },
		{ ">i2", raw({ 0x12, 0x34, 0xff, 0xfe, 0x80, 0x00 }), I(16),
			{ 0x1234, S(-2), S(-32768) } },
		{ "<u4", raw({ 0x78, 0x56, 0x34, 0x12, 0xff, 0xff, 0xff, 0xff,
			1, 0, 0, 0 }), U(32), { 0x12345678, 0xffffffffu, 1 } },
		{ ">u4", raw({ 0x12, 0x34, 0x56, 0x78, 0xff, 0xff, 0xff, 0xff,
			0, 0, 0, 1 }), U(32), { 0x12345678, 0xffffffffu, 1 } },
		{ "<i4", raw({ 0, 0, 0, 0x80, 0xff, 0xff, 0xff, 0xff,
			0xff, 0xff, 0xff, 0x7f }), I(32),
			{ S(INT32_MIN), S(-1), 0x7fffffff } },
		{ ">i4", raw({ 0x80, 0, 0, 0, 0xff, 0xff, 0xff, 0xfe,
			0x7f, 0xff, 0xff, 0xff }), I(32),
			{ S(INT32_MIN), S(-2), 0x7fffffff } },
		{ "<u8", raw({ 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
			8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0 }), U(64),
			{ UINT64_MAX, 0x0102030405060708u, 0 } },
		{ ">u8", raw({ 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
			1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0, 0 }), U(64),
			{ UINT64_MAX, 0x0102030405060708u, 0 } },
		{ "<i8", raw({ 0, 0, 0, 0, 0, 0, 0, 0x80, 0xff, 0xff, 0xff, 0xff,
			0xff, 0xff, 0xff, 0x7f, 0xfd, 0xff, 0xff, 0xff, 0xff, 0xff,
			0xff, 0xff }), I(64),
			{ S(INT64_MIN), S(INT64_MAX), S(-3) } },
		{ ">i8", raw({ 0x80, 0, 0, 0, 0, 0, 0, 0, 0x7f, 0xff, 0xff, 0xff,
			0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
			0xff, 0xfd }), I(64),
			{ S(INT64_MIN), S(INT64_MAX), S(-3) } },
		{ "|b1", raw({ 1, 0, 1 }), U(1), { 1, 0, 1 } },
		// Narrower wanted types, values normalised to them.
		{ "<i8", raw({ 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
			1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }), I(2),
			{ S(-2), 1, 0 } },
		{ "<u4", raw({ 0xff, 0x0f, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0 }), U(12),
			{ 4095, 0, 1 } },
		{ "|i1", raw({ 0, 1, 0x7f }), U(7), { 0, 1, 127 } },
		{ "|b1", raw({ 0, 1, 1 }), I(2), { 0, 1, 1 } },
	};
	int k = 0;
	for (const dtype_case &c : cases) {
		std::string name = "d" + std::to_string(k++) + ".npy";
		io_array *a = read_bytes(name, npy_bytes(dict_of(c.descr, "(3,)"),
			c.data), c.want, { 3 });
		ASSERT_NE(a, nullptr) << c.descr << ": " << diags();
		for (int i = 0; i < 3; i++)
			EXPECT_EQ(a->data[i], c.values[i]) << c.descr << " [" << i << "]";
		io_array_free(a);
	}
	EXPECT_EQ(diags(), "");
}

TEST_F(t_npy, read_versions_2_and_3)
{
	for (int major = 2; major <= 3; major++) {
		std::string f = npy_bytes(dict_of("<i2", "(2, 1)"),
			raw({ 0xff, 0x7f, 0x00, 0x80 }), major);
		io_array *a = read_bytes("v.npy", f, I(16), { 2, 1 });
		ASSERT_NE(a, nullptr) << diags();
		EXPECT_EQ(a->data[0], 32767u);
		EXPECT_EQ(a->data[1], S(-32768));
		io_array_free(a);
	}
	EXPECT_EQ(diags(), "");
}

// Key order, double quotes, no trailing comma, Python 2 longs, old
// 16-byte padding: NumPy accepts all of these.
TEST_F(t_npy, read_header_variants)
{
	std::vector<std::string> dicts = {
		"{'shape': (2, 2), 'fortran_order': False, 'descr': '|u1'}",
		"{\"descr\": \"|u1\", \"fortran_order\": False, \"shape\": (2,2)}",
		"{'descr':'|u1','fortran_order':False,'shape':(2L, 2L),}",
		"{'descr': 'u1', 'fortran_order': False, 'shape': (2, 2), }",
	};
	for (const std::string &d : dicts) {
		io_array *a = read_bytes("h.npy", npy_bytes(d, raw({ 1, 2, 3, 4 })),
			U(8), { 2, 2 });
		ASSERT_NE(a, nullptr) << d << ": " << diags();
		EXPECT_EQ(a->data[3], 4u);
		io_array_free(a);
	}
	// Padding to 16 bytes instead of 64 (NumPy before 1.9).
	std::string h = "{'descr': '|u1', 'fortran_order': False, "
		"'shape': (3,), }";
	while ((10 + h.size() + 1) % 16)
		h += ' ';
	h += '\n';
	std::string f = std::string("\x93NUMPY\x01\x00", 8) + (char) h.size()
		+ '\0' + h + raw({ 7, 8, 9 });
	io_array *a = read_bytes("old.npy", f, U(8), { 3 });
	ASSERT_NE(a, nullptr) << diags();
	EXPECT_EQ(a->data[2], 9u);
	io_array_free(a);
	EXPECT_EQ(diags(), "");
}

TEST_F(t_npy, read_empty_array)
{
	io_array *a = read_bytes("e.npy", npy_bytes(dict_of("<i4", "(0, 5)"), ""),
		I(32), { 0, 5 });
	ASSERT_NE(a, nullptr) << diags();
	EXPECT_EQ(a->size, 0);
	io_array_free(a);
}

// --------------------------------------------------------------- write

// The exact bytes NumPy writes for np.array([[0, 17, 31], [1, 2, 3]],
// dtype=np.uint8): a 128-byte header (118 = 0x76 after the preamble).
TEST_F(t_npy, write_exact_bytes_u5)
{
	int64_t dims[2] = { 2, 3 };
	io_array *a = io_array_alloc(U(5), 2, dims);
	uint64_t v[6] = { 0, 17, 31, 1, 2, 3 };
	for (int i = 0; i < 6; i++)
		a->data[i] = v[i];
	ASSERT_EQ(io_npy_write(ctx, path("w.npy").c_str(), a), 0) << diags();
	io_array_free(a);
	std::string dict = "{'descr': '|u1', 'fortran_order': False, "
		"'shape': (2, 3), }";
	std::string want = std::string("\x93NUMPY\x01\x00\x76\x00", 10) + dict
		+ std::string(128 - 10 - dict.size() - 1, ' ') + "\n"
		+ raw({ 0, 17, 31, 1, 2, 3 });
	EXPECT_EQ(bytes_of(path("w.npy")), want);
	EXPECT_FALSE(fs::exists(path("w.npy.tmp")));
}

TEST_F(t_npy, write_exact_bytes_i16_1d)
{
	int64_t dims[1] = { 2 };
	io_array *a = io_array_alloc(I(16), 1, dims);
	a->data[0] = S(-2);
	a->data[1] = 0x1234;
	ASSERT_EQ(io_npy_write(ctx, path("w.npy").c_str(), a), 0);
	io_array_free(a);
	std::string dict = "{'descr': '<i2', 'fortran_order': False, "
		"'shape': (2,), }";
	std::string want = std::string("\x93NUMPY\x01\x00\x76\x00", 10) + dict
		+ std::string(128 - 10 - dict.size() - 1, ' ') + "\n"
		+ raw({ 0xfe, 0xff, 0x34, 0x12 });
	EXPECT_EQ(bytes_of(path("w.npy")), want);
}

// Round trips of every width class with the extreme values of the type.
struct rt_case {
	ir_type t;
	const char *descr;	// the smallest dtype, by hand
	int itemsize;
	std::vector<uint64_t> values;
};

TEST_F(t_npy, roundtrip_extremes)
{
	std::vector<rt_case> cases = {
		{ U(1), "'|u1'", 1, { 0, 1, 1, 0 } },
		{ U(5), "'|u1'", 1, { 0, 31, 16, 1 } },
		{ U(8), "'|u1'", 1, { 0, 255, 128, 127 } },
		{ U(12), "'<u2'", 2, { 0, 4095, 2048, 1 } },
		{ U(16), "'<u2'", 2, { 0, 65535, 32768, 255 } },
		{ I(2), "'|i1'", 1, { S(-2), 1, S(-1), 0 } },
		{ I(8), "'|i1'", 1, { S(-128), 127, S(-1), 0 } },
		{ I(16), "'<i2'", 2, { S(-32768), 32767, S(-1), 256 } },
		{ U(32), "'<u4'", 4, { 0, 0xffffffffu, 0x80000000u, 1 } },
		{ I(32), "'<i4'", 4, { S(INT32_MIN), S(INT32_MAX), S(-1), 0 } },
		{ U(64), "'<u8'", 8, { 0, UINT64_MAX, 1ull << 63, 1 } },
		{ I(64), "'<i8'", 8, { S(INT64_MIN), S(INT64_MAX), S(-1), 0 } },
		{ U(9), "'<u2'", 2, { 0, 511, 256, 1 } },
		{ I(9), "'<i2'", 2, { S(-256), 255, S(-1), 0 } },
		{ U(17), "'<u4'", 4, { 0, 131071, 65536, 1 } },
		{ I(33), "'<i8'", 8, { S(-(1ll << 32)), (1ull << 32) - 1, S(-1), 0 } },
	};
	int64_t dims[2] = { 2, 2 };
	for (const rt_case &c : cases) {
		char ty[8];
		ir_type_str(c.t, ty);
		std::string p = path(std::string(ty) + ".npy");
		io_array *a = io_array_alloc(c.t, 2, dims);
		for (int i = 0; i < 4; i++)
			a->data[i] = c.values[i];
		ASSERT_EQ(io_npy_write(ctx, p.c_str(), a), 0) << ty;
		io_array_free(a);
		std::string bytes = bytes_of(p);
		EXPECT_EQ(bytes.size(), 128u + 4 * c.itemsize) << ty;
		EXPECT_NE(bytes.find(std::string("'descr': ") + c.descr),
			std::string::npos) << ty << ": " << bytes.substr(0, 128);
		io_array *b = io_npy_read(ctx, p.c_str(), sl_noloc, c.t, 2, dims);
		ASSERT_NE(b, nullptr) << ty << ": " << diags();
		for (int i = 0; i < 4; i++)
			EXPECT_EQ(b->data[i], c.values[i]) << ty << " [" << i << "]";
		io_array_free(b);
	}
	EXPECT_EQ(diags(), "");
}

// A packed array (run --engine c) writes the same bytes as the same
// values unpacked: the exact bytes of write_exact_bytes_i16_1d, and the
// extremes of every width class read back.
TEST_F(t_npy, write_packed)
{
	int64_t d1[1] = { 2 };
	io_array *a = io_array_alloc_packed(I(16), 1, d1);
	ASSERT_EQ(a->data, nullptr);
	((int16_t *) a->packed)[0] = -2;
	((int16_t *) a->packed)[1] = 0x1234;
	ASSERT_EQ(io_npy_write(ctx, path("p.npy").c_str(), a), 0) << diags();
	io_array_free(a);
	std::string dict = "{'descr': '<i2', 'fortran_order': False, "
		"'shape': (2,), }";
	EXPECT_EQ(bytes_of(path("p.npy")), std::string("\x93NUMPY\x01\x00\x76\x00", 10)
		+ dict + std::string(128 - 10 - dict.size() - 1, ' ') + "\n"
		+ raw({ 0xfe, 0xff, 0x34, 0x12 }));
	int64_t dims[2] = { 2, 2 };
	struct { ir_type t; std::vector<uint64_t> v; } cases[] = {
		{ U(1), { 0, 1, 1, 0 } },
		{ U(8), { 0, 255, 128, 127 } },
		{ I(2), { S(-2), 1, S(-1), 0 } },
		{ U(12), { 0, 4095, 2048, 1 } },
		{ I(9), { S(-256), 255, S(-1), 0 } },
		{ U(17), { 0, 131071, 65536, 1 } },
		{ I(32), { S(INT32_MIN), S(INT32_MAX), S(-1), 0 } },
		{ I(33), { S(-(1ll << 32)), (1ull << 32) - 1, S(-1), 0 } },
		{ U(64), { 0, UINT64_MAX, 1ull << 63, 1 } },
	};
	for (const auto &c : cases) {
		char ty[8];
		ir_type_str(c.t, ty);
		io_array *w = io_array_alloc(c.t, 2, dims);
		for (int i = 0; i < 4; i++)
			w->data[i] = c.v[i];
		ASSERT_EQ(io_npy_write(ctx, path("w.npy").c_str(), w), 0) << ty;
		io_array_pack(w);
		ASSERT_EQ(io_npy_write(ctx, path("p.npy").c_str(), w), 0) << ty;
		io_array_free(w);
		EXPECT_EQ(bytes_of(path("p.npy")), bytes_of(path("w.npy"))) << ty;
		io_array *b = io_npy_read(ctx, path("p.npy").c_str(), sl_noloc, c.t, 2, dims);
		ASSERT_NE(b, nullptr) << ty << ": " << diags();
		for (int i = 0; i < 4; i++)
			EXPECT_EQ(b->data[i], c.v[i]) << ty << " [" << i << "]";
		io_array_free(b);
	}
	EXPECT_EQ(diags(), "");
}

// A u8 file read into u16 and i9 keeps its values.
TEST_F(t_npy, read_into_wider_type)
{
	std::string f = npy_bytes(dict_of("|u1", "(2,)"), raw({ 0, 255 }));
	io_array *a = read_bytes("a.npy", f, I(9), { 2 });
	ASSERT_NE(a, nullptr) << diags();
	EXPECT_EQ(a->data[1], 255u);
	io_array_free(a);
}

TEST_F(t_npy, write_overwrites_atomically)
{
	int64_t dims[1] = { 1 };
	io_array *a = io_array_alloc(U(8), 1, dims);
	a->data[0] = 5;
	put_file(path("o.npy"), "old contents");
	ASSERT_EQ(io_npy_write(ctx, path("o.npy").c_str(), a), 0);
	io_array *b = io_npy_read(ctx, path("o.npy").c_str(), sl_noloc, U(8), 1,
		dims);
	ASSERT_NE(b, nullptr) << diags();
	EXPECT_EQ(b->data[0], 5u);
	io_array_free(a);
	io_array_free(b);
}

// ------------------------------------------------------------ bad files

TEST_F(t_npy_bad, write_to_missing_dir)
{
	int64_t dims[1] = { 1 };
	io_array *a = io_array_alloc(U(8), 1, dims);
	std::string p = path("no/such/dir/x.npy");
	EXPECT_EQ(io_npy_write(ctx, p.c_str(), a), -1);
	io_array_free(a);
	EXPECT_NE(diags().find(p + ": error: cannot write: No such file"),
		std::string::npos) << diags();
}

TEST_F(t_npy_bad, missing_file)
{
	int64_t dims[1] = { 1 };
	std::string p = path("absent.npy");
	io_array *a = io_npy_read(ctx, p.c_str(), sl_noloc, U(8), 1, dims);
	EXPECT_EQ(a, nullptr);
	EXPECT_EQ(diags(), p + ": error: cannot read: No such file or directory\n");
}

TEST_F(t_npy_bad, magic)
{
	expect_bad("m1.npy", "", U(8), { 1 }, { "bad magic" });
	expect_bad("m2.npy", "PK\x03\x04 a zip file", U(8), { 1 },
		{ "bad magic" });
	std::string f = npy_bytes(dict_of("|u1", "(1,)"), raw({ 1 }));
	f[1] = 'n';
	expect_bad("m3.npy", f, U(8), { 1 }, { "not a .npy file" });
}

TEST_F(t_npy_bad, version)
{
	std::string f = npy_bytes(dict_of("|u1", "(1,)"), raw({ 1 }));
	f[6] = 4;
	expect_bad("v.npy", f, U(8), { 1 }, { "unsupported .npy version 4.0" });
}

TEST_F(t_npy_bad, truncated_header)
{
	std::string f = npy_bytes(dict_of("|u1", "(1,)"), raw({ 1 }));
	expect_bad("t1.npy", f.substr(0, 9), U(8), { 1 }, { "truncated" });
	expect_bad("t2.npy", f.substr(0, 60), U(8), { 1 },
		{ "truncated .npy header" });
	std::string v2 = npy_bytes(dict_of("|u1", "(1,)"), raw({ 1 }), 2);
	v2[11] = 0x7f;	// a 2 GB header length
	expect_bad("t3.npy", v2, U(8), { 1 }, { "truncated .npy header" });
}

TEST_F(t_npy_bad, header_dict)
{
	struct { const char *dict, *words; } cases[] = {
		{ "['descr', '|u1']", "not a dictionary" },
		{ "{'descr': '|u1', 'shape': (1,)}", "no 'fortran_order' key" },
		{ "{'descr': '|u1', 'fortran_order': False}", "no 'shape' key" },
		{ "{'fortran_order': False, 'shape': (1,)}", "no 'descr' key" },
		{ "{'descr': '|u1', 'fortran_order': False, 'shape': (1,), "
			"'extra': 1}", "unknown key 'extra'" },
		{ "{'descr': '|u1', 'descr': '|u1', 'fortran_order': False, "
			"'shape': (1,)}", "'descr' appears twice" },
		{ "{'descr': '|u1', 'fortran_order': False, 'shape': (1)}",
			"comma of a 1-tuple" },
		{ "{'descr': '|u1', 'fortran_order': False, 'shape': 1}",
			"'shape' is not a tuple" },
		{ "{'descr': '|u1', 'fortran_order': False, 'shape': (-1,)}",
			"non-negative integer" },
		{ "{'descr': '|u1', 'fortran_order': False, "
			"'shape': (99999999999999999999,)}", "too large" },
		{ "{'descr': '|u1', 'fortran_order': 0, 'shape': (1,)}",
			"not True or False" },
		{ "{'descr' '|u1', 'fortran_order': False, 'shape': (1,)}",
			"expected ':' after 'descr'" },
		{ "{'descr': '|u1, 'fortran_order': False, 'shape': (1,)}",
			"expected ',' or '}' after 'descr'" },
		{ "{'descr': '|u1' 'fortran_order': False, 'shape': (1,)}",
			"expected ',' or '}'" },
		{ "{'descr': '|u1', 'fortran_order': False, 'shape': (1,)} x",
			"text after the dictionary" },
		{ "{'descr': '|u1", "unterminated" },
		{ "{'descr': [('a', '<i4')], 'fortran_order': False, "
			"'shape': (1,)}", "structured" },
	};
	int k = 0;
	for (auto &c : cases)
		expect_bad("h" + std::to_string(k++) + ".npy",
			npy_bytes(c.dict, raw({ 1, 0, 0, 0 })), U(8), { 1 },
			{ "bad .npy header", c.words });
}

TEST_F(t_npy_bad, fortran_order)
{
	std::string f = npy_bytes(dict_of("|u1", "(2, 2)", "True"),
		raw({ 1, 2, 3, 4 }));
	expect_bad("f.npy", f, U(8), { 2, 2 }, { "fortran_order", "C order" });
}

TEST_F(t_npy_bad, non_integer_dtypes)
{
	const char *descrs[] = { "<f4", "<f8", ">f2", "<c8", "<c16", "|O",
		"<U3", "|S3", "|V8", "<M8[ns]", "<m8[s]" };
	int k = 0;
	for (const char *d : descrs)
		expect_bad("f" + std::to_string(k++) + ".npy",
			npy_bytes(dict_of(d, "(1,)"), std::string(16, '\0')), I(32),
			{ 1 }, { std::string("dtype '") + d + "' is not an integer" });
}

TEST_F(t_npy_bad, odd_integer_dtypes)
{
	const char *descrs[] = { "<i3", "<u16", "|i4", "<b2", "<x4", "", "<" };
	int k = 0;
	for (const char *d : descrs)
		expect_bad("o" + std::to_string(k++) + ".npy",
			npy_bytes(dict_of(d, "(1,)"), std::string(16, '\0')), I(32),
			{ 1 }, { std::string("unsupported dtype '") + d + "'" });
}

TEST_F(t_npy_bad, shape_mismatch)
{
	std::string f = npy_bytes(dict_of("|i1", "(8, 16, 3)"),
		std::string(8 * 16 * 3, '\0'));
	expect_bad("w.npy", f, I(8), { 8, 16, 3, 3 },
		{ "shape is (8, 16, 3), expected (8, 16, 3, 3)" });
	f = npy_bytes(dict_of("|i1", "(5,)"), std::string(5, '\0'));
	expect_bad("w1.npy", f, I(8), { 6 }, { "shape is (5,), expected (6,)" });
	f = npy_bytes(dict_of("|i1", "()"), std::string(1, '\0'));
	expect_bad("w0.npy", f, I(8), { 1 }, { "shape is (), expected (1,)" });
	f = npy_bytes(dict_of("|i1", "(2, 3)"), std::string(6, '\0'));
	expect_bad("wt.npy", f, I(8), { 3, 2 },
		{ "shape is (2, 3), expected (3, 2)" });
}

TEST_F(t_npy_bad, truncated_data)
{
	std::string f = npy_bytes(dict_of("<u2", "(2, 3)"), std::string(11, '\1'));
	expect_bad("d.npy", f, U(16), { 2, 3 },
		{ "truncated", "11 bytes, expected 12" });
}

TEST_F(t_npy_bad, extra_data)
{
	std::string f = npy_bytes(dict_of("<u2", "(2,)"), std::string(7, '\1'));
	expect_bad("x.npy", f, U(16), { 2 }, { "3 unexpected bytes" });
}

TEST_F(t_npy_bad, value_does_not_fit)
{
	std::string f = npy_bytes(dict_of("|i1", "(2, 3)"),
		raw({ 0, 1, 0xfd, 4, 5, 6 }));
	expect_bad("n.npy", f, U(8), { 2, 3 },
		{ "value -3 at index (0, 2) does not fit u8" });
	f = npy_bytes(dict_of("<u2", "(2, 2)"), raw({ 1, 0, 2, 0, 3, 0, 0, 1 }));
	expect_bad("n2.npy", f, U(8), { 2, 2 },
		{ "value 256 at index (1, 1) does not fit u8" });
	f = npy_bytes(dict_of("|u1", "(3,)"), raw({ 1, 0, 2 }));
	expect_bad("n3.npy", f, U(1), { 3 },
		{ "value 2 at index (2,) does not fit u1" });
	f = npy_bytes(dict_of("|i1", "(2,)"), raw({ 2, 0 }));
	expect_bad("n5.npy", f, I(2), { 2 },
		{ "value 2 at index (0,) does not fit i2" });
	f = npy_bytes(dict_of("<u8", "(1,)"), std::string(8, '\xff'));
	expect_bad("n6.npy", f, I(64), { 1 },
		{ "value 18446744073709551615 at index (0,) does not fit i64" });
	f = npy_bytes(dict_of("<i8", "(1,)"), raw({ 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff }));
	expect_bad("n7.npy", f, U(64), { 1 },
		{ "value -1 at index (0,) does not fit u64" });
	f = npy_bytes(dict_of("|b1", "(2,)"), raw({ 1, 2 }));
	expect_bad("n8.npy", f, U(8), { 2 },
		{ "bool value 2 at index (1,) is not 0 or 1" });
}

// -2 is the minimum of i2: it fits.
TEST_F(t_npy, i2_minimum_fits)
{
	std::string f = npy_bytes(dict_of("|i1", "(2,)"), raw({ 1, 0xfe }));
	io_array *a = read_bytes("n4.npy", f, I(2), { 2 });
	ASSERT_NE(a, nullptr) << diags();
	EXPECT_EQ(a->data[1], S(-2));
	io_array_free(a);
}

// With a place in a program (a const's file("...")), the error is at that
// place and still names the .npy file.
TEST_F(t_npy_bad, reported_at_program_location)
{
	const char *src = "input a : u8[2];\nconst w : u8[3] = file(\"w.npy\");\n";
	int file = sl_source_add(ctx, "prog.sl", strdup(src), strlen(src));
	sl_loc loc = { file, 2, 19 };
	std::string f = npy_bytes(dict_of("|u1", "(2,)"), raw({ 1, 2 }));
	put_file(path("w.npy"), f);
	int64_t dims[1] = { 3 };
	io_array *a = io_npy_read(ctx, path("w.npy").c_str(), loc, U(8), 1, dims);
	EXPECT_EQ(a, nullptr);
	std::string d = diags();
	EXPECT_EQ(d.rfind("prog.sl:2:19: error: " + path("w.npy")
		+ ": shape is (2,), expected (3,)\n", 0), 0u) << d;
}

// Every prefix of a valid file, and random corruptions of it, give an
// array or an error, never a crash (run under ASan in the sanitizer build).
TEST_F(t_npy_bad, never_crashes_on_corrupt_bytes)
{
	std::string good = npy_bytes(dict_of("<i2", "(2, 3)"),
		raw({ 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0 }));
	for (size_t n = 0; n < good.size(); n++) {
		io_array *a = read_bytes("p.npy", good.substr(0, n), I(16), { 2, 3 });
		EXPECT_EQ(a, nullptr) << n;
		io_array_free(a);
	}
	EXPECT_EQ(sl_n_errors(ctx), (int) good.size());
	std::mt19937 rng(12345);
	for (int iter = 0; iter < 400; iter++) {
		std::string f = good;
		int flips = 1 + (int) (rng() % 4);
		for (int k = 0; k < flips; k++)
			f[rng() % f.size()] = (char) (rng() & 0xff);
		if (rng() % 4 == 0)
			f.resize(rng() % f.size());
		int before = sl_n_errors(ctx);
		io_array *a = read_bytes("c.npy", f, I(16), { 2, 3 });
		EXPECT_EQ(a == nullptr, sl_n_errors(ctx) == before + 1);
		io_array_free(a);
	}
}

} // namespace
