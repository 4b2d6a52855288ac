#!/usr/bin/env python3
# tests/ops/gen_ops.py: the programs of the operator-level differential
# harness (tests/ops.cmake, run_ops.py).  Python 3 stdlib only; the output
# depends on --seed alone.
#
# Every operator of the language (docs/language.md: + - * / % << >> & | ^,
# the six comparisons, && || !, unary - ~, abs, min, max, clamp, select,
# casts, division and modulo by constants, which rtlgen emits as a
# multiply-high: values/divconst.c) at every width class (1, 2, 7, 8, 9, 16,
# 31, 32, 33, 63, 64 bits; uN and iN), between two operands and against the
# constants that change the emitted form: 0, +-1, +-2^k, +-(2^k +- 1), the
# type's minimum and maximum and their neighbours, and divisors whose magic
# number needs fewer than N, N and N + 1 bits (the banner of values/divconst.c;
# the plan is recomputed here to pick them, see divisor_classes).
#
# One program per group of types.  For each type T:
#   input a_T : T[R][E];  input b_T : T[R][E];     (R = E + RANDOM_ROWS)
#   func  o_T(y, x, k) : u64 = the case k of T, a balanced select tree on k;
#   output o_T[R][E][K_T];
# Each case is u64(EXPR) over a_T(y, x) and b_T(y, x), so every output value
# names its case (k) and operands (y, x).  The inputs are .npy files written
# here (run `sluice sim --input a_T=FILE`): rows 0..E-1 hold every pair of
# T's E edge values (a takes the column's, b the row's: 0, 1, -1, MIN,
# MIN + 1, MAX - 1, MAX, 2, powers of two and their neighbours), the
# other rows random values of random bit lengths.  The cases are listed in
# cases.txt (k: expression) beside each program.
#
#   gen_ops.py --out DIR [--seed S] [--group G]
import argparse
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'diff'))
import npyio  # noqa: E402
from slref import fits, tmax, tmin, tname  # noqa: E402  (the types as the spec has them)

WIDTHS = (1, 2, 7, 8, 9, 16, 31, 32, 33, 63, 64)
TYPES = [(s, w) for w in WIDTHS for s in (False, True) if not (s and w == 1)]
# The groups of types, one program (one Verilator build) each.
GROUPS = [
    [(False, 1), (False, 2), (True, 2), (False, 7), (True, 7), (False, 8), (True, 8)],
    [(False, 9), (True, 9), (False, 16), (True, 16), (False, 31), (True, 31)],
    [(False, 32), (True, 32), (False, 33), (True, 33)],
    [(False, 63), (True, 63), (False, 64), (True, 64)],
]
EDGES = 10
RANDOM_ROWS = 3


def lit(v):
    """A literal as written in a program (a negative one with unary -)."""
    return '(-%d)' % -v if v < 0 else '%d' % v


def edge_values(t):
    n = t[1]
    c = [0, 1, tmax(t), tmin(t), tmax(t) - 1, tmin(t) + 1, -1, 2,
         1 << (n // 2), (1 << (n // 2)) - 1, (1 << (n - 2)) + 1 if n > 2 else 3,
         -(1 << (n // 2)) - 1, 1 << (n - 1), 5]
    out = []
    for v in c:
        if fits(v, t) and v not in out:
            out.append(v)
    while len(out) < EDGES:
        out.append(out[len(out) % max(1, len(out))])
    return out[:EDGES]


def random_value(rng, t):
    bits = rng.randint(1, t[1])
    v = rng.getrandbits(bits)
    if t[0] and rng.random() < 0.5:
        v = -v
    return max(tmin(t), min(tmax(t), v))


def constants(t):
    """The constant classes that change the emitted form, fitting t."""
    n = t[1]
    ks = sorted(k for k in {1, n // 2, n - 2, n - 1} if k >= 1)
    c = [0, 1, -1, 2, -2, tmin(t), tmax(t), tmin(t) + 1, tmax(t) - 1]
    for k in ks:
        c += [1 << k, -(1 << k), (1 << k) - 1, (1 << k) + 1,
              -((1 << k) - 1), -((1 << k) + 1)]
    out = []
    for v in c:
        if fits(v, t) and v not in out:
            out.append(v)
    return out


def magic_bits(x_max, d):
    """values/divconst.c's dc_magic: the width of the smallest exact magic
    m = ceil(2^l / d) over [0, x_max]."""
    l = (d - 1).bit_length()
    while True:
        p = 1 << l
        m = -(-p // d)
        e = m * d - p
        y1 = x_max - (x_max - (d - 1)) % d if x_max >= d - 1 else 0
        if y1 * e < p and (x_max * e) >> 1 < p:
            return m.bit_length()
        l += 1


def divisor_form(t, d):
    """The plan va_divconst_plan chooses for x / d in t: its form and, for
    a multiply-high, the magic's width."""
    m = abs(d)
    if m == 1:
        return 'negate' if d < 0 else 'identity'
    if m & (m - 1) == 0:
        return 'shift'
    if not t[0]:
        x = tmax(t)
        if m > x:
            return 'zero'
        if m > x // 2:
            return 'compare'
        while m % 2 == 0:
            m //= 2
            x //= 2
        return 'mulhi%d' % magic_bits(x, m)
    return 'mulhi%d' % magic_bits(1 << (t[1] - 1), m)


def divisor_class(t, d):
    """The form, and for a multiply-high its magic's width against N."""
    f = divisor_form(t, d)
    if not f.startswith('mulhi'):
        return f
    m = int(f[5:])
    return 'mulhi<N' if m < t[1] else 'mulhi=N' if m == t[1] else 'mulhi=N+%d' % (m - t[1])


def divisors(t):
    """The divisors always tried (issue 24's -3 and -3553 among them), then
    candidates filling each form and magic width class (below N, N, N + 1
    bits) up to two; the classes reached."""
    n = t[1]
    must = [1, -1, 2, -2, 3, -3, 7, -7, 10, 3553, -3553, tmax(t), tmin(t), tmax(t) - 1]
    cand = [5, -5, 6, 12, 25, -100, 641, tmin(t) + 1, (tmax(t) >> 1) + 1, (tmax(t) >> 1) + 3]
    for k in sorted(k for k in {2, n // 2, n - 2, n - 1} if k >= 1):
        cand += [(1 << k) + 1, (1 << k) - 1, -((1 << k) + 1), (1 << k) * 3, 1 << k]
    rng = random.Random(n * 2 + t[0])
    cand += [rng.getrandbits(max(2, n - 1)) | 1 for _ in range(60)]
    seen, out = {}, []
    for i, d in enumerate(must + cand):
        if d == 0 or not fits(d, t) or d in out:
            continue
        c = divisor_class(t, d)
        if i < len(must) or seen.get(c, 0) < 2:
            seen[c] = seen.get(c, 0) + 1
            out.append(d)
    return out, sorted(seen)


def type_cases(t):
    """The case expressions of type t over A and B (T-typed operands)."""
    A, B = 'a_%s(y, x)' % tname(t), 'b_%s(y, x)' % tname(t)
    n, ty = t[1], tname(t)
    cs = []
    for op in ('+', '-', '*', '&', '|', '^', '<<', '>>', '==', '!=', '<', '<=', '>', '>='):
        cs.append('%s %s %s' % (A, op, B))
    cs += ['min(%s, %s)' % (A, B), 'max(%s, %s)' % (A, B), '-%s' % A, '~%s' % A,
           'abs(%s)' % A, 'select(%s < %s, %s, %s)' % (A, B, A, B),
           '%s ? %s : %s' % ('%s == %s' % (A, B), B, A),
           'clamp(%s, %s, %s)' % (A, B, lit(tmax(t))), 'clamp(%s, %s, %s)' % (B, lit(tmin(t)), A),
           '(%s < %s) && (%s != 0)' % (A, B, B), '(%s == %s) || (%s > %s)' % (A, B, B, A),
           '!(%s <= %s)' % (A, B)]
    if t == (False, 1):
        cs += ['%s && %s' % (A, B), '%s || %s' % (A, B), '!%s' % A, '!%s || %s' % (A, B)]
    for i, c in enumerate(constants(t)):
        lc = lit(c)
        # + - & | ^ have one form whatever the constant: every other one
        arith = ('+', '-', '*', '&', '|', '^') if i % 2 == 0 else ('*',)
        for op in arith + ('==', '!=', '<', '<=', '>', '>='):
            cs.append('%s %s %s' % (A, op, lc))
        for op in ('-', '<', '>=') if i % 2 == 0 else ('<', '>='):
            cs.append('%s %s %s' % (lc, op, A))
        cs += ['min(%s, %s)' % (A, lc), 'max(%s, %s)' % (lc, A),
               'select(%s < %s, %s, %s)' % (A, lc, lc, B), '%s(%s) + %s' % (ty, lc, A)]
    for d in divisors(t)[0]:
        cs += ['%s / %s' % (A, lit(d)), '%s %% %s' % (A, lit(d))]
    for k in sorted({0, 1, n - 1, n, n + 1, 63, 64, 65}):
        cs += ['%s << %d' % (A, k), '%s >> %d' % (A, k)]
    for s in (False, True):
        cs.append('%s >> u%d(%s)' % (A, 7, B) if n >= 7 else '%s << %s' % (B, A))
    for to in TYPES:
        cs.append('%s(%s)' % (tname(to), A))
        if to[1] > n:	# decided by the interval of the widened operand
            for op, c in (('<=', tmax(t)), ('<', tmax(t)), ('>=', tmin(t)), ('>', tmin(t))):
                if fits(c, to):
                    cs.append('%s(%s) %s %s' % (tname(to), A, op, lit(c)))
    # Constant folds: a value of one constant and comparisons decided by it.
    cs += ['max(%s, %s %% 1)' % (A, A), 'min(%s, %s * 0)' % (A, A), '%s & 0' % A,
           '(%s %% 1) < 1' % A, 'select(%s(0) == 0, %s, %s)' % (ty, A, B),
           'max(%s, %s(%s))' % (A, ty, lit(tmin(t))), 'min(%s(%s), %s)' % (ty, lit(tmax(t)), A),
           'maximum(r in 0..2) (%s %% 1)' % A, 'minimum(r in 0..2) (%s | %s)' % (A, lit(tmax(t) if not t[0] else -1)),
           'sum(r in 0..3) (%s * 0 + %s)' % (A, B)]
    return cs


def tree(cases, lo, hi):
    """select(k < mid, ...) over cases [lo, hi), each wrapped in u64()."""
    if hi - lo == 1:
        return 'u64(%s)' % cases[lo]
    mid = (lo + hi) // 2
    return 'select(k < %d, %s, %s)' % (mid, tree(cases, lo, mid), tree(cases, mid, hi))


def group_program(g):
    """(program text, {type name: cases}) of group g."""
    rows = EDGES + RANDOM_ROWS
    lines = ['# operator harness group %d (tests/ops/gen_ops.py): every case of each' % g,
             '# type T is o_T(y, x, k) for operands a_T(y, x), b_T(y, x).']
    decl, body, outs, all_cases = [], [], [], {}
    for t in GROUPS[g]:
        ty = tname(t)
        cs = type_cases(t)
        all_cases[ty] = cs
        decl += ['input  a_%s : %s[%d][%d];' % (ty, ty, rows, EDGES),
                 'input  b_%s : %s[%d][%d];' % (ty, ty, rows, EDGES)]
        body.append('func   o_%s(y, x, k) : u64 =\n    %s;' % (ty, tree(cs, 0, len(cs))))
        outs.append('output o_%s[%d][%d][%d];' % (ty, rows, EDGES, len(cs)))
    return '\n'.join(lines + decl + body + outs) + '\n', all_cases


def group_inputs(g, seed):
    """{input name: (descr, shape, values)}: the edge-value pairs, then
    random rows."""
    rows = EDGES + RANDOM_ROWS
    out = {}
    for t in GROUPS[g]:
        rng = random.Random('%d-%s' % (seed, tname(t)))
        ev = edge_values(t)
        a, b = [], []
        for y in range(rows):
            for x in range(EDGES):
                if y < EDGES:
                    a.append(ev[x])
                    b.append(ev[y])
                else:
                    a.append(random_value(rng, t))
                    b.append(random_value(rng, t))
        d = npyio.dtype_for(t[0], t[1])
        out['a_%s' % tname(t)] = (d, (rows, EDGES), a)
        out['b_%s' % tname(t)] = (d, (rows, EDGES), b)
    return out


def write_group(out_dir, g, seed):
    """Writes DIR/opsG.sl, DIR/opsG.cases.txt and DIR/opsG.NAME.npy; returns
    (program path, {input: npy path}, {type: cases})."""
    os.makedirs(out_dir, exist_ok=True)
    text, cases = group_program(g)
    prog = os.path.join(out_dir, 'ops%d.sl' % g)
    with open(prog, 'w') as f:
        f.write(text)
    with open(os.path.join(out_dir, 'ops%d.cases.txt' % g), 'w') as f:
        for ty, cs in cases.items():
            for k, c in enumerate(cs):
                f.write('o_%s k=%d: %s\n' % (ty, k, c))
    inputs = {}
    for name, arr in group_inputs(g, seed).items():
        inputs[name] = os.path.join(out_dir, 'ops%d.%s.npy' % (g, name))
        npyio.write(inputs[name], *arr)
    return prog, inputs, cases


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--out', required=True)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--group', type=int, action='append')
    args = ap.parse_args()
    for g in args.group or range(len(GROUPS)):
        prog, _, cases = write_group(args.out, g, args.seed)
        print('%s: %d cases (%s)' % (prog, sum(len(c) for c in cases.values()),
                                     ', '.join('%s %d' % (t, len(c)) for t, c in cases.items())))
    return 0


if __name__ == '__main__':
    sys.exit(main())
