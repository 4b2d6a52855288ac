/* tests/bench/cref_hand.c: the hand-written baseline of tests/bench/
 * cref_bench.py, compiled by it with `cc -O3` (not part of the build).
 *   cref_hand W H OUT.npy [REPS]
 * Generates the input of `sluice run examples/gaussian.sl --seed 1`
 * (splitmix64 from 1 xor FNV-1a("in"), the low 8 bits, as io/data.c),
 * computes the 3x3 Gaussian of examples/gaussian.sl on u8 arrays with a
 * plain C loop, REPS times (default 1), and writes the last result as
 * OUT.npy (|u1, C order), byte for byte what sluice writes.  Prints
 * "hand_compute_s S", the least CPU time of one blur. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

static void blur(const unsigned char *in, int h, int w, unsigned char *out)
{
	static const unsigned k[3][3] = { { 1, 2, 1 }, { 2, 4, 2 }, { 1, 2, 1 } };
	for (int y = 0; y < h - 2; y++)
		for (int x = 0; x < w - 2; x++) {
			unsigned s = 0;
			for (int r = 0; r < 3; r++)
				for (int c = 0; c < 3; c++)
					s += in[(y + r) * w + x + c] * k[r][c];
			out[y * (w - 2) + x] = (unsigned char) (s / 16);
		}
}

int main(int argc, char **argv)
{
	if (argc < 4)
		return 2;
	int w = atoi(argv[1]), h = atoi(argv[2]), reps = argc > 4 ? atoi(argv[4]) : 1;
	size_t n = (size_t) w * h, m = (size_t) (w - 2) * (h - 2);
	unsigned char *in = malloc(n), *out = malloc(m);
	uint64_t st = 0xcbf29ce484222325ull;
	st = ((st ^ 'i') * 0x100000001b3ull ^ 'n') * 0x100000001b3ull;
	st ^= 1;
	for (size_t i = 0; i < n; i++) {
		uint64_t z = (st += 0x9e3779b97f4a7c15ull);
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		in[i] = (unsigned char) (z ^ (z >> 31));
	}
	double best = 1e9;
	for (int k = 0; k < reps; k++) {
		double t0 = now();
		blur(in, h, w, out);
		double t = now() - t0;
		best = t < best ? t : best;
	}
	char head[128];
	int hl = snprintf(head, sizeof head, "{'descr': '|u1', 'fortran_order': False, "
		"'shape': (%d, %d), }", h - 2, w - 2);
	int total = 10 + hl + 1, pad = (64 - total % 64) % 64;
	FILE *f = fopen(argv[3], "wb");
	if (!f)
		return 1;
	unsigned short hlen = (unsigned short) (hl + pad + 1);
	fwrite("\x93NUMPY\x01\x00", 1, 8, f);
	fputc(hlen & 0xff, f);
	fputc(hlen >> 8, f);
	fwrite(head, 1, (size_t) hl, f);
	for (int i = 0; i < pad; i++)
		fputc(' ', f);
	fputc('\n', f);
	fwrite(out, 1, m, f);
	if (fclose(f))
		return 1;
	printf("hand_compute_s %.6f\n", best);
	return 0;
}
