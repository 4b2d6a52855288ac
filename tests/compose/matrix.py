#!/usr/bin/env python3
# tests/compose/matrix.py: the composition matrix of issue 26.
#
#   matrix.py --sluice SLUICE [--subset all|pairwise] [--only FACTOR=VALUE|REGEX]... [-j N]
#             PROGRAM...
#
# Every combination of
#   memory     native | pub          (--memory pub: the push-memory tiles)
#   lanes      1 | 2 | 4             (--unroll K)
#   interface  native | axis         (--interface axis: AXI4-Stream)
#   frames     1 | 3                 (--frames 3: back to back through one start)
#   size       fixed | runtime       (--runtime-config: one build, sizes at run time)
# runs `sluice sim PROGRAM --engine verilator --seed 1` at a small size
# (-D W=64 -D H=10) and must either be bit-exact with the measured cycles
# equal to the prediction (the harness's line "verilator: ... N cycles
# (predicted N...), M output values equal to the reference"), or be
# refused with one of the documented refusals of REFUSALS below (each with
# the docs section that gives its hardware reason).  A refusal that is not
# in the table fails; so does a combination the table says is refused that
# runs (the table, and the docs it names, would be out of date).
#
# A run-time configured combination runs at two sizes (64x10, then 48x8)
# and its Verilog must be byte-identical between them: one build serves
# both (the Verilator cache is keyed by the Verilog, so the second run
# reuses the first's build).
#
# --subset pairwise runs a covering set: every pair of values of two
# factors occurs in at least one combination (chosen greedily in a fixed
# order, so the set is deterministic).  make test runs gaussian's pairwise
# set; the whole matrix of gaussian, harris and camera_pipeline is labelled
# slow (tests/compose.cmake).  Exit 0 when every combination holds, 1 when
# one does not (each failure named), 2 on usage errors.
import argparse
import itertools
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

FACTORS = [
    ('memory', ['native', 'pub']),
    ('lanes', [1, 2, 4]),
    ('interface', ['native', 'axis']),
    ('frames', [1, 3]),
    ('size', ['fixed', 'runtime']),
]

# Rows long enough that the tiles hold the line buffers at every lane
# count (at a row of 16 pixels and 4 lanes, a lane's row is 4 words: its
# buffers are register chains whose length is the row's, so each size has
# its own Verilog: docs/pub.md "Run-time configuration").
SIZES = [(64, 10), (48, 8)]

# The documented refusals: (when it applies, text the error must hold, the
# docs section with the hardware reason).  Keep this list and the docs in
# step: a refusal is removed here when the combination is built.
REFUSALS = [
]
DONE = re.compile(r'^verilator: (?:(\d+) frames, )?(\d+) cycles \(predicted (\d+)[^)]*\), '
                  r'(\d+) output values equal to the reference', re.M)


def combos(subset):
    names = [f[0] for f in FACTORS]
    every = [dict(zip(names, vals)) for vals in itertools.product(*[f[1] for f in FACTORS])]
    if subset == 'all':
        return every
    want = set()
    for (i, (_, a)), (j, (_, b)) in itertools.combinations(enumerate(FACTORS), 2):
        for va in a:
            for vb in b:
                want.add((i, va, j, vb))
    chosen = []
    while want:
        def gain(c):
            vals = [c[n] for n in names]
            return sum((i, vals[i], j, vals[j]) in want
                       for i, j in itertools.combinations(range(len(names)), 2))
        best = max(every, key=gain)	# first of the best: deterministic
        vals = [best[n] for n in names]
        for i, j in itertools.combinations(range(len(names)), 2):
            want.discard((i, vals[i], j, vals[j]))
        chosen.append(best)
    return chosen


def label(c):
    return '%s k=%d %s frames=%d %s' % (c['memory'], c['lanes'], c['interface'], c['frames'],
                                          c['size'])


def args_of(c):
    a = []
    if c['memory'] == 'pub':
        a += ['--memory', 'pub']
    if c['lanes'] > 1:
        a += ['--unroll', str(c['lanes'])]
    if c['interface'] == 'axis':
        a += ['--interface', 'axis']
    if c['frames'] > 1:
        a += ['--frames', str(c['frames'])]
    if c['size'] == 'runtime':
        a += ['--runtime-config']
        if c['memory'] == 'native':	# one build up to the largest size
            a += ['--runtime-max', 'W=%d' % SIZES[0][0], '--runtime-max', 'H=%d' % SIZES[0][1]]
    return a


def verilog_of(out):
    text = b''
    for f in sorted(os.listdir(out)):
        if f.endswith('.v'):
            with open(os.path.join(out, f), 'rb') as fh:
                text += f.encode() + b'\0' + fh.read()
    return text


def first_error(text):
    lines = text.strip().splitlines()
    return next((l for l in lines if 'error:' in l), lines[-1] if lines else '(no message)')


def run_one(sluice, prog, c, tmp):
    """(ok, message) for one combination."""
    c = dict(c, prog=os.path.splitext(os.path.basename(prog))[0])
    refusals = [r for r in REFUSALS if r[0](c)]
    sizes = SIZES if c['size'] == 'runtime' else SIZES[:1]
    texts = []
    for w, h in sizes:
        out = os.path.join(tmp, re.sub(r'\W+', '_', '%s_%s_%dx%d' % (os.path.basename(prog),
                                                                    label(c), w, h)))
        cmd = [sluice, 'sim', prog, '-D', 'W=%d' % w, '-D', 'H=%d' % h, '--engine', 'verilator',
               '--seed', '1', '-o', out] + args_of(c)
        r = subprocess.run(cmd, capture_output=True, text=True)
        if refusals:
            hit = next((f for f in refusals if f[1] in r.stderr), None)
            if r.returncode != 0 and hit:
                return True, 'refused as documented (%s)' % hit[2]
            if r.returncode == 0:
                return False, 'runs, but REFUSALS says it is refused (%s): update the table' % \
                    refusals[0][2]
            return False, 'refused, not as documented: %s' % first_error(r.stderr)
        if r.returncode != 0:
            return False, 'exit %d at %dx%d: %s' % (r.returncode, w, h, first_error(r.stderr))
        m = DONE.search(r.stdout)
        if not m:
            return False, 'no verdict line at %dx%d' % (w, h)
        if m.group(2) != m.group(3):
            return False, 'cycles %s, predicted %s at %dx%d' % (m.group(2), m.group(3), w, h)
        frames = int(m.group(1) or 1)
        if frames != c['frames']:
            return False, '%d frames run, %d asked' % (frames, c['frames'])
        texts.append(verilog_of(out))
    if len(texts) > 1 and texts[0] != texts[1]:
        return False, 'run-time configured, but the Verilog differs between %dx%d and %dx%d' % (
            SIZES[0] + SIZES[1])
    return True, 'bit-exact, cycles = predicted' + (' at both sizes, one Verilog'
                                                     if len(texts) > 1 else '')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--sluice', required=True)
    ap.add_argument('--subset', choices=['all', 'pairwise'], default='all')
    ap.add_argument('-j', type=int, default=1)
    ap.add_argument('--list', action='store_true', help='print the combinations and stop')
    ap.add_argument('--only', action='append', default=[], metavar='FACTOR=VALUE|REGEX',
                    help='keep the combinations with this value of a factor, or whose label '
                    '(as --list prints) matches REGEX (repeatable: all must hold)')
    ap.add_argument('programs', nargs='+')
    o = ap.parse_args()
    cs = combos(o.subset)
    for f in o.only:
        name, eq, val = f.partition('=')
        if eq and name in dict(FACTORS):
            if val not in [str(v) for v in dict(FACTORS)[name]]:
                print('matrix.py: --only %s: no such value of %s' % (f, name), file=sys.stderr)
                return 2
            cs = [c for c in cs if str(c[name]) == val]
        else:
            cs = [c for c in cs if re.search(f, label(c))]
    if o.list:
        for c in cs:
            print(label(c))
        return 0
    jobs = [(p, c) for p in o.programs for c in cs]
    bad = 0
    with tempfile.TemporaryDirectory(prefix='sluice_matrix_') as tmp:
        with ThreadPoolExecutor(max_workers=max(1, o.j)) as ex:
            results = list(ex.map(lambda pc: run_one(o.sluice, pc[0], pc[1], tmp), jobs))
    for (p, c), (ok, msg) in zip(jobs, results):
        print('%-4s %-22s %-40s %s' % ('ok' if ok else 'FAIL', os.path.basename(p), label(c), msg))
        bad += not ok
    print('%d combinations, %d hold, %d fail' % (len(jobs), len(jobs) - bad, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
