#!/usr/bin/env python3
# Self-tests of slref.py (the independent reference interpreter), with
# expected values computed by hand from the spec.  No dependency on sluice.
# Run: python3 tests/diff/test_slref.py   (ctest: t_diff_slref)
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import npyio  # noqa: E402
import slref  # noqa: E402

TMP = tempfile.mkdtemp(prefix='slref_test_')
COUNT = [0]


def run(src, inputs=None, files=None):
    """inputs: {name: (descr, shape, values)}.  Returns {out: (descr, shape, vals)}."""
    COUNT[0] += 1
    d = os.path.join(TMP, 'p%d' % COUNT[0])
    os.makedirs(d)
    for name, arr in (files or {}).items():
        npyio.write(os.path.join(d, name), *arr)
    paths = {}
    for name, arr in (inputs or {}).items():
        paths[name] = os.path.join(d, name + '.in.npy')
        npyio.write(paths[name], *arr)
    prog = os.path.join(d, 'prog.sl')
    with open(prog, 'w') as f:
        f.write(src)
    return slref.in_big_stack(lambda: slref.run_file(prog, paths))


def out(src, name, inputs=None, files=None):
    return run(src, inputs, files)[name][2]


def rejects(src, inputs=None):
    try:
        run(src, inputs)
    except slref.SlError:
        return True
    return False


def test_blur3():
    # u8 wraps: 30 + 2*40 + 250 = 360 -> 104, 104 >> 2 = 26.
    src = '''input in : u8[5];
func b(x) : u8 = (in(x) + 2 * in(x + 1) + in(x + 2)) >> 2;
output b[3];'''
    r = run(src, {'in': ('|u1', (5,), [10, 20, 30, 40, 250])})
    assert r['b'] == ('|u1', (3,), [20, 30, 26]), r


def test_u8_wrap():
    src = 'input a : u8[3];\nfunc f(x) : u8 = a(x) * 3 + 200;\noutput f[3];'
    # 200; 500 mod 256 = 244; 965 mod 256 = 197
    assert out(src, 'f', {'a': ('|u1', (3,), [0, 100, 255])}) == [200, 244, 197]


def test_i8_div_mod():
    a = {'a': ('|i1', (3,), [-128, 7, -7])}
    pre = 'input a : i8[3];\n'
    assert out(pre + 'func q(x) : i8 = a(x) / -1;\noutput q[3];', 'q', a) == [-128, -7, 7]
    assert out(pre + 'func q(x) : i8 = a(x) % -1;\noutput q[3];', 'q', a) == [0, 0, 0]
    assert out(pre + 'func q(x) : i8 = a(x) / 2;\noutput q[3];', 'q', a) == [-64, 3, -3]
    assert out(pre + 'func q(x) : i8 = a(x) % 2;\noutput q[3];', 'q', a) == [0, 1, -1]
    # -128 = -3 * 42 - 2;  7 = -3 * -2 + 1;  -7 = -3 * 2 - 1
    assert out(pre + 'func q(x) : i8 = a(x) % -3;\noutput q[3];', 'q', a) == [-2, 1, -1]
    assert out(pre + 'func q(x) : i8 = -a(x);\noutput q[3];', 'q', a) == [-128, -7, 7]


def test_unsigned_div():
    src = 'input a : u8[3];\nfunc q(x) : u8 = a(x) / 7 + a(x) % 7;\noutput q[3];'
    # 255: 36 + 3 = 39; 13: 1 + 6 = 7; 0: 0
    assert out(src, 'q', {'a': ('|u1', (3,), [255, 13, 0])}) == [39, 7, 0]


def test_shifts():
    u = {'a': ('|u1', (3,), [1, 128, 255])}
    pre = 'input a : u8[3];\n'
    assert out(pre + 'func f(x) : u8 = a(x) << 7;\noutput f[3];', 'f', u) == [128, 0, 128]
    assert out(pre + 'func f(x) : u8 = a(x) >> 8;\noutput f[3];', 'f', u) == [0, 0, 0]
    assert out(pre + 'func f(x) : u8 = a(x) << 9;\noutput f[3];', 'f', u) == [0, 0, 0]
    assert out(pre + 'func f(x) : u8 = a(x) >> 7;\noutput f[3];', 'f', u) == [0, 1, 1]
    s = {'b': ('|i1', (3,), [-128, 64, -1])}
    pre = 'input b : i8[3];\n'
    assert out(pre + 'func f(x) : i8 = b(x) >> 9;\noutput f[3];', 'f', s) == [-1, 0, -1]
    assert out(pre + 'func f(x) : i8 = b(x) >> 1;\noutput f[3];', 'f', s) == [-64, 32, -1]
    assert out(pre + 'func f(x) : i8 = b(x) << 1;\noutput f[3];', 'f', s) == [0, -128, -2]
    # data-dependent i4 amount: -1 reads as 15
    ins = {'c': ('<u2', (3,), [0x8001, 3, 1]), 's': ('|i1', (3,), [-1, 2, 7])}
    pre = 'input c : u16[3];\ninput s : i4[3];\n'
    assert out(pre + 'func f(x) : u16 = c(x) >> s(x);\noutput f[3];', 'f', ins) == [1, 0, 0]
    assert out(pre + 'func f(x) : u16 = c(x) << s(x);\noutput f[3];', 'f', ins) == [0x8000, 12, 128]
    # i8 >> by -1 read as u4 15 >= 8: negative gives -1
    ins = {'b': ('|i1', (2,), [-3, 3]), 's': ('|i1', (2,), [-1, -1])}
    pre = 'input b : i8[2];\ninput s : i4[2];\n'
    assert out(pre + 'func f(x) : i8 = b(x) >> s(x);\noutput f[2];', 'f', ins) == [-1, 0]


def test_abs():
    src = 'input a : i8[3];\nfunc f(x) : u8 = abs(a(x));\noutput f[3];'
    r = run(src, {'a': ('|i1', (3,), [-128, -5, 7])})
    assert r['f'] == ('|u1', (3,), [128, 5, 7]), r
    assert rejects('input a : i8[3];\nfunc f(x) : i8 = abs(a(x));\noutput f[3];')


def test_sum():
    v = {'v': ('|u1', (6,), [1, 2, 3, 4, 5, 6])}
    src = 'input v : u8[6];\nfunc s(x) : u16 = sum(r in 0..3) u16(v(x + r));\noutput s[4];'
    r = run(src, v)
    assert r['s'] == ('<u2', (4,), [6, 9, 12, 15]), r
    src = 'input v : u8[6];\nfunc s(x) : u8 = sum(r in -1..1) v(x + 1 + r) * 100;\noutput s[2];'
    # (1*100 + 2*100) mod 256 = 44; (200 + 300) mod 256 = 244
    assert out(src, 's', v) == [44, 244]
    src = 'input v : u8[6];\nfunc s(x) : u8 = (sum(r in 0..2) v(x + r)) * 2 + 1;\noutput s[2];'
    assert out(src, 's', v) == [7, 11]
    # the body reaches right: sum of (v * 2 + 1)
    src = 'input v : u8[6];\nfunc s(x) : u8 = sum(r in 0..2) v(x + r) * 2 + 1;\noutput s[2];'
    assert out(src, 's', v) == [8, 12]
    src = '''input v : u8[6];
func m(x) : u8 = maximum(r in 0..3) v(5 - x - r);
func n(x) : u8 = minimum(r in 0..2, t in 0..2) v(x + r + t);
output m[4];
output n[3];'''
    r = run(src, v)
    assert r['m'][2] == [6, 5, 4, 3] and r['n'][2] == [1, 2, 3], r


def test_lut():
    src = '''input in : u8[3];
const t : u8[4] = {10, 20, 30, 40};
func g(x) : u8 = t(u2(in(x)));
output g[3];'''
    assert out(src, 'g', {'in': ('|u1', (3,), [0, 5, 255])}) == [10, 20, 40]
    assert rejects('''input in : u8[3];
const t : u8[4] = {10, 20, 30, 40};
func g(x) : u8 = t(u3(in(x)));
output g[3];''')
    # a 256-entry table from a file, i -> 255 - i
    files = {'tab.npy': ('|u1', (256,), [255 - i for i in range(256)])}
    src = '''input in : u8[3];
const t : u8[256] = file("tab.npy");
func g(x) : u8 = t(in(x));
output g[3];'''
    assert out(src, 'g', {'in': ('|u1', (3,), [0, 5, 255])}, files) == [255, 250, 0]


def test_casts_and_literals():
    src = '''input a : i8[2];
func w(x) : u16 = u16(a(x));
func n(x) : i8 = i8(u8(a(x)) + 56);
func k(x) : u8 = u8(300) + u8(x);
func c(x) : u8 = 3 - 5 + 10;
output w[2]; output n[2]; output k[2]; output c[1];'''
    r = run(src, {'a': ('|i1', (2,), [-1, 100])})
    assert r['w'][2] == [65535, 100], r
    # u8(-1) = 255, + 56 = 311 -> 55; u8(100) + 56 = 156 -> i8 -100
    assert r['n'][2] == [55, -100], r
    assert r['k'][2] == [44, 45], r
    assert r['c'][2] == [8], r
    # the operand of a cast made of literals and min/max/abs/clamp folds
    # exactly, then converts: min(300, 5) = 5; min(300, 400) = 300 -> 44;
    # abs(-7) = 7; clamp(1000, -3, 100) = 100; 5 + 44 + 7 + 100 = 156
    src = '''input a : u8[1];
func f(x) : u8 = u8(min(300, 5)) + u8(min(300, 400)) + u8(abs(-7)) + u8(clamp(1000, -3, 100)) + a(x);
output f[1];'''
    assert out(src, 'f', {'a': ('|u1', (1,), [0])}) == [156]
    # outside a cast the literals of min take the context's type: 300 is no u8
    assert rejects('input a : u8[1];\nfunc f(x) : u8 = min(300, 5) + a(x);\noutput f[1];')


def test_index_vs_value_arithmetic():
    # f(v) = v; index: floor((x-3)/2) and (x-3) mod 2;  value: truncation.
    src = '''func f(x) : i32 = x;
func g(x) : i32 = f((x - 3) / 2) * 100 + f((x - 3) % 2);
func h(x) : i32 = (x - 3) / 2 * 100 + (x - 3) % 2;
output g[2];
output h[2];'''
    r = run(src)
    # x=0: -2*100 + 1 ; x=1: -1*100 + 0
    assert r['g'] == ('<i4', (2,), [-199, -100]), r
    # x=0: -1*100 + -1 ; x=1: -1*100 + 0
    assert r['h'][2] == [-101, -100], r


def test_compare_select():
    src = '''input a : i8[3];
func c(x) : u1 = a(x) < 0 || x == 2;
func s(x) : i8 = select(a(x) > 5, a(x), -3);
func t(x) : i8 = a(x) == 7 ? 1 : a(x) == 9 ? 2 : 3;
func m(x) : i8 = clamp(a(x), -2, 8) + min(a(x), 0) - max(a(x), 0);
output c[3]; output s[3]; output t[3]; output m[3];'''
    r = run(src, {'a': ('|i1', (3,), [-4, 7, 9])})
    assert r['c'] == ('|u1', (3,), [1, 0, 1]), r
    assert r['s'][2] == [-3, 7, 9], r
    assert r['t'][2] == [3, 1, 2], r
    # -2 + -4 - 0 = -6; 7 + 0 - 7 = 0; 8 + 0 - 9 = -1
    assert r['m'][2] == [-6, 0, -1], r


def test_index_constants_fold_as_indices():
    # spec, "Accesses and index expressions": a constant subexpression of an
    # index is an index expression: / is floor, % is non-negative.
    src = '''input in : u8[2][20];
func f(y, x) : u8 = in(y, (0 - 1) / 2 + 1);
func g(y, x) : u8 = in(y, (0 - 2) % 0x11);
func h(y, x) : u8 = in(y, -3 / 2 + 2 + x);
func k(y, x) : u8 = in(y, x * ((1 - 3) % 3) + (x - 1) / 2 + 1);
func v(x) : i32 = (0 - 1) / 2 + 1 + (0 - 2) % 0x11 * 10;
output f[2][1]; output g[2][1]; output h[2][2]; output k[2][2]; output v[1];'''
    r = run(src, {'in': ('|u1', (2, 20), list(range(40)))})
    # f: floor(-1/2) + 1 = 0;  g: -2 mod 17 = 15;  h: floor(-3/2) + 2 + x = x
    assert r['f'][2] == [0, 20], r
    assert r['g'][2] == [15, 35], r
    assert r['h'][2] == [0, 1, 20, 21], r
    # k: x * 1 + floor((x - 1) / 2) + 1: x = 0 -> 0, x = 1 -> 2
    assert r['k'][2] == [0, 2, 20, 22], r
    # a value expression truncates: 0 + 1 + (-2) * 10
    assert r['v'][2] == [-19], r
    pre = 'input in : u8[4];\n'
    # floor(-1/2) = -1 is out of bounds (truncation would give 0)
    assert rejects(pre + 'func f(x) : u8 = in((0 - 1) / 2);\noutput f[1];',
                   {'in': ('|u1', (4,), [1, 2, 3, 4])})
    assert rejects(pre + 'func f(x) : u8 = in(3 / (1 - 2) + 3);\noutput f[1];',
                   {'in': ('|u1', (4,), [1, 2, 3, 4])})
    assert rejects(pre + 'func f(x) : u8 = in(x / (0 - 2));\noutput f[1];',
                   {'in': ('|u1', (4,), [1, 2, 3, 4])})


def test_constant_choice_folds():
    # docs/language.md: ?: and select of constants are constant
    # expressions, folded exactly before taking the context's type.
    src = '''func a(x) : u8 = (1 ? 200 : 0) * 2 / 4;
func b(x) : i8 = i8(1 ? 200 : 0);
func c(x) : u8 = select(0, 300, 7);
func d(x) : u8 = u8(x) + (0 ? 1 : 300 - 298);
output a[1]; output b[1]; output c[1]; output d[2];'''
    r = run(src)
    assert r['a'][2] == [100], r     # 400 / 4, not (400 mod 256) / 4 = 36
    assert r['b'][2] == [-56], r     # 200 - 256
    assert r['c'][2] == [7], r       # the arm not taken is never typed
    assert r['d'][2] == [2, 3], r
    assert rejects('func a(x) : u8 = 2 ? 1 : 0;\noutput a[1];')


def test_2d_transpose():
    src = '''input in : u8[2][3];
func t(x, y) : u8 = in(y, x);
output t[3][2];'''
    r = run(src, {'in': ('|u1', (2, 3), [1, 2, 3, 4, 5, 6])})
    assert r['t'] == ('|u1', (3, 2), [1, 4, 2, 5, 3, 6]), r


def test_invalid():
    assert rejects('input a : u8[3];\nfunc f(x) : u8 = a(x) + 300;\noutput f[3];')
    assert rejects('input a : u8[3];\nfunc f(x) : u8 = a(x) + -1;\noutput f[3];')
    assert rejects('input a : u8[3];\nfunc f(x) : u16 = a(x);\noutput f[3];')
    assert rejects('input a : u8[3];\nfunc f(x) : u8 = a(x + 1);\noutput f[3];',
                   {'a': ('|u1', (3,), [1, 2, 3])})
    assert rejects('input a : u8[3];\nfunc f(x) : u8 = a(x) / 0;\noutput f[3];')
    assert rejects('input a : u8[3];\nfunc f(x) : u8 = a(x) << -1;\noutput f[3];')
    assert rejects('input a : u8[3];\nfunc f(x) : u8 = a(007);\noutput f[3];')
    assert rejects('input a : u8[3];\nfunc unroll(x) : u8 = a(x);\noutput unroll[3];')
    assert rejects('input a : u8[3];\nfunc f(a) : u8 = 1;\noutput f[3];')
    assert rejects('input a : u8[3];\nfunc f(x) : u8 = a(x);\ninline f;\noutput f[3];')


def test_cli():
    d = os.path.join(TMP, 'cli')
    os.makedirs(d)
    npyio.write(os.path.join(d, 'a.npy'), '|u1', (2, 2), [1, 2, 3, 4])
    with open(os.path.join(d, 'p.sl'), 'w') as f:
        f.write('input a : u8[2][2];\nfunc g(y, x) : i13 = i13(a(y, x)) - 3;\n'
                'output g[2][2];\n')
    rc = subprocess.call([sys.executable, os.path.join(HERE, 'slref.py'),
                          os.path.join(d, 'p.sl'), '--input',
                          'a=' + os.path.join(d, 'a.npy'), '-o', d])
    assert rc == 0
    descr, shape, fort, vals = npyio.read(os.path.join(d, 'g.npy'))
    assert (descr, shape, vals) == ('<i2', (2, 2), [-2, -1, 0, 1])
    with open(os.path.join(d, 'bad.sl'), 'w') as f:
        f.write('func g(x) : u8 = -1;\noutput g[2];\n')
    rc = subprocess.call([sys.executable, os.path.join(HERE, 'slref.py'),
                          os.path.join(d, 'bad.sl'), '-o', d],
                         stderr=subprocess.DEVNULL)
    assert rc == 3


def main():
    tests = [(n, f) for n, f in sorted(globals().items())
             if n.startswith('test_') and callable(f)]
    for name, fn in tests:
        fn()
        print('ok', name)
    print('%d tests passed' % len(tests))


if __name__ == '__main__':
    main()
