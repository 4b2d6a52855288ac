#!/usr/bin/env python3
# tests/bench/sched_cost.py: fit the `cost sched` line of a board whose flow
# keeps sl_sched a module of its own (flatten 0: the Xilinx boards) to the
# per-module stat of every kept Yosys log of an estimate_bench.sh grid.
#   sched_cost.py DIR
# Reads DIR/*/yosys.log (each sl_sched's parameters from its derive lines,
# its LUTs from its "=== $paramod...\sl_sched ===" block) and prints, per
# board, the least-squares coefficients C0..C5 of fpga/logic.c's
# est_generator features (boards/README.md "Logic") and the generators the
# fit misses by more than 6 LUTs.  Needs python3 only.
import glob, json, os, re, sys

def lstsq(X, y, ridge=1e-6):
    n = len(X[0])
    A = [[sum(X[r][i] * X[r][j] for r in range(len(X))) + (ridge if i == j else 0) for j in range(n)] for i in range(n)]
    b = [sum(X[r][i] * y[r] for r in range(len(X))) for i in range(n)]
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(A[r][i]))
        A[i], A[p] = A[p], A[i]; b[i], b[p] = b[p], b[i]
        for r in range(n):
            if r != i and A[i][i]:
                f = A[r][i] / A[i][i]
                A[r] = [a - f * c for a, c in zip(A[r], A[i])]; b[r] -= f * b[i]
    return [b[i] / A[i][i] if A[i][i] else 0 for i in range(n)]

def bits_of(v):
    b = 1
    while b < 64 and v >= (1 << b): b += 1
    return b

def feats(ext, delta, start, tw):
    n = len(ext)
    mask = (1 << tw) - 1
    maxw = start & mask
    for d in range(n):
        if ext[d] > 1 and delta[d] > maxw: maxw = delta[d]
    cw = bits_of(maxw) + 1
    iw = sum(bits_of(e - 1) for e in ext if e > 1)
    nd = sum(1 for e in ext if e > 1)
    # distinct wait columns
    cm = (1 << cw) - 1
    cols = [0] * 66; rows = 0
    for d in range(n):
        if ext[d] <= 1: continue
        load = (delta[d] - 3) & cm
        for b in range(cw): cols[b] |= ((load >> b) & 1) << rows
        cols[64] |= (delta[d] == 1) << rows
        rows += 1
    cols[65] |= 1 << rows; rows += 1
    allm = (1 << rows) - 1
    distinct = len(set(c for c in cols if c not in (0, allm)))
    inner = [d for d in range(n) if ext[d] > 1]
    inner1 = 1 if inner and delta[inner[-1]] == 1 else 0
    return dict(iw=iw, cw=cw, nd=nd, distinct=distinct, inner1=inner1)
LUTS = {'LUT1':1,'LUT2':1,'LUT3':1,'LUT4':1,'LUT5':1,'LUT6':1,'INV':1}
def params_feats(p):
    n = p['N']; tw = p['TW']
    E = p['EXT']; D = p['DELTA']
    ext = [(E >> (d*32)) & 0xffffffff for d in range(n)]
    delta = [(D >> (d*tw)) & ((1 << tw) - 1) for d in range(n)]
    start = p['START']
    # outermost first in verilog: EXT[d] bits [d*32 +: 32], dim 0 outermost? keep order d
    return ext, delta, start
def parse(log):
    cur = {}; mods = {}
    stats = {}
    lines = open(log, errors='replace').read().splitlines()
    i = 0
    name = None
    for i, l in enumerate(lines):
        m = re.match(r"Parameter \\(\w+) = (\d+')?(\d+)$", l)
        if m:
            v = m.group(3)
            cur[m.group(1)] = int(v, 2) if m.group(2) else int(v); continue
        m = re.match(r"Generating RTLIL representation for module `\$paramod\$(\w+)\\sl_sched'", l)
        if m:
            mods[m.group(1)] = dict(cur); continue
        m = re.match(r"=== \$paramod\$(\w+)\\sl_sched ===", l)
        if m:
            name = m.group(1); stats[name] = {}; continue
        if name:
            m = re.match(r"\s+(\w+)\s+(\d+)$", l)
            if m and not l.strip().startswith('Number'):
                stats[name][m.group(1)] = int(m.group(2))
            if l.startswith('   Estimated') or l.startswith('==='):
                name = None
    out = []
    for h, st in stats.items():
        p = mods.get(h)
        if not p: continue
        pp = {'N': int(p['N']), 'TW': int(p['TW']), 'EXT': p['EXT'], 'DELTA': p['DELTA'], 'START': p['START']}
        ext, delta, start = params_feats(pp)
        luts = sum(v for k, v in st.items() if k in LUTS)
        ffs = sum(v for k, v in st.items() if k.startswith('FD'))
        out.append((h, ext, delta, start, pp['TW'], luts, ffs, st))
    return out

def main():
    if len(sys.argv) != 2:
        sys.exit('usage: sched_cost.py DIR   (DIR: tests/bench/estimate_bench.sh -o DIR)')
    rows, seen = [], set()
    for d in sorted(glob.glob(sys.argv[1] + '/*')):
        log = os.path.join(d, 'yosys.log')
        if not os.path.exists(log) or not os.path.exists(os.path.join(d, 'synth.json')):
            continue
        board = d.rsplit('.', 1)[1]
        for h, ext, delta, start, tw, luts, ffs, st in parse(log):
            if (board, tuple(ext), tuple(delta), start) in seen:
                continue
            seen.add((board, tuple(ext), tuple(delta), start))
            rows.append((board, ext, delta, start, tw, luts))
    for board in sorted(set(r[0] for r in rows)):
        X, y, names = [], [], []
        for b, ext, delta, start, tw, luts in rows:
            if b != board:
                continue
            f = feats(ext, delta, start, tw)
            fast = f['inner1']
            X.append([1, f['iw'], f['cw'], f['distinct'], 1 - fast,
                      fast * f['iw'] * f['nd'] * (f['nd'] <= 2)])
            y.append(luts)
            names.append((ext, delta, start))
        c = lstsq(X, y)
        print('%s (%d generators): cost sched %s' % (board, len(y), ' '.join('%.2f' % v for v in c)))
        for xi, yi, nm in zip(X, y, names):
            p = sum(a * b for a, b in zip(xi, c))
            if abs(p - yi) > 6:
                print('    off by %+.0f: EXT %s DELTA %s START %d: %d LUTs, fitted %.0f'
                      % (p - yi, nm[0], nm[1], nm[2], yi, p))

if __name__ == '__main__':
    main()
