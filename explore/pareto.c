/* explore/pareto.c: the numbers of an exploration.
 * Stage: explore (rank 12).  Pareto fronts of two minimized objectives,
 * ADRS (average distance from reference set), the hypervolume, Kendall's
 * tau-b, MAPE, the log-ratio correction of an estimate and the key hash.
 * Pure functions of their arguments (tests/unit/t_explore.cpp checks
 * them on hand-computed cases). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "explore/explore.h"

bool ex_dominates(const ex_obj *a, const ex_obj *b)
{
	return a->f[0] <= b->f[0] && a->f[1] <= b->f[1] &&
		(a->f[0] < b->f[0] || a->f[1] < b->f[1]);
}

int ex_pareto(const ex_obj *p, int n, bool *front)
{
	int count = 0;
	for (int i = 0; i < n; i++) {
		front[i] = true;
		for (int j = 0; j < n && front[i]; j++)
			if (j != i && ex_dominates(&p[j], &p[i]))
				front[i] = false;
		count += front[i];
	}
	return count;
}

/* How much worse w is than g in its worst objective, relatively. */
static double ex_delta(const ex_obj *g, const ex_obj *w)
{
	double d = 0;
	for (int j = 0; j < 2; j++) {
		double e = g->f[j] > 0 ? (w->f[j] - g->f[j]) / g->f[j] : (w->f[j] > g->f[j] ? 1e9 : 0);
		if (e > d)
			d = e;
	}
	return d;
}

double ex_adrs(const ex_obj *ref, int n_ref, const ex_obj *approx, int n_approx)
{
	if (n_ref == 0)
		return 0;
	if (n_approx == 0)
		return 1e9;
	double sum = 0;
	for (int i = 0; i < n_ref; i++) {
		double best = 1e18;
		for (int j = 0; j < n_approx; j++) {
			double d = ex_delta(&ref[i], &approx[j]);
			if (d < best)
				best = d;
		}
		sum += best;
	}
	return sum / n_ref;
}

static int ex_obj_cmp(const void *a, const void *b)
{
	const ex_obj *x = a, *y = b;
	for (int j = 0; j < 2; j++)
		if (x->f[j] != y->f[j])
			return x->f[j] < y->f[j] ? -1 : 1;
	return 0;
}

double ex_hypervolume(const ex_obj *p, int n, const ex_obj *r)
{
	ex_obj *s = sl_xcalloc((size_t) n + 1, sizeof *s);
	int m = 0;
	for (int i = 0; i < n; i++)
		if (p[i].f[0] < r->f[0] && p[i].f[1] < r->f[1])
			s[m++] = p[i];
	qsort(s, (size_t) m, sizeof *s, ex_obj_cmp);
	double hv = 0, best = r->f[1];
	for (int i = 0; i < m; i++)
		if (s[i].f[1] < best) {
			hv += (r->f[0] - s[i].f[0]) * (best - s[i].f[1]);
			best = s[i].f[1];
		}
	free(s);
	return hv;
}

static int ex_sign(double v)
{
	return (v > 0) - (v < 0);
}

double ex_kendall_tau(const double *x, const double *y, int n)
{
	int64_t nc = 0, nd = 0, tx = 0, ty = 0, n0 = (int64_t) n * (n - 1) / 2;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			int dx = ex_sign(x[i] - x[j]), dy = ex_sign(y[i] - y[j]);
			tx += dx == 0;
			ty += dy == 0;
			if (dx && dy)
				*(dx == dy ? &nc : &nd) += 1;
		}
	if (n0 == tx || n0 == ty)
		return 0;
	return (double) (nc - nd) / sqrt((double) (n0 - tx) * (double) (n0 - ty));
}

double ex_mape(const double *est, const double *meas, int n)
{
	double sum = 0;
	int m = 0;
	for (int i = 0; i < n; i++)
		if (meas[i] > 0) {
			sum += fabs(est[i] - meas[i]) / meas[i];
			m++;
		}
	return m ? 100.0 * sum / m : -1;
}

void ex_fit_log_ratio(const double *est, const double *meas, int n, ex_fit *fit)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0;
	int m = 0;
	for (int i = 0; i < n; i++) {
		if (est[i] <= 0 || meas[i] <= 0)
			continue;
		double x = log(est[i]), y = log(meas[i] / est[i]);
		sx += x;
		sy += y;
		sxx += x * x;
		sxy += x * y;
		m++;
	}
	fit->n = m;
	fit->a = m ? sy / m : 0;
	fit->b = 0;
	double var = m ? sxx - sx * sx / m : 0;
	if (m < 3 || var < 1e-9)
		return;
	/* a slope kept within [-1, 1]: a few points must not extrapolate wildly */
	double b = (sxy - sx * sy / m) / var;
	fit->b = b > 1 ? 1 : b < -1 ? -1 : b;
	fit->a = (sy - fit->b * sx) / m;
}

double ex_fit_apply(const ex_fit *fit, double est)
{
	if (est <= 0)
		return est;
	return est * exp(fit->a + fit->b * log(est));
}

void ex_fit_split(const double *logic, const double *storage, const double *meas, int n,
	ex_fit2 *fit)
{
	double s00 = 0, s01 = 0, s11 = 0, y0 = 0, y1 = 0, sum_x = 0, sum_y = 0;
	for (int i = 0; i < n; i++) {
		s00 += logic[i] * logic[i];
		s01 += logic[i] * storage[i];
		s11 += storage[i] * storage[i];
		y0 += logic[i] * meas[i];
		y1 += storage[i] * meas[i];
		sum_x += logic[i] + storage[i];
		sum_y += meas[i];
	}
	fit->n = n;
	double ratio = n && sum_x > 0 ? sum_y / sum_x : 1;
	fit->s[0] = fit->s[1] = ratio;
	double det = s00 * s11 - s01 * s01;
	if (n < 2 || det <= 1e-9 * (s00 * s11 > 0 ? s00 * s11 : 1))
		return;
	fit->s[0] = (y0 * s11 - y1 * s01) / det;
	fit->s[1] = (y1 * s00 - y0 * s01) / det;
	if (fit->s[0] < 0) {
		fit->s[0] = 0;
		fit->s[1] = y1 / s11;
	} else if (fit->s[1] < 0) {
		fit->s[1] = 0;
		fit->s[0] = y0 / s00;
	}
}

double ex_fit_split_apply(const ex_fit2 *fit, double logic, double storage)
{
	return fit->s[0] * logic + fit->s[1] * storage;
}

uint64_t ex_hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (; *s; s++) {
		h ^= (unsigned char) *s;
		h *= 0x100000001b3ull;
	}
	return h;
}

/* The weights of "w" over their sum into "out" (n of them); false when
 * the sum is not positive. */
static bool ex_normalize(const double *w, int n, double *out)
{
	double sum = 0;
	for (int i = 0; i < n; i++)
		sum += w[i];
	if (!(sum > 0))
		return false;
	for (int i = 0; i < n; i++)
		out[i] = w[i] / sum;
	return true;
}

double ex_cvar(const double *x, const double *w, int n, double alpha)
{
	double *p = sl_xcalloc((size_t) n + 1, sizeof *p);
	bool *used = sl_xcalloc((size_t) n + 1, sizeof *used);
	double mass = 1 - alpha, left = mass, sum = 0;
	if (!ex_normalize(w, n, p) || !(mass > 0))
		left = 0;
	while (left > 1e-15) {
		int top = -1;	/* the largest value not taken yet, the first among equals */
		for (int i = 0; i < n; i++)
			if (!used[i] && p[i] > 0 && (top < 0 || x[i] > x[top]))
				top = i;
		if (top < 0)
			break;
		used[top] = true;
		double take = p[top] < left ? p[top] : left;
		sum += take * x[top];
		left -= take;
	}
	free(p);
	free(used);
	return mass > 0 && left < mass ? sum / (mass - left) : 0;
}

void ex_robust_stats(const double *x, const double *w, int n, double k, double alpha,
	ex_robust *out)
{
	double *p = sl_xcalloc((size_t) n + 1, sizeof *p);
	memset(out, 0, sizeof *out);
	if (n > 0 && ex_normalize(w, n, p)) {
		double var = 0;
		out->worst_regret = x[0] - 1;
		for (int i = 0; i < n; i++) {
			out->mean += p[i] * x[i];
			if (x[i] - 1 > out->worst_regret)
				out->worst_regret = x[i] - 1;
		}
		for (int i = 0; i < n; i++)
			var += p[i] * (x[i] - out->mean) * (x[i] - out->mean);
		out->stddev = sqrt(var);
		out->mean_k_std = out->mean + k * out->stddev;
		out->cvar = ex_cvar(x, w, n, alpha);
	}
	free(p);
}

void ex_knob_fit(const ex_coord *v, const double *e, int n, const bool *used, double lambda,
	ex_knobfit *kf)
{
	memset(kf, 0, sizeof *kf);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < EX_N_KNOBS; k++)
			if (used[k])
				kf->n[k][v[i].v[k]]++;
	for (int sweep = 0; sweep < 100; sweep++)
		for (int k = 0; k < EX_N_KNOBS; k++) {
			if (!used[k])
				continue;
			double sum[EX_MAX_VALUES] = { 0 };
			for (int i = 0; i < n; i++) {
				double rest = e[i];
				for (int j = 0; j < EX_N_KNOBS; j++)
					if (used[j] && j != k)
						rest -= kf->d[j][v[i].v[j]];
				sum[v[i].v[k]] += rest;
			}
			for (int x = 0; x < EX_MAX_VALUES; x++)
				kf->d[k][x] = kf->n[k][x] ? sum[x] / (kf->n[k][x] + lambda) : 0;
		}
}

double ex_knob_shift(const ex_knobfit *kf, const ex_coord *c, const bool *used)
{
	double s = 0;
	for (int k = 0; k < EX_N_KNOBS; k++)
		if (used[k])
			s += kf->d[k][c->v[k]];
	return s;
}
