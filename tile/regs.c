/* tile/regs.c: the push-memory tile's register map (docs/pub.md
 * "Register map"): register address and configuration bits, the
 * register values of a controller (the delta form), and the shared
 * controllers a constant-configuration tile keeps.
 * Stage: tile, read by the tile model and dumps (pub/), rtlgen and the
 * storage count.  Owns no memory. */
#include <string.h>

#include "tile/tile.h"

int64_t pub_wrap(int64_t v, int bits)
{
	int64_t m = (int64_t) 1 << bits;
	return ((v % m) + m) % m;
}

/* RB: register-offset bits within a controller. */
static int reg_bits(const pub_params *p)
{
	return sl_clog2(3 * p->levels + 3);
}

int pub_reg_addr(const pub_params *p, int c, int r)
{
	return (c << reg_bits(p)) + r;
}

int pub_addr_bits(const pub_params *p)
{
	int nc = 2 * (p->n_in + p->n_out), cb = sl_addr_bits(nc);
	return cb + reg_bits(p);
}

int64_t pub_config_bits(const pub_params *p)
{
	int nc = 2 * (p->n_in + p->n_out);
	int aw = sl_addr_bits(p->depth), sw = sl_clog2(2 * p->fw);
	return (int64_t) nc * (1 + (int64_t) p->cw * (p->levels + 1) + (int64_t) p->ew * p->levels) +
		(int64_t) (p->n_in + p->n_out) * (p->levels + 1) * (sw + aw);
}

void pub_ctrl_regs(const pub_params *p, const pub_ctrl *c, int64_t *regs)
{
	int L = p->levels;
	memset(regs, 0, sizeof(int64_t) * (size_t) (3 * L + 3));
	regs[0] = c->enable;
	regs[1] = pub_wrap(c->sg_start, p->cw);
	regs[2] = pub_wrap(c->ag_start, c->agw);
	for (int l = 0; l < c->n_levels && l < L; l++) {
		int64_t sd = c->sg[l], ad = c->ag[l];
		for (int k = 0; k < l; k++) {
			sd -= c->sg[k] * (c->ext[k] - 1);
			ad -= c->ag[k] * (c->ext[k] - 1);
		}
		regs[3 + l] = c->ext[l] - 1;
		regs[3 + L + l] = pub_wrap(sd, p->cw);
		regs[3 + 2 * L + l] = pub_wrap(ad, c->agw);
	}
}

void pub_tile_shares(const pub_params *p, const pub_tile *t, int *src, int *dly)
{
	(void) p;
	for (int c = 0; c < t->n_ctrl; c++) {
		bool sh = t->fixed_cfg && t->ctrl[c].shared;
		src[c] = sh ? t->ctrl[c].src : -1;
		dly[c] = sh ? t->ctrl[c].delay : 0;
	}
}
