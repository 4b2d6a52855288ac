# tests/bench/pub_area_fit.py: the measurement and fit behind the area
# model of the push-memory tile (pub/cost.c, docs/pub.md "Area and
# energy").  For each parameterization (W, FW, DEPTH, NI, NO, LEVELS, CW,
# EW) it synthesizes sl_pub (rtlgen/lib/sl_pub*.v) with Yosys in one
# technology-neutral flow:
#
#     read_verilog -lib sl_pub_sram.v      (the SRAM is a macro: a black box)
#     read_verilog sl_pub.v sl_pub_ctrl.v
#     chparam ... sl_pub
#     synth -top sl_pub -flatten -lut 4    (generic 4-input LUTs, generic DFFs)
#     stat
#
# and reads the cell counts: flip-flops (every $_*DFF*_ cell), 4-input
# LUTs ($lut, adders included: the generic flow has no carry cells) and
# SRAM macros (sl_pub_sram, one a tile).  The SRAM's bits are DEPTH x FW x
# W by construction and stay out of the logic.  Flip-flops are checked
# against the structural formula of docs/pub.md "Structure" (exact: any
# difference is a failure).  LUTs are fitted by weighted least squares
# (weights 1 / measured, so the relative error is what is minimized) to a
# formula linear in structural terms (TERMS below); the points marked
# "check" are left out of the fit and only predicted.  Prints one table
# per point (measured, predicted, relative error), the fit error (max and
# mean relative error over the fit points and over the check points) and
# the coefficients as C for pub/cost.c.
#
#   python3 tests/bench/pub_area_fit.py [--cache DIR] [--quick] [--jobs N]
#
# --cache DIR keeps each point's `stat` output (DIR/POINT.stat) and reuses
# it on the next run; --quick synthesizes only the first four points (a
# smoke run: too few for the fit, which is then skipped).  Python 3 standard
# library only; Yosys 0.23.

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIB = os.path.join(ROOT, 'rtlgen', 'lib')

# (name, W, FW, DEPTH, NI, NO, LEVELS, CW, EW, role): role "fit" or "check".
# EW = CW is the tile's default (no chparam of EW is needed then, but it is
# set on every point alike).
POINTS = [
    ('default', 16, 4, 512, 2, 2, 6, 16, 16, 'fit'),
    ('fw1', 16, 1, 512, 1, 1, 4, 16, 16, 'fit'),
    ('fw2', 16, 2, 256, 1, 1, 4, 16, 16, 'fit'),
    ('fw8', 16, 8, 512, 1, 1, 4, 16, 16, 'fit'),
    ('w8', 8, 4, 512, 1, 1, 4, 16, 16, 'fit'),
    ('w32', 32, 4, 512, 1, 1, 4, 16, 16, 'fit'),
    ('d2048', 16, 4, 2048, 1, 1, 4, 16, 16, 'fit'),
    ('d64cw12', 16, 4, 64, 1, 1, 4, 12, 12, 'fit'),
    ('ni2', 16, 4, 512, 2, 1, 4, 16, 16, 'fit'),
    ('no2', 16, 4, 512, 1, 2, 4, 16, 16, 'fit'),
    ('no3', 16, 4, 512, 1, 3, 4, 16, 16, 'fit'),
    ('lv2', 16, 4, 512, 1, 1, 2, 16, 16, 'fit'),
    ('lv8', 16, 4, 512, 1, 1, 8, 16, 16, 'fit'),
    ('cw24', 16, 4, 512, 1, 1, 4, 24, 24, 'fit'),
    ('cw32', 16, 4, 512, 1, 1, 4, 32, 32, 'fit'),
    ('up5k', 16, 1, 16384, 1, 1, 4, 16, 16, 'fit'),
    ('mix8', 8, 8, 1024, 2, 2, 3, 20, 20, 'fit'),
    ('mix1', 12, 2, 128, 2, 3, 5, 14, 14, 'check'),
    ('mix2', 24, 8, 256, 1, 2, 6, 18, 18, 'check'),
    # EW < CW: the extents and indices narrower than the schedule
    ('e6c9', 16, 4, 256, 1, 1, 4, 9, 6, 'fit'),
    ('e6c12', 16, 4, 512, 1, 1, 4, 12, 6, 'fit'),
    ('e6c16', 16, 4, 512, 1, 1, 4, 16, 6, 'fit'),
    ('e12c16', 16, 4, 512, 1, 1, 4, 16, 12, 'fit'),
    ('e4c16', 16, 4, 512, 1, 1, 4, 16, 4, 'fit'),
    ('e8c24', 16, 4, 512, 1, 1, 4, 24, 8, 'fit'),
    ('e6lv2', 16, 4, 512, 1, 1, 2, 16, 6, 'fit'),
    ('e6lv8', 16, 4, 512, 1, 1, 8, 16, 6, 'fit'),
    ('e6p22', 16, 4, 512, 2, 2, 6, 16, 6, 'fit'),
    ('gauss', 8, 4, 256, 2, 2, 6, 9, 6, 'check'),
    ('cam', 16, 2, 2048, 1, 1, 3, 13, 6, 'check'),
    ('mix3', 12, 2, 128, 2, 3, 5, 14, 7, 'check'),
]


def clog2(v):
    b = 0
    while (1 << b) < v:
        b += 1
    return b


def derived(p):
    _, w, fw, depth, ni, no, levels, cw, ew, _ = p
    aw = max(1, clog2(depth))
    sw = clog2(fw) + 1
    nc = 2 * (ni + no)
    return w, fw, depth, ni, no, levels, cw, ew, aw, sw, nc


def config_bits(p):
    """docs/pub.md "Configuration bits per tile"."""
    w, fw, depth, ni, no, levels, cw, ew, aw, sw, nc = derived(p)
    return nc * (1 + cw * (levels + 1) + ew * levels) + (ni + no) * (levels + 1) * (sw + aw)


def flops_formula(p):
    """docs/pub.md "Structure": configuration bits; per controller
    LEVELS (EW + 6) + 2 CW + 2 AGW + 4; 2 FW W + 1 per input, 2 FW W + W + 3
    per output; CW for the cycle counter."""
    w, fw, depth, ni, no, levels, cw, ew, aw, sw, nc = derived(p)
    ctrl = nc * (levels * (ew + 6) + 2 * cw + 4) + 2 * (ni + no) * (sw + aw)
    return (config_bits(p) + ctrl + ni * (2 * fw * w + 1) + no * (2 * fw * w + w + 3) + cw)


# The LUT formula's terms: (name, value, what it stands for).  Each is a
# count of one structure of sl_pub.v / sl_pub_ctrl.v (bits, or levels for "levels").
TERMS = [
    ('levels_ew', lambda d: d['nc'] * d['levels'] * d['ew'],
     'NC x LEVELS x EW: per level the index counter, its clear, the "one before last" compare'),
    ('levels_cw', lambda d: d['nc'] * d['levels'] * d['cw'],
     'NC x LEVELS x CW: per level the schedule delta\'s AND-OR into the next step'),
    ('levels', lambda d: d['nc'] * d['levels'],
     'NC x LEVELS: per level its flags, its bit of the next step, its three register enables'),
    ('cw', lambda d: d['nc'] * d['cw'],
     'NC x CW: per controller the schedule adder and reload, the cycle compare'),
    ('levels_agw', lambda d: (d['levels'] + 1) * (d['ni'] + d['no']) * (d['aw'] + d['sw']),
     '(LEVELS + 1) x sum of AGW: address-delta AND-OR, address adder and reload, SRAM address mux'),
    ('in_word', lambda d: d['ni'] * d['fw'] * d['w'],
     'NI x FW x W: per input the aggregator row select and the SRAM write-data mux'),
    ('out_word', lambda d: d['no'] * d['fw'] * d['w'],
     'NO x FW x W: per output the transpose-buffer slot mux (2 FW : 1 of W bits), the chain mux'),
]


def term_values(p):
    w, fw, depth, ni, no, levels, cw, ew, aw, sw, nc = derived(p)
    d = dict(w=w, fw=fw, depth=depth, ni=ni, no=no, levels=levels, cw=cw, ew=ew, aw=aw, sw=sw,
             nc=nc)
    return [f(d) for _, f, _ in TERMS]


def yosys_script(p, statfile):
    name, w, fw, depth, ni, no, levels, cw, ew, _ = p
    lib = LIB
    return ('read_verilog -lib %s/sl_pub_sram.v; read_verilog %s/sl_pub.v %s/sl_pub_ctrl.v %s/sl_pub_follow.v; '
            'chparam -set W %d -set FW %d -set DEPTH %d -set NI %d -set NO %d -set LEVELS %d '
            '-set CW %d -set EW %d sl_pub; synth -top sl_pub -flatten -lut 4; tee -q -o %s stat'
            % (lib, lib, lib, lib, w, fw, depth, ni, no, levels, cw, ew, statfile))


def measure(p, cache):
    name = p[0]
    statfile = os.path.join(cache, name + '.stat')
    if not os.path.exists(statfile):
        tmp = statfile + '.tmp'
        r = subprocess.run(['yosys', '-q', '-p', yosys_script(p, tmp)],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            sys.exit('pub_area_fit: yosys failed on %s:\n%s' % (name, r.stdout[-2000:]))
        os.replace(tmp, statfile)
    text = open(statfile).read()
    cells = dict(re.findall(r'^\s+(\S+)\s+(\d+)\s*$', text.split('Number of cells')[-1], re.M))
    flops = sum(int(n) for c, n in cells.items() if re.match(r'^\$_(S|A|)DFF', c))
    luts = int(cells.get('$lut', 0))
    macros = int(cells.get('sl_pub_sram', 0))
    other = {c: n for c, n in cells.items()
             if c not in ('$lut', 'sl_pub_sram') and not re.match(r'^\$_(S|A|)DFF', c)}
    return flops, luts, macros, other


def solve(a, b):
    """Gaussian elimination with partial pivoting: a x = b."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        if abs(m[piv][c]) < 1e-12:
            sys.exit('pub_area_fit: the terms are linearly dependent on these points')
        m[c], m[piv] = m[piv], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(rows):
    """Weighted least squares: minimize sum ((pred - y) / y)^2."""
    k = len(TERMS)
    ata = [[0.0] * k for _ in range(k)]
    atb = [0.0] * k
    for x, y in rows:
        wt = 1.0 / (y * y)
        for i in range(k):
            atb[i] += wt * x[i] * y
            for j in range(k):
                ata[i][j] += wt * x[i] * x[j]
    return solve(ata, atb)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--cache', help='keep and reuse the Yosys stat of each point here')
    ap.add_argument('--quick', action='store_true', help='the first four points, no fit')
    ap.add_argument('--jobs', type=int, default=1, help='Yosys runs at once (default 1)')
    args = ap.parse_args()
    points = POINTS[:4] if args.quick else POINTS
    tmpdir = None
    cache = args.cache
    if not cache:
        tmpdir = tempfile.TemporaryDirectory(prefix='pub_area_fit.')
        cache = tmpdir.name
    os.makedirs(cache, exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        futs = [ex.submit(measure, p, cache) for p in points]
        meas = []
        for p, f in zip(points, futs):
            meas.append(f.result())
            print('measured %s' % p[0], file=sys.stderr)

    bad = 0
    print('flow: yosys 0.23, synth -top sl_pub -flatten -lut 4 (generic), sl_pub_sram a black box')
    print()
    print('%-8s %3s %2s %5s %2s %2s %2s %2s %2s | %5s %5s %3s | %6s %5s' %
          ('point', 'W', 'FW', 'DEPTH', 'NI', 'NO', 'LV', 'CW', 'EW', 'ff', 'ff_f', 'ok',
           'macros', 'luts'))
    for p, (ff, lut, mac, other) in zip(points, meas):
        ff_f = flops_formula(p)
        ok = ff == ff_f
        bad += not ok
        print('%-8s %3d %2d %5d %2d %2d %2d %2d %2d | %5d %5d %3s | %6d %5d%s' %
              (p[:9] + (ff, ff_f, 'yes' if ok else 'NO', mac, lut,
                        ('  other cells: %s' % other) if other else '')))
    print()
    if bad:
        print('flip-flops: %d points differ from the formula' % bad)
    else:
        print('flip-flops: the formula is exact on all %d points' % len(points))
    if len(points) < len(TERMS) + 2:
        print('(too few points for the LUT fit)')
        return 1 if bad else 0

    fitrows = [(term_values(p), lut) for p, (ff, lut, mac, o) in zip(points, meas) if p[9] == 'fit']
    coef = fit(fitrows)
    print()
    print('LUT4 model: luts = ' + ' + '.join('%.4f %s' % (c, t[0]) for c, t in zip(coef, TERMS)))
    for c, t in zip(coef, TERMS):
        print('  %-10s %8.4f  %s' % (t[0], c, t[2]))
    print()
    print('%-8s %5s | %6s %8s %7s' % ('point', 'role', 'luts', 'model', 'error'))
    errs = {'fit': [], 'check': []}
    for p, (ff, lut, mac, o) in zip(points, meas):
        pred = sum(c * x for c, x in zip(coef, term_values(p)))
        e = (pred - lut) / lut
        errs[p[9]].append(abs(e))
        print('%-8s %5s | %6d %8.0f %+6.1f%%' % (p[0], p[9], lut, pred, 100 * e))
    print()
    for role in ('fit', 'check'):
        if errs[role]:
            print('%s points (%d): max relative error %.1f%%, mean %.1f%%' %
                  (role, len(errs[role]), 100 * max(errs[role]),
                   100 * sum(errs[role]) / len(errs[role])))
    print()
    print('/* pub/cost.c */')
    for c, t in zip(coef, TERMS):
        print('#define LUT_%s %.4f' % (t[0].upper(), c))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
