/* tile/params.c: the push-memory tile's parameters: their defaults and
 * the one home of their rules (docs/pub.md "Parameters").
 * Stage: tile, read by the driver's options (flow/options.c) and the
 * tile stage (pub/map.c) before any mapping.  Owns no memory. */
#include <stdio.h>

#include "tile/tile.h"

bool pub_params_static(const pub_params *p)
{
	return p->fixed_cfg && !p->runtime;
}

void pub_params_default(pub_params *p)
{
	p->fw = 4;
	p->depth = 512;
	p->n_in = 2;
	p->n_out = 2;
	p->levels = 6;
	p->cw = 16;
	p->ew = 16;
	p->only = NULL;
	p->frames = 1;
	p->strict = false;
	p->fixed_cfg = false;
	p->runtime = false;
}

const char *pub_params_problem(const pub_params *p, char *buf, size_t n)
{
	int aw = sl_addr_bits(p->depth);
	if (p->cw && p->cw < aw)
		snprintf(buf, n, "the push-memory tile's configuration width CW %d "
			"(--pub-width) is narrower than its SRAM address (%d bits for DEPTH %lld, "
			"--depth): cfg_data could not carry an address (docs/pub.md, Parameters)",
			p->cw, aw, (long long) p->depth);
	else if (p->cw && p->ew > p->cw)
		snprintf(buf, n, "the push-memory tile's extent width EW %d (--pub-ext-width) "
			"is wider than its configuration width CW %d (--pub-width): cfg_data could "
			"not carry an extent (docs/pub.md, Parameters)", p->ew, p->cw);
	else
		return NULL;
	return buf;
}
