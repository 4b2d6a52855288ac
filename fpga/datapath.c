/* fpga/datapath.c: the values of a statement's expressions for the
 * logic estimate (fpga/logic.c): what is known of each value (its
 * significant bits, known low bits), the keys that merge equal
 * subexpressions (opt_merge), and each operator's LUTs and multipliers.
 * Stage: fpga, called by fpga/logic.c (statements, the DSP decision) and
 * fpga/ports.c (buffer addresses).  Rules (primitives: fpga/logic.c):
 *   loop variable   32 bits of sl_sched's idx; where the flow flattens,
 *       its counter's bits (the bits above are constants)
 *   min(x, c), max(x, c)   the compare and an n-bit select, but registered
 *       at once the select is the flip-flops' synchronous set/reset (no
 *       LUTs); min(x, c >= 0) of a non-negative x has c's bits
 *   w x w multiplier   DSPs where the board has `dsp_mul` (fpga/dsp.c's
 *       model of mul2dsp: 16x16 iCE40, 18x18 ECP5, 25x18 xc7, 27x18
 *       xcup, signed only on Xilinx), within the board's DSP count: the
 *       widest multipliers first, the rest (and those mul2dsp leaves
 *       alone) two LUTs per partial-product bit kept in the result width
 *       (the AND, which the carry cell needs as a signal, and the sum).
 *       The lane program's multiplies are split once, before the
 *       schedule, by this walk over its funcs (tg_dsp_decide, recorded
 *       in ir_expr.dsps, which the count here reads); the address
 *       arithmetic's take the DSPs left.  An add of two variables feeding
 *       a multiplier is the DSP's pre-adder (`preadd`); an add of a
 *       product on one DSP that is its only user, at once or one register
 *       (MREG) later, its post-adder (`postadd`: xilinx_dsp's Z + M; two
 *       registers later PREG holds it, and no adder follows PREG)
 *   x * c   (popcount(c) - 1) adders (shift-and-add; powers of two free),
 *       or a DSP on DSP families (mul2dsp takes constant operands too);
 *       with `rom_late` (Xilinx) a constant read from a ROM at a constant
 *       address is folded only after map_dsp: a DSP at the ROM's width (measured:
 *       gaussian's 9 kernel products are 9 DSP48s on xc7 and xcup, none
 *       on ECP5)
 *   x / c, x % c   the plan of values/divconst.c as rtlgen/divconst.c emits
 *       it: unsigned by 2^k free (wires); signed by 2^k one n-bit add (the
 *       rounding; measured: camera_pipeline's (y + 1) % 2 on i32 is not a
 *       divider in Yosys), the remainder an OR of k bits; a compare (2c >
 *       max x) and an add; else the multiply-high, x (less the plan's
 *       pre-shift) times M of the plan's width, costed as x * c above
 *       (a DSP where the board has them), one n-bit add when signed (the
 *       sign correction), and for x % c popcount(c) adds of the
 *       remainder's few low bits (x - q c).  Index floor division and
 *       circular-buffer addresses use the plan over their value range
 *       (the iteration box) plus an offset add
 *   D-entry ROM of W bits, variable address   a function of the address
 *       bits that vary (the varying indices' widths, at most the address:
 *       ABC maps the cone, constant address arithmetic folded, onto them)
 *       per distinct bit column that is not constant (equal columns, as
 *       the sign extension of small signed entries, are one LUT cone),
 *       or a column that changes t times along the address t threshold
 *       tests of ceil(n / k) LUTs where fewer (monotone tables);
 *       its value the extension of its low bits */

#include <stdlib.h>
#include <string.h>

#include "fpga/fpga_private.h"

/* ------------------------------------------------------------ the walk */

/* The low bits known of v (all of a constant's). */
static int est_kz(est_val v)
{
	return v.is_const ? 64 : v.kz;
}

static uint64_t est_kmask(int kz)
{
	return kz >= 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << kz) - 1;
}

/* v with the low bits of a + b (sub: a - b): as many as both know. */
static est_val est_known_sum(est_val v, est_val a, est_val b, bool sub)
{
	int kz = est_kz(a) < est_kz(b) ? est_kz(a) : est_kz(b);
	uint64_t av = a.is_const ? a.c : a.kv, bv = b.is_const ? b.c : b.kv;
	v.kz = kz;
	v.kv = (sub ? av - bv : av + bv) & est_kmask(kz);
	return v;
}

/* v with the low bits of a * c: a = kv + 2^kz r, so a c = kv c mod
 * 2^(kz + the zeros below c's lowest 1). */
static est_val est_known_mul(est_val v, est_val a, uint64_t c)
{
	int kz = est_kz(a) + (c ? __builtin_ctzll(c) : 64);
	v.kz = kz > 64 ? 64 : kz;
	v.kv = ((a.is_const ? a.c : a.kv) * c) & est_kmask(v.kz);
	return v;
}

bool tg_est_seen(est_walk *w, const char *key, const ir_expr *e)
{
	for (int i = 0; i < w->n_keys; i++)
		if (!strcmp(w->keys[i].key, key)) {
			if (w->dups) {
				w->dups = sl_xrealloc(w->dups, (size_t) (w->n_dups + 1) * sizeof(*w->dups));
				w->dups[w->n_dups].e = e;
				w->dups[w->n_dups++].first = w->keys[i].e;
			}
			return true;
		}
	w->keys = sl_xrealloc(w->keys, (size_t) (w->n_keys + 1) * sizeof(*w->keys));
	w->keys[w->n_keys].key = sl_xstrdup(key);
	w->keys[w->n_keys++].e = e;
	return false;
}

/* The chain tap a bypassed read e is (its read register is the tap's
 * next position, est_chain), or NULL. */
static const ub_port *est_tap_of(const ub_set *ubs, const ir_expr *e, const ub_buffer **bp)
{
	for (int i = 0; ubs && e->kind == IR_ACCESS && i < ubs->n_buffers; i++) {
		const ub_buffer *b = ubs->buffers[i];
		if (b->storage != UB_REGISTERS && b->storage != UB_DELAY_CHAIN)
			continue;
		for (int j = 1; j < b->n_ports; j++)
			if (b->ports[j].access && b->ports[j].access->expr == e) {
				*bp = b;
				return b->ports[j].n_edges == 0 && !b->ports[j].shifting
					? &b->ports[j] : NULL;
			}
	}
	return NULL;
}

/* A text key of a subtree, its variables those of "who" (the schedule
 * generator whose counters they are): equal keys are the same hardware.
 * A bypassed chain read is its tap, the same signal in every stage that
 * reads it.  A ROM read is an sl_rom instance of stage "inst": where the
 * flow keeps the library's modules (`flatten 0`) Yosys merges no logic
 * across two instances, so reads in different stages are different
 * hardware even at one address; flattened, equal tables on equal
 * addresses are equal logic (inst is who). */
void tg_est_key(const ub_set *ubs, const char *who, const char *inst, const ir_expr *e,
	FILE *o)
{
	const ub_buffer *b = NULL;
	const ub_port *tap = est_tap_of(ubs, e, &b);
	if (tap) {
		fprintf(o, "(tap %s %lld)", b->name, (long long) tap->dist);
		return;
	}
	fprintf(o, "(%d.%d.%d.%d", e->kind, e->op, e->type.bits, e->type.is_signed);
	if (e->kind == IR_CONST)
		fprintf(o, " c%llx", (unsigned long long) e->u.cval);
	else if (e->kind == IR_VAR)
		fprintf(o, " %s.v%d", who, e->u.var.slot);
	else if (e->kind == IR_ACCESS && e->u.access.decl->kind == IR_DECL_CONST)
		fprintf(o, " %s@%s", e->u.access.decl->name, inst);
	else if (e->kind == IR_ACCESS)
		fprintf(o, " %s", e->u.access.decl->name);
	for (int i = 0; i < e->n_args; i++)
		tg_est_key(ubs, who, inst, e->args[i], o);
	fputc(')', o);
}

char *tg_est_key_str(const est_walk *w, const sched_stmt *s, const ir_expr *e,
	const char *tag)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	fputs(tag, o);
	/* lanes that share an earlier lane's schedule generator read its
	 * counters (rtlgen: their idx is the controller's), so their
	 * variables are the controller's signals and equal index or value
	 * arithmetic over them is one circuit (opt_merge); the DSP
	 * decision's walk (no scheduled program) keys by statement */
	const char *who = w->sp ? sched_controller(w->sp, s)->name : s->name;
	tg_est_key(w->ubs, who, w->f && !w->f->bd->logic.flatten ? s->name : who, e, o);
	fclose(o);
	return buf;
}

est_val tg_est_make(int w, int ew, bool sx)
{
	est_val v = { false, 0, w, ew < w ? ew : w, sx, false, 0, 0 };
	if (v.ew < 1)
		v.ew = 1;
	return v;
}

static est_val est_const(ir_type t, uint64_t c)
{
	est_val v = { true, ir_norm(t, c), t.bits, t.bits, t.is_signed, false, 64, ir_norm(t, c) };
	return v;
}

/* A value converted to width tw (low bits kept, extended by "sgn"). */
est_val tg_est_conv(est_val v, int tw, bool sgn)
{
	if (v.is_const) {
		ir_type from = ir_type_make(sgn, v.w), to = ir_type_make(sgn, tw);
		est_val c = est_const(to, ir_eval_cast(to, from, v.c));
		c.rom = v.rom;
		return c;
	}
	est_val r;
	if (tw <= v.ew)
		r = tg_est_make(tw, tw, sgn);
	else if (v.ew < v.w)
		r = tg_est_make(tw, v.ew, v.sx);
	else
		r = tg_est_make(tw, v.ew, sgn);
	r.kz = v.kz < tw ? v.kz : tw;	/* the low bits survive */
	r.kv = v.kv & est_kmask(r.kz);
	return r;
}

static est_val est_index_divconst(est_walk *w, const sched_stmt *s, const ir_expr *e,
	est_val a, int need);

/* Whether v may be negative: a constant by its value, else a value
 * that is its low bits sign-extended. */
static bool est_may_neg(est_val v)
{
	return v.is_const ? v.sx && (int64_t) v.c < 0 : v.sx;
}

/* Whether a + b or a - b (node e) may be negative: a difference, or a
 * sum with an operand that may be (the sum of values that cannot is their
 * zero-extension: a lane's x * 8 + 1 is odd and not negative, so its % 2
 * is 1). */
static bool est_sum_neg(const ir_expr *e, est_val a, est_val b)
{
	return e->op == IR_OP_SUB || est_may_neg(a) || est_may_neg(b);
}

/* Significant width of an add or sub result. */
static int est_sum_width(est_val a, est_val b, int tw)
{
	if (a.is_const)
		a.ew = sl_bits(a.c);
	if (b.is_const)
		b.ew = sl_bits(b.c);
	int m = (a.ew > b.ew ? a.ew : b.ew) + 1;
	return m < tw ? m : tw;
}

/* a + b of sw sum bits, both variables: a LUT a bit beside the carry
 * chain; where the chain has its own sum XOR (`carry ... const`, Xilinx)
 * the bits above a zero-extended operand's are the other's bit alone, as
 * with a constant (cascade's sums of u8 pixels in 10 to 12 bits). */
static double est_add_vars(const est_fam *f, int sw, est_val a, est_val b, bool sub)
{
	double cc = f->bd->logic.carry_const;
	if (cc < 0 || sub || (a.sx && b.sx))
		return tg_est_add(f, sw);
	int lo = a.ew < b.ew ? a.ew : b.ew;	/* both operands' bits */
	if ((a.ew < b.ew && a.sx) || (b.ew < a.ew && b.sx))
		return tg_est_add(f, sw);		/* the narrow one sign-extends */
	return tg_est_add(f, lo < sw ? lo : sw) + cc * (sw > lo ? sw - lo : 0);
}

/* A multiplier of operands a x b bits (as Yosys keeps them) and a
 * y-bit result, for the split after the walk; "soft" its LUTs in logic
 * when it is not a general multiplier (shift-and-add), else < 0. */
static void est_mul_add(est_walk *w, int a, int b, int y, bool sa, bool sb, double soft)
{
	est_muls *ml = w->muls;
	if (!ml) {	/* no split (the control): logic */
		w->luts += soft >= 0 ? soft : 2 * tg_soft_mul_bits(a, b, y);
		return;
	}
	tg_mul m = { .a = a, .b = b, .y = y, .sa = sa, .sb = sb, .stage = w->stage,
		.order = ml->n, .node = w->node };
	tg_mul_cost(w->f->bd, &m);
	if (soft >= 0)
		m.soft_luts = soft;
	m.pre_luts = w->pre_luts;
	if (!m.dsps) {	/* never a DSP: logic now */
		w->luts += m.soft_luts;
		return;
	}
	ml->m = sl_xrealloc(ml->m, (size_t) (ml->n + 1) * sizeof(*ml->m));
	ml->m[ml->n++] = m;
}

/* The width Yosys keeps of a multiplier operand: rtlgen multiplies
 * signed types as signed, so a zero-extended value takes a sign bit. */
static int est_mul_width(est_val v, ir_type t)
{
	int n = v.ew + (t.is_signed && !v.sx);
	return n < t.bits ? n : t.bits;
}

static est_val est_mul(est_walk *w, est_val a, est_val b, ir_type t)
{
	const est_fam *f = w->f;
	if (a.is_const) {
		est_val x = a;
		a = b;
		b = x;
	}
	int wa = est_mul_width(a, t);
	if (b.is_const) {
		uint64_t c = b.c & (t.bits >= 64 ? ~0ull : (1ull << t.bits) - 1);
		int pc = tg_est_popcount(c), cb = sl_bits(c);
		int y = a.ew + cb < t.bits ? a.ew + cb : t.bits;
		if (b.rom && f->dsp_rom_late)	/* folded after map_dsp */
			est_mul_add(w, wa, b.w, t.bits, t.is_signed, t.is_signed,
				pc > 1 ? (pc - 1) * tg_est_add(f, y) : 0);
		else if (pc > 1)
			est_mul_add(w, wa, cb + t.is_signed, y, t.is_signed, t.is_signed,
				(pc - 1) * tg_est_add(f, y));
		return est_known_mul(tg_est_make(t.bits, a.ew + cb, a.sx), a, c);
	}
	int wb = est_mul_width(b, t);
	est_mul_add(w, wa, wb, t.bits, t.is_signed, t.is_signed, -1);
	return tg_est_make(t.bits, a.ew + b.ew, a.sx || b.sx);
}

/* x - q d in rb bits, as rtlgen/divconst.c's dc_rem writes it: q
 * shifted by each set bit i of d, added up, then subtracted from x.  A
 * term's low i bits are zeros, so an add is only as wide as the bits
 * above its term's shift and the subtract as those above d's lowest 1
 * (Yosys strips an add's constant-zero low bits: opt_expr): for d = 21
 * in 5 bits adds of 3 and 1 bits and a 5-bit subtract. */
static double est_remainder(const est_fam *f, uint64_t d, int rb)
{
	if (!d)
		return 0;
	int lo = tg_est_low_zeros(d);
	double luts = tg_est_add(f, rb - lo);
	for (int i = lo + 1; i < rb && i < 64; i++)
		if ((d >> i) & 1)
			luts += tg_est_add(f, rb - i);
	return luts;
}

/* The logic of a constant-division plan (values/divconst.c) as
 * rtlgen/divconst.c emits it, on an operand of xe significant bits (sx:
 * they are sign-extended): the multiply of the plan's widths, the sign
 * correction's add, the remainder's shift-and-add in its low bits. */
void tg_est_divplan(est_walk *w, const va_divplan *p, int xe, bool sx)
{
	const est_fam *f = w->f;
	int n = p->bits;
	uint64_t rmask = p->rbits >= 64 ? ~0ull : (1ull << p->rbits) - 1;
	switch (p->form) {
	case VA_DIVF_NEGATE:
		if (!p->is_mod)
			w->luts += tg_est_add(f, xe + 1 < n ? xe + 1 : n);
		return;
	case VA_DIVF_SHIFT:	/* signed: the rounding add, the remainder's sign */
		if (p->is_signed && p->is_mod)
			w->luts += (double) tg_est_tree(f, p->k + 1) + 1;
		else if (p->is_signed)
			w->luts += tg_est_add(f, xe) + (p->neg ? tg_est_add(f, n) : 0);
		return;
	case VA_DIVF_COMPARE:
		w->luts += tg_est_lt(f, xe, true) + (p->is_mod ? tg_est_add(f, p->rbits) : 0);
		return;
	case VA_DIVF_MULHI:
		break;
	default:
		return;
	}
	int xb = p->is_signed ? (sx ? xe : xe + 1) : xe - p->pre;
	int cap = p->is_signed ? n : p->xbits, mb = p->mbits + p->is_signed;
	xb = xb > cap ? cap : xb < 1 ? 1 : xb;
	/* a constant multiply: a DSP if the split gives it one, else the
	 * shifted copies of the operand added up */
	est_mul_add(w, xb, mb, xb + mb, p->is_signed, p->is_signed,
		(tg_est_popcount(p->magic) + p->magic_top - 1) * tg_est_add(f, xb + mb));
	if (p->is_signed)
		w->luts += tg_est_add(f, n);
	if (p->is_mod)
		w->luts += est_remainder(f, (p->neg ? 0 - p->d : p->d) & rmask, p->rbits);
}

static est_val est_divmod(est_walk *w, const ir_expr *e, est_val a, est_val b, ir_type t)
{
	if (!b.is_const) {	/* a restoring divider */
		w->luts += tg_est_divider(w->f, a.ew);
		return tg_est_make(t.bits, a.ew, a.sx);
	}
	bool mod = e->op == IR_OP_MOD;
	uint64_t c = ir_norm(t, b.c);
	if (mod && c && !(c & (c - 1)) && a.kz >= __builtin_ctzll(c) &&
	    (!(a.kv & (c - 1)) || !a.sx))
		/* x % 2^j of x's known low bits: 0 for either sign when they
		 * are 0, else those bits when x is not negative (camera_pipeline's
		 * (X * 8 + l + 1) % 2 in lane l) */
		return est_const(t, a.kv & (c - 1));
	va_divplan p = va_divconst_plan(t, e->op, b.c);
	tg_est_divplan(w, &p, a.ew, a.sx);
	switch (p.form) {
	case VA_DIVF_BYZERO: return est_const(t, 0);
	case VA_DIVF_ZERO: return mod ? a : est_const(t, 0);
	case VA_DIVF_IDENTITY: return mod ? est_const(t, 0) : a;
	case VA_DIVF_NEGATE: return mod ? est_const(t, 0) : tg_est_make(t.bits, a.ew + 1, true);
	default: break;
	}
	if (mod)
		return tg_est_make(t.bits, p.form == VA_DIVF_SHIFT ? p.k + t.is_signed : p.rbits,
			t.is_signed);
	if (t.is_signed)
		return tg_est_make(t.bits, p.form == VA_DIVF_SHIFT ? a.ew - p.k + 1 : a.ew, true);
	return tg_est_make(t.bits, p.qbits < a.ew ? p.qbits : a.ew, false);
}

/* Costs add e of two variables (luts, sw sum bits) and records it for a
 * DSP's pre-adder (est_preadd). */
static void est_add_record(est_walk *w, const ir_expr *e, double luts, int sw)
{
	w->luts += luts;
	int i = w->n_adds++;
	w->adds = sl_xrealloc(w->adds, (size_t) w->n_adds * sizeof(*w->adds));
	w->add_luts = sl_xrealloc(w->add_luts, (size_t) w->n_adds * sizeof(*w->add_luts));
	w->add_bits = sl_xrealloc(w->add_bits, (size_t) w->n_adds * sizeof(*w->add_bits));
	w->adds[i] = e;
	w->add_luts[i] = luts;
	w->add_bits[i] = sw;
}

/* The LUTs of the add of two variables that feeds multiply node e (its
 * operand, or a DIV / MOD's dividend, through casts), which a DSP's
 * pre-adder takes where the board has one that wide (`dsp_mul ...
 * preadd N`: the DSP48E1's A + D, packed by Yosys's xilinx_dsp: blur_xy's
 * (a + b + c) / 3 is (a + b) + c on the DSP's A and D ports); 0 if none
 * or the add is shared (merged into an earlier one). */
static double est_preadd(const est_walk *w, const ir_expr *e)
{
	int n = w->f->bd->logic.dsp_preadd;
	for (int k = 0; n > 0 && k < e->n_args && k < 2; k++) {
		const ir_expr *x = e->args[k];
		while (x->kind == IR_CAST)
			x = x->args[0];
		for (int i = 0; i < w->n_adds; i++)
			if (w->adds[i] == x && w->add_bits[i] <= n)
				return w->add_luts[i];
		if (e->op != IR_OP_MUL)
			break;	/* a division's dividend only */
	}
	return 0;
}

/* The multiplier of product x (through casts: wires) in w's list, or
 * NULL (a shift-and-add, or merged into an earlier one). */
static tg_mul *est_mul_of(const est_walk *w, const ir_expr *x)
{
	while (x->kind == IR_CAST)
		x = x->args[0];
	if (!w->muls || x->kind != IR_BINARY || x->op != IR_OP_MUL)
		return NULL;
	for (int i = w->muls->n - 1; i >= 0; i--)
		if (w->muls->m[i].node == x)
			return &w->muls->m[i];
	return NULL;
}

bool tg_est_postadd(est_walk *w, const sched_stmt *s, const ir_expr *add, const ir_expr *x,
	int sw, double luts)
{
	tg_mul *m = w->addr ? NULL : est_mul_of(w, x);
	int n = w->f->bd->logic.dsp_postadd;
	if (!m || sw > n || m->dsps != 1 || m->shared || m->post_luts > 0)
		return false;
	while (x->kind == IR_CAST)
		x = x->args[0];
	int cycle = add ? sched_node_cycle(s, add) : sched_acc_cycle(s);
	if (cycle - sched_node_cycle(s, x) > 1)
		return false;	/* past MREG: PREG holds the product, no adder after it */
	m->post_luts = luts;
	return true;
}

/* Node e (not merged) uses a product that is merged into an earlier one
 * (an operand, through casts, with no multiplier of its own): that
 * product has two users, so its DSP takes no post-add (xilinx_dsp wants
 * the add the product's only user).  A product merged with the whole of
 * its user (the same add again) keeps its one user. */
static void est_mul_users(est_walk *w, const sched_stmt *s, const ir_expr *e)
{
	for (int k = 0; w->muls && e->kind != IR_ACCESS && k < e->n_args; k++) {
		const ir_expr *x = e->args[k];
		while (x->kind == IR_CAST)
			x = x->args[0];
		if (x->kind != IR_BINARY || x->op != IR_OP_MUL || est_mul_of(w, x))
			continue;
		char *key = tg_est_key_str(w, s, x, "");
		for (int i = 0; i < w->n_keys; i++)
			if (!strcmp(w->keys[i].key, key) && w->keys[i].e) {
				tg_mul *m = est_mul_of(w, w->keys[i].e);
				if (m) {
					m->shared = true;
					m->post_luts = 0;
				}
			}
		free(key);
	}
}

/* est_mul, or est_divmod (index: est_index_divconst), of node e: the
 * multiply it adds is e's, unless in a buffer's address arithmetic. */
static est_val est_node_mul(est_walk *w, const sched_stmt *s, const ir_expr *e, est_val a,
	est_val b, ir_type t)
{
	const ir_expr *outer = w->node;
	w->node = w->addr ? NULL : e;
	w->pre_luts = w->addr ? 0 : est_preadd(w, e);
	est_val v;
	if (e->op == IR_OP_MUL)
		v = est_mul(w, a, b, t);
	else if (ir_type_none(e->type))
		v = est_index_divconst(w, s, e, a, t.bits);
	else
		v = est_divmod(w, e, a, b, t);
	w->node = outer;
	w->pre_luts = 0;
	return v;
}

/* x << y, x >> y: wires by a constant, else a barrel shifter of
 * log2(n) stages (two per LUT where a LUT has 6 inputs). */
static est_val est_shift(est_walk *w, const ir_expr *e, est_val a, est_val b)
{
	ir_type at = e->args[0]->type;
	if (b.is_const) {
		int sh = (int) ir_shift_amount(at, b.c);
		return e->op == IR_OP_SHL ? est_known_mul(tg_est_make(at.bits, a.ew + sh, a.sx), a,
				sh < 64 ? (uint64_t) 1 << sh : 0)
			: tg_est_make(at.bits, a.ew - sh, a.sx);
	}
	int stages = sl_bits((uint64_t) at.bits - 1);
	w->luts += (double) at.bits * stages / (w->f->k >= 6 ? 2 : 1);
	return tg_est_make(at.bits, at.bits, at.is_signed);
}

/* min(x, c), max(x, c) of type t (a or b the constant, both converted):
 * the compare against c and a select; min(x, c) of a non-negative x is
 * at most c, its bits; max(x, 0) of a signed x is x without its sign. */
static est_val est_minmax_const(est_walk *w, const ir_expr *e, est_val a, est_val b,
	ir_type t)
{
	est_val x = a.is_const ? b : a, c = a.is_const ? a : b;
	bool nonneg = !x.sx || !t.is_signed;
	int m = a.ew > b.ew ? a.ew : b.ew;
	int64_t cv = (int64_t) ir_norm(t, c.c);
	if (t.is_signed && t.bits < 64 && ((c.c >> (t.bits - 1)) & 1))
		cv = (int64_t) (c.c | ~(((uint64_t) 1 << t.bits) - 1));
	int rw = m;
	bool rsx = a.sx || b.sx;
	if (e->op == IR_OP_MIN && nonneg && cv >= 0)
		rw = sl_bits((uint64_t) cv), rsx = false;
	else if (e->op == IR_OP_MAX && cv == 0)
		rsx = false;
	/* rtlgen's min(a, b) = b < a ? b : a, max(a, b) = a < b ? b : a
	 * (rtlgen/datapath.c rtl_min_max): min(x, c) tests x > c */
	bool gt = (e->op == IR_OP_MIN) != a.is_const;
	w->luts += tg_est_cmp_const(w->f, x.ew, (uint64_t) cv, x.sx && t.is_signed, gt)
		+ (rw < m ? rw : m);
	return tg_est_make(t.bits, rw, rsx);
}

/* a + b or a - b of type t (node e).  A constant inside the other
 * operand's known zero bits is an OR, no logic (Yosys strips an add's
 * low bits where an operand is a constant 0: opt_expr; a lane's
 * i32(x * 8) + 1). */
static est_val est_add_node(est_walk *w, const sched_stmt *s, const ir_expr *e, est_val a,
	est_val b, ir_type t)
{
	const est_fam *f = w->f;
	bool sub = e->op == IR_OP_SUB;
	est_val x = a.is_const ? b : a, c = a.is_const ? a : b;
	int sw = est_sum_width(a, b, t.bits);
	if (!sub && c.is_const && !x.is_const && c.c <= est_kmask(est_kz(x)) && !(x.kv & c.c))
		sw = x.ew;	/* an OR within x's bits */
	else if (b.is_const || (a.is_const && !sub))
		w->luts += tg_est_add_const(f, sw, b.is_const ? b.c : a.c, sub);
	else if (!sub && (tg_est_postadd(w, s, e, e->args[0], sw, est_add_vars(f, sw, a, b, sub)) ||
			tg_est_postadd(w, s, e, e->args[1], sw, est_add_vars(f, sw, a, b, sub))))
		w->luts += est_add_vars(f, sw, a, b, sub);	/* less when its DSP is mapped */
	else
		est_add_record(w, e, est_add_vars(f, sw, a, b, sub), sw);
	return est_known_sum(tg_est_make(t.bits, sw, est_sum_neg(e, a, b)), a, b, sub);
}

static est_val est_binary(est_walk *w, const sched_stmt *s, const ir_expr *e)
{
	const est_fam *f = w->f;
	ir_type t = e->args[0]->type;
	if (ir_type_none(t))
		t = e->args[1]->type;
	est_val a = tg_est_value(w, s, e->args[0]), b = tg_est_value(w, s, e->args[1]);
	ir_op_hw hw = ir_op_info[e->op].hw;
	if (hw == IR_HW_SHIFT)
		return est_shift(w, e, a, b);
	if (hw == IR_HW_BOOL) {
		w->luts += 1;
		return tg_est_make(1, 1, false);
	}
	if (a.is_const && b.is_const) {
		ir_type rt = e->type;
		return est_const(rt, ir_eval_binop(e->op, t, a.c, b.c));
	}
	a = tg_est_conv(a, t.bits, t.is_signed);
	b = tg_est_conv(b, t.bits, t.is_signed);
	int m = a.ew > b.ew ? a.ew : b.ew;
	bool k = a.is_const || b.is_const;
	switch (hw) {
	case IR_HW_ADD: return est_add_node(w, s, e, a, b, t);
	case IR_HW_MUL: case IR_HW_DIV: return est_node_mul(w, s, e, a, b, t);
	case IR_HW_BITWISE:
		w->luts += k ? 0 : m;
		return tg_est_make(t.bits, m, a.sx || b.sx);
	case IR_HW_CMP_MUX:
		if (!k) {
			w->luts += tg_est_lt(f, m, k) + m;
			return tg_est_make(t.bits, m, a.sx || b.sx);
		}
		return est_minmax_const(w, e, a, b, t);
	case IR_HW_EQ:
		w->luts += tg_est_eq(f, m, k);
		return tg_est_make(1, 1, false);
	case IR_HW_CMP:
		if (k) {
			/* x < c for LT, GE; x > c for GT, LE; mirrored when
			 * the constant is the left operand */
			est_val x = a.is_const ? b : a, c = a.is_const ? a : b;
			bool gt = (e->op == IR_OP_GT || e->op == IR_OP_LE) != a.is_const;
			w->luts += tg_est_cmp_const(f, x.ew, ir_norm(t, c.c), x.sx && t.is_signed, gt);
		} else {
			w->luts += tg_est_lt(f, m, k);
		}
		return tg_est_make(1, 1, false);
	default: sl_unreachable();	/* no binary operator of a unary class */
	}
}

static est_val est_unary(est_walk *w, const sched_stmt *s, const ir_expr *e)
{
	est_val a = tg_est_value(w, s, e->args[0]);
	ir_type t = e->args[0]->type;
	if (a.is_const)
		return est_const(e->type, ir_eval_unop(e->op, t, a.c));
	switch (ir_op_info[e->op].hw) {
	case IR_HW_OR_TREE:
		w->luts += tg_est_tree(w->f, a.ew) + (a.ew > 1);
		return tg_est_make(1, 1, false);
	case IR_HW_NOT:
		return tg_est_make(t.bits, t.bits, t.is_signed);
	case IR_HW_NEG:
		w->luts += tg_est_add(w->f, a.ew + 1 < t.bits ? a.ew + 1 : t.bits);
		return tg_est_make(t.bits, a.ew + 1, true);
	case IR_HW_ABS:
		if (!t.is_signed)
			return a;
		w->luts += tg_est_add(w->f, a.ew) + a.ew;
		return tg_est_make(t.bits, a.ew + 1, false);
	default: sl_unreachable();	/* no unary operator of a binary class */
	}
}

/* The interval of index expression e over the statement's variable
 * ranges (each slot's iteration dimension, as rtl_mark_slots sets it). */
static bool est_index_range(const sched_stmt *s, const ir_expr *e, int64_t *lo,
	int64_t *hi)
{
	const ir_decl *d = s->decl;
	int n = d->n_slots > s->n_dims ? d->n_slots : s->n_dims;
	int64_t *sl = sl_xcalloc((size_t) n + 1, sizeof(int64_t));
	int64_t *sh = sl_xcalloc((size_t) n + 1, sizeof(int64_t));
	for (int k = 0; k < n; k++) {
		int dim = k < s->n_vars ? k : -1;
		sl[k] = 1;	/* unknown until a dimension is found */
		if (dim >= 0) {
			sl[k] = s->lo[dim];
			sh[k] = s->lo[dim] + s->ext[dim] - 1;
		}
	}
	if (s->is_reduction)
		for (int k = 0; k < d->body->u.reduce.n_rvars; k++) {
			int slot = d->body->u.reduce.rvars[k].slot, dim = s->n_vars + k;
			sl[slot] = s->lo[dim];
			sh[slot] = s->lo[dim] + s->ext[dim] - 1;
		}
	bool ok = va_index_range(e, sl, sh, n, lo, hi);
	free(sl);
	free(sh);
	return ok;
}

/* Floor "x OP c", c > 0 not a power of two, over x's range: the offset's
 * subtract, the plan (va_divconst_plan_range), the quotient's offset add. */
static est_val est_index_divconst(est_walk *w, const sched_stmt *s, const ir_expr *e,
	est_val a, int need)
{
	int64_t lo, hi, c = (int64_t) e->args[1]->u.cval;
	va_divplan p;
	if (!est_index_range(s, e->args[0], &lo, &hi)
	    || !va_divconst_plan_range(lo, hi, e->op, c, &p)) {
		w->luts += tg_est_divider(w->f, a.ew);	/* rtlgen keeps a divider */
		return tg_est_make(64, a.ew, true);
	}
	if (p.offset)
		w->luts += tg_est_add(w->f, p.bits);
	tg_est_divplan(w, &p, p.bits, false);
	if (e->op == IR_OP_MOD)
		return tg_est_make(64, p.form == VA_DIVF_SHIFT ? p.k : p.rbits, false);
	int qw = p.form == VA_DIVF_IDENTITY ? p.bits : p.qbits;
	if (p.offset / c == 0)
		return tg_est_make(64, qw, false);
	w->luts += tg_est_add(w->f, need < qw + 1 ? need : qw + 1);
	return tg_est_make(64, qw + 1, true);
}

/* An index variable: lo + the sl_sched counter, bits_of(ext - 1) bits
 * wide. */
static est_val est_index_var(est_walk *w, const sched_stmt *s, const ir_expr *e, int need)
{
	int64_t lo = 0;
	int slot = e->u.var.slot, iw = 32;
	if (slot >= 0 && slot < s->n_dims) {
		lo = s->lo[slot];
		iw = tg_est_counter_bits(s, slot);
	}
	if (!lo)
		return tg_est_make(64, iw, false);
	int lb = sl_bits((uint64_t) (lo < 0 ? -lo : lo));
	int ew = (iw > lb ? iw : lb) + 1;
	w->luts += tg_est_add(w->f, need < ew ? need : ew);
	return tg_est_make(64, ew + 1, true);
}

/* Index floor division or modulo of a (index e's first operand) by a
 * constant. */
static est_val est_index_div(est_walk *w, const sched_stmt *s, const ir_expr *e, est_val a,
	int need)
{
	uint64_t c = e->args[1]->u.cval;
	if (c && !(c & (c - 1)) && e->op == IR_OP_MOD && est_kz(a) >= sl_bits(c - 1))
		/* floor modulo by 2^j: the low j bits, known */
		return est_const(ir_type_make(true, 64), (a.is_const ? a.c : a.kv) & (c - 1));
	if (c && !(c & (c - 1)))
		return tg_est_make(64, e->op == IR_OP_MOD ? sl_bits(c - 1) : a.ew, a.sx);
	return est_node_mul(w, s, e, a, a, ir_type_make(true, need));
}

/* The 64-bit index arithmetic of an address or a variable value, kept
 * to "need" bits. */
est_val tg_est_index(est_walk *w, const sched_stmt *s, const ir_expr *e, int need)
{
	if (e->kind == IR_CONST) {
		est_val v = { true, e->u.cval, 64, 64, true, false, 64, e->u.cval };
		return v;
	}
	if (e->kind == IR_VAR)
		return est_index_var(w, s, e, need);
	if (e->kind == IR_UNARY) {
		est_val a = tg_est_index(w, s, e->args[0], need);
		w->luts += tg_est_add(w->f, need < a.ew + 1 ? need : a.ew + 1);
		return tg_est_make(64, a.ew + 1, true);
	}
	est_val a = tg_est_index(w, s, e->args[0], need);
	if (e->op == IR_OP_DIV || e->op == IR_OP_MOD)
		return est_index_div(w, s, e, a, need);
	est_val b = tg_est_index(w, s, e->args[1], need);
	if (a.is_const && b.is_const)
		return est_const(ir_type_make(true, 64), ir_eval_binop(e->op, ir_type_make(true, 64), a.c, b.c));
	int aw = a.is_const ? sl_bits(a.c) : a.ew, bw = b.is_const ? sl_bits(b.c) : b.ew;
	int n = aw > bw ? aw : bw;
	if (n > need)
		n = need;
	switch (e->op) {
	case IR_OP_ADD: case IR_OP_SUB: {
		/* a constant inside the other's known zero bits is an OR */
		est_val x = a.is_const ? b : a, c = a.is_const ? a : b;
		bool fits = (a.is_const || b.is_const) && c.c <= est_kmask(est_kz(x)) &&
			!(x.kv & c.c) && e->op == IR_OP_ADD;
		if (!(a.is_const && !a.c) && !(b.is_const && !b.c) && !fits)
			w->luts += tg_est_add(w->f, n + 1 < need ? n + 1 : need);
		return est_known_sum(tg_est_make(64, n + 1, est_sum_neg(e, a, b)), a, b,
			e->op == IR_OP_SUB);
	}
	case IR_OP_MUL: {
		est_val v = est_node_mul(w, s, e, a, b, ir_type_make(true, need));
		est_val r = tg_est_make(64, v.ew, v.sx || est_may_neg(a) || est_may_neg(b));
		if (a.is_const || b.is_const)
			r = est_known_mul(r, a.is_const ? b : a, a.is_const ? a.c : b.c);
		return r;
	}
	default:	/* MIN, MAX: a comparison and a select */
		w->luts += tg_est_lt(w->f, n, a.is_const || b.is_const) + n;
		return tg_est_make(64, n, true);
	}
}

/* An address term: an index of xe significant bits times constant c > 1
 * in y bits, as rtlgen writes it (x * 64'sdC): a shift where c is a power
 * of two, else a multiply the DSPs may take, in logic (popcount(c) - 1)
 * adds (shift-and-add). */
void tg_est_const_mul(est_walk *w, int xe, int64_t c, int y)
{
	int pc = tg_est_popcount((uint64_t) c);
	if (pc <= 1)
		return;
	const ir_expr *outer = w->node;
	int cb = sl_bits((uint64_t) c);
	if (xe + cb < y)	/* the product's bits, as wreduce keeps them */
		y = xe + cb;
	w->node = NULL;		/* no lane-program node: the DSPs left */
	est_mul_add(w, xe + 1, cb + 1, y, true, true, (pc - 1) * tg_est_add(w->f, y));
	w->node = outer;
}

static double est_rom_columns(const est_fam *f, const ir_decl *d, const uint64_t *data,
	int64_t depth, int n, int *top);

/* Whether ROM read e's flat address (the sum of its indices times the
 * table's strides, which rtlgen writes as the read's `romN_addr` in the
 * design's module, outside the sl_rom/sl_rom_sync instance) was costed
 * already: a read of a table of the same shape at the same indices of the
 * same schedule generator's counters is the same sum (opt_merge), whatever
 * its table and stage (resnet_layer's four lanes on one generator read
 * their weights at one address k 144 + c 9 + r 3 + s). */
static bool est_rom_addr_seen(est_walk *w, const sched_stmt *s, const ir_expr *e, int aw)
{
	const ir_decl *d = e->u.access.decl;
	char *buf = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	fprintf(o, "romaddr %d", aw);
	for (int i = 0; i < d->n_dims; i++) {
		char *k = tg_est_key_str(w, s, e->args[i], "");
		fprintf(o, " %lld:%s", (long long) d->extents[i], k);
		free(k);
	}
	fclose(o);
	bool seen = tg_est_seen(w, buf, NULL);
	free(buf);
	return seen;
}

/* The address of ROM read e (aw bits), costed; the number of its bits
 * that vary.  Each data bit is a function of the address's varying bits:
 * of no more than aw, and of fewer when constant indices fold (ABC maps
 * the whole cone, address arithmetic included, to LUTs of those bits).
 * Past k bits the address is rtlgen's sum of index x stride, each
 * product by a constant a multiply the DSPs may take (mul2dsp), as Yosys
 * maps it before ABC. */
static int est_rom_addr(est_walk *w, const sched_stmt *s, const ir_expr *e, int aw)
{
	const ir_decl *d = e->u.access.decl;
	int support = 0, terms = 0;
	est_val *idx = sl_xcalloc((size_t) d->n_dims + 1, sizeof(*idx));
	for (int i = 0; i < d->n_dims; i++) {
		idx[i] = ir_type_none(e->args[i]->type) ? tg_est_index(w, s, e->args[i], aw)
			: tg_est_value(w, s, e->args[i]);
		support += idx[i].is_const ? 0 : idx[i].ew;
		terms += !idx[i].is_const;
	}
	int n = support < aw ? support : aw;
	if (n > w->f->k && !est_rom_addr_seen(w, s, e, aw)) {
		int64_t stride = 1;
		bool addr = w->addr;
		w->addr = true;
		for (int i = d->n_dims - 1; i >= 0; i--) {
			if (e->args[i]->kind == IR_CONST)
				continue;
			if (!idx[i].is_const && stride > 1)
				tg_est_const_mul(w, idx[i].ew, stride, aw);
			stride *= d->extents[i];
		}
		w->addr = addr;
		if (terms > 1)
			w->luts += (terms - 1) * tg_est_add(w->f, aw);
	}
	free(idx);
	return n;
}

/* A ROM look-up: a constant when its address is, else W functions of
 * the address bits. */
static est_val est_rom(est_walk *w, const sched_stmt *s, const ir_expr *e)
{
	const ir_decl *d = e->u.access.decl;
	int64_t off = 0, depth = 1;
	bool k = true;
	for (int i = 0; i < d->n_dims; i++) {
		depth *= d->extents[i];
		k = k && e->args[i]->kind == IR_CONST;
		if (k)
			off = off * d->extents[i] + (int64_t) e->args[i]->u.cval;
	}
	if (k) {
		est_val v = est_const(d->type, off < depth ? d->data[off] : 0);
		v.rom = true;
		return v;
	}
	/* rtlgen's ROM holds the slice the read reaches: the entries of the
	 * dimensions whose index is not a literal (sched_rom_depth) */
	depth = sched_rom_depth(e);
	uint64_t *slice = sl_xcalloc((size_t) depth + 1, sizeof(*slice));
	for (int64_t j = 0; j < depth; j++)
		slice[j] = sched_rom_entry(e, j);
	int n = est_rom_addr(w, s, e, sl_addr_bits(depth));
	int tb = d->type.bits < 64 ? d->type.bits : 64, top = 0;
	double luts = est_rom_columns(w->f, d, slice, depth, n, &top);
	free(slice);
	/* a block-RAM ROM (sl_rom_sync): its data costs no LUT; fpga/storage.c
	 * counts its memory */
	if (!sched_node_rom_sync(s, e))
		w->luts += luts;
	bool sx = d->type.is_signed && top < tb;
	return tg_est_make(d->type.bits, top > 0 ? top + 0 : 1, sx);
}

/* One ROM column of s address bits that changes value `changes` times:
 * that many threshold tests or the function of s bits, the fewer LUTs. */
static double est_rom_column(const est_fam *f, int s, int64_t changes)
{
	double fun = (double) tg_est_fun(f, s), tests = (double) changes * ((s + f->k - 1) / f->k);
	return tests < fun ? tests : fun;
}

/* The LUTs of the table's bit columns, each a function of the n address
 * bits that vary: a constant one costs nothing, equal ones are one
 * function (Yosys merges them); a column whose every change of value is
 * at a multiple of 2^z is a function of the address's s = n - z top bits,
 * and one that changes t times is t threshold tests of them, about
 * ceil(s / k) LUTs each, where that is less than the function of s bits
 * (measured: the 256 x 8 monotone gamma curve of camera_pipeline, each
 * column alone: iCE40 at 1, 3, 7, 15 changes 2, 4, 13, 24 LUT4, at 29 or
 * more 34-37, the function of 8 bits 31; xc7 the 2 columns of z 2 and 3
 * 1 LUT each, the other 6 the function of 8 bits, 4: 26 in all).  *top
 * the value's bits (the columns above the last that differs from the
 * sign bit are its sign extension). */
static double est_rom_columns(const est_fam *f, const ir_decl *d, const uint64_t *data,
	int64_t depth, int n, int *top)
{
	int tb = d->type.bits < 64 ? d->type.bits : 64;
	double luts = 0;
	*top = 0;
	for (int b = 0; b < tb; b++) {
		bool zero = true, one = true, dup = false, same_prev = b > 0;
		int64_t changes = 0;
		int z = n;	/* the least trailing zeros of a change's address */
		for (int64_t i = 0; i < depth; i++) {
			int x = (int) (((uint64_t) data[i] >> b) & 1);
			zero = zero && !x;
			one = one && x;
			if (i > 0 && x != (int) (((uint64_t) data[i - 1] >> b) & 1)) {
				changes++;
				if (tg_est_low_zeros((uint64_t) i) < z)
					z = tg_est_low_zeros((uint64_t) i);
			}
			if (same_prev && x != (int) (((uint64_t) data[i] >> (b - 1)) & 1))
				same_prev = false;
		}
		for (int c = 0; c < b && !dup && !zero && !one; c++) {
			dup = true;
			for (int64_t i = 0; i < depth && dup; i++)
				dup = (((uint64_t) data[i] >> b) & 1) == (((uint64_t) data[i] >> c) & 1);
		}
		if (!zero && !one && !dup)
			luts += est_rom_column(f, n - z > 0 ? n - z : 1, changes);
		if (!zero && !(same_prev && d->type.is_signed))
			*top = b + 1;	/* the value's bits end here */
	}
	return luts;
}

static est_val est_access(est_walk *w, const sched_stmt *s, const ir_expr *e)
{
	if (e->u.access.decl->kind == IR_DECL_CONST)
		return est_rom(w, s, e);
	ir_type t = e->type;
	return tg_est_make(t.bits, t.bits, t.is_signed);
}

/* A loop variable: sl_sched's 32 bits of its dimension, plus an add
 * when its range does not start at 0.  Where the flow flattens the
 * design, the bits above the dimension's counter are constant zeros
 * Yosys propagates: the counter's bits, and the add only as wide as
 * the variable's last value. */
static est_val est_var(est_walk *w, const sched_stmt *s, const ir_expr *e)
{
	ir_type t = e->type;
	int slot = e->u.var.slot;
	bool known = slot >= 0 && slot < s->n_dims;
	int64_t lo = known ? s->lo[slot] : 0;
	if (known && w->f->bd->logic.flatten && lo >= 0) {
		int cw = tg_est_counter_bits(s, slot);
		int vw = sl_bits_for((uint64_t) (lo + (s->ext[slot] > 1 ? s->ext[slot] - 1 : 0)));
		if (lo)
			w->luts += tg_est_add(w->f, vw - tg_est_low_zeros((uint64_t) lo) > 0
				? vw - tg_est_low_zeros((uint64_t) lo) : 0);
		return tg_est_make(t.bits, (lo ? vw : cw) < t.bits ? (lo ? vw : cw) : t.bits, false);
	}
	if (lo)
		w->luts += tg_est_add(w->f, t.bits < 33 ? t.bits : 33);
	return tg_est_make(t.bits, lo ? t.bits : 32, false);
}

/* c ? a : b: a 2:1 mux of the wider operand's significant bits (none
 * when the condition or both arms are constant). */
static est_val est_select(est_walk *w, const sched_stmt *s, const ir_expr *e)
{
	ir_type t = e->type;
	est_val c = tg_est_value(w, s, e->args[0]);
	if (c.is_const && !w->dups)
		/* the arm not taken is not built (Yosys removes it); the DSP
		 * decision (w->dups) still decides both arms' multiplies */
		return tg_est_conv(tg_est_value(w, s, e->args[(c.c & 1) ? 1 : 2]), t.bits, t.is_signed);
	est_val a = tg_est_conv(tg_est_value(w, s, e->args[1]), t.bits, t.is_signed);
	est_val b = tg_est_conv(tg_est_value(w, s, e->args[2]), t.bits, t.is_signed);
	if (a.is_const)
		a.ew = sl_bits(a.c);
	if (b.is_const)
		b.ew = sl_bits(b.c);
	int m = a.ew > b.ew ? a.ew : b.ew;
	w->luts += (a.is_const && b.is_const) ? 0 : m;
	return tg_est_make(t.bits, m, a.sx || b.sx);
}

/* Node e's value and whether it merged, for the delay registers. */
static void est_record(est_walk *w, const ir_expr *e, est_val v, bool merged)
{
	if (!w->nodes)
		return;
	int i = w->n_nodes++;
	w->nodes = sl_xrealloc(w->nodes, (size_t) w->n_nodes * sizeof(*w->nodes));
	w->node_ew = sl_xrealloc(w->node_ew, (size_t) w->n_nodes * sizeof(*w->node_ew));
	w->node_merged = sl_xrealloc(w->node_merged,
		(size_t) w->n_nodes * sizeof(*w->node_merged));
	w->nodes[i] = e;
	w->node_ew[i] = v.is_const ? 0 : v.ew;
	w->node_merged[i] = merged;
}

/* tg_logic_trace's stream: every node's LUTs (its subtree's), for
 * calibrating the model against Yosys (tests/bench/estimate_tool.c). */
static FILE *est_trace_out;

void tg_logic_trace(FILE *out)
{
	est_trace_out = out;
}

static void est_trace_node(const est_walk *w, const ir_expr *e, est_val v, double luts,
	bool merged)
{
	const char *who = w->sp && w->stage >= 0 && w->stage < w->sp->n_stmts
		? w->sp->stmts[w->stage]->name : "(dsp decision)";
	fprintf(est_trace_out, "stage %s luts %.1f bits %d%s: ", who, luts,
		v.is_const ? 0 : v.ew, merged ? " merged" : "");
	ir_expr_print(e, NULL, est_trace_out);
	fputc('\n', est_trace_out);
}

est_val tg_est_value(est_walk *w, const sched_stmt *s, const ir_expr *e)
{
	ir_type t = e->type;
	if (ir_type_none(t) && e->kind != IR_ACCESS)
		return tg_est_index(w, s, e, 64);
	char *key = e->kind == IR_CONST || e->kind == IR_ACCESS ? NULL
		: tg_est_key_str(w, s, e, "");
	double luts = w->luts;
	int64_t dsps = w->dsps;
	int n_muls = w->muls ? w->muls->n : 0;
	est_val v;
	switch (e->kind) {
	case IR_CONST: v = est_const(t, e->u.cval); break;
	case IR_VAR: v = est_var(w, s, e); break;
	case IR_ACCESS: v = est_access(w, s, e); break;
	case IR_UNARY: v = est_unary(w, s, e); break;
	case IR_BINARY: v = est_binary(w, s, e); break;
	case IR_SELECT: v = est_select(w, s, e); break;
	case IR_CAST:
		v = tg_est_conv(tg_est_value(w, s, e->args[0]), t.bits,
			ir_type_none(e->args[0]->type) || e->args[0]->type.is_signed);
		break;
	default:
		v = tg_est_make(t.bits, t.bits, t.is_signed);
		break;
	}
	bool merged = key && tg_est_seen(w, key, e);
	if (!merged && e->kind != IR_CAST)
		est_mul_users(w, s, e);
	for (int i = 0; merged && i < w->n_adds; i++)
		if (w->adds[i] == e)
			w->add_luts[i] = 0;	/* shared: no pre-adder takes it */
	if (merged) {
		w->luts = luts;		/* the same hardware exists: merged */
		w->dsps = dsps;
		if (w->muls)
			w->muls->n = n_muls;
	}
	free(key);
	est_record(w, e, v, merged);
	if (est_trace_out)
		est_trace_node(w, e, v, w->luts - luts, merged);
	return v;
}
