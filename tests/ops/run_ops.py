#!/usr/bin/env python3
# tests/ops/run_ops.py: the operator-level differential harness
# (tests/ops.cmake).  For each group of gen_ops.py (one program, thousands
# of cases, one Verilator build):
#   1. `sluice sim PROG --engine verilator --input a_T=... -o DIR`: the
#      generated Verilog in Verilator, which sim compares with sluice's C
#      reference value by value (exit 0 and "N output values equal to the
#      reference" required, N the outputs' size);
#   2. the outputs sim wrote against tests/diff/slref.py, the independent
#      Python implementation of the spec, run on the same program and
#      inputs: bit for bit (a difference names the case, its expression and
#      its operands);
#   3. tests/rtlgen/check_generated.sh lint: verilator --lint-only -Wall on
#      the program's Verilog, no warning at all.
#
#   run_ops.py --sluice PATH [--group G]... [--seed S] [--engine run|model|verilator]
#              [--keep DIR] [--no-lint]
# --engine run or model skips Verilator (quick checks of the harness); --engine
# c runs `sluice run --engine c` (the compiled reference) against slref.
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, '..', 'diff'))
import gen_ops  # noqa: E402
import npyio  # noqa: E402
import slref  # noqa: E402

CHECK = os.path.join(HERE, '..', 'rtlgen', 'check_generated.sh')
LIB = os.path.join(HERE, '..', '..', 'rtlgen', 'lib')


def sluice_cmd(args, prog, inputs, out):
    run = args.engine in ('run', 'c')
    cmd = [args.sluice, 'run' if run else 'sim', prog, '-o', out]
    # 'run': the interpreter, named (run's default compiles large programs)
    cmd += ['--engine', 'interp' if args.engine == 'run' else args.engine]
    for name, path in sorted(inputs.items()):
        cmd += ['--input', '%s=%s' % (name, path)]
    return cmd


def expected(prog, inputs):
    with open(prog) as f:
        p = slref.Program(f.read(), os.path.dirname(prog))
    for name, path in inputs.items():
        descr, shape, _, vals = npyio.read(path)
        p.set_input(name, descr, shape, vals)
    return p.run()


def describe(g, ty, cases, shape, i, got, want, inputs):
    """The case, expression and operands of flat index i of o_<ty>."""
    rows, cols, k_n = shape
    k, x, y = i % k_n, (i // k_n) % cols, i // (k_n * cols)
    a = npyio.read(inputs['a_%s' % ty])[3][y * cols + x]
    b = npyio.read(inputs['b_%s' % ty])[3][y * cols + x]
    return ('group %d o_%s k=%d at y=%d x=%d: %s with a=%d b=%d: sluice %d, slref %d'
            % (g, ty, k, y, x, cases[ty][k], a, b, got, want))


def compare(g, out, cases, inputs, ref):
    """Messages for the outputs differing from slref (at most 3 each)."""
    bad = []
    for name, (descr, shape, want) in sorted(ref.items()):
        path = os.path.join(out, name + '.npy')
        if not os.path.exists(path):
            bad.append('group %d: sluice wrote no %s' % (g, path))
            continue
        _, gshape, _, got = npyio.read(path)
        if tuple(gshape) != tuple(shape):
            bad.append('group %d: %s shape %s, slref %s' % (g, name, gshape, shape))
            continue
        diff = [i for i, (u, v) in enumerate(zip(got, want)) if u != v]
        for i in diff[:3]:
            bad.append(describe(g, name[2:], cases, shape, i, got[i], want[i], inputs))
        if len(diff) > 3:
            bad.append('... %d values of %s differ in all' % (len(diff), name))
    return bad


def run_group(args, g, work):
    t0 = time.time()
    d = os.path.join(work, 'g%d' % g)
    prog, inputs, cases = gen_ops.write_group(d, g, args.seed)
    n_cases = sum(len(c) for c in cases.values())
    out = os.path.join(d, 'out')
    p = subprocess.run(sluice_cmd(args, prog, inputs, out), capture_output=True, text=True)
    errs = []
    if p.returncode != 0:
        errs.append('group %d: sluice exit %d:\n%s' % (g, p.returncode, p.stderr.strip()[-3000:]))
        m = re.search(r"output 'o_(\w+)' differs from the reference at \((\d+), (\d+), (\d+)\)",
                      p.stderr)
        if m and m.group(1) in cases:
            ty, y, x, k = m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4))
            a = npyio.read(inputs['a_%s' % ty])[3][y * gen_ops.EDGES + x]
            b = npyio.read(inputs['b_%s' % ty])[3][y * gen_ops.EDGES + x]
            errs.append('the case: o_%s k=%d: %s with a=%d b=%d' % (ty, k, cases[ty][k], a, b))
        return errs, n_cases, 0, time.time() - t0
    ref = slref.in_big_stack(lambda: expected(prog, inputs))
    n_vals = sum(len(v[2]) for v in ref.values())
    if args.engine not in ('run', 'c'):
        m = re.search(r'(\d+) output values equal to the reference', p.stderr + p.stdout)
        if not m or int(m.group(1)) != n_vals:
            errs.append('group %d: sim did not report %d output values equal to the '
                        'reference:\n%s' % (g, n_vals, p.stderr.strip()[-2000:]))
    errs += compare(g, out, cases, inputs, ref)
    if args.lint:
        q = subprocess.run(['bash', CHECK, args.sluice, prog, LIB, 'lint'],
                           capture_output=True, text=True)
        if q.returncode != 0:
            errs.append('group %d: lint:\n%s' % (g, q.stdout.strip()[-3000:]))
    return errs, n_cases, n_vals, time.time() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--sluice', required=True)
    ap.add_argument('--group', type=int, action='append')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--engine', choices=['run', 'c', 'model', 'verilator'], default='verilator')
    ap.add_argument('--keep')
    ap.add_argument('--no-lint', dest='lint', action='store_false')
    args = ap.parse_args()
    args.sluice = os.path.abspath(args.sluice)
    if args.engine != 'verilator':
        args.lint = False
    work = args.keep or tempfile.mkdtemp(prefix='sl_ops_')
    failed = 0
    total_cases = total_vals = 0
    for g in args.group if args.group is not None else range(len(gen_ops.GROUPS)):
        errs, n_cases, n_vals, dt = run_group(args, g, work)
        total_cases += n_cases
        total_vals += n_vals
        types = ' '.join(gen_ops.tname(t) for t in gen_ops.GROUPS[g])
        print('group %d (%s): %d cases, %d values, %s, %.1f s'
              % (g, types, n_cases, n_vals, 'FAIL' if errs else 'ok', dt), flush=True)
        for e in errs[:20]:
            print('  ' + e, flush=True)
        failed += bool(errs)
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    print('%d cases, %d values (%s%s): %s' % (total_cases, total_vals, args.engine,
                                            ', lint' if args.lint else '',
                                            '%d groups failed' % failed if failed else 'all equal'))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
