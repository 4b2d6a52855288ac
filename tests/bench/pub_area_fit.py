# tests/bench/pub_area_fit.py: the measurement and fit behind the area
# model of the push-memory tile (tile/cost.c, docs/pub_mapping.md "Area and
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
# the coefficients as C for tile/cost.c.
#
# Tiles with constant configuration (sl_pub STATIC 1 with CFG and SHARE,
# the default build since issue 26): Yosys folds the constants, so their
# cells depend on the register values.  Those points are real tiles:
# `sluice compile PROG --memory pub` of the programs in STATIC_PROGRAMS
# (examples, and random programs of tests/diff/gen.py at its default
# parameters, the seeds of 1..400 whose buffers go on tiles), each
# instance's parameters taken from the Verilog and synthesized alone in the
# flow above (chparam of every parameter, CFG and SHARE included), and
# again with SHARE 0 when it shares controllers (the same tile, every
# controller its own).  Flip-flops are checked against static_flops
# (docs/pub_mapping.md "What synthesis keeps": exact); LUTs are fitted to
# STATIC_TERMS as above, the programs marked "check" left out.  Points
# with the same parameters are measured once.
#
#   python3 tests/bench/pub_area_fit.py [--cache DIR] [--quick] [--jobs N]
#       [--sluice PATH] [--no-static | --no-bus]
#
# --cache DIR keeps each point's `stat` output (DIR/POINT.stat) and reuses
# it on the next run; --quick synthesizes only the first four points (a
# smoke run: too few for the fit, which is then skipped, and no static
# points); --sluice is the compiler for the static points (default
# build/driver/sluice), --no-static leaves them out, --no-bus the others.  Python 3 standard
# library only; Yosys 0.23.

import argparse
import concurrent.futures
import hashlib
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
    return read_stat(statfile)


def read_stat(statfile):
    """(flip-flops, LUTs, SRAM macros, other cells) of a Yosys `stat`."""
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


# ------------------------------------------------ constant configuration

# Seeds of tests/diff/gen.py (1..400, default parameters) whose programs
# put buffers on tiles with `--memory pub`; those from 300 on are checked,
# not fitted.
GEN_SEEDS = [22, 27, 28, 34, 41, 50, 60, 63, 65, 66, 83, 100, 107, 112, 113, 115, 144,
             176, 177, 184, 186, 188, 192, 197, 211, 214, 225, 232, 252, 262, 270, 276,
             279, 283, 298, 299, 301, 305, 311, 320, 321, 322]

# (name, `sluice compile` arguments, or a gen.py seed; role)
STATIC_PROGRAMS = [
    ('gaussian', ['examples/gaussian.sl'], 'fit'),
    ('harris', ['examples/harris.sl'], 'fit'),
    ('camera', ['examples/camera_pipeline.sl'], 'fit'),
    ('blur_xy', ['examples/blur_xy.sl'], 'fit'),
    ('laplacian', ['examples/laplacian_pyramid.sl'], 'fit'),
    ('gauss_l4', ['examples/gaussian.sl', '--pub-levels', '4'], 'fit'),
    ('harris_2x2', ['examples/harris.sl', '--pub-ports', '2x2'], 'fit'),
    ('blur_l3', ['examples/blur_xy.sl', '--pub-levels', '3', '--pub-width', '16'], 'fit'),
    ('camera_fw8', ['examples/camera_pipeline.sl', '--fetch', '8'], 'fit'),
    ('gauss1080', ['examples/gaussian.sl', '-D', 'W=1920', '-D', 'H=1080'], 'check'),
    ('camera640', ['examples/camera_pipeline.sl', '-D', 'W=640', '-D', 'H=480'], 'check'),
] + [('gen%d' % s, s, 'check' if s >= 300 else 'fit') for s in GEN_SEEDS]


def static_tiles(sluice, prog, work):
    """The sl_pub instances of PROG compiled with --memory pub: [(instance,
    {parameter: Verilog value})]."""
    name, args, _ = prog
    out = os.path.join(work, name)
    if isinstance(args, int):
        subprocess.run([sys.executable, os.path.join(ROOT, 'tests', 'diff', 'gen.py'), str(args),
                        '--out', out + '.src'], check=True, stdout=subprocess.DEVNULL)
        args = [os.path.join(out + '.src', 'prog.sl')]
    else:
        args = [os.path.join(ROOT, args[0])] + args[1:]
    r = subprocess.run([sluice, 'compile'] + args + ['--memory', 'pub', '-o', out],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        sys.exit('pub_area_fit: sluice compile failed on %s:\n%s' % (name, r.stdout[-2000:]))
    vfile = [f for f in os.listdir(out) if f.startswith('sluice_') and f.endswith('.v')][0]
    text = open(os.path.join(out, vfile)).read()
    tiles = []
    for m in re.finditer(r'sl_pub #\((.*?)\) (\w+) \(', text):
        ps = dict(re.findall(r'\.(\w+)\(([^()]*)\)', m.group(1)))
        ps.pop('SPRAM', None)      # the SRAM is a black box either way
        tiles.append((m.group(2), ps))
    return tiles


def measure_static(name, ps, cache):
    key = hashlib.sha1(repr(sorted(ps.items())).encode()).hexdigest()[:10]
    statfile = os.path.join(cache, 'static_%s_%s.stat' % (name, key))
    if not os.path.exists(statfile):
        tmp = statfile + '.tmp'
        sets = ' '.join('-set %s %s' % kv for kv in sorted(ps.items()))
        script = ('read_verilog -lib %s/sl_pub_sram.v; read_verilog %s/sl_pub.v %s/sl_pub_ctrl.v '
                  '%s/sl_pub_follow.v; chparam %s sl_pub; synth -top sl_pub -flatten -lut 4; '
                  'tee -q -o %s stat' % (LIB, LIB, LIB, LIB, sets, tmp))
        r = subprocess.run(['yosys', '-q', '-p', script], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            sys.exit('pub_area_fit: yosys failed on %s:\n%s' % (name, r.stdout[-2000:]))
        os.replace(tmp, statfile)
    return read_stat(statfile)


def hexval(v):
    return int(v.split("'h")[1], 16) if "'h" in v else int(v)


def parse_tile(ps):
    """A tile's parameters and, per controller, its registers and SHARE byte."""
    g = {k: int(v) for k, v in ps.items() if k not in ('CFG', 'SHARE')}
    t = dict(w=g['W'], fw=g['FW'], depth=g['DEPTH'], ni=g['NI'], no=g['NO'], levels=g['LEVELS'],
             cw=g['CW'])
    t['ew'] = g.get('EW', t['cw'])
    t['aw'] = max(1, clog2(t['depth']))
    t['sw'] = clog2(t['fw']) + 1
    nc = 2 * (t['ni'] + t['no'])
    nr = 3 * t['levels'] + 3
    cfg, share = hexval(ps.get('CFG', '0')), hexval(ps.get('SHARE', '0'))
    t['regs'] = [[(cfg >> ((c * nr + r) * t['cw'])) & ((1 << t['cw']) - 1) for r in range(nr)]
                 for c in range(nc)]
    t['share'] = [(share >> (8 * c)) & 0xff for c in range(nc)]
    t['agw'] = ([t['sw']] * t['ni'] + [t['aw']] * t['ni'] + [t['aw']] * t['no'] +
                [t['sw']] * t['no'])
    return t


def low_zeros(v, w):
    n = 0
    while n < w and not (v >> n) & 1:
        n += 1
    return n


def static_ctrl(t, c):
    """What synthesis keeps of own controller c (docs/pub_mapping.md
    "What synthesis keeps"): live levels (the innermost with EXT_M1 > 0 and those
    above), the distinct non-zero bit columns of the next-step deltas over
    them, the schedule and address bits above the lowest bit set in a live
    delta, and the address's constant low bits."""
    L, cw, agw = t['levels'], t['cw'], t['agw'][c]
    r = t['regs'][c]
    ext, sgd = r[3:3 + L], r[3 + L:3 + 2 * L]
    agd = [x & ((1 << agw) - 1) for x in r[3 + 2 * L:3 + 3 * L]]
    inner = next((l for l in range(L) if ext[l] != 0), L)
    live = range(inner, L)
    cols = set()
    for b in range(cw):
        cols.add(tuple((sgd[l] >> b) & 1 for l in live))
    for b in range(agw):
        cols.add(tuple((agd[l] >> b) & 1 for l in live))
    cols.add(tuple(int(sgd[l] == 1) for l in live))
    cols = [x for x in cols if any(x)]
    sor = aor = 0
    for l in live:
        sor |= sgd[l]
        aor |= agd[l]
    return dict(levels=len(live), cols=len(cols), sched=cw - low_zeros(sor, cw),
                addr=agw - low_zeros(aor, agw), const=low_zeros(aor, agw))


def static_parts(t):
    """Per controller: None (disabled), ('own', static_ctrl), or
    ('follow', src, delay); and each controller's constant address bits."""
    nc = len(t['regs'])
    parts, const = [None] * nc, list(t['agw'])
    for c in range(nc):
        if t['regs'][c][0] & 1 and not t['share'][c] & 0x80:
            parts[c] = ('own', static_ctrl(t, c))
            const[c] = parts[c][1]['const']
    for c in range(nc):
        sh = t['share'][c]
        if t['regs'][c][0] & 1 and sh & 0x80:
            parts[c] = ('follow', sh & 31, (sh >> 5) & 3)
            const[c] = const[sh & 31]
    return parts, const


def reached_words(t, c, k, out):
    """Aggregator or transpose-buffer words controller c reaches: the slots
    that agree with its k constant address bits (and for a transpose
    buffer slot 0, its multiplexer's default, when those bits are not 0)."""
    low = t['regs'][c][2] & ((1 << k) - 1)
    return (1 << (t['sw'] - k)) + (1 if out and low else 0)


def static_flops(t):
    """docs/pub_mapping.md "What synthesis keeps": per own controller, per live
    level EW + 3 (index, "one before the last", step bit, "at the last"
    but for the innermost, whose place "the step is inner" takes), the
    deltas' columns, fire and active, the schedule and address bits that
    change; per shared controller DELAY x (1 + its changing address bits);
    per enabled IN the aggregator words it reaches and its row toggle; per
    enabled RD its read flag and row toggle; per enabled OUT its transpose
    buffer words, output word and valid flag (one with its source's when it
    repeats it at delay 0); the cycle counter."""
    parts, const = static_parts(t)
    f, w, ni, no = t['cw'], t['w'], t['ni'], t['no']
    for c, pt in enumerate(parts):
        if pt is None:
            continue
        if pt[0] == 'own':
            v = pt[1]
            f += v['levels'] * (t['ew'] + 3) + v['cols'] + 2 + v['sched'] + v['addr']
        else:
            f += pt[2] * (1 + t['agw'][c] - const[c])
        if c < ni:
            f += w * reached_words(t, c, const[c], False) + 1
        elif 2 * ni <= c < 2 * ni + no:
            f += 2
        elif c >= 2 * ni + no:
            at_once = pt[0] == 'follow' and pt[2] == 0
            f += w * reached_words(t, c, const[c], True) + w + (0 if at_once else 1)
    return f


# The LUT formula of a tile with constant configuration: each term counts
# one structure that synthesis keeps (static_ctrl).
STATIC_TERMS = [
    ('live_ew', 'live levels x EW: index counters and their compares'),
    ('live', 'live levels: their flags and the next-step choice'),
    ('sched', 'schedule bits that change: the schedule adder'),
    ('cw', 'CW per own controller: the compare cyc + 1 == sched'),
    ('addr', 'address bits that change: the address adder'),
    ('cols', 'next-step delta bits kept: their multiplexer'),
    ('ctrl', 'per own controller: fire, active, the last step'),
    ('follow', 'a shared controller\'s changing address bits: its adder'),
    ('in_word', 'W x aggregator words reached: the row select, the SRAM write data'),
    ('out_word', 'W x transpose-buffer words reached: the slot multiplexer'),
]


def static_term_values(t):
    parts, const = static_parts(t)
    d = dict((k, 0) for k, _ in STATIC_TERMS)
    ni, no, w = t['ni'], t['no'], t['w']
    for c, pt in enumerate(parts):
        if pt is None:
            continue
        if pt[0] == 'own':
            v = pt[1]
            d['live_ew'] += v['levels'] * t['ew']
            d['live'] += v['levels']
            d['sched'] += v['sched']
            d['cw'] += t['cw']
            d['addr'] += v['addr']
            d['cols'] += v['cols']
            d['ctrl'] += 1
        else:
            d['follow'] += t['agw'][c] - const[c]
        if c < ni:
            d['in_word'] += w * reached_words(t, c, const[c], False)
        elif c >= 2 * ni + no:
            d['out_word'] += w * reached_words(t, c, const[c], True)
    return [d[k] for k, _ in STATIC_TERMS]


def static_points(sluice, work):
    """Every distinct tile of STATIC_PROGRAMS, as built and, when it shares
    controllers, unshared: [(name, params, role)]."""
    pts, seen = [], set()
    for prog in STATIC_PROGRAMS:
        for inst, ps in static_tiles(sluice, prog, work):
            variants = [('', ps)]
            if hexval(ps.get('SHARE', '0')):
                variants.append(('.own', dict(ps, SHARE="8'h0")))
            for suffix, q in variants:
                key = repr(sorted(q.items()))
                if key not in seen:
                    seen.add(key)
                    pts.append(('%s.%s%s' % (prog[0], inst, suffix), q, prog[2]))
    return pts


def fit_rows(rows):
    """Weighted least squares over rows (x, y) of any number of terms:
    minimize sum ((pred - y) / y)^2."""
    k = len(rows[0][0])
    ata = [[0.0] * k for _ in range(k)]
    atb = [0.0] * k
    for x, y in rows:
        wt = 1.0 / (y * y)
        for i in range(k):
            atb[i] += wt * x[i] * y
            for j in range(k):
                ata[i][j] += wt * x[i] * x[j]
    return solve(ata, atb)


def report_static(pts, meas):
    """The static points' table and fit; the number of flip-flop mismatches."""
    bad = 0
    print()
    print('constant configuration (STATIC 1): real tiles, as built and (.own) unshared')
    print()
    print('%-26s %5s %3s %2s %5s %2s %2s %2s %2s %2s %3s | %5s %5s %3s | %5s' %
          ('point', 'role', 'W', 'FW', 'DEPTH', 'NI', 'NO', 'LV', 'CW', 'EW', 'shr', 'ff',
           'ff_f', 'ok', 'luts'))
    tiles = [parse_tile(ps) for _, ps, _ in pts]
    for (name, ps, role), t, (ff, lut, mac, other) in zip(pts, tiles, meas):
        ff_f = static_flops(t)
        bad += ff != ff_f
        nsh = sum(1 for x in t['share'] if x & 0x80)
        print('%-26s %5s %3d %2d %5d %2d %2d %2d %2d %2d %3d | %5d %5d %3s | %5d%s' %
              (name, role, t['w'], t['fw'], t['depth'], t['ni'], t['no'], t['levels'], t['cw'],
               t['ew'], nsh, ff, ff_f, 'yes' if ff == ff_f else 'NO', lut,
               ('  other cells: %s' % other) if other else ''))
    print()
    print('flip-flops: %s' % ('the formula is exact on all %d points' % len(pts) if not bad
                              else '%d points differ from the formula' % bad))
    rows = [(static_term_values(t), m[1]) for (n, ps, role), t, m in zip(pts, tiles, meas)
            if role == 'fit']
    coef = fit_rows(rows)
    print()
    for c, (k, what) in zip(coef, STATIC_TERMS):
        print('  %-9s %8.4f  %s' % (k, c, what))
    print()
    print('%-26s %5s | %6s %8s %7s' % ('point', 'role', 'luts', 'model', 'error'))
    errs = {'fit': [], 'check': []}
    for (name, ps, role), t, m in zip(pts, tiles, meas):
        pred = sum(c * x for c, x in zip(coef, static_term_values(t)))
        e = (pred - m[1]) / m[1]
        errs[role].append(abs(e))
        print('%-26s %5s | %6d %8.0f %+6.1f%%' % (name, role, m[1], pred, 100 * e))
    print()
    for role in ('fit', 'check'):
        if errs[role]:
            print('static %s points (%d): max relative error %.1f%%, mean %.1f%%' %
                  (role, len(errs[role]), 100 * max(errs[role]),
                   100 * sum(errs[role]) / len(errs[role])))
    print()
    print('/* tile/cost.c, constant configuration */')
    for c, (k, _) in zip(coef, STATIC_TERMS):
        print('#define S_LUT_%s %.4f' % (k.upper(), c))
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--cache', help='keep and reuse the Yosys stat of each point here')
    ap.add_argument('--quick', action='store_true', help='the first four points, no fit')
    ap.add_argument('--jobs', type=int, default=1, help='Yosys runs at once (default 1)')
    ap.add_argument('--sluice', default=os.path.join(ROOT, 'build', 'driver', 'sluice'),
                    help='the compiler that maps the static points\' programs')
    ap.add_argument('--no-static', action='store_true', help='bus-configured points only')
    ap.add_argument('--no-bus', action='store_true', help='static points only')
    args = ap.parse_args()
    points = [] if args.no_bus else POINTS[:4] if args.quick else POINTS
    tmpdir = tempfile.TemporaryDirectory(prefix='pub_area_fit.')
    cache = args.cache or tmpdir.name
    os.makedirs(cache, exist_ok=True)
    spts = [] if args.quick or args.no_static else static_points(args.sluice, tmpdir.name)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        futs = [ex.submit(measure, p, cache) for p in points]
        sfuts = [ex.submit(measure_static, n, ps, cache) for n, ps, _ in spts]
        meas, smeas = [], []
        for p, f in zip(points, futs):
            meas.append(f.result())
            print('measured %s' % p[0], file=sys.stderr)
        for p, f in zip(spts, sfuts):
            smeas.append(f.result())
            print('measured %s' % p[0], file=sys.stderr)
    bad = report_bus(points, meas) if points else 0
    if spts:
        bad += report_static(spts, smeas)
    return 1 if bad else 0


def report_bus(points, meas):
    """The bus-configured points' table and fit; the flip-flop mismatches."""
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
        return bad

    fitrows = [(term_values(p), lut) for p, (ff, lut, mac, o) in zip(points, meas) if p[9] == 'fit']
    coef = fit_rows(fitrows)
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
    print('/* tile/cost.c */')
    for c, t in zip(coef, TERMS):
        print('#define LUT_%s %.4f' % (t[0].upper(), c))
    return bad




if __name__ == '__main__':
    sys.exit(main())
