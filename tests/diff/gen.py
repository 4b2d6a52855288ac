#!/usr/bin/env python3
# gen: a random generator of valid sluice v0 programs for the differential
# test (tests/diff/).  `python3 gen.py SEED` prints a program that uses only
# inline consts; `python3 gen.py SEED --out DIR` writes DIR/prog.sl and the
# .npy files of its file("...") consts.
#
# Programs are built from the outputs back to the inputs, so that when a
# func's body is generated its domain (the bounding box of what its consumers
# need) is already final; input and const reads are then fitted into their
# extents (clamp, floor-mod, min/max) by interval analysis of the indices.
#
# tests/diff/README.md lists, section by section of the spec, which construct
# each generator feature covers.
import itertools
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import npyio  # noqa: E402

# ---------------------------------------------------------------- types
COMMON = ['u8', 'u16', 'i8', 'i16', 'i32', 'u32', 'u1', 'i32', 'u8']
ODD = ['u2', 'u3', 'u4', 'u5', 'u7', 'u9', 'u12', 'u13', 'u17', 'u24', 'u31',
       'u33', 'u48', 'u63', 'u64', 'i2', 'i3', 'i4', 'i5', 'i7', 'i9', 'i13',
       'i17', 'i24', 'i31', 'i33', 'i48', 'i63', 'i64']


def T(s):
    return (s[0] == 'i', int(s[1:]))


def tname(t):
    return ('i' if t[0] else 'u') + str(t[1])


def tmin(t):
    return -(1 << (t[1] - 1)) if t[0] else 0


def tmax(t):
    return (1 << (t[1] - 1)) - 1 if t[0] else (1 << t[1]) - 1


I32 = (True, 32)
U1 = (False, 1)

# ---------------------------------------------------------------- AST
PREC = {'||': 1, '&&': 2, '|': 3, '^': 4, '&': 5, '==': 6, '!=': 6,
        '<': 7, '<=': 7, '>': 7, '>=': 7, '<<': 8, '>>': 8,
        '+': 9, '-': 9, '*': 10, '/': 10, '%': 10}
CMPS = ['==', '!=', '<', '<=', '>', '>=']


class N:
    """AST node.  typed: has a type of its own (not a bare literal shape);
    const: a constant expression, whose exact value is val (None: invalid)."""
    def __init__(self, kind, *a, typed=True, const=False, hexa=False):
        self.kind = kind
        self.a = a
        self.typed = typed and not const
        self.const = const
        self.hexa = hexa
        self.val = cfold(self) if const else None


def tdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def cfold(n):
    """Exact folding per the spec; None if invalid or out of range."""
    if n.kind == 'lit':
        return n.a[0]
    if n.kind in ('?:', 'call'):   # a constant ?: or select: folded whole
        c, a, b = n.a if n.kind == '?:' else n.a[1]
        if c.val not in (0, 1):
            return None
        return a.val if c.val else b.val
    if n.kind == 'un':
        a = n.a[1].val
        if a is None:
            return None
        v = {'-': -a, '~': ~a, '!': int(a == 0)}[n.a[0]]
    else:
        op, a, b = n.a[0], n.a[1].val, n.a[2].val
        if a is None or b is None:
            return None
        if op in '/%':
            if b == 0:
                return None
            q = tdiv(a, b)
            v = q if op == '/' else a - q * b
        elif op in ('<<', '>>'):
            if b < 0 or (op == '<<' and b > 130 and a != 0):
                return None
            v = a << b if op == '<<' else a >> min(b, 200)
        else:
            v = {'+': a + b, '-': a - b, '*': a * b, '&': a & b, '|': a | b,
                 '^': a ^ b, '==': int(a == b), '!=': int(a != b),
                 '<': int(a < b), '<=': int(a <= b), '>': int(a > b),
                 '>=': int(a >= b), '&&': int(a != 0 and b != 0),
                 '||': int(a != 0 or b != 0)}[op]
    if not -(1 << 63) <= v < (1 << 64):
        return None
    return v


def lit(v, hexa=False):
    return N('lit', v, typed=False, const=True, hexa=hexa if v >= 0 else False)


def var(name):
    return N('var', name)


def bin_(op, a, b):
    if op in PREC and PREC[op] <= 7:
        typed = True
    elif op in ('<<', '>>'):
        typed = a.typed
    else:
        typed = a.typed or b.typed
    return N('bin', op, a, b, typed=typed, const=a.const and b.const)


def un(op, a):
    return N('un', op, a, typed=a.typed or op == '!', const=a.const)


def tern(c, a, b):
    return N('?:', c, a, b, typed=a.typed or b.typed,
             const=c.const and a.const and b.const)


def call(fn, *args):
    if fn == 'select':
        return N('call', fn, list(args), typed=args[1].typed or args[2].typed,
                 const=all(x.const for x in args))
    return N('call', fn, list(args), typed=any(x.typed for x in args))


def acc(name, args):
    return N('acc', name, list(args))


def cast(t, e):
    return N('cast', t, e)


def red(kind, ranges, body):
    return N('red', kind, ranges, body, typed=body.typed)


# ---------------------------------------------------------------- printer
def hexs(v, style):
    return ('0X%X' if style == 'X' else '0x%x') % v


class Printer:
    def __init__(self, rng):
        self.rng = rng

    def p(self, n, need=0, open_=True):
        s, prec, is_red = self.raw(n, open_)
        paren = prec < need or (is_red and not open_)
        if not paren and prec < 12 and self.rng.random() < 0.04:
            paren = True
        if paren:
            s2, _, _ = self.raw(n, True)
            return '(' + s2 + ')'
        return s

    def raw(self, n, open_):
        k = n.kind
        if k == 'lit':
            v = n.a[0]
            if v < 0:
                return '-' + str(-v), 11, False
            return (hexs(v, n.hexa) if n.hexa else str(v)), 12, False
        if k == 'var':
            return n.a[0], 12, False
        if k == 'acc':
            return n.a[0] + '(' + ', '.join(self.p(x) for x in n.a[1]) + ')', 12, False
        if k == 'call':
            return n.a[0] + '(' + ', '.join(self.p(x) for x in n.a[1]) + ')', 12, False
        if k == 'cast':
            return tname(n.a[0]) + '(' + self.p(n.a[1]) + ')', 12, False
        if k == 'un':
            s = self.p(n.a[1], 11, open_)
            sep = ' ' if s.startswith('-') or s.startswith('~') or s.startswith('!') else ''
            return n.a[0] + sep + s, 11, False
        if k == 'bin':
            op = n.a[0]
            pr = PREC[op]
            left = self.p(n.a[1], pr, False)
            right = self.p(n.a[2], pr + 1, open_)
            return left + ' ' + op + ' ' + right, pr, False
        if k == '?:':
            c = self.p(n.a[0], 1, False)
            a = self.p(n.a[1], 0, True)
            b = self.p(n.a[2], 0, open_)
            return c + ' ? ' + a + ' : ' + b, 0, False
        if k == 'red':
            hdr = ', '.join('%s in %d..%d' % r for r in n.a[1])
            body = self.p(n.a[2], 0, open_)
            return n.a[0] + '(' + hdr + ') ' + body, 0, True
        raise ValueError(k)


# ---------------------------------------------------------------- intervals
def fdiv(a, b):
    return a // b


def ival(n, env):
    """Interval [lo, hi] of an index expression given var intervals."""
    k = n.kind
    if k == 'lit':
        return n.a[0], n.a[0]
    if k == 'var':
        return env[n.a[0]]
    if k == 'un':
        lo, hi = ival(n.a[1], env)
        return -hi, -lo
    if k == 'call':
        iv = [ival(x, env) for x in n.a[1]]
        if n.a[0] == 'min':
            return min(iv[0][0], iv[1][0]), min(iv[0][1], iv[1][1])
        if n.a[0] == 'max':
            return max(iv[0][0], iv[1][0]), max(iv[0][1], iv[1][1])
        (a0, a1), (l0, l1), (h0, h1) = iv
        lo = min(max(a0, l0), h0)
        hi = min(max(a1, l1), h1)
        return lo, hi
    op, a, b = n.a
    (a0, a1) = ival(a, env)
    (b0, b1) = ival(b, env)
    if op == '+':
        return a0 + b0, a1 + b1
    if op == '-':
        return a0 - b1, a1 - b0
    if op == '*':
        c = [a0 * b0, a0 * b1, a1 * b0, a1 * b1]
        return min(c), max(c)
    if op == '/':
        return fdiv(a0, b0), fdiv(a1, b0)
    if op == '%':
        k = b0
        if a0 // k == a1 // k:
            return a0 % k, a1 % k
        return 0, k - 1
    raise ValueError(op)


def ieval(n, pt):
    """Value of an index expression at a point {var: value} (floor / and %)."""
    k = n.kind
    if k == 'lit':
        return n.a[0]
    if k == 'var':
        return pt[n.a[0]]
    if k == 'un':
        return -ieval(n.a[1], pt)
    if k == 'call':
        v = [ieval(x, pt) for x in n.a[1]]
        if n.a[0] == 'min':
            return min(v)
        if n.a[0] == 'max':
            return max(v)
        return min(max(v[0], v[1]), v[2])
    op, a, b = n.a[0], ieval(n.a[1], pt), ieval(n.a[2], pt)
    return {'+': a + b, '-': a - b, '*': a * b, '/': a // b if b else 0,
            '%': a % b if b else 0}[op]


def vars_of(n, out):
    if n.kind == 'var':
        out.add(n.a[0])
    for x in n.a:
        if isinstance(x, N):
            vars_of(x, out)
        elif isinstance(x, list):
            for y in x:
                if isinstance(y, N):
                    vars_of(y, out)
    return out


def exact(n, env):
    """The exact [min, max] of an index expression over the box env."""
    vs = sorted(vars_of(n, set()))
    vals = [ieval(n, dict(zip(vs, p))) for p in
            itertools.product(*[range(env[v][0], env[v][1] + 1) for v in vs])]
    return min(vals), max(vals)


def walk(n, env, visit):
    """Calls visit(node, var intervals) on every access in n."""
    k = n.kind
    if k == 'red':
        env = dict(env)
        for v, lo, hi in n.a[1]:
            env[v] = (lo, hi - 1)
        walk(n.a[2], env, visit)
        return
    if k == 'acc':
        visit(n, env)
        kids = n.a[1]
    elif k == 'call':
        kids = n.a[1]
    elif k == 'cast':
        kids = [n.a[1]]
    elif k == 'un':
        kids = [n.a[1]]
    elif k in ('bin', '?:'):
        kids = [x for x in n.a if isinstance(x, N)]
    else:
        kids = []
    for x in kids:
        walk(x, env, visit)


# ---------------------------------------------------------------- generator
class Func:
    def __init__(self, name, typ, ndim, vars_):
        self.name = name
        self.type = typ
        self.ndim = ndim
        self.vars = vars_
        self.box = None
        self.body = None
        self.out_ext = None


class Scope:
    def __init__(self, func):
        self.func = func
        self.env = {v: tuple(b) for v, b in zip(func.vars, func.box)}
        self.fvars = list(func.vars)
        self.rvars = []


VARSETS = [['x'], ['y', 'x'], ['c', 'y', 'x'], ['i'], ['i', 'j'],
           ['z', 'y', 'x'], ['n', 'm', 'k']]
# 4 to 8 dimensions (the spec's limit is 8), for the rare high-dimensional
# program (Gen.hi_dim).
HI_VARS = ['a', 'b', 'd', 'e', 'w', 'z', 'y', 'x']


class Gen:
    def __init__(self, seed, file_consts=False, bad=False):
        self.bad = bad
        self.rng = random.Random(seed)
        # Features added later draw from their own stream, so that adding
        # them left the structure of every seed's program unchanged.
        self.r2 = random.Random(seed * 1000003 + 17)
        self.file_consts = file_consts
        self.funcs = {}
        self.pending = []
        self.generated = []
        self.inputs = {}
        self.in_order = []
        self.consts = {}
        self.c_order = []
        self.nred = 0
        self.reads = {}
        r = self.rng
        self.max_funcs = r.choice([2, 3, 4, 5, 6, 7, 9, 12])
        self.max_depth = r.choice([2, 3, 3, 4])
        self.odd_rate = r.choice([0.1, 0.3, 0.5])
        self.poly_rate = r.choice([0.0, 0.1, 0.3])
        self.lit_rate = r.choice([0.2, 0.4])
        self.hi_dim = not bad and self.r2.random() < 0.03

    # -- helpers
    def rtype(self):
        r = self.rng
        t = T(r.choice(ODD if r.random() < self.odd_rate else COMMON))
        if self.r2.random() < 0.03:   # any width of the spec: u1..u64, i2..i64
            sg = self.r2.random() < 0.5
            t = (sg, self.r2.randint(2 if sg else 1, 64))
        return t

    def new_func(self, typ, ndim):
        name = 'f%d' % len(self.funcs)
        vs = [v for v in self.rng.choice(VARSETS) if True]
        cands = [vs for vs in VARSETS if len(vs) == ndim]
        vs = list(self.rng.choice(cands)) if cands else HI_VARS[len(HI_VARS) - ndim:]
        f = Func(name, typ, ndim, vs)
        self.funcs[name] = f
        self.pending.append(name)
        return f

    def lit_for(self, t, nonzero=False, positive=False):
        r = self.rng
        lo, hi = tmin(t), tmax(t)
        if positive:
            lo = max(lo, 1)
        while True:
            c = r.random()
            if c < 0.35:
                v = r.randint(max(lo, -4), min(hi, 9))
            elif c < 0.5:
                v = r.choice([lo, hi, hi - 1 if hi > lo else hi, lo + 1 if lo < hi else lo])
            elif c < 0.6 and t[0]:
                v = r.choice([-1, lo, -2 if lo < -1 else -1])
            else:
                v = r.randint(lo, hi)
            if not lo <= v <= hi or (nonzero and v == 0):
                continue
            return self.const_expr(v, t)

    def const_expr(self, v, t=None):
        """A constant expression folding to v (plain literal or compound)."""
        r = self.rng
        if self.r2.random() < 0.04:
            return self.const_choice(v)
        c = r.random()
        lim = (-(1 << 63), (1 << 64) - 1)
        if c < 0.7:
            return lit(v, hexa=r.random() < 0.2 and (r.random() < 0.8 or 'X'))
        k = r.randint(1, 300)
        if c < 0.8 and lim[0] <= v - k and v - k <= lim[1]:
            return bin_('+', lit(v - k), lit(k))
        if c < 0.87 and v + k <= lim[1]:
            return bin_('-', lit(v + k), lit(k))
        if c < 0.93 and v < 0:
            return un('~', lit(~v))
        if c < 0.97 and v > 0 and v % 4 == 0:
            return bin_('<<', lit(v >> 2), lit(2))
        if v != 0 and -(1 << 63) <= 3 * v - 1 and 3 * v + 1 < (1 << 64):
            return bin_('/', lit(v * 3 + (1 if v > 0 else -1)), lit(3))
        return lit(v)

    def const_choice(self, v):
        """A constant ?: or select folding to v; the arm not taken may be
        any constant, even one that fits no type (it is never typed)."""
        r2 = self.r2
        other = r2.choice([0, 1, -1, 300, 1 << 40, -(1 << 50), (1 << 64) - 1])
        cond = r2.randint(0, 1)
        c = lit(cond) if r2.random() < 0.6 else bin_(r2.choice(['<', '>=']), lit(r2.randint(-3, 3)),
                                                     lit(r2.randint(-3, 3)))
        cond = c.val
        a, b = (lit(v), lit(other)) if cond else (lit(other), lit(v))
        if r2.random() < 0.5:
            return call('select', c, a, b)
        return tern(c, a, b)

    # -- index constants (spec, "Accesses and index expressions")
    def ilit(self, v, rate=0.3):
        """An index constant folding to v with index semantics (floor /,
        non-negative %): a literal, a negative literal written with unary
        minus, or a compound whose value-folding (truncation) would differ
        wherever an operand is negative; hex divisors."""
        r2 = self.r2
        if r2.random() >= rate:
            return lit(v)
        c = r2.random()
        if c < 0.2:
            return un('-', lit(-v)) if v <= 0 else un('-', un('-', lit(v)))
        if c < 0.45:
            d = r2.choice([2, 3, 4, 5, 7, 16, 17])
            num = v * d + r2.randint(0, d - 1)
            return bin_('/', self.ineg(num), self.idiv(d))
        if c < 0.7:
            d = r2.choice([2, 3, 5, 8, 16, 17])
            if not 0 <= v < d:
                return bin_('-', lit(v + d), self.idiv(d)) if r2.random() < 0.5 else lit(v)
            return bin_('%', self.ineg(v - d * r2.randint(-3, 3)), self.idiv(d))
        if c < 0.85:
            k = r2.randint(1, 9)
            return bin_('-', lit(v + k) if v + k >= 0 else un('-', lit(-(v + k))), lit(k))
        return bin_('*', self.ineg(v), lit(1)) if r2.random() < 0.5 \
            else bin_('*', lit(1), self.ineg(v))

    def ineg(self, v):
        """v, written (0 - |v|) or -|v| when negative."""
        if v >= 0:
            return lit(v)
        if self.r2.random() < 0.5:
            return bin_('-', lit(0), lit(-v))
        return un('-', lit(-v))

    def idiv(self, d):
        """A positive index divisor, often in hex."""
        c = self.r2.random()
        if c < 0.3:
            return lit(d, hexa=True)
        if c < 0.4:
            return lit(d, hexa='X')
        return lit(d)

    # -- accesses
    def index_arg(self, scope, base):
        """A random index expression around variable `base` (or None)."""
        r = self.rng
        rv = [v for v in scope.rvars] if scope.rvars else []
        if base is None:
            if rv and r.random() < 0.6:
                e = var(r.choice(rv))
                return bin_('+', e, self.ilit(r.randint(0, 2))) if r.random() < 0.5 else e
            return self.ilit(r.randint(0, 3))
        v = var(base)
        c = r.random()
        if c < 0.25:
            e = v
        elif c < 0.45:
            e = bin_(r.choice('+-'), v, self.ilit(r.randint(1, 3)))
        elif c < 0.52:
            e = bin_('-', self.ilit(r.randint(0, 12)), v)
        elif c < 0.6:
            e = bin_('+', bin_('*', self.ilit(r.choice([2, 3])), v), self.ilit(r.randint(0, 2)))
        elif c < 0.68:
            e = bin_('/', bin_('+', v, self.ilit(r.randint(0, 2))) if r.random() < 0.5 else v,
                     self.ilit(r.choice([2, 3])))
        elif c < 0.73:
            e = bin_('%', bin_('+', v, self.ilit(r.randint(-3, 5))), self.ilit(r.randint(2, 5)))
        elif c < 0.8:
            e = call('clamp', bin_(r.choice('+-'), v, self.ilit(r.randint(1, 2))),
                     self.ilit(0), self.ilit(r.randint(3, 12)))
        elif c < 0.84:
            e = call(r.choice(['min', 'max']), bin_('+', v, self.ilit(r.randint(-2, 2))),
                     self.ilit(r.randint(0, 8)))
        elif c < 0.88:
            others = [w for w in scope.fvars if w != base]
            if others:
                e = bin_(r.choice('+-'), v, var(r.choice(others)))
            else:
                e = un('-', v) if r.random() < 0.5 else bin_('*', v, self.ilit(-1))
                e = bin_('+', e, self.ilit(r.randint(0, 12)))
        else:
            e = v
        if rv and r.random() < 0.5:
            e = bin_(r.choice('+-'), e, var(r.choice(rv)))
        c2 = self.r2.random()
        if c2 < 0.04:       # min/max of two non-constant index expressions
            w = self.r2.choice(scope.fvars + rv)
            e = call(self.r2.choice(['min', 'max']), e,
                     bin_('+', var(w), self.ilit(self.r2.randint(-2, 2))))
        elif c2 < 0.07:     # unary minus of a compound index, twice
            e = un('-', un('-', e))
        elif c2 < 0.09:     # an index divided with a negative constant offset
            e = bin_('+', bin_('/', bin_('-', e, self.ilit(self.r2.randint(1, 5))),
                               self.idiv(self.r2.choice([2, 3, 4]))), self.ilit(1))
        return e

    def gen_args(self, scope, ndim):
        r = self.rng
        fv = list(scope.fvars)
        if r.random() < 0.25:
            r.shuffle(fv)
        bases = []
        for j in range(ndim):
            if j < len(fv) and r.random() < 0.93:
                bases.append(fv[len(fv) - ndim + j] if ndim <= len(fv) and r.random() < 0.8
                             else fv[j])
            elif fv and r.random() < 0.5:
                bases.append(r.choice(fv))
            else:
                bases.append(None)
        return [self.index_arg(scope, b) for b in bases]

    def fit_box(self, args, scope, lo_lim, hi_lim, width):
        """Keeps each index within limits by wrapping it in a clamp."""
        out = []
        for a in args:
            lo, hi = ival(a, scope.env)
            if lo < lo_lim or hi > hi_lim or hi - lo + 1 > width:
                top = self.rng.randint(0, 14)
                if self.hi_dim:
                    top = min(top, width - 1)
                a = call('clamp', a, self.ilit(0), self.ilit(top))
            out.append(a)
        return out

    def fit_extents(self, args, scope, ext):
        r = self.rng
        out = []
        for a, e in zip(args, ext):
            lo, hi = ival(a, scope.env)
            if lo < 0 or hi > e - 1:
                c = r.random()
                if c < 0.55:
                    a = call('clamp', a, self.ilit(0), self.ilit(e - 1))
                elif c < 0.8:
                    a = bin_('%', a, self.ilit(e))
                elif c < 0.9:
                    a = call('min', call('max', a, self.ilit(0)), self.ilit(e - 1))
                else:
                    a = call('max', self.ilit(0), call('min', self.ilit(e - 1), a))
            out.append(a)
        return out

    def extents_for(self, args, scope):
        ext = []
        for a in args:
            lo, hi = ival(a, scope.env)
            if lo >= 0 and hi <= 30:
                ext.append(hi + 1 + self.rng.randint(0, 2))
            else:
                ext.append(self.rng.randint(1, 12))
        return ext

    def func_access(self, t, scope):
        r = self.rng
        cands = [self.funcs[n] for n in self.pending
                 if self.funcs[n].type == t and n != scope.func.name]
        if cands and (r.random() < 0.5 or len(self.funcs) >= self.max_funcs):
            g = r.choice(cands)
        elif len(self.funcs) < self.max_funcs:
            nd = scope.func.ndim if r.random() < 0.75 else r.randint(1, 3)
            g = self.new_func(t, nd)
        else:
            return None
        if self.hi_dim:     # keep the boxes of 4- to 8-D funcs small
            args = self.fit_box(self.gen_args(scope, g.ndim), scope, -2, 4, 3)
        else:
            args = self.fit_box(self.gen_args(scope, g.ndim), scope, -12, 48, 40)
        box = [ival(a, scope.env) for a in args]
        if g.box is None:
            g.box = [list(b) for b in box]
        else:
            for gb, b in zip(g.box, box):
                gb[0] = min(gb[0], b[0])
                gb[1] = max(gb[1], b[1])
        return acc(g.name, args)

    def input_access(self, t, scope):
        r = self.rng
        cands = [n for n in self.in_order if self.inputs[n][0] == t]
        if cands and (r.random() < 0.7 or len(self.inputs) >= 4):
            name = r.choice(cands)
            ext = self.inputs[name][1]
            args = self.gen_args(scope, len(ext))
        elif len(self.inputs) < 4:
            name = 'in' if not self.inputs else 'in%d' % len(self.inputs)
            nd = scope.func.ndim if r.random() < 0.85 else r.randint(1, 3)
            args = self.gen_args(scope, nd)
            ext = self.extents_for(args, scope)
            self.inputs[name] = (t, ext)
            self.in_order.append(name)
        else:
            return None
        args = self.fit_extents(args, scope, ext)
        self.reads.setdefault(name, []).append([ival(a, scope.env) for a in args])
        return acc(name, args)

    def new_const(self, t, ext, kind):
        r = self.rng
        name = '%s%d' % (kind, len(self.consts))
        if 'file' not in self.consts and self.r2.random() < 0.05:
            name = 'file'   # `file` is a word only after '=' in a const
        count = 1
        for e in ext:
            count *= e
        lo, hi = tmin(t), tmax(t)
        if r.random() < 0.5:
            vals = [r.randint(lo, hi) for _ in range(count)]
        else:
            vals = [r.randint(max(lo, -20), min(hi, 40)) for _ in range(count)]
        self.consts[name] = (t, ext, vals)
        self.c_order.append(name)
        return name

    def const_access(self, t, scope):
        args = self.gen_args(scope, self.rng.choice([1, 1, 2]))
        ext = [min(e, 8) for e in self.extents_for(args, scope)]
        name = self.new_const(t, ext, 'k')
        return acc(name, self.fit_extents(args, scope, ext))

    def lut_access(self, t, scope, depth):
        r = self.rng
        n = r.choice([1, 2, 3, 4, 4, 5, 8, 8])
        ut = (False, n)
        arg = self.gen(ut, depth - 1, scope, typed=True)
        if r.random() < 0.25:
            idx = self.gen_args(scope, 1)
            e0 = min(self.extents_for(idx, scope)[0], 4)
            ext = [e0, (1 << n) + r.choice([0, 0, 3])]
            name = self.new_const(t, ext, 'lut')
            args = self.fit_extents(idx, scope, ext[:1]) + [arg]
        else:
            ext = [(1 << n) + r.choice([0, 0, 0, 5])]
            name = self.new_const(t, ext, 'lut')
            args = [arg]
        return acc(name, args)

    # -- value expressions
    def var_value(self, scope):
        """An i32 value built from the func's (or reduction) variables."""
        r = self.rng
        vs = scope.fvars + scope.rvars
        e = var(r.choice(vs))
        c = r.random()
        if c < 0.3:
            return e
        if c < 0.45:
            return bin_(r.choice('/%'), e, self.vdiv(r.choice([2, 3, -2, -3, 5])))
        if c < 0.6:
            return bin_(r.choice('+-*'), e, lit(r.randint(-7, 7)))
        if c < 0.75 and len(vs) > 1:
            return bin_(r.choice('+-*'), e, var(r.choice(vs)))
        return bin_('%', bin_('-', e, lit(r.randint(1, 6))), self.vdiv(r.choice([2, 3, 4, -4])))

    def vdiv(self, d):
        """A value divisor d: a literal, a hex one, or -0x.. (unary minus)."""
        c = self.r2.random()
        if c < 0.25:
            return lit(d, hexa=True) if d > 0 else un('-', lit(-d, hexa=True))
        if c < 0.35 and d < 0:
            return bin_('-', lit(0), lit(-d))
        return lit(d)

    def leaf(self, t, scope, depth):
        r = self.rng
        for _ in range(8):
            c = r.random()
            e = None
            if c < 0.4:
                e = self.func_access(t, scope)
            elif c < 0.75:
                e = self.input_access(t, scope)
            elif c < 0.82:
                e = self.const_access(t, scope)
            elif c < 0.9 and depth > 0:
                e = self.lut_access(t, scope, depth)
            else:
                v = self.var_value(scope)
                e = v if t == I32 else cast(t, v)
            if e is not None:
                return e
        v = self.var_value(scope)
        return v if t == I32 else cast(t, v)

    def operand(self, t, depth, scope):
        """An operand of type t that may be a bare constant."""
        if self.rng.random() < self.lit_rate:
            return self.lit_for(t)
        return self.gen(t, depth, scope, typed=self.rng.random() >= self.poly_rate)

    def gen(self, t, depth, scope, typed=True):
        """An expression of type t; typed: it must have a type of its own."""
        if not typed and self.rng.random() < 0.3:
            return self.lit_for(t)
        n = self.gen1(t, depth, scope, typed)
        if n.const and (n.val is None or not tmin(t) <= n.val <= tmax(t)):
            n = self.leaf(t, scope, depth) if typed else self.lit_for(t)
        if typed and not n.typed:
            n = self.leaf(t, scope, depth)
        return n

    def gen1(self, t, depth, scope, typed):
        r = self.rng
        if depth <= 0 or r.random() < 0.15:
            return self.leaf(t, scope, depth)
        d = depth - 1
        opts = ['arith'] * 5 + ['div'] * 2 + ['shift'] * 3 + ['unary', 'cast', 'cast',
                'tern', 'minmax', 'red', 'red']
        if not t[0]:
            opts.append('abs')
        if t == U1:
            opts += ['cmp'] * 5 + ['logic'] * 2 + ['ccmp']
        k = r.choice(opts)
        if k == 'arith':
            op = r.choice(['+', '-', '*', '&', '|', '^', '+', '-', '*'])
            a = self.gen(t, d, scope, typed)
            b = self.operand(t, d, scope)
            if r.random() < 0.3 and not b.const:
                a, b = b, a
            return bin_(op, a, b)
        if k == 'div':
            a = self.gen(t, d, scope, typed)
            if r.random() < 0.15 and t[0] and t[1] > 2:
                a = cast(t, lit(tmin(t)))
            div = self.lit_for(t, nonzero=True)
            if r.random() < 0.2 and t[0]:
                div = lit(-1)
            return bin_(r.choice('/%'), a, div)
        if k == 'shift':
            return self.shift(t, d, scope, typed)
        if k == 'unary':
            if t == U1 and r.random() < 0.5:
                return un('!', self.gen(t, d, scope, typed))
            return un(r.choice('-~'), self.gen(t, d, scope, typed))
        if k == 'cast':
            if r.random() < 0.2:
                v = r.randint(-(1 << r.choice([4, 8, 20, 63])), (1 << r.choice([4, 9, 33, 64])) - 1)
                return cast(t, self.const_expr(v))
            t2 = self.rtype()
            return cast(t, self.gen(t2, d, scope, True))
        if k == 'tern':
            c = self.gen(U1, d, scope, True) if r.random() < 0.95 else lit(r.randint(0, 1))
            a = self.gen(t, d, scope, typed)
            b = self.operand(t, d, scope)
            if r.random() < 0.5:
                a, b = b, a
            if r.random() < 0.4:
                return call('select', c, a, b)
            return tern(c, a, b)
        if k == 'minmax':
            fn = r.choice(['min', 'max', 'clamp'])
            a = self.gen(t, d, scope, typed)
            if fn == 'clamp':
                lo, hi = sorted([r.randint(tmin(t), tmax(t)) for _ in range(2)])
                if r.random() < 0.5:
                    return call(fn, a, self.const_expr(lo), self.const_expr(hi))
                return call(fn, a, self.operand(t, d, scope), self.operand(t, d, scope))
            return call(fn, a, self.operand(t, d, scope))
        if k == 'red':
            return self.reduction(t, d, scope, typed)
        if k == 'abs':
            st = (r.random() < 0.8 and t[1] >= 2, t[1])
            return call('abs', self.gen(st, d, scope, True))
        if k == 'cmp':
            t2 = self.rtype()
            a = self.gen(t2, d, scope, True)
            b = self.operand(t2, d, scope)
            if r.random() < 0.4:
                a, b = b, a
            return bin_(r.choice(CMPS), a, b)
        if k == 'ccmp':
            return bin_(r.choice(CMPS), self.const_expr(r.randint(-5, 5)),
                        self.const_expr(r.randint(-5, 5)))
        if k == 'logic':
            return bin_(r.choice(['&&', '||']), self.gen(U1, d, scope, typed),
                        self.operand(U1, d, scope))
        raise ValueError(k)

    def shift(self, t, d, scope, typed):
        r = self.rng
        op = r.choice(['<<', '>>'])
        a = self.gen(t, d, scope, typed)
        c = r.random()
        if c < 0.45:
            amt = lit(r.choice([0, 1, 2, 3, t[1] - 1, t[1], t[1] + 1, 63, 64, 65, 100,
                                r.randint(0, t[1] + 2)]))
            amt = self.const_expr(max(amt.a[0], 0))
        else:
            st = r.choice([(False, 3), (True, 4), (False, 4), (True, 3), (False, 8),
                           (True, 8), (False, 5), (True, 6), self.rtype()])
            if st[1] < 2:
                st = (False, 1)
            e = self.gen(st, d, scope, True)
            if r.random() < 0.3 and not st[0]:
                e = bin_('&', e, lit(min(tmax(st), r.choice([7, 15, 31]))))
            amt = e
        return bin_(op, a, amt)

    def reduction(self, t, d, scope, typed):
        r = self.rng
        kind = r.choice(['sum', 'sum', 'maximum', 'minimum'])
        nv = 1 if r.random() < 0.7 else 2
        ranges = []
        total = 1
        for _ in range(nv):
            lo = r.randint(-2, 1)
            w = r.randint(1, 4 if nv == 1 else 3)
            name = 'r%d' % self.nred
            self.nred += 1
            ranges.append((name, lo, lo + w))
            total *= w
        saved = (dict(scope.env), list(scope.rvars))
        for name, lo, hi in ranges:
            scope.env[name] = (lo, hi - 1)
            scope.rvars.append(name)
        body = self.gen(t, d, scope, typed)
        scope.env, scope.rvars = saved
        return red(kind, ranges, body)

    # -- program
    def generate(self):
        r = self.rng
        ndim = r.choice([1, 2, 2, 3])
        nout = r.choice([1, 1, 2, 3])
        outs = []
        for i in range(nout):
            nd = ndim if r.random() < 0.8 else r.randint(1, 3)
            f = self.new_func(self.rtype(), nd)
            if nd == 3:
                ext = [r.randint(1, 4), r.randint(1, 10), r.randint(1, 10)]
            else:
                ext = [r.randint(1, 12) for _ in range(nd)]
            f.out_ext = ext
            f.box = [[0, e - 1] for e in ext]
            outs.append(f)
        if self.hi_dim:
            nd = self.r2.randint(4, 8)
            f = self.new_func(self.rtype(), nd)
            f.out_ext = [self.r2.randint(1, 2) for _ in range(nd)]
            f.box = [[0, e - 1] for e in f.out_ext]
            outs.append(f)
        if r.random() < 0.1 and not self.bad:
            f = self.new_func(self.rtype(), ndim)
            f.box = [[0, r.randint(0, 5)] for _ in range(ndim)]
        while self.pending:
            name = self.pending.pop(r.randrange(len(self.pending)))
            f = self.funcs[name]
            scope = Scope(f)
            f.body = self.gen(f.type, self.max_depth, scope, r.random() >= self.poly_rate)
            self.generated.append(name)
        if self.bad:
            self.shrink_input()
        return self

    def live_reads(self):
        """Recomputes, over the funcs that the outputs really need, the
        domains (bounding boxes) and the interval of every input index:
        {input: [[(lo, hi) per dim] per access]}.  (Subtrees dropped during
        generation may have left dead funcs and stale boxes behind.)"""
        boxes = {n: [(0, e - 1) for e in f.out_ext]
                 for n, f in self.funcs.items() if f.out_ext is not None}
        reads = {}

        def visit(n, env):
            name = n.a[0]
            if name in self.inputs:
                reads.setdefault(name, []).append([exact(a, env) for a in n.a[1]])
            elif name in self.funcs:
                # exact, not ival: min/max of two index expressions (and
                # % of a compound) can make intervals wider than the box
                iv = [exact(a, env) for a in n.a[1]]
                old = boxes.get(name)
                boxes[name] = iv if old is None else [
                    (min(a[0], b[0]), max(a[1], b[1])) for a, b in zip(old, iv)]
        for name in self.generated:
            if name in boxes:
                f = self.funcs[name]
                walk(f.body, dict(zip(f.vars, boxes[name])), visit)
        return reads

    def shrink_input(self):
        """Makes one input one element too short for its farthest read, so
        that the program must be rejected.  self.bad becomes its name, or
        None if no input can be shrunk."""
        self.reads = self.live_reads()
        cands = []
        for n in self.in_order:
            t, ext = self.inputs[n]
            for dim in range(len(ext) if n in self.reads else 0):
                top = max(iv[dim][1] for iv in self.reads[n])
                if top >= 1:
                    cands.append((n, dim, top))
        self.bad = None
        if cands:
            n, dim, top = self.rng.choice(cands)
            self.inputs[n][1][dim] = top
            self.bad = n

    def npy_files(self):
        """{file name: (descr, shape, values)} for the consts kept in files."""
        return dict(self.files)

    def emit(self):
        r = self.rng
        pr = Printer(r)
        lines = ['# generated by tests/diff/gen.py']
        self.files = {}
        for n in self.in_order:
            t, ext = self.inputs[n]
            lines.append('input %s : %s%s;' % (n, tname(t), ''.join('[%d]' % e for e in ext)))
        for n in self.c_order:
            t, ext, vals = self.consts[n]
            dims = ''.join('[%d]' % e for e in ext)
            if self.file_consts and len(vals) > 8 and r.random() < 0.5:
                fn = n + '.npy'
                descr = npyio.dtype_for(*t)
                if r.random() < 0.3:
                    descr = '<i8' if t[1] < 64 or t[0] else '<u8'
                self.files[fn] = (descr, tuple(ext), vals)
                lines.append('const %s : %s%s = file("%s");' % (n, tname(t), dims, fn))
            else:
                hx = r.random() < 0.2
                lines.append('const %s : %s%s = {%s};' % (
                    n, tname(t), dims, ', '.join(hexs(v, 'x') if hx and v >= 0 else str(v)
                                                 for v in vals)))
        for n in reversed(self.generated):
            f = self.funcs[n]
            lines.append('func %s(%s) : %s = %s;' % (n, ', '.join(f.vars), tname(f.type),
                                                    pr.p(f.body)))
            if f.out_ext is not None:
                lines.append('output %s%s;' % (n, ''.join('[%d]' % e for e in f.out_ext)))
            elif r.random() < 0.3:
                lines.append('inline %s;' % n)
        return self.noise(lines)

    def noise(self, lines):
        """Comments and odd whitespace, which must not change anything."""
        r = self.rng
        if r.random() < 0.7:
            return '\n'.join(lines) + '\n'
        out = []
        for ln in lines:
            if r.random() < 0.2:
                out.append('# comment: func f(x) : u8 = 1; ' + ln[:10])
            if r.random() < 0.3:
                ln = ln.replace(' = ', ' =\n\t ', 1)
            if r.random() < 0.3:
                ln = ln + '  # trailing ; comment'
            out.append(ln)
        return '\n'.join(out) + '\n'


def generate(seed, file_consts=False):
    """Returns (program text, {file name: (descr, shape, values)})."""
    g = Gen(seed, file_consts).generate()
    text = g.emit()
    return text, g.files


def generate_bad(seed):
    """Returns (program text with an input read one past its end, the input's
    name), or None when the program has no input that can be shrunk."""
    g = Gen(seed, False, True).generate()
    if g.bad is None:
        return None
    return g.emit(), g.bad


def main(argv):
    if len(argv) < 2:
        sys.stderr.write('usage: gen.py SEED [--out DIR]\n')
        return 2
    seed = int(argv[1])
    if len(argv) >= 4 and argv[2] == '--out':
        d = argv[3]
        os.makedirs(d, exist_ok=True)
        text, files = generate(seed, True)
        for fn, arr in files.items():
            npyio.write(os.path.join(d, fn), *arr)
        with open(os.path.join(d, 'prog.sl'), 'w') as f:
            f.write(text)
    else:
        sys.stdout.write(generate(seed)[0])
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
