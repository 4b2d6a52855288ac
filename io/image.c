/* io/image.c: images as arrays: PNG (libpng) and PGM/PPM.
 * Stage: data I/O of the command line, beside the CPU reference.  An image
 * is a 2-D array [H][W] (gray) or a 3-D array [3][H][W] (RGB, channel
 * outermost).  Files are read whole into memory and every length in them
 * is checked, so any byte sequence gives an array or an error naming the
 * file; everything written goes through sl_write_file_atomic().  Owns no
 * state between calls.
 *
 * Sample values are kept exact both ways:
 *  - PNG is 8-bit for u1..u8 and 16-bit for u9..u16.  A type narrower
 *    than its PNG depth is stored shifted left to the top bits with an
 *    sBIT chunk giving its width (so viewers see the full range), and a
 *    reader undoes that shift: sBIT means "this many significant bits".
 *    Palette PNGs are converted to 8-bit RGB (unless they carry
 *    transparency); gray at 1, 2 or 4 bits gives values 0..2^d-1.  Any
 *    alpha channel (gray+alpha, RGBA, palette with tRNS) is an error; a
 *    tRNS colour key on a gray or RGB image is ignored.
 *  - PGM/PPM store the value itself with maxval 2^N-1.
 * An image read fits a type when its whole range fits: 0..2^depth-1 for
 * PNG (depth from sBIT when present), 0..maxval for PGM/PPM.  So a 16-bit
 * image into u8 is an error, an 8-bit one into u16 is fine. */
#include <errno.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "io/io_private.h"

/* ----------------------------------------------------------------- shared */

/* How an image file lays out: channels 1 (gray) or 3, depth in bits of
 * its samples as stored, maxval the largest value after undoing sBIT. */
typedef struct img_info {
	int channels;
	int64_t height, width;
	uint32_t maxval;
} img_info;

static const char *img_kind(int channels)
{
	return channels == 1 ? "gray" : "RGB";
}

static void img_shape(const img_info *im, int *n, int64_t dims[3])
{
	*n = 0;
	if (im->channels == 3)
		dims[(*n)++] = 3;
	dims[(*n)++] = im->height;
	dims[(*n)++] = im->width;
}

static void shape_text(int n, const int64_t *dims, char *buf, size_t cap)
{
	size_t k = (size_t) snprintf(buf, cap, "(");
	for (int d = 0; d < n && k < cap; d++)
		k += (size_t) snprintf(buf + k, cap - k, "%s%lld", d ? ", " : "",
			(long long) dims[d]);
	if (k < cap)
		snprintf(buf + k, cap - k, "%s)", n == 1 ? "," : "");
}

/* The image's shape must equal the declared one and its range must fit
 * the wanted type; "what" names the range ("16-bit PNG", "maxval 300"). */
static bool img_check(sl_ctx *ctx, const char *path, const img_info *im,
	const char *what, ir_type want, int n_dims, const int64_t *dims)
{
	int n;
	int64_t got[3];
	img_shape(im, &n, got);
	bool same = n == n_dims;
	for (int d = 0; same && d < n; d++)
		same = got[d] == dims[d];
	if (!same) {
		char a[128], b[256];
		shape_text(n, got, a, sizeof(a));
		shape_text(n_dims < 0 ? 0 : n_dims > 8 ? 8 : n_dims, dims, b,
			sizeof(b));
		sl_error_file(ctx, path, "%s image %lldx%lld has shape %s, "
			"expected %s", img_kind(im->channels),
			(long long) im->width, (long long) im->height, a, b);
		return false;
	}
	if (!ir_fits(want, (__int128) im->maxval)) {
		char ty[8];
		sl_error_file(ctx, path, "%s does not fit %s", what,
			ir_type_str(want, ty));
		return false;
	}
	return true;
}

/* Sample (c, y, x) of the image goes to a[c][y][x] or a[y][x]. */
static void img_store(io_array *a, const img_info *im, int c, int64_t y,
	int64_t x, uint64_t v)
{
	a->data[((int64_t) c * im->height + y) * im->width + x] = v;
}

static uint64_t img_load(const io_array *a, int c, int64_t y, int64_t x)
{
	int64_t h = a->dims[a->n_dims - 2], w = a->dims[a->n_dims - 1];
	return io_array_get(a, ((int64_t) c * h + y) * w + x);
}

bool io_is_image(const io_array *a)
{
	if (a->type.is_signed || a->type.bits < 1 || a->type.bits > 16)
		return false;
	if (a->n_dims == 3 && a->dims[0] != 3)
		return false;
	if (a->n_dims != 2 && a->n_dims != 3)
		return false;
	return a->dims[a->n_dims - 1] > 0 && a->dims[a->n_dims - 2] > 0
		&& a->dims[a->n_dims - 1] <= INT32_MAX
		&& a->dims[a->n_dims - 2] <= INT32_MAX;
}

static bool img_writable(sl_ctx *ctx, const char *path, const io_array *a)
{
	if (io_is_image(a))
		return true;
	char ty[8], shape[256];
	shape_text(a->n_dims, a->dims, shape, sizeof(shape));
	sl_error_file(ctx, path, "cannot write a %s array of shape %s as an "
		"image (needs u1..u16 and shape (H, W) or (3, H, W))",
		ir_type_str(a->type, ty), shape);
	return false;
}

static int img_commit(sl_ctx *ctx, const char *path, const void *buf,
	size_t len)
{
	if (sl_write_file_atomic(path, buf, len) == 0)
		return 0;
	sl_error_file(ctx, path, "cannot write: %s", strerror(errno));
	return -1;
}

/* ------------------------------------------------------------- PNG: read */

/* What a libpng run works on; lives outside the setjmp frame. */
typedef struct png_job {
	png_structp png;
	png_infop info;
	const unsigned char *in;	/* reading: the file */
	size_t in_len, in_pos;
	unsigned char *out;		/* writing: the growing file */
	size_t out_len, out_cap;
	unsigned char *pixels;		/* decoded rows */
	png_bytep *rows;
	char err[256];
} png_job;

static void png_on_error(png_structp png, png_const_charp msg)
{
	png_job *job = png_get_error_ptr(png);
	snprintf(job->err, sizeof(job->err), "%s", msg);
	png_longjmp(png, 1);
}

static void png_on_warning(png_structp png, png_const_charp msg)
{
}

static void png_mem_read(png_structp png, png_bytep out, size_t n)
{
	png_job *job = png_get_io_ptr(png);
	if (n > job->in_len - job->in_pos)
		png_error(png, "file is truncated");
	memcpy(out, job->in + job->in_pos, n);
	job->in_pos += n;
}

/* Run body(job, arg) under libpng's error handling: 0, or -1 with
 * job->err set. */
static int png_guarded(png_job *job, void (*body)(png_job *, void *),
	void *arg)
{
	if (setjmp(png_jmpbuf(job->png)))
		return -1;
	body(job, arg);
	return 0;
}

/* The request of a read and what the header says. */
typedef struct png_read_req {
	const io_image_req *q;
	img_info im;
	int depth;		/* 8 or 16 after the transforms */
	int shift;		/* sBIT: right shift of every sample */
	bool refused;		/* an error was reported: stop */
	io_array *a;
} png_read_req;

/* Reject alpha; expand palette and packed gray; find the sBIT shift. */
static bool png_setup(png_job *job, png_read_req *r, char *what, size_t cap)
{
	int type = png_get_color_type(job->png, job->info);
	int depth = png_get_bit_depth(job->png, job->info);
	if (type & PNG_COLOR_MASK_ALPHA) {
		sl_error_file(r->q->ctx, r->q->path, "PNG has an alpha channel (%s); "
			"only gray and RGB images are supported",
			type == PNG_COLOR_TYPE_GRAY_ALPHA ? "gray+alpha" : "RGBA");
		return false;
	}
	r->im.channels = type & PNG_COLOR_MASK_COLOR ? 3 : 1;
	r->depth = depth < 8 ? 8 : depth;
	r->im.maxval = (uint32_t) ((1u << depth) - 1);
	if (type == PNG_COLOR_TYPE_PALETTE) {
		if (png_get_valid(job->png, job->info, PNG_INFO_tRNS)) {
			sl_error_file(r->q->ctx, r->q->path, "palette PNG with "
				"transparency (tRNS) is not supported");
			return false;
		}
		png_set_palette_to_rgb(job->png);
		r->im.maxval = 255;
		snprintf(what, cap, "palette PNG (values up to 255)");
		return true;
	}
	if (depth < 8)
		png_set_packing(job->png);
	png_color_8p sig;
	int bits = depth;
	if (png_get_sBIT(job->png, job->info, &sig)) {
		int s = r->im.channels == 1 ? sig->gray : sig->red;
		if (r->im.channels == 3 && (sig->green != s || sig->blue != s))
			s = depth;
		if (s >= 1 && s < depth && depth >= 8) {
			r->shift = depth - s;
			bits = s;
			r->im.maxval = (uint32_t) ((1u << s) - 1);
		}
	}
	snprintf(what, cap, "%d-bit PNG (values up to %u)", bits,
		r->im.maxval);
	return true;
}

static void png_read_body(png_job *job, void *arg)
{
	png_read_req *r = arg;
	png_set_read_fn(job->png, job, png_mem_read);
	png_read_info(job->png, job->info);
	r->im.width = png_get_image_width(job->png, job->info);
	r->im.height = png_get_image_height(job->png, job->info);
	char what[64];
	if (!png_setup(job, r, what, sizeof(what))
			|| !img_check(r->q->ctx, r->q->path, &r->im, what, r->q->want,
				r->q->n_dims, r->q->dims)) {
		r->refused = true;
		return;
	}
	png_set_interlace_handling(job->png);
	png_read_update_info(job->png, job->info);
	size_t rowbytes = png_get_rowbytes(job->png, job->info);
	size_t need = (size_t) r->im.width * r->im.channels * (r->depth / 8);
	if (rowbytes != need)
		png_error(job->png, "unexpected row size");
	job->pixels = sl_xmalloc(rowbytes * (size_t) r->im.height);
	job->rows = sl_xmalloc(sizeof(png_bytep) * (size_t) r->im.height);
	for (int64_t y = 0; y < r->im.height; y++)
		job->rows[y] = job->pixels + (size_t) y * rowbytes;
	png_read_image(job->png, job->rows);
	png_read_end(job->png, NULL);
}

/* Decoded rows (interleaved samples) into the channel-outermost array. */
static io_array *png_unpack(png_job *job, png_read_req *r)
{
	io_array *a = io_array_alloc(r->q->want, r->q->n_dims, r->q->dims);
	int ch = r->im.channels;
	for (int64_t y = 0; y < r->im.height; y++) {
		const unsigned char *p = job->rows[y];
		for (int64_t x = 0; x < r->im.width; x++)
			for (int c = 0; c < ch; c++) {
				uint64_t v = r->depth == 16 ? (uint64_t) p[0] << 8 | p[1]
					: p[0];
				p += r->depth / 8;
				img_store(a, &r->im, c, y, x, v >> r->shift);
			}
	}
	return a;
}

io_array *io_read_png(const io_image_req *q)
{
	sl_ctx *ctx = q->ctx;
	const char *path = q->path;
	if (q->len < 8 || png_sig_cmp((png_const_bytep) q->buf, 0, 8) != 0) {
		sl_error_file(ctx, path, "not a PNG file (bad signature)");
		return NULL;
	}
	png_job job = { 0 };
	job.in = (const unsigned char *) q->buf;
	job.in_len = q->len;
	job.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &job,
		png_on_error, png_on_warning);
	if (!job.png || !(job.info = png_create_info_struct(job.png)))
		sl_unreachable();
	png_read_req r = { q, { 0 }, 0, 0, false, NULL };
	io_array *a = NULL;
	if (png_guarded(&job, png_read_body, &r) != 0)
		sl_error_file(ctx, path, "bad PNG: %s", job.err);
	else if (!r.refused)
		a = png_unpack(&job, &r);
	png_destroy_read_struct(&job.png, &job.info, NULL);
	free(job.rows);
	free(job.pixels);
	return a;
}

/* ------------------------------------------------------------ PNG: write */

static void png_mem_write(png_structp png, png_bytep data, size_t n)
{
	png_job *job = png_get_io_ptr(png);
	if (n > job->out_cap - job->out_len) {
		while (n > job->out_cap - job->out_len)
			job->out_cap = job->out_cap ? job->out_cap * 2 : 4096;
		job->out = sl_xrealloc(job->out, job->out_cap);
	}
	memcpy(job->out + job->out_len, data, n);
	job->out_len += n;
}

static void png_mem_flush(png_structp png)
{
}

/* One row of interleaved samples, shifted to the top of the depth. */
static void png_pack_row(const io_array *a, int64_t y, int depth,
	unsigned char *row)
{
	int ch = a->n_dims == 3 ? 3 : 1;
	int shift = depth - a->type.bits;
	int64_t w = a->dims[a->n_dims - 1];
	if (ch == 1 && shift == 0 && depth == 8 && a->packed) {
		memcpy(row, (const unsigned char *) a->packed + y * w, (size_t) w);
		return;
	}
	for (int64_t x = 0; x < w; x++)
		for (int c = 0; c < ch; c++) {
			uint64_t v = img_load(a, c, y, x) << shift;
			if (depth == 16)
				*row++ = (unsigned char) (v >> 8);
			*row++ = (unsigned char) v;
		}
}

static void png_write_body(png_job *job, void *arg)
{
	const io_array *a = arg;
	int rgb = a->n_dims == 3;
	int depth = a->type.bits <= 8 ? 8 : 16;
	png_uint_32 h = (png_uint_32) a->dims[a->n_dims - 2];
	png_uint_32 w = (png_uint_32) a->dims[a->n_dims - 1];
	png_set_write_fn(job->png, job, png_mem_write, png_mem_flush);
	png_set_IHDR(job->png, job->info, w, h, depth,
		rgb ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_GRAY,
		PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
		PNG_FILTER_TYPE_DEFAULT);
	/* A preview of the .npy written beside it, uncompressed (stored
	 * deflate blocks, no filter): zlib even at level 1 took longer than
	 * the rest of a 1080p run, and the .npy is as large. */
	png_set_filter(job->png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
	png_set_compression_level(job->png, 0);
	if (a->type.bits != depth) {
		png_color_8 sig = { 0 };
		sig.red = sig.green = sig.blue = sig.gray = a->type.bits;
		png_set_sBIT(job->png, job->info, &sig);
	}
	size_t rowbytes = (size_t) w * (rgb ? 3 : 1) * (depth / 8);
	/* the whole file: the rows with their filter bytes, 5 bytes per
	 * stored block of up to 64 KiB, the chunks' framing */
	size_t raw = (rowbytes + 1) * h;
	job->out_cap = raw + raw / 16384 + 4096;
	job->out = sl_xmalloc(job->out_cap);
	png_write_info(job->png, job->info);
	job->pixels = sl_xmalloc(rowbytes);
	for (png_uint_32 y = 0; y < h; y++) {
		png_pack_row(a, y, depth, job->pixels);
		png_write_row(job->png, job->pixels);
	}
	png_write_end(job->png, NULL);
}

int io_write_png(sl_ctx *ctx, const char *path, const io_array *a)
{
	if (!img_writable(ctx, path, a))
		return -1;
	png_job job = { 0 };
	job.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &job,
		png_on_error, png_on_warning);
	if (!job.png || !(job.info = png_create_info_struct(job.png)))
		sl_unreachable();
	int rc = png_guarded(&job, png_write_body, (void *) a);
	png_destroy_write_struct(&job.png, &job.info);
	if (rc != 0)
		sl_error_file(ctx, path, "cannot encode PNG: %s", job.err);
	else
		rc = img_commit(ctx, path, job.out, job.out_len);
	free(job.pixels);
	free(job.out);
	return rc;
}

/* ----------------------------------------------------------- PNM: read */

/* A cursor over a PGM/PPM file. */
typedef struct pnm_lex {
	const unsigned char *p, *end;
} pnm_lex;

/* Skip white space and '#' comments (to the end of the line). */
static void pnm_skip(pnm_lex *l)
{
	while (l->p < l->end) {
		if (*l->p == '#') {
			while (l->p < l->end && *l->p != '\n' && *l->p != '\r')
				l->p++;
		} else if (*l->p == ' ' || *l->p == '\t' || *l->p == '\n'
				|| *l->p == '\r' || *l->p == '\v' || *l->p == '\f') {
			l->p++;
		} else {
			break;
		}
	}
}

/* A decimal number up to "max"; false if absent or too large. */
static bool pnm_number(pnm_lex *l, uint32_t max, uint32_t *v)
{
	pnm_skip(l);
	if (l->p >= l->end || *l->p < '0' || *l->p > '9')
		return false;
	uint64_t x = 0;
	while (l->p < l->end && *l->p >= '0' && *l->p <= '9') {
		x = x * 10 + (uint64_t) (*l->p++ - '0');
		if (x > max)
			return false;
	}
	*v = (uint32_t) x;
	return true;
}

/* "P5 W H MAXVAL" and the one white space after it; *ascii for P2/P3. */
static bool pnm_header(sl_ctx *ctx, const char *path, pnm_lex *l,
	img_info *im, bool *ascii)
{
	if (l->end - l->p < 2 || l->p[0] != 'P' || !strchr("2356", l->p[1])
			|| l->p[1] == '\0') {
		sl_error_file(ctx, path, "not a binary or ASCII PGM/PPM file "
			"(expected P2, P3, P5 or P6)");
		return false;
	}
	*ascii = l->p[1] == '2' || l->p[1] == '3';
	im->channels = l->p[1] == '3' || l->p[1] == '6' ? 3 : 1;
	l->p += 2;
	uint32_t w, h, maxval;
	if (!pnm_number(l, INT32_MAX, &w) || !pnm_number(l, INT32_MAX, &h)
			|| w == 0 || h == 0) {
		sl_error_file(ctx, path, "bad PGM/PPM header: bad width or height");
		return false;
	}
	if (!pnm_number(l, 65535, &maxval) || maxval == 0) {
		sl_error_file(ctx, path, "bad PGM/PPM header: maxval must be "
			"1..65535");
		return false;
	}
	if (l->p >= l->end || !strchr(" \t\n\r\v\f", *l->p) || *l->p == '\0') {
		sl_error_file(ctx, path, "bad PGM/PPM header: no white space "
			"after maxval");
		return false;
	}
	l->p++;
	im->width = w;
	im->height = h;
	im->maxval = maxval;
	return true;
}

static bool pnm_check_sample(sl_ctx *ctx, const char *path,
	const img_info *im, uint32_t v, int64_t i)
{
	if (v <= im->maxval)
		return true;
	int64_t px = i / im->channels;
	sl_error_file(ctx, path, "sample %u at row %lld, column %lld exceeds "
		"maxval %u", v, (long long) (px / im->width),
		(long long) (px % im->width), im->maxval);
	return false;
}

/* The raster: im->channels interleaved samples per pixel, row-major. */
static bool pnm_raster(sl_ctx *ctx, const char *path, pnm_lex *l,
	const img_info *im, bool ascii, io_array *a)
{
	int64_t n = im->height * im->width * im->channels;
	int bps = im->maxval > 255 ? 2 : 1;
	if (!ascii && (uint64_t) (l->end - l->p) != (uint64_t) n * bps) {
		sl_error_file(ctx, path, "raster is %llu bytes, expected %llu",
			(unsigned long long) (l->end - l->p),
			(unsigned long long) n * bps);
		return false;
	}
	for (int64_t i = 0; i < n; i++) {
		uint32_t v;
		if (!ascii) {
			v = bps == 2 ? (uint32_t) l->p[0] << 8 | l->p[1] : l->p[0];
			l->p += bps;
		} else if (!pnm_number(l, UINT32_MAX / 16, &v)) {
			sl_error_file(ctx, path, "bad or missing sample %lld of "
				"%lld", (long long) i, (long long) n);
			return false;
		}
		if (!pnm_check_sample(ctx, path, im, v, i))
			return false;
		int64_t px = i / im->channels;
		img_store(a, im, (int) (i % im->channels), px / im->width,
			px % im->width, v);
	}
	pnm_skip(l);
	if (ascii && l->p != l->end) {
		sl_error_file(ctx, path, "unexpected text after the last sample");
		return false;
	}
	return true;
}

io_array *io_read_pnm(const io_image_req *q)
{
	sl_ctx *ctx = q->ctx;
	const char *path = q->path;
	pnm_lex l = { (const unsigned char *) q->buf,
		(const unsigned char *) q->buf + q->len };
	img_info im;
	bool ascii;
	char what[32];
	io_array *a = NULL;
	if (pnm_header(ctx, path, &l, &im, &ascii)) {
		snprintf(what, sizeof(what), "%s with maxval %u",
			im.channels == 1 ? "PGM" : "PPM", im.maxval);
		if (img_check(ctx, path, &im, what, q->want, q->n_dims, q->dims)) {
			a = io_array_alloc(q->want, q->n_dims, q->dims);
			if (!pnm_raster(ctx, path, &l, &im, ascii, a)) {
				io_array_free(a);
				a = NULL;
			}
		}
	}
	return a;
}

/* ----------------------------------------------------------- PNM: write */

int io_write_pnm(sl_ctx *ctx, const char *path, const io_array *a)
{
	if (!img_writable(ctx, path, a))
		return -1;
	int ch = a->n_dims == 3 ? 3 : 1;
	int64_t h = a->dims[a->n_dims - 2], w = a->dims[a->n_dims - 1];
	unsigned maxval = (1u << a->type.bits) - 1;
	int bps = maxval > 255 ? 2 : 1;
	char header[64];
	int hlen = snprintf(header, sizeof(header), "P%c\n%lld %lld\n%u\n",
		ch == 3 ? '6' : '5', (long long) w, (long long) h, maxval);
	size_t len = (size_t) hlen + (size_t) (h * w * ch * bps);
	unsigned char *buf = sl_xmalloc(len), *p = buf + hlen;
	memcpy(buf, header, (size_t) hlen);
	for (int64_t y = 0; y < h; y++)
		for (int64_t x = 0; x < w; x++)
			for (int c = 0; c < ch; c++) {
				uint64_t v = img_load(a, c, y, x);
				if (bps == 2)
					*p++ = (unsigned char) (v >> 8);
				*p++ = (unsigned char) v;
			}
	int rc = img_commit(ctx, path, buf, len);
	free(buf);
	return rc;
}
