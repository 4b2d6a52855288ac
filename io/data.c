/* io/data.c: the data of a run: arrays, input files and seeded random
 * inputs.  Stage: data I/O.  Allocates arrays, reads an input by its file
 * extension (.npy, .png, .pgm, .ppm, .pnm) and makes deterministic
 * pseudo-random arrays, the same on every run and machine.  Every array
 * returned is owned by the caller: an io_array owns its data, and
 * io_array_free() releases both. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "io/io_private.h"

/* ---------------------------------------------------------------- arrays */

/* An array's header: type, shape and size, no values. */
static io_array *array_head(ir_type type, int n_dims, const int64_t *dims)
{
	if (n_dims < 0 || n_dims > 8)
		sl_unreachable();
	io_array *a = sl_xcalloc(1, sizeof(*a));
	a->type = type;
	a->n_dims = n_dims;
	a->size = 1;
	for (int d = 0; d < n_dims; d++) {
		if (dims[d] < 0)
			sl_unreachable();
		a->dims[d] = dims[d];
		if (dims[d] && a->size > (INT64_MAX / 8) / dims[d]) {
			fputs("sluice: out of memory\n", stderr);
			abort();
		}
		a->size *= dims[d];
	}
	return a;
}

/* A zeroed array; dims[d] >= 0, 0 <= n_dims <= 8. */
io_array *io_array_alloc(ir_type type, int n_dims, const int64_t *dims)
{
	io_array *a = array_head(type, n_dims, dims);
	a->data = sl_xcalloc((size_t) a->size, sizeof(uint64_t));
	return a;
}

io_array *io_array_alloc_packed(ir_type type, int n_dims, const int64_t *dims)
{
	io_array *a = array_head(type, n_dims, dims);
	a->packed = sl_xcalloc((size_t) a->size + 1, (size_t) io_packed_size(type));
	return a;
}

void io_array_free(io_array *a)
{
	if (!a)
		return;
	free(a->data);
	free(a->packed);
	free(a);
}

int io_packed_size(ir_type t)
{
	return t.bits == 0 || t.bits > 32 ? 8 : t.bits > 16 ? 4 : t.bits > 8 ? 2 : 1;
}

uint64_t io_array_get(const io_array *a, int64_t i)
{
	if (a->data)
		return a->data[i];
	bool s = a->type.is_signed;
	switch (io_packed_size(a->type)) {
	case 1: return s ? (uint64_t) ((const int8_t *) a->packed)[i]
		: ((const uint8_t *) a->packed)[i];
	case 2: return s ? (uint64_t) ((const int16_t *) a->packed)[i]
		: ((const uint16_t *) a->packed)[i];
	case 4: return s ? (uint64_t) ((const int32_t *) a->packed)[i]
		: ((const uint32_t *) a->packed)[i];
	default: return ((const uint64_t *) a->packed)[i];
	}
}

void io_array_unpack(io_array *a)
{
	if (a->data)
		return;
	uint64_t *d = sl_xmalloc((size_t) a->size * sizeof(*d) + 1);
	for (int64_t i = 0; i < a->size; i++)
		d[i] = io_array_get(a, i);
	free(a->packed);
	a->packed = NULL;
	a->data = d;
}

void io_array_pack(io_array *a)
{
	if (a->packed)
		return;
	size_t es = (size_t) io_packed_size(a->type);
	unsigned char *p = sl_xmalloc((size_t) a->size * es + 1);
	for (int64_t i = 0; i < a->size; i++)
		switch (es) {
		case 1: p[i] = (unsigned char) a->data[i]; break;
		case 2: ((uint16_t *) p)[i] = (uint16_t) a->data[i]; break;
		case 4: ((uint32_t *) p)[i] = (uint32_t) a->data[i]; break;
		default: ((uint64_t *) p)[i] = a->data[i]; break;
		}
	free(a->data);
	a->data = NULL;
	a->packed = p;
}

/* The bytes of a's values in its form, and the bytes of one value. */
static unsigned char *value_bytes(const io_array *a, size_t *es)
{
	*es = a->packed ? (size_t) io_packed_size(a->type) : sizeof(uint64_t);
	return a->packed ? (unsigned char *) a->packed : (unsigned char *) a->data;
}

io_array *io_array_transpose(const io_array *a, const int *perm)
{
	int64_t dims[8], stride[8], from_stride[8], idx[8] = { 0 };
	for (int j = 0; j < a->n_dims; j++)
		dims[j] = a->dims[perm[j]];
	io_array *r = a->packed ? io_array_alloc_packed(a->type, a->n_dims, dims)
		: io_array_alloc(a->type, a->n_dims, dims);
	int64_t st = 1;
	for (int d = a->n_dims - 1; d >= 0; d--) {
		stride[d] = st;
		st *= a->dims[d];
	}
	for (int j = 0; j < a->n_dims; j++)
		from_stride[j] = stride[perm[j]];
	size_t es;
	const unsigned char *from = value_bytes(a, &es);
	unsigned char *to = value_bytes(r, &es);
	int64_t off = 0;
	for (int64_t i = 0; i < r->size; i++) {	/* off: element i's place in a */
		memcpy(to + (size_t) i * es, from + (size_t) off * es, es);
		for (int j = r->n_dims - 1; j >= 0; j--) {
			off += from_stride[j];
			if (++idx[j] < dims[j])
				break;
			off -= from_stride[j] * dims[j];
			idx[j] = 0;
		}
	}
	return r;
}

/* ---------------------------------------------------------------- random */

#define SPLITMIX_GAMMA UINT64_C(0x9e3779b97f4a7c15)

/* The output function of splitmix64 (Steele, Lea and Flood 2014). */
static uint64_t splitmix_mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* 64-bit FNV-1a of a name; "" hashes to the offset basis. */
static uint64_t name_hash(const char *name)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);
	for (const unsigned char *p = (const unsigned char *) name; *p; p++)
		h = (h ^ *p) * UINT64_C(0x100000001b3);
	return h;
}

/* The values of io_random_array into a packed array of C type T: the
 * low "bits" bits, sign-extended when "sgn" (a shift pair, as ir_norm;
 * the container's cast keeps what fits). */
#define RANDOM_FILL(T, out, n, state, bits, sgn) do { \
	T *o_ = (T *) (out); \
	unsigned sh_ = 64u - (unsigned) (bits); \
	for (int64_t i_ = 0; i_ < (n); i_++) { \
		uint64_t z_ = splitmix_mix((state) += SPLITMIX_GAMMA) << sh_; \
		o_[i_] = (sgn) ? (T) ((int64_t) z_ >> sh_) : (T) (z_ >> sh_); \
	} \
} while (0)

/* Every value of a packed array of "es" bytes per value: the loops of
 * RANDOM_FILL, which the compiler vectorises. */
#define DEFINE_RANDOM_FILL(NAME, ATTR) \
ATTR static void NAME(void *out, int64_t n, uint64_t state, int bits, bool sgn, int es) \
{ \
	switch (es) { \
	case 1: RANDOM_FILL(uint8_t, out, n, state, bits, sgn); break; \
	case 2: RANDOM_FILL(uint16_t, out, n, state, bits, sgn); break; \
	case 4: RANDOM_FILL(uint32_t, out, n, state, bits, sgn); break; \
	default: RANDOM_FILL(uint64_t, out, n, state, bits, sgn); break; \
	} \
}

DEFINE_RANDOM_FILL(random_fill, )

/* On x86-64 the same loops for AVX-512 (its 64-bit vector multiply), taken
 * when the processor has it: seven times faster than the scalar loop,
 * exactly the same values (integer arithmetic). */
#if defined(__x86_64__) && defined(__GNUC__)
#define HAVE_RANDOM_FILL_AVX512 1
DEFINE_RANDOM_FILL(random_fill_avx512,
	__attribute__((target("avx512f,avx512dq,avx512bw,avx512vl"))))
#endif

/* n values of "type" from "state" into out, es bytes each: the AVX-512
 * loops where the processor has them. */
static void random_values(void *out, int64_t n, uint64_t state, ir_type type, int es)
{
	int bits = type.bits == 0 ? 64 : type.bits;
#ifdef HAVE_RANDOM_FILL_AVX512
	/* SLUICE_SCALAR_FILL=1: the scalar loops, for the tests to compare */
	const char *scalar = getenv("SLUICE_SCALAR_FILL");
	if (!(scalar && *scalar == '1') && __builtin_cpu_supports("avx512dq")
	    && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl")) {
		random_fill_avx512(out, n, state, bits, type.is_signed, es);
		return;
	}
#endif
	random_fill(out, n, state, bits, type.is_signed, es);
}

/* Element i is the (i+1)-th output of splitmix64 started from the state
 * seed ^ FNV-1a(name), cut to the type's low bits: every value of the
 * type is equally likely, and each name gets its own stream.  The
 * 8-byte loops of RANDOM_FILL cut a value as ir_norm does: its low bits,
 * sign-extended for a signed type. */
io_array *io_random_array(ir_type type, int n_dims, const int64_t *dims,
	uint64_t seed, const char *name)
{
	io_array *a = io_array_alloc(type, n_dims, dims);
	random_values(a->data, a->size, seed ^ name_hash(name ? name : ""), type, 8);
	return a;
}

io_array *io_random_array_packed(ir_type type, int n_dims, const int64_t *dims,
	uint64_t seed, const char *name)
{
	io_array *a = io_array_alloc_packed(type, n_dims, dims);
	random_values(a->packed, a->size, seed ^ name_hash(name ? name : ""), type,
		io_packed_size(type));
	return a;
}

/* ------------------------------------------------------------------ files */

static bool has_ext(const char *path, const char *ext)
{
	size_t n = strlen(path), e = strlen(ext);
	return n > e && strcasecmp(path + n - e, ext) == 0;
}

size_t io_file_cap(int n_dims, const int64_t *dims, size_t per_value, size_t slack,
	char *what, size_t what_cap, const char *kind)
{
	uint64_t n = 1;
	for (int d = 0; d < n_dims; d++)
		n = dims[d] <= 0 ? 0 : n > UINT64_MAX / (uint64_t) dims[d] ? UINT64_MAX
			: n * (uint64_t) dims[d];
	snprintf(what, what_cap, "%s of %llu values", kind, (unsigned long long) n);
	if (n > (SIZE_MAX - slack) / per_value)
		return SIZE_MAX;
	return slack + (size_t) n * per_value;
}

/* Read an image file (at most IO_IMAGE_SLACK bytes and 8 per value of
 * the declared shape) and decode it with "decode". */
static io_array *read_image(sl_ctx *ctx, const char *path, ir_type want, int n_dims,
	const int64_t *dims, io_array *(*decode)(const io_image_req *q))
{
	io_image_req q = { ctx, path, want, n_dims, dims, NULL, 0 };
	char what[64], why[256];
	size_t max = io_file_cap(n_dims, dims, 8, IO_IMAGE_SLACK, what, sizeof what,
		"an image");
	char *buf = sl_read_file_max(path, max, what, &q.len, why, sizeof why);
	if (!buf) {
		sl_error_file(ctx, path, "cannot read: %s", why);
		return NULL;
	}
	q.buf = buf;
	io_array *a = decode(&q);
	free(buf);
	return a;
}

io_array *io_read_data(sl_ctx *ctx, const char *path, ir_type want,
	int n_dims, const int64_t *dims)
{
	if (has_ext(path, ".npy"))
		return io_npy_read(ctx, path, sl_noloc, want, n_dims, dims);
	if (has_ext(path, ".png"))
		return read_image(ctx, path, want, n_dims, dims, io_read_png);
	if (has_ext(path, ".pgm") || has_ext(path, ".ppm")
			|| has_ext(path, ".pnm"))
		return read_image(ctx, path, want, n_dims, dims, io_read_pnm);
	sl_error_file(ctx, path, "unknown kind of data file (expected .npy, "
		".png, .pgm or .ppm)");
	return NULL;
}
