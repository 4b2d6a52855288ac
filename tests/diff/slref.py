#!/usr/bin/env python3
# slref: an independent reference interpreter for the sluice language v0,
# written from /work/shared/spec/language.md alone (not from the C front end).
#
# Part of the differential test (tests/diff/): it parses and types a program,
# then evaluates every output lazily, point by point, with memoisation.
#   python3 slref.py PROG.sl --input NAME=FILE.npy ... -o DIR
# writes DIR/OUT.npy for every output.  A program it considers invalid (or an
# out-of-bounds read of an input or const) exits with code 3 and one line.
import itertools
import os
import re
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import npyio  # noqa: E402


class SlError(Exception):
    pass


# ---------------------------------------------------------------- types
# A type is a pair (signed, width).
I32 = (True, 32)
U1 = (False, 1)

KEYWORDS = {'input', 'const', 'func', 'output', 'inline', 'unroll', 'sum',
            'maximum', 'minimum', 'min', 'max', 'abs', 'clamp', 'select'}
_TYPE_RE = re.compile(r'([ui])([1-9][0-9]*)$')


def type_of_name(s):
    m = _TYPE_RE.match(s)
    if not m:
        return None
    n = int(m.group(2))
    if m.group(1) == 'u' and 1 <= n <= 64:
        return (False, n)
    if m.group(1) == 'i' and 2 <= n <= 64:
        return (True, n)
    return None


def is_reserved(s):
    return s in KEYWORDS or type_of_name(s) is not None


def tname(t):
    return ('i' if t[0] else 'u') + str(t[1])


def tmin(t):
    return -(1 << (t[1] - 1)) if t[0] else 0


def tmax(t):
    return (1 << (t[1] - 1)) - 1 if t[0] else (1 << t[1]) - 1


def fits(v, t):
    return tmin(t) <= v <= tmax(t)


def wrapper(t):
    """Function reducing a mathematical integer modulo 2^N into type t."""
    mask = (1 << t[1]) - 1
    if t[0]:
        half = 1 << (t[1] - 1)
        return lambda v: ((v + half) & mask) - half
    return lambda v: v & mask


def wrap(v, t):
    return wrapper(t)(v)


# ---------------------------------------------------------------- lexer
_TOKEN_RE = re.compile(r'''
  (?P<ws>[ \t\r\n]+|\#[^\n]*)
| (?P<hex>0[xX][0-9A-Fa-f]+)
| (?P<dec>[0-9]+)
| (?P<id>[A-Za-z_][A-Za-z0-9_]*)
| (?P<str>"[^"\n]*")
| (?P<op>\.\.|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%<>&|^~!?:;,=()\[\]{}])
''', re.X)


def lex(text):
    toks = []
    pos = 0
    line = 1
    while pos < len(text):
        m = _TOKEN_RE.match(text, pos)
        if not m:
            raise SlError('line %d: bad character %r' % (line, text[pos]))
        kind = m.lastgroup
        s = m.group(kind)
        if kind == 'dec':
            if len(s) > 1 and s[0] == '0':
                raise SlError('line %d: leading zero in %s' % (line, s))
            toks.append(('int', int(s), line))
        elif kind == 'hex':
            toks.append(('int', int(s, 16), line))
        elif kind == 'id':
            toks.append(('id', s, line))
        elif kind == 'str':
            toks.append(('str', s[1:-1], line))
        elif kind == 'op':
            toks.append(('op', s, line))
        line += s.count('\n')
        pos = m.end()
    toks.append(('eof', None, line))
    return toks


# ---------------------------------------------------------------- parser
# Expressions are tuples:
#   ('int', v) ('name', s) ('acc', s, [args]) ('cast', type, e)
#   ('call', fn, [args]) ('un', op, e) ('bin', op, a, b) ('?:', c, a, b)
#   ('red', kind, [(var, lo, hi)], body)
_LEVELS = [['||'], ['&&'], ['|'], ['^'], ['&'], ['==', '!='],
           ['<', '<=', '>', '>='], ['<<', '>>'], ['+', '-'], ['*', '/', '%']]
_BUILTIN_ARITY = {'min': 2, 'max': 2, 'abs': 1, 'clamp': 3, 'select': 3}


class Parser:
    def __init__(self, toks):
        self.toks = toks
        self.i = 0

    def peek(self, k=0):
        return self.toks[self.i + k]

    def next(self):
        t = self.toks[self.i]
        self.i += 1
        return t

    def err(self, msg):
        raise SlError('line %d: %s' % (self.peek()[2], msg))

    def at(self, s):
        t = self.peek()
        return t[0] == 'op' and t[1] == s

    def accept(self, s):
        if self.at(s):
            self.i += 1
            return True
        return False

    def expect(self, s):
        if not self.accept(s):
            self.err('expected %r, found %r' % (s, self.peek()[1]))

    def ident(self):
        t = self.next()
        if t[0] != 'id':
            self.i -= 1
            self.err('expected a name, found %r' % (t[1],))
        return t[1]

    def name(self):
        s = self.ident()
        if s == 'unroll':
            self.err("'unroll' is reserved for a later version")
        if is_reserved(s):
            self.err('%r is a reserved word' % s)
        return s

    def intlit(self):
        t = self.next()
        if t[0] != 'int':
            self.i -= 1
            self.err('expected an integer literal')
        return t[1]

    # expressions
    def expr(self):
        c = self.binary(0)
        if self.accept('?'):
            a = self.expr()
            self.expect(':')
            b = self.expr()
            return ('?:', c, a, b)
        return c

    def binary(self, lvl):
        if lvl == len(_LEVELS):
            return self.unary()
        lhs = self.binary(lvl + 1)
        while self.peek()[0] == 'op' and self.peek()[1] in _LEVELS[lvl]:
            op = self.next()[1]
            rhs = self.binary(lvl + 1)
            lhs = ('bin', op, lhs, rhs)
        return lhs

    def unary(self):
        t = self.peek()
        if t[0] == 'op' and t[1] in ('-', '~', '!'):
            self.i += 1
            return ('un', t[1], self.unary())
        return self.primary()

    def args(self):
        self.expect('(')
        out = [self.expr()]
        while self.accept(','):
            out.append(self.expr())
        self.expect(')')
        return out

    def primary(self):
        t = self.next()
        if t[0] == 'int':
            return ('int', t[1])
        if t[0] == 'op' and t[1] == '(':
            e = self.expr()
            self.expect(')')
            return e
        if t[0] != 'id':
            self.i -= 1
            self.err('expected an expression, found %r' % (t[1],))
        s = t[1]
        ty = type_of_name(s)
        if ty is not None:
            a = self.args()
            if len(a) != 1:
                self.err('a cast takes one argument')
            return ('cast', ty, a[0])
        if s in _BUILTIN_ARITY:
            a = self.args()
            if len(a) != _BUILTIN_ARITY[s]:
                self.err('%s takes %d arguments' % (s, _BUILTIN_ARITY[s]))
            return ('call', s, a)
        if s in ('sum', 'maximum', 'minimum'):
            return self.reduction(s)
        if s == 'unroll':
            self.err("'unroll' is reserved for a later version")
        if s in KEYWORDS:
            self.err('unexpected %r' % s)
        if self.at('('):
            return ('acc', s, self.args())
        return ('name', s)

    def reduction(self, kind):
        self.expect('(')
        ranges = []
        while True:
            v = self.name()
            if self.ident() != 'in':
                self.err("expected 'in'")
            lo = self.expr()
            self.expect('..')
            hi = self.expr()
            ranges.append((v, lo, hi))
            if not self.accept(','):
                break
        self.expect(')')
        body = self.expr()
        return ('red', kind, ranges, body)

    # declarations
    def extents(self):
        ext = []
        while self.accept('['):
            e = self.intlit()
            if e <= 0:
                self.err('extent must be positive')
            ext.append(e)
            self.expect(']')
        return ext

    def signed_int(self):
        neg = self.accept('-')
        v = self.intlit()
        return -v if neg else v

    def typename(self):
        s = self.ident()
        t = type_of_name(s)
        if t is None:
            self.i -= 1
            self.err('expected a type, found %r' % s)
        return t

    def program(self):
        decls = []
        while self.peek()[0] != 'eof':
            kw = self.ident()
            if kw == 'input':
                n = self.name()
                self.expect(':')
                t = self.typename()
                decls.append(('input', n, t, self.extents()))
            elif kw == 'const':
                n = self.name()
                self.expect(':')
                t = self.typename()
                ext = self.extents()
                self.expect('=')
                if self.accept('{'):
                    vals = [self.signed_int()]
                    while self.accept(','):
                        vals.append(self.signed_int())
                    self.expect('}')
                    decls.append(('const', n, t, ext, ('list', vals)))
                else:
                    if self.ident() != 'file':
                        self.err("expected '{' or file(...)")
                    self.expect('(')
                    s = self.next()
                    if s[0] != 'str':
                        self.err('expected a string')
                    self.expect(')')
                    decls.append(('const', n, t, ext, ('file', s[1])))
            elif kw == 'func':
                n = self.name()
                self.expect('(')
                vs = [self.name()]
                while self.accept(','):
                    vs.append(self.name())
                self.expect(')')
                self.expect(':')
                t = self.typename()
                self.expect('=')
                decls.append(('func', n, vs, t, self.expr()))
            elif kw == 'output':
                n = self.ident()
                decls.append(('output', n, self.extents()))
            elif kw == 'inline':
                decls.append(('inline', self.ident()))
            else:
                self.i -= 1
                self.err('expected a declaration, found %r' % kw)
            self.expect(';')
        return decls


# ---------------------------------------------------------------- folding
LIM_LO, LIM_HI = -(1 << 63), 1 << 64


def is_const(e):
    """A constant expression: literals and operators only.  `?:` is an
    operator (it has a precedence level), and select(c, a, b) is defined as
    c ? a : b, so both count (docs/language.md, "Constants and typing");
    min, max, abs and clamp are not operators."""
    k = e[0]
    if k == 'int':
        return True
    if k == 'un':
        return is_const(e[2])
    if k == 'bin':
        return is_const(e[2]) and is_const(e[3])
    if k == '?:':
        return all(is_const(x) for x in e[1:])
    if k == 'call' and e[1] == 'select':
        return all(is_const(x) for x in e[2])
    return False


def is_cast_const(e):
    """The operand of a cast that folds exactly: literals, operators and
    min, max, abs, clamp and select of them (docs/language.md, "Constants
    and typing": u8(min(300, 5)) is 5)."""
    k = e[0]
    if k == 'call':
        return all(is_cast_const(x) for x in e[2])
    if k == 'un':
        return is_cast_const(e[2])
    if k == 'bin':
        return is_cast_const(e[2]) and is_cast_const(e[3])
    if k == '?:':
        return all(is_cast_const(x) for x in e[1:])
    return k == 'int'


def tdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def fold(e, index=False):
    """Exact value of a constant expression, as a mathematical integer.
    index: the expression is (part of) an index, where / and % are floor
    division and a non-negative remainder by a positive divisor (spec,
    "Accesses and index expressions"); elsewhere / truncates toward zero
    and % takes the dividend's sign ("Typing and arithmetic")."""
    k = e[0]
    if k == 'int':
        v = e[1]
    elif k == 'call' and e[1] != 'select':
        a = [fold(x, index) for x in e[2]]
        v = {'min': lambda: min(a), 'max': lambda: max(a), 'abs': lambda: abs(a[0]),
             'clamp': lambda: min(max(a[0], a[1]), a[2])}[e[1]]()
    elif k in ('?:', 'call'):
        c, a, b = e[1:] if k == '?:' else e[2]
        cv = fold(c, index)
        if cv not in (0, 1):
            raise SlError('the condition of a constant ?: must be 0 or 1')
        v = fold(a if cv else b, index)
    elif k == 'un':
        a = fold(e[2], index)
        v = {'-': -a, '~': ~a, '!': int(a == 0)}[e[1]]
    else:
        op, a, b = e[1], fold(e[2], index), fold(e[3], index)
        if op in ('/', '%') and index:
            if b <= 0:
                raise SlError('an index divisor must be positive')
            v = a // b if op == '/' else a % b
        elif op in ('/', '%'):
            if b == 0:
                raise SlError('constant division by zero')
            q = tdiv(a, b)
            v = q if op == '/' else a - q * b
        elif op in ('<<', '>>'):
            if b < 0:
                raise SlError('negative shift amount')
            if op == '>>':
                v = a >> min(b, 1000)
            elif a == 0:
                v = 0
            elif b > 200:
                raise SlError('constant out of range')
            else:
                v = a << b
        else:
            v = {'+': a + b, '-': a - b, '*': a * b, '&': a & b, '|': a | b,
                 '^': a ^ b, '==': int(a == b), '!=': int(a != b),
                 '<': int(a < b), '<=': int(a <= b), '>': int(a > b),
                 '>=': int(a >= b), '&&': int(a != 0 and b != 0),
                 '||': int(a != 0 or b != 0)}[op]
    if not LIM_LO <= v < LIM_HI:
        raise SlError('constant expression leaves [-2^63, 2^64)')
    return v


# ---------------------------------------------------------------- program
class Decl:
    def __init__(self, kind, name, typ, extents=None):
        self.kind = kind
        self.name = name
        self.type = typ
        self.extents = extents
        self.data = None       # flat list for inputs and consts
        self.vars = None       # func variables
        self.body = None       # func body closure
        self.nslots = 0
        self.memo = None


class NotIndex(Exception):
    pass


class OOB(SlError):
    pass


ARITH = {'+', '-', '*', '&', '|', '^'}
CMP = {'==', '!=', '<', '<=', '>', '>='}


class Program:
    def __init__(self, text, base_dir='.'):
        self.base_dir = base_dir
        self.decls = {}
        self.order = []
        self.outputs = []
        self.inlines = set()
        raw = Parser(lex(text)).program()
        self.all_names = set(d[1] for d in raw)
        for d in raw:
            self.declare(d)
        if not self.outputs:
            raise SlError('a program needs at least one output')

    # -- declarations
    def new_name(self, n):
        if n in self.decls:
            raise SlError('%r declared twice' % n)

    def declare(self, d):
        kind = d[0]
        if kind == 'input':
            self.new_name(d[1])
            self.decls[d[1]] = Decl('input', d[1], d[2], d[3])
            if not d[3]:
                raise SlError('input %s needs extents' % d[1])
        elif kind == 'const':
            self.new_name(d[1])
            self.decls[d[1]] = self.make_const(d)
        elif kind == 'func':
            self.new_name(d[1])
            self.decls[d[1]] = self.make_func(d)
        elif kind == 'output':
            f = self.decls.get(d[1])
            if f is None or f.kind != 'func':
                raise SlError('output %s does not name a declared func' % d[1])
            if len(d[2]) != len(f.vars):
                raise SlError('output %s: wrong number of extents' % d[1])
            if any(o[0] == d[1] for o in self.outputs):
                raise SlError('output %s declared twice' % d[1])
            if d[1] in self.inlines:
                raise SlError('output %s is inlined' % d[1])
            self.outputs.append((d[1], d[2]))
            return
        elif kind == 'inline':
            f = self.decls.get(d[1])
            if f is None or f.kind != 'func':
                raise SlError('inline %s does not name a declared func' % d[1])
            if any(o[0] == d[1] for o in self.outputs):
                raise SlError('output %s is inlined' % d[1])
            self.inlines.add(d[1])
            return
        self.order.append(d[1])

    def make_const(self, d):
        c = Decl('const', d[1], d[2], d[3])
        count = 1
        for e in d[3]:
            count *= e
        if d[4][0] == 'list':
            vals = d[4][1]
        else:
            path = os.path.join(self.base_dir, d[4][1])
            try:
                descr, shape, fort, vals = npyio.read(path)
            except (OSError, npyio.NpyError, ValueError, SyntaxError) as ex:
                raise SlError('const %s: cannot read %s: %s' % (d[1], path, ex))
            if fort or list(shape) != list(d[3]):
                raise SlError('const %s: %s has shape %s' % (d[1], path, shape))
        if len(vals) != count:
            raise SlError('const %s: %d values for %d elements'
                          % (d[1], len(vals), count))
        for v in vals:
            if not fits(v, d[2]):
                raise SlError('const %s: value %d does not fit %s'
                              % (d[1], v, tname(d[2])))
        c.data = list(vals)
        return c

    def make_func(self, d):
        _, name, vs, t, body = d
        f = Decl('func', name, t)
        if len(set(vs)) != len(vs):
            raise SlError('func %s: repeated variable' % name)
        for v in vs:
            if v in self.all_names:
                raise SlError('func %s: variable %s shadows a declaration'
                              % (name, v))
        f.vars = vs
        scope = {v: i for i, v in enumerate(vs)}
        self.nslots = len(vs)
        f.body = self.val(body, t, scope)
        f.nslots = self.nslots
        f.memo = {}
        return f

    # -- typing
    def lookup(self, n):
        d = self.decls.get(n)
        if d is None:
            raise SlError('%r is not declared (before its use)' % n)
        return d

    def syn(self, e, scope):
        """The type an expression has of its own, or None if it needs context."""
        if is_const(e):
            return None
        k = e[0]
        if k == 'name':
            if e[1] not in scope:
                raise SlError('%r is not a variable in scope' % e[1])
            return I32
        if k == 'acc':
            return self.lookup(e[1]).type
        if k == 'cast':
            return e[1]
        if k == 'un':
            return U1 if e[1] == '!' else self.syn(e[2], scope)
        if k == 'bin':
            op = e[1]
            if op in CMP or op in ('&&', '||'):
                return U1
            if op in ('<<', '>>', '/', '%'):
                return self.syn(e[2], scope)
            return self.syn(e[2], scope) or self.syn(e[3], scope)
        if k == '?:':
            return self.syn(e[2], scope) or self.syn(e[3], scope)
        if k == 'call':
            fn, a = e[1], e[2]
            if fn == 'abs':
                t = self.syn(a[0], scope)
                return None if t is None else (False, t[1])
            if fn == 'select':
                a = a[1:]
            for x in a:
                t = self.syn(x, scope)
                if t is not None:
                    return t
            return None
        if k == 'red':
            scope2 = dict(scope)
            for v, _, _ in e[2]:
                scope2[v] = -1
            return self.syn(e[3], scope2)
        raise SlError('bad expression')

    def val(self, e, t, scope):
        """Closure env -> value of type t (canonical Python int)."""
        if t is None:
            raise SlError('cannot tell the type of an expression (needs a cast)')
        own = self.syn(e, scope)
        if own is not None and own != t:
            raise SlError('type mismatch: %s where %s is needed'
                          % (tname(own), tname(t)))
        if is_const(e):
            v = fold(e)
            if not fits(v, t):
                raise SlError('constant %d does not fit %s' % (v, tname(t)))
            return lambda env: v
        k = e[0]
        if k == 'name':
            slot = scope[e[1]]
            w = wrapper(I32)
            return lambda env: w(env[slot])
        if k == 'acc':
            return self.access(e, scope)
        if k == 'cast':
            return self.cast(e, scope)
        if k == 'un':
            return self.unop(e, t, scope)
        if k == 'bin':
            return self.binop(e, t, scope)
        if k == '?:':
            c = self.val(e[1], U1, scope)
            a = self.val(e[2], t, scope)
            b = self.val(e[3], t, scope)
            return lambda env: a(env) if c(env) else b(env)
        if k == 'call':
            return self.call(e, t, scope)
        if k == 'red':
            return self.reduction(e, t, scope)
        raise SlError('bad expression')

    def cast(self, e, scope):
        w = wrapper(e[1])
        if is_cast_const(e[2]):
            v = w(fold(e[2]))
            return lambda env: v
        f = self.val(e[2], self.syn(e[2], scope), scope)
        return lambda env: w(f(env))

    def unop(self, e, t, scope):
        op = e[1]
        if op == '!':
            if t != U1:
                raise SlError('! gives u1')
            f = self.val(e[2], U1, scope)
            return lambda env: 1 - f(env)
        f = self.val(e[2], t, scope)
        w = wrapper(t)
        if op == '-':
            return lambda env: w(-f(env))
        return lambda env: w(~f(env))

    def binop(self, e, t, scope):
        op, a, b = e[1], e[2], e[3]
        w = wrapper(t)
        if op in ARITH:
            fa, fb = self.val(a, t, scope), self.val(b, t, scope)
            if op == '+':
                return lambda env: w(fa(env) + fb(env))
            if op == '-':
                return lambda env: w(fa(env) - fb(env))
            if op == '*':
                return lambda env: w(fa(env) * fb(env))
            if op == '&':
                return lambda env: fa(env) & fb(env)
            if op == '|':
                return lambda env: fa(env) | fb(env)
            return lambda env: fa(env) ^ fb(env)
        if op in ('/', '%'):
            return self.divmod(op, a, b, t, scope)
        if op in ('<<', '>>'):
            return self.shift(op, a, b, t, scope)
        if op in CMP:
            if t != U1:
                raise SlError('a comparison gives u1')
            ot = self.syn(a, scope) or self.syn(b, scope)
            if ot is None:
                raise SlError('comparison of untyped operands')
            fa, fb = self.val(a, ot, scope), self.val(b, ot, scope)
            fn = {'==': lambda x, y: x == y, '!=': lambda x, y: x != y,
                  '<': lambda x, y: x < y, '<=': lambda x, y: x <= y,
                  '>': lambda x, y: x > y, '>=': lambda x, y: x >= y}[op]
            return lambda env: int(fn(fa(env), fb(env)))
        if op in ('&&', '||'):
            if t != U1:
                raise SlError('&& and || give u1')
            fa, fb = self.val(a, U1, scope), self.val(b, U1, scope)
            if op == '&&':
                return lambda env: fa(env) & fb(env)
            return lambda env: fa(env) | fb(env)
        raise SlError('bad operator %s' % op)

    def divmod(self, op, a, b, t, scope):
        if not is_const(b):
            raise SlError('/ and %% need a constant divisor')
        d = fold(b)
        if d == 0:
            raise SlError('division by zero')
        if not fits(d, t):
            raise SlError('divisor %d does not fit %s' % (d, tname(t)))
        fa = self.val(a, t, scope)
        w = wrapper(t)
        if op == '/':
            return lambda env: w(tdiv(fa(env), d))
        return lambda env: (lambda x: x - tdiv(x, d) * d)(fa(env))

    def shift(self, op, a, b, t, scope):
        fa = self.val(a, t, scope)
        n = t[1]
        w = wrapper(t)
        if is_const(b):
            amt = fold(b)
            if amt < 0:
                raise SlError('negative shift amount')
            fb = lambda env: amt
        else:
            bt = self.syn(b, scope)
            if bt is None:
                raise SlError('shift amount has no type')
            fv = self.val(b, bt, scope)
            mask = (1 << bt[1]) - 1
            fb = lambda env: fv(env) & mask
        if op == '<<':
            return lambda env: (lambda s: w(fa(env) << s) if s < n else 0)(fb(env))
        if t[0]:
            return lambda env: fa(env) >> min(fb(env), n)
        return lambda env: (lambda s: fa(env) >> s if s < n else 0)(fb(env))

    def call(self, e, t, scope):
        fn, args = e[1], e[2]
        if fn == 'abs':
            at = self.syn(args[0], scope)
            if at is None:
                raise SlError('abs of an untyped operand')
            if (False, at[1]) != t:
                raise SlError('abs type mismatch')
            f = self.val(args[0], at, scope)
            return lambda env: abs(f(env))
        if fn == 'select':
            c = self.val(args[0], U1, scope)
            a = self.val(args[1], t, scope)
            b = self.val(args[2], t, scope)
            return lambda env: a(env) if c(env) else b(env)
        fs = [self.val(x, t, scope) for x in args]
        if fn == 'min':
            return lambda env: min(fs[0](env), fs[1](env))
        if fn == 'max':
            return lambda env: max(fs[0](env), fs[1](env))
        return lambda env: min(max(fs[0](env), fs[1](env)), fs[2](env))

    def reduction(self, e, t, scope):
        kind, ranges, body = e[1], e[2], e[3]
        scope2 = dict(scope)
        slots, rngs = [], []
        for v, lo, hi in ranges:
            if v in scope2 or v in self.all_names or is_reserved(v):
                raise SlError('reduction variable %s shadows a name' % v)
            if not (is_const(lo) and is_const(hi)):
                raise SlError('reduction bounds must be constants')
            lo, hi = fold(lo), fold(hi)
            if hi <= lo:
                raise SlError('empty reduction range')
            scope2[v] = self.nslots
            slots.append(self.nslots)
            self.nslots += 1
            rngs.append(range(lo, hi))
        f = self.val(body, t, scope2)
        w = wrapper(t)
        init = {'sum': 0, 'maximum': tmin(t), 'minimum': tmax(t)}[kind]

        def run(env):
            acc = init
            for pt in itertools.product(*rngs):
                for s, v in zip(slots, pt):
                    env[s] = v
                x = f(env)
                if kind == 'sum':
                    acc = w(acc + x)
                elif kind == 'maximum':
                    acc = x if x > acc else acc
                else:
                    acc = x if x < acc else acc
            return acc
        return run

    # -- index expressions (mathematical integers)
    def idx(self, e, scope):
        if is_const(e):
            v = fold(e, index=True)
            return lambda env: v
        k = e[0]
        if k == 'name':
            if e[1] not in scope:
                raise NotIndex()
            slot = scope[e[1]]
            return lambda env: env[slot]
        if k == 'un' and e[1] == '-':
            f = self.idx(e[2], scope)
            return lambda env: -f(env)
        if k == 'bin':
            op, a, b = e[1], e[2], e[3]
            if op in ('+', '-'):
                fa, fb = self.idx(a, scope), self.idx(b, scope)
                if op == '+':
                    return lambda env: fa(env) + fb(env)
                return lambda env: fa(env) - fb(env)
            if op == '*':
                if is_const(a):
                    a, b = b, a
                if not is_const(b):
                    raise NotIndex()
                c = fold(b, index=True)
                fa = self.idx(a, scope)
                return lambda env: fa(env) * c
            if op in ('/', '%'):
                if not is_const(b):
                    raise NotIndex()
                c = fold(b, index=True)
                if c <= 0:
                    raise SlError('an index divisor must be positive')
                fa = self.idx(a, scope)
                if op == '/':
                    return lambda env: fa(env) // c
                return lambda env: fa(env) % c
            raise NotIndex()
        if k == 'call' and e[1] in ('min', 'max', 'clamp'):
            fs = [self.idx(x, scope) for x in e[2]]
            if e[1] == 'min':
                return lambda env: min(fs[0](env), fs[1](env))
            if e[1] == 'max':
                return lambda env: max(fs[0](env), fs[1](env))
            return lambda env: min(max(fs[0](env), fs[1](env)), fs[2](env))
        raise NotIndex()

    def access(self, e, scope):
        d = self.lookup(e[1])
        args = e[2]
        ndim = len(d.vars) if d.kind == 'func' else len(d.extents)
        if len(args) != ndim:
            raise SlError('%s takes %d indices' % (d.name, ndim))
        fs = []
        for i, a in enumerate(args):
            try:
                fs.append(self.idx(a, scope))
            except NotIndex:
                if d.kind != 'const':
                    raise SlError('argument %d of %s is not an index expression'
                                  % (i + 1, d.name))
                at = self.syn(a, scope)
                if at is None or at[0]:
                    raise SlError('table index of %s must be unsigned' % d.name)
                if d.extents[i] < (1 << at[1]):
                    raise SlError('table %s too small for a %s index'
                                  % (d.name, tname(at)))
                fs.append(self.val(a, at, scope))
        if d.kind == 'func':
            prog = self
            if len(fs) == 1:
                f0 = fs[0]
                return lambda env: prog.eval_func(d, (f0(env),))
            return lambda env: prog.eval_func(d, tuple(f(env) for f in fs))
        ext, name = d.extents, d.name

        def read(env):
            data = d.data
            pos = 0
            for f, n in zip(fs, ext):
                i = f(env)
                if not 0 <= i < n:
                    raise OOB('%s read out of bounds at index %d (extent %d)'
                              % (name, i, n))
                pos = pos * n + i
            return data[pos]
        return read

    # -- evaluation
    def eval_func(self, f, pt):
        v = f.memo.get(pt)
        if v is None:
            env = list(pt) + [0] * (f.nslots - len(pt))
            v = f.body(env)
            f.memo[pt] = v
        return v

    def input_names(self):
        return [n for n in self.order if self.decls[n].kind == 'input']

    def set_input(self, name, descr, shape, vals):
        d = self.decls.get(name)
        if d is None or d.kind != 'input':
            raise SlError('%s is not an input' % name)
        if list(shape) != list(d.extents):
            raise SlError('input %s: shape %s, declared %s'
                          % (name, shape, d.extents))
        for v in vals:
            if not fits(v, d.type):
                raise SlError('input %s: value %d does not fit %s'
                              % (name, v, tname(d.type)))
        d.data = list(vals)

    def run(self):
        """Returns {output: (descr, shape, values)}."""
        for n in self.input_names():
            if self.decls[n].data is None:
                raise SlError('input %s not given' % n)
        res = {}
        for name, ext in self.outputs:
            f = self.decls[name]
            vals = [self.eval_func(f, pt)
                    for pt in itertools.product(*[range(e) for e in ext])]
            res[name] = (npyio.dtype_for(*f.type), tuple(ext), vals)
        return res


def run_file(path, inputs):
    """inputs: {name: npy path}.  Returns {output: (descr, shape, values)}."""
    with open(path) as fh:
        text = fh.read()
    prog = Program(text, os.path.dirname(os.path.abspath(path)))
    for name, fpath in inputs.items():
        descr, shape, fort, vals = npyio.read(fpath)
        prog.set_input(name, descr, shape, vals)
    return prog.run()


def in_big_stack(fn):
    """Runs fn() in a thread with a large stack; returns or re-raises."""
    sys.setrecursionlimit(1000000)
    threading.stack_size(512 * 1024 * 1024)
    box = {}

    def target():
        try:
            box['r'] = fn()
        except BaseException as ex:  # noqa: B902 - re-raised below
            box['e'] = ex
    th = threading.Thread(target=target)
    th.start()
    th.join()
    if 'e' in box:
        raise box['e']
    return box.get('r')


def main(argv):
    args = argv[1:]
    prog, inputs, outdir = None, {}, '.'
    i = 0
    while i < len(args):
        a = args[i]
        if a == '--input':
            n, _, p = args[i + 1].partition('=')
            inputs[n] = p
            i += 2
        elif a == '-o':
            outdir = args[i + 1]
            i += 2
        elif prog is None:
            prog = a
            i += 1
        else:
            sys.stderr.write('usage: slref.py PROG.sl [--input N=F]... [-o DIR]\n')
            return 2
    if prog is None:
        sys.stderr.write('usage: slref.py PROG.sl [--input N=F]... [-o DIR]\n')
        return 2
    try:
        res = in_big_stack(lambda: run_file(prog, inputs))
    except (SlError, npyio.NpyError, OSError) as ex:
        sys.stderr.write('slref: %s: %s\n' % (prog, ex))
        return 3
    os.makedirs(outdir, exist_ok=True)
    for name, (descr, shape, vals) in res.items():
        npyio.write(os.path.join(outdir, name + '.npy'), descr, shape, vals)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
