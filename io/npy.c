/* io/npy.c: dense integer arrays in their NumPy .npy form.
 * Stage: data I/O, shared by the front end (a const's file("...")) and the
 * command line (inputs and outputs).  Reads .npy versions 1.0, 2.0 and
 * 3.0 of every integer dtype (and bool) in C order, writes version 1.0.
 * Every length in a file is checked before it is used: any byte sequence
 * gives either an array or an error naming the file. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "io/io_private.h"

enum {
	NPY_MAX_DIMS = 32,	/* more in a header is an error */
	NPY_MSG_MAX = 1024,
	NPY_SHAPE_MAX = NPY_MAX_DIMS * 24 + 8,
};

static const char npy_magic[6] = { '\x93', 'N', 'U', 'M', 'P', 'Y' };

/* ----------------------------------------------------------- diagnostics */

/* The file being read and where it was named. */
typedef struct npy_src {
	sl_ctx *ctx;
	const char *path;
	sl_loc loc;
} npy_src;

/* "PATH: error: msg", or at the const's place when there is one. */
__attribute__((format(printf, 2, 3)))
static void npy_error(const npy_src *s, const char *fmt, ...)
{
	char msg[NPY_MSG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (s->loc.line > 0)
		sl_error(s->ctx, s->loc, "%s: %s", s->path, msg);
	else
		sl_error_file(s->ctx, s->path, "%s", msg);
}

/* NumPy's spelling of a shape: "(8, 16)", "(5,)", "()". */
static const char *shape_str(int n_dims, const int64_t *dims,
	char buf[NPY_SHAPE_MAX])
{
	size_t n = 0;
	buf[n++] = '(';
	for (int d = 0; d < n_dims && d < NPY_MAX_DIMS; d++)
		n += (size_t) snprintf(buf + n, NPY_SHAPE_MAX - n, "%s%lld",
			d ? ", " : "", (long long) dims[d]);
	snprintf(buf + n, NPY_SHAPE_MAX - n, "%s)", n_dims == 1 ? "," : "");
	return buf;
}

/* The multi-index of flat position "i" in a row-major array. */
static const char *index_str(int64_t i, int n_dims, const int64_t *dims,
	char buf[NPY_SHAPE_MAX])
{
	int64_t idx[NPY_MAX_DIMS];
	for (int d = n_dims - 1; d >= 0; d--) {
		idx[d] = dims[d] ? i % dims[d] : 0;
		i = dims[d] ? i / dims[d] : 0;
	}
	return shape_str(n_dims, idx, buf);
}

/* ---------------------------------------------------------------- header */

/* What the header dictionary says. */
typedef struct npy_header {
	char order;		/* '<', '>' or '|' */
	char kind;		/* 'i', 'u' or 'b' */
	int itemsize;		/* bytes */
	bool fortran;
	int n_dims;
	int64_t dims[NPY_MAX_DIMS];
	bool seen_descr, seen_fortran, seen_shape;
} npy_header;

/* A cursor over the header text; the first problem found goes to err. */
typedef struct npy_lex {
	const char *p, *end;
	char err[256];
} npy_lex;

__attribute__((format(printf, 2, 3)))
static bool lex_fail(npy_lex *l, const char *fmt, ...)
{
	if (!l->err[0]) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(l->err, sizeof(l->err), fmt, ap);
		va_end(ap);
	}
	return false;
}

static void lex_skip(npy_lex *l)
{
	while (l->p < l->end && (*l->p == ' ' || *l->p == '\t'
			|| *l->p == '\n' || *l->p == '\r'))
		l->p++;
}

/* Skip white space; consume "c" if it comes next. */
static bool lex_eat(npy_lex *l, char c)
{
	lex_skip(l);
	if (l->p < l->end && *l->p == c) {
		l->p++;
		return true;
	}
	return false;
}

static bool lex_word(npy_lex *l, const char *w)
{
	size_t n = strlen(w);
	lex_skip(l);
	if ((size_t) (l->end - l->p) >= n && memcmp(l->p, w, n) == 0) {
		l->p += n;
		return true;
	}
	return false;
}

/* A quoted string without escapes, into buf (NUL-terminated). */
static bool lex_string(npy_lex *l, char *buf, size_t cap, const char *what)
{
	lex_skip(l);
	if (l->p >= l->end || (*l->p != '\'' && *l->p != '"'))
		return lex_fail(l, "expected a quoted %s", what);
	char q = *l->p++;
	size_t n = 0;
	while (l->p < l->end && *l->p != q) {
		if (*l->p == '\\' || *l->p == '\0' || n + 1 >= cap)
			return lex_fail(l, "bad %s string", what);
		buf[n++] = *l->p++;
	}
	if (l->p >= l->end)
		return lex_fail(l, "unterminated %s string", what);
	l->p++;
	buf[n] = '\0';
	return true;
}

/* A non-negative decimal integer (Python 2 NumPy may add an 'L'). */
static bool lex_int(npy_lex *l, int64_t *v)
{
	lex_skip(l);
	if (l->p >= l->end || *l->p < '0' || *l->p > '9')
		return lex_fail(l, "expected a non-negative integer in 'shape'");
	int64_t x = 0;
	while (l->p < l->end && *l->p >= '0' && *l->p <= '9') {
		int digit = *l->p++ - '0';
		if (x > (INT64_MAX - digit) / 10)
			return lex_fail(l, "dimension too large in 'shape'");
		x = x * 10 + digit;
	}
	if (l->p < l->end && (*l->p == 'L' || *l->p == 'l'))
		l->p++;
	*v = x;
	return true;
}

/* "(a, b, c)", "(a,)" or "()". */
static bool parse_shape(npy_lex *l, npy_header *h)
{
	if (!lex_eat(l, '('))
		return lex_fail(l, "'shape' is not a tuple");
	h->n_dims = 0;
	if (lex_eat(l, ')'))
		return true;
	for (;;) {
		if (h->n_dims == NPY_MAX_DIMS)
			return lex_fail(l, "'shape' has more than %d dimensions",
				NPY_MAX_DIMS);
		if (!lex_int(l, &h->dims[h->n_dims++]))
			return false;
		if (lex_eat(l, ')'))
			break;
		if (!lex_eat(l, ','))
			return lex_fail(l, "expected ',' or ')' in 'shape'");
		if (lex_eat(l, ')'))
			return true;
	}
	if (h->n_dims == 1)
		return lex_fail(l, "'shape' (n) lacks the comma of a 1-tuple");
	return true;
}

static bool parse_bool(npy_lex *l, bool *v)
{
	if (lex_word(l, "True"))
		*v = true;
	else if (lex_word(l, "False"))
		*v = false;
	else
		return lex_fail(l, "'fortran_order' is not True or False");
	return true;
}

/* The value of the key just read. */
static bool parse_entry(npy_lex *l, npy_header *h, const char *key,
	char *descr, size_t cap)
{
	bool *seen;
	if (strcmp(key, "descr") == 0)
		seen = &h->seen_descr;
	else if (strcmp(key, "fortran_order") == 0)
		seen = &h->seen_fortran;
	else if (strcmp(key, "shape") == 0)
		seen = &h->seen_shape;
	else
		return lex_fail(l, "unknown key '%s'", key);
	if (*seen)
		return lex_fail(l, "key '%s' appears twice", key);
	*seen = true;
	if (seen == &h->seen_shape)
		return parse_shape(l, h);
	if (seen == &h->seen_fortran)
		return parse_bool(l, &h->fortran);
	lex_skip(l);
	if (l->p < l->end && *l->p == '[')
		return lex_fail(l, "structured dtypes are not supported");
	return lex_string(l, descr, cap, "'descr'");
}

/* The Python dict literal of the header; descr is returned as text. */
static bool parse_dict(npy_lex *l, npy_header *h, char *descr, size_t cap)
{
	if (!lex_eat(l, '{'))
		return lex_fail(l, "the header is not a dictionary");
	while (!lex_eat(l, '}')) {
		char key[32];
		if (!lex_string(l, key, sizeof(key), "key"))
			return false;
		if (!lex_eat(l, ':'))
			return lex_fail(l, "expected ':' after '%s'", key);
		if (!parse_entry(l, h, key, descr, cap))
			return false;
		if (lex_eat(l, '}'))
			break;
		if (!lex_eat(l, ','))
			return lex_fail(l, "expected ',' or '}' after '%s'", key);
	}
	lex_skip(l);
	if (l->p != l->end)
		return lex_fail(l, "text after the dictionary");
	if (!h->seen_descr)
		return lex_fail(l, "no 'descr' key");
	if (!h->seen_fortran)
		return lex_fail(l, "no 'fortran_order' key");
	if (!h->seen_shape)
		return lex_fail(l, "no 'shape' key");
	return true;
}

static char host_order(void)
{
	const uint16_t one = 1;
	return *(const unsigned char *) &one ? '<' : '>';
}

/* "<i4", "|u1", "|b1", ... into h; false with an error otherwise. */
static bool parse_descr(const npy_src *s, const char *descr, npy_header *h)
{
	const char *p = descr;
	h->order = '|';
	if (*p == '<' || *p == '>' || *p == '|' || *p == '=')
		h->order = *p++;
	if (h->order == '=')
		h->order = host_order();
	h->kind = *p ? *p++ : '\0';
	int size = 0;
	const char *digits = p;
	while (*p >= '0' && *p <= '9' && size < 100)
		size = size * 10 + (*p++ - '0');
	bool ok_size = p > digits && *p == '\0';
	h->itemsize = size;
	if ((h->kind == 'i' || h->kind == 'u') && ok_size
			&& (size == 1 || size == 2 || size == 4 || size == 8)
			&& (size == 1 || h->order != '|'))
		return true;
	if (h->kind == 'b' && ok_size && size == 1)
		return true;
	if (h->kind && strchr("fcOSUVaMm?e", h->kind))
		npy_error(s, "dtype '%s' is not an integer dtype", descr);
	else
		npy_error(s, "unsupported dtype '%s'", descr);
	return false;
}

/* Check the magic and version; *hdr and *hlen locate the header text. */
static bool split_preamble(const npy_src *s, const unsigned char *buf,
	size_t len, size_t *hdr, size_t *hlen)
{
	if (len < 8 || memcmp(buf, npy_magic, sizeof(npy_magic)) != 0) {
		npy_error(s, "not a .npy file (bad magic)");
		return false;
	}
	int major = buf[6], minor = buf[7];
	if ((major < 1 || major > 3) || minor != 0) {
		npy_error(s, "unsupported .npy version %d.%d", major, minor);
		return false;
	}
	size_t start = major == 1 ? 10 : 12;
	if (len < start) {
		npy_error(s, "truncated .npy header");
		return false;
	}
	uint64_t n = buf[8] | (uint64_t) buf[9] << 8;
	if (major > 1)
		n |= (uint64_t) buf[10] << 16 | (uint64_t) buf[11] << 24;
	if (n > len - start) {
		npy_error(s, "truncated .npy header: it claims %llu bytes, "
			"the file has %llu after the preamble",
			(unsigned long long) n, (unsigned long long) (len - start));
		return false;
	}
	*hdr = start;
	*hlen = (size_t) n;
	return true;
}

/* Parse the preamble and header; *data_off is where the data begins. */
static bool read_header(const npy_src *s, const unsigned char *buf,
	size_t len, npy_header *h, size_t *data_off)
{
	size_t hdr, hlen;
	if (!split_preamble(s, buf, len, &hdr, &hlen))
		return false;
	npy_lex l = { (const char *) buf + hdr, (const char *) buf + hdr + hlen,
		"" };
	char descr[64];
	memset(h, 0, sizeof(*h));
	if (!parse_dict(&l, h, descr, sizeof(descr))) {
		npy_error(s, "bad .npy header: %s", l.err);
		return false;
	}
	if (!parse_descr(s, descr, h))
		return false;
	if (h->fortran) {
		npy_error(s, "fortran_order is True; only C order is supported "
			"(save np.ascontiguousarray(a))");
		return false;
	}
	*data_off = hdr + hlen;
	return true;
}

/* ------------------------------------------------------------------ read */

static bool check_shape(const npy_src *s, const npy_header *h, int n_dims,
	const int64_t *dims)
{
	bool same = h->n_dims == n_dims;
	for (int d = 0; same && d < n_dims; d++)
		same = h->dims[d] == dims[d];
	if (same)
		return true;
	char got[NPY_SHAPE_MAX], want[NPY_SHAPE_MAX];
	npy_error(s, "shape is %s, expected %s",
		shape_str(h->n_dims, h->dims, got), shape_str(n_dims, dims, want));
	return false;
}

/* The data must be exactly shape-product items long. */
static bool check_length(const npy_src *s, const npy_header *h,
	size_t avail)
{
	uint64_t need = (uint64_t) h->itemsize;
	for (int d = 0; d < h->n_dims; d++)
		if (h->dims[d] == 0)
			need = 0;
	for (int d = 0; d < h->n_dims && need; d++) {
		if ((uint64_t) h->dims[d] > UINT64_MAX / need) {
			need = UINT64_MAX;
			break;
		}
		need *= (uint64_t) h->dims[d];
	}
	if (avail < need) {
		npy_error(s, "data is truncated: %llu bytes, expected %llu",
			(unsigned long long) avail, (unsigned long long) need);
		return false;
	}
	if (avail > need) {
		npy_error(s, "%llu unexpected bytes after the data",
			(unsigned long long) (avail - need));
		return false;
	}
	return true;
}

/* Element raw bytes as a 64-bit value, sign-extended for 'i'. */
static uint64_t load_item(const unsigned char *p, const npy_header *h)
{
	uint64_t v = 0;
	int n = h->itemsize;
	for (int b = 0; b < n; b++) {
		int k = h->order == '>' ? b : n - 1 - b;
		v = v << 8 | p[k];
	}
	if (h->kind == 'i' && n < 8 && (v >> (8 * n - 1) & 1))
		v |= ~(uint64_t) 0 << (8 * n);
	return v;
}

static bool convert_data(const npy_src *s, const npy_header *h,
	const unsigned char *p, io_array *a)
{
	for (int64_t i = 0; i < a->size; i++, p += h->itemsize) {
		uint64_t v = load_item(p, h);
		bool neg = h->kind == 'i' && (int64_t) v < 0;
		__int128 x = neg ? (__int128) (int64_t) v : (__int128) v;
		if (h->kind == 'b' && v > 1) {
			char idx[NPY_SHAPE_MAX];
			npy_error(s, "bool value %llu at index %s is not 0 or 1",
				(unsigned long long) v,
				index_str(i, a->n_dims, a->dims, idx));
			return false;
		}
		if (!ir_fits(a->type, x)) {
			char idx[NPY_SHAPE_MAX], ty[8];
			if (neg)
				npy_error(s, "value %lld at index %s does not fit %s",
					(long long) (int64_t) v,
					index_str(i, a->n_dims, a->dims, idx),
					ir_type_str(a->type, ty));
			else
				npy_error(s, "value %llu at index %s does not fit %s",
					(unsigned long long) v,
					index_str(i, a->n_dims, a->dims, idx),
					ir_type_str(a->type, ty));
			return false;
		}
		a->data[i] = ir_norm(a->type, v);
	}
	return true;
}

io_array *io_npy_read(sl_ctx *ctx, const char *path, sl_loc loc,
	ir_type want, int n_dims, const int64_t *dims)
{
	npy_src s = { ctx, path, loc };
	size_t len;
	char what[64], why[256];
	size_t max = io_file_cap(n_dims, dims, 8, IO_NPY_SLACK, what, sizeof what, "a .npy");
	unsigned char *buf = (unsigned char *) sl_read_file_max(path, max, what, &len, why,
		sizeof why);
	if (!buf) {
		npy_error(&s, "cannot read: %s", why);
		return NULL;
	}
	npy_header h;
	size_t off;
	io_array *a = NULL;
	if (read_header(&s, buf, len, &h, &off)
			&& check_shape(&s, &h, n_dims, dims)
			&& check_length(&s, &h, len - off)) {
		a = io_array_alloc(want, n_dims, dims);
		if (!convert_data(&s, &h, buf + off, a)) {
			io_array_free(a);
			a = NULL;
		}
	}
	free(buf);
	return a;
}

/* ----------------------------------------------------------------- write */

/* The smallest little-endian NumPy dtype that holds t. */
static int npy_itemsize(ir_type t)
{
	return t.bits <= 8 ? 1 : t.bits <= 16 ? 2 : t.bits <= 32 ? 4 : 8;
}

/* Preamble and header, padded with spaces to a multiple of 64 bytes and
 * ended by '\n', as NumPy writes it.  Returns the length written. */
static size_t build_header(const io_array *a, char *out, size_t cap)
{
	char shape[NPY_SHAPE_MAX];
	int size = npy_itemsize(a->type);
	char descr[8];
	snprintf(descr, sizeof(descr), "%c%c%d", size == 1 ? '|' : '<',
		a->type.is_signed ? 'i' : 'u', size);
	memcpy(out, npy_magic, sizeof(npy_magic));
	out[6] = 1;
	out[7] = 0;
	size_t n = 10 + (size_t) snprintf(out + 10, cap - 10,
		"{'descr': '%s', 'fortran_order': False, 'shape': %s, }",
		descr, shape_str(a->n_dims, a->dims, shape));
	while ((n + 1) % 64 != 0)
		out[n++] = ' ';
	out[n++] = '\n';
	out[8] = (char) ((n - 10) & 0xff);
	out[9] = (char) ((n - 10) >> 8);
	return n;
}

/* Can a packed array's bytes be written as they are (its container is
 * the dtype, and the host little-endian)? */
static bool packed_as_is(const io_array *a)
{
	return a->packed && host_order() == '<'
		&& io_packed_size(a->type) == npy_itemsize(a->type);
}

/* The values of "a" (either form) into out, "item" bytes each,
 * little-endian: the loops over held values specialised for the common
 * sizes. */
static void npy_put_values(const io_array *a, unsigned char *out, size_t item)
{
	int64_t n = a->size;
	const uint64_t *v = a->data;
	if (!v) {
		for (int64_t i = 0; i < n; i++) {
			uint64_t x = io_array_get(a, i);
			for (size_t b = 0; b < item; b++)
				*out++ = (unsigned char) (x >> (8 * b));
		}
	} else if (item == 1) {
		for (int64_t i = 0; i < n; i++)
			out[i] = (unsigned char) v[i];
	} else if (item == 2) {
		for (int64_t i = 0; i < n; i++) {
			out[2 * i] = (unsigned char) v[i];
			out[2 * i + 1] = (unsigned char) (v[i] >> 8);
		}
	} else {
		for (int64_t i = 0; i < n; i++)
			for (size_t b = 0; b < item; b++)
				*out++ = (unsigned char) (v[i] >> (8 * b));
	}
}

/* Write header "h" and the values of frames[0], frames[step], ...,
 * frames[(n - 1) * step] (each of h's type and size / n values) one after
 * the other: packed bytes as they are where they are the dtype's, the
 * rest converted. */
static int npy_write_body(sl_ctx *ctx, const char *path, const io_array *h,
	io_array *const *frames, int n, size_t step)
{
	char header[NPY_SHAPE_MAX + 128];
	size_t hlen = build_header(h, header, sizeof(header));
	size_t item = (size_t) npy_itemsize(h->type);
	size_t body = (size_t) frames[0]->size * item, conv = 0;
	const void **parts = sl_xcalloc((size_t) n + 1, sizeof(*parts));
	size_t *lens = sl_xcalloc((size_t) n + 1, sizeof(*lens));
	parts[0] = header;
	lens[0] = hlen;
	for (int f = 0; f < n; f++)
		conv += packed_as_is(frames[(size_t) f * step]) ? 0 : body;
	unsigned char *buf = conv ? sl_xmalloc(conv) : NULL, *p = buf;
	for (int f = 0; f < n; f++) {
		const io_array *a = frames[(size_t) f * step];
		lens[1 + f] = body;
		if (packed_as_is(a)) {
			parts[1 + f] = a->packed;
		} else {
			npy_put_values(a, p, item);
			parts[1 + f] = p;
			p += body;
		}
	}
	int rc = sl_write_file_atomic_parts(path, parts, lens, n + 1);
	if (rc != 0)
		sl_error_file(ctx, path, "cannot write: %s", strerror(errno));
	free(buf);
	free(parts);
	free(lens);
	return rc ? -1 : 0;
}

int io_npy_write(sl_ctx *ctx, const char *path, const io_array *a)
{
	io_array *const one[1] = { (io_array *) a };
	return npy_write_body(ctx, path, a, one, 1, 1);
}

int io_npy_write_frames(sl_ctx *ctx, const char *path, io_array *const *frames, int n,
	size_t step)
{
	const io_array *a = frames[0];
	if (a->n_dims >= 8) {
		sl_error_file(ctx, path, "cannot write %d frames of %d dimensions (at most 7)", n,
			a->n_dims);
		return -1;
	}
	io_array h = *a;
	h.n_dims = a->n_dims + 1;
	h.dims[0] = n;
	memcpy(h.dims + 1, a->dims, (size_t) a->n_dims * sizeof(*h.dims));
	h.size = a->size * n;
	return npy_write_body(ctx, path, &h, frames, n, step);
}
