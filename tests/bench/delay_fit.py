# tests/bench/delay_fit.py: the measurement and fit behind the iCE40 UP5K
# `delay` lines (boards/ice40up5k.board, docs/timing.md); run through
# tests/bench/delay_fit.sh.  For each (kind, width) it writes the
# micro-benchmark of delay_gen.py, synthesizes it once with Yosys, places
# and routes it with nextpnr-ice40 once per seed, and reads the period of
# the register-to-register critical path (1000 / the final "Max frequency").
# Model (docs/timing.md): a path costs ff + the sum of its operators'
# delays, each operator carrying the routing into it and the LUT at its
# end.  ff and lut are the intercept and slope of a chain of k LUT levels;
# an operator's delay is its path minus ff (minus the LUT levels put after
# it, for bram and dsp).  A + B * width is fitted per kind by least squares.
# nextpnr-ice40 0.4 times every SB_MAC16 port as a register, so the dsp
# rows come from icetime (vendor iCEcube2 timing tables) when its chip
# database is installed.  Python 3 standard library only.

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import delay_gen  # noqa: E402

WIDTHS = [1, 2, 4, 8, 12, 16, 20, 24, 32]
DEFAULT_WIDTHS = {
    'levels': [1, 2, 3],
    'reg': [8],
    'lut': WIDTHS, 'add': WIDTHS, 'cmp': WIDTHS, 'eq': WIDTHS,
    'mux': WIDTHS, 'shift': WIDTHS,
    'mul': [2, 4, 8, 12, 16, 24],
    'dsp': [2, 4, 8, 12, 16],
    'bram': [16],
    'add_lut': [8, 16], 'mux_add': [8, 16], 'add_add': [8, 16],
}
QUICK = {'levels': [1, 2], 'add': [4, 8]}
# Kinds fitted as A + B * w; the others as A alone (B = 0).
SLOPED = ('add', 'cmp', 'eq', 'mux', 'shift', 'mul', 'dsp')
# LUT levels the benchmark puts after the operator (subtracted with ff).
LEVELS_AFTER = {'bram': 2, 'dsp': 1}
# Composite checks: the kinds whose delays should add up.
CHECKS = {'add_lut': ('add', 'lut'), 'mux_add': ('mux', 'add'),
          'add_add': ('add', 'add')}
CMP_APART = 0.5  # ns: cmp gets its own line if it differs this much from add

YOSYS = 'yosys'
NEXTPNR = ['nextpnr-ice40', '--up5k', '--package', 'sg48',
           '--pcf-allow-unconstrained', '--freq', '100',
           '--timing-allow-fail']
ICETIME = ['icetime', '-d', 'up5k', '-P', 'sg48', '-i', '-t']
ICETIME_CHIPDB = '/usr/share/fpga-icestorm/chipdb/chipdb-5k.txt'


def err(msg):
    print(msg, file=sys.stderr, flush=True)


def run(cmd, cwd, log):
    with open(os.path.join(cwd, log), 'w') as f:
        r = subprocess.run(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT)
    if r.returncode != 0:
        raise RuntimeError('%s failed in %s (see %s)' % (cmd[0], cwd, log))


def nextpnr_period(logfile):
    """The post-route register-to-register period in ns: 1000 / the last
    "Max frequency for clock" line of a nextpnr log."""
    mhz = None
    with open(logfile) as f:
        for line in f:
            m = re.search(r'Max frequency for clock .*: ([0-9.]+) MHz', line)
            if m:
                mhz = float(m.group(1))
    if mhz is None:
        raise RuntimeError('no "Max frequency" line in ' + logfile)
    return 1000.0 / mhz


def icetime_period(cwd, asc):
    r = subprocess.run(ICETIME + [asc], cwd=cwd, capture_output=True,
                       text=True)
    m = re.search(r'Total path delay: ([0-9.]+) ns', r.stdout)
    if r.returncode != 0 or not m:
        raise RuntimeError('icetime failed in ' + cwd)
    return float(m.group(1))


def measure(case, seeds, root, use_icetime):
    """Synthesize one case, place and route it once per seed.  Returns
    (nextpnr periods by seed, icetime period of the first seed or None)."""
    kind, w = case
    d = os.path.join(root, '%s_%d' % (kind, w))
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, 't.v'), 'w') as f:
        f.write(delay_gen.GENERATORS[kind](w))
    run([YOSYS, '-q', '-p', 'read_verilog t.v; synth_ice40 -top top '
         '-json t.json'], d, 'yosys.log')
    periods, ice = [], None
    for i, seed in enumerate(seeds):
        log = 'nextpnr.%d.log' % seed
        extra = ['--asc', 't.asc'] if (i == 0 and use_icetime) else []
        run(NEXTPNR + ['--json', 't.json', '--seed', str(seed)] + extra,
            d, log)
        periods.append(nextpnr_period(os.path.join(d, log)))
    if use_icetime:
        ice = icetime_period(d, 't.asc')
    return periods, ice


def fit(points, sloped):
    """Least squares A + B * w over (w, y) points; B = 0 unless sloped or
    with fewer than two widths."""
    n = len(points)
    mw = sum(w for w, _ in points) / n
    my = sum(y for _, y in points) / n
    sww = sum((w - mw) ** 2 for w, _ in points)
    if not sloped or sww == 0:
        return my, 0.0
    b = sum((w - mw) * (y - my) for w, y in points) / sww
    return my - b * mw, b


def median(xs):
    """The median of the seeds' periods (the middle one of three; with one
    seed, that seed's)."""
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def base(res, key):
    """(ff, lut) in ns: intercept and slope over the LUT-level chain, from
    the median nextpnr periods (key 0) or from icetime (key 1)."""
    pts = [(w, r[key] if key else median(r[0]))
           for (k, w), r in sorted(res.items()) if k == 'levels']
    if len(pts) < 2 or (key and any(y is None for _, y in pts)):
        return None
    return fit(pts, True)


def delays(res, ff, lut, ice):
    """{kind: [(width, period, spread, delay)]}: each row's median period
    over the seeds, its spread (slowest - fastest), the operator's delay."""
    rows = {}
    for (kind, w), (periods, ice_p) in sorted(res.items()):
        p = median(periods)
        if kind == 'dsp':
            if ice is None:
                continue
            p = ice_p
            d = p - ice[0] - ice[1]
        else:
            d = p - ff - LEVELS_AFTER.get(kind, 0) * lut
        rows.setdefault(kind, []).append((w, p, max(periods) - min(periods), d))
    return rows


def fits(rows, lut):
    """{kind: (A, B)} for the operator kinds that were measured."""
    out = {'lut': (lut, 0.0)}
    for kind, rs in rows.items():
        if kind in ('levels', 'reg', 'lut') or kind in CHECKS:
            continue
        out[kind] = fit([(w, d) for w, _, _, d in rs], kind in SLOPED)
    return out


def predicted(kind, w, model, ff):
    """The model's delay for one row (None where it has none)."""
    at = lambda k: model[k][0] + model[k][1] * w if k in model else None
    if kind == 'levels':
        return w * model['lut'][0]
    if kind == 'reg':
        return model['lut'][0]
    if kind in CHECKS:
        parts = [at(k) for k in CHECKS[kind]]
        return None if None in parts else sum(parts)
    return at(kind)


def print_table(rows, model, ff):
    print('%-8s %5s %9s %7s %8s %8s %8s' % ('kind', 'width', 'period_ns',
          'spread', 'delay_ns', 'fit_ns', 'resid_ns'))
    for kind in sorted(rows, key=list(DEFAULT_WIDTHS).index):
        for w, p, spread, d in rows[kind]:
            f = predicted(kind, w, model, ff)
            fs = '%8.2f %8.2f' % (f, d - f) if f is not None else '%8s %8s' % ('-', '-')
            print('%-8s %5d %9.2f %7.2f %8.2f %s' % (kind, w, p, spread, d, fs))


def print_lines(model, ff, rows):
    print('delay ff %.2f 0' % ff)
    for kind in ('lut', 'add', 'cmp', 'eq', 'mux', 'shift', 'mul', 'dsp',
                 'bram'):
        if kind not in model:
            continue
        a, b = model[kind]
        if kind == 'cmp' and 'add' in model:
            ws = [w for w, _, _, _ in rows['cmp']]
            apart = max(abs(a + b * w - model['add'][0] - model['add'][1] * w)
                        for w in ws)
            if apart < CMP_APART:
                print('# cmp: within %.2f ns of add over the widths measured'
                      ' (no line of its own)' % apart)
                continue
        if a < 0 and b == 0:
            print('# %s: measured %.2f ns, below a register\'s own clock-to-out;'
                  ' written as 0' % (kind, a))
            a = 0.0
        print('delay %s %.2f %s' % (kind, a, '%.3f' % b if kind in SLOPED else '0'))


def parse_args(argv):
    ap = argparse.ArgumentParser(prog='delay_fit.sh')
    ap.add_argument('--kinds', help='comma-separated kinds (default: all)')
    ap.add_argument('--quick', action='store_true',
                    help='levels 1-2 and add 4, 8 on one seed')
    ap.add_argument('--seeds', default='1,2,3',
                    help='nextpnr seeds; the fit uses the median period')
    ap.add_argument('--jobs', type=int, default=2, choices=(1, 2))
    ap.add_argument('--out', help='keep the runs in this directory')
    a = ap.parse_args(argv)
    a.seeds = [int(s) for s in a.seeds.split(',')]
    if a.quick:
        a.cases = dict(QUICK)
        a.seeds = a.seeds[:1]
    else:
        kinds = a.kinds.split(',') if a.kinds else list(DEFAULT_WIDTHS)
        bad = [k for k in kinds if k not in DEFAULT_WIDTHS]
        if bad:
            ap.error('unknown kind %s' % ', '.join(bad))
        if 'levels' not in kinds:
            kinds.insert(0, 'levels')
        a.cases = {k: DEFAULT_WIDTHS[k] for k in kinds}
    return a


def tool_versions():
    y = subprocess.run([YOSYS, '-V'], capture_output=True, text=True).stdout
    n = subprocess.run([NEXTPNR[0], '--version'], capture_output=True,
                       text=True)
    n = (n.stdout + n.stderr).strip().splitlines()
    return y.strip(), n[-1] if n else '?'


def main(argv):
    a = parse_args(argv)
    use_ice = shutil.which('icetime') is not None and os.path.exists(ICETIME_CHIPDB)
    if 'dsp' in a.cases and not use_ice:
        err('delay_fit: no icetime chip database (%s, Debian package '
            'fpga-icestorm-chipdb): dsp left out' % ICETIME_CHIPDB)
        del a.cases['dsp']
    root = a.out or tempfile.mkdtemp(prefix='delay_fit.')
    cases = [(k, w) for k, ws in a.cases.items() for w in ws]
    res = {}
    try:
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
            futs = {ex.submit(measure, c, a.seeds, root,
                              use_ice and c[0] in ('levels', 'dsp')): c
                    for c in cases}
            for f in concurrent.futures.as_completed(futs):
                res[futs[f]] = f.result()
                err('delay_fit: %s %d done' % futs[f])
    finally:
        if not a.out:
            shutil.rmtree(root, ignore_errors=True)
    ff, lut = base(res, 0)
    ice = base(res, 1) if use_ice else None
    rows = delays(res, ff, lut, ice)
    model = fits(rows, lut)
    y, n = tool_versions()
    print('# delay_fit: %s; %s; UP5K SG48, seeds %s (fit on the median)'
          % (y, n, ','.join(map(str, a.seeds))))
    if ice:
        print('# icetime (dsp rows): ff %.2f lut %.2f' % ice)
    print_table(rows, model, ff)
    print_lines(model, ff, rows)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
