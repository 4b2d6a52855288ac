#!/usr/bin/env python3
# tests/bench/cref_bench.py: the compiled reference (`sluice run --engine c`)
# against the interpreter and a hand-written C program, gaussian 1920x1080
# (issue 29's bars; the table in docs/speed.md).
#
#   python3 tests/bench/cref_bench.py --sluice build/driver/sluice \
#       --speed build/tests/sluice_speed [-n 5] [--cc cc] [--doc docs/speed.md]
#
# --doc FILE: also put the table (with the machine's load and the commit)
# into FILE between the lines '<!-- cref_bench: begin -->' and
# '<!-- cref_bench: end -->', replacing what was there.
#
# The hand-written program is tests/bench/cref_hand.c compiled here with
# `CC -O3`: it generates the input `--seed 1` gives, blurs it with a plain
# C loop and writes gaussian.npy (checked equal, byte for byte, to what
# sluice writes).  Each of the N rounds runs, one after the other so that
# all see the same machine:
#   sluice_speed --cref (in one process: the row kernels' run, the compiled
#     reference's compute, i.e. its funcs on packed arrays, and its whole
#     ref_run_engine with packing and unpacking; CPU time of the thread);
#   the hand program once with one blur (the process's CPU time) and once
#     with five (the least CPU time of a blur: output pages already
#     mapped, the loop's best case);
#   `sluice run` (its default engine, auto, compiles gaussian at 1080p;
#     the kernel cached: the whole command's CPU time, user + system, of
#     the process);
#   `sluice run --engine interp` (the interpreter, the same).
# The table gives medians over the rounds, and the ratios of the medians.
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
PROG = os.path.join(TOP, 'examples', 'gaussian.sl')
SIZE = ['-D', 'W=1920', '-D', 'H=1080']


def cpu_of(cmd):
    """(CPU seconds user + system, stdout) of one run of cmd."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = p.stdout.read()
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        sys.exit('%s failed (exit %d):\n%s' % (' '.join(cmd), p.returncode,
                                                err.decode(errors='replace')))
    return ru.ru_utime + ru.ru_stime, out.decode()


def keys(text):
    out = {}
    for line in text.splitlines():
        k, _, v = line.partition(' ')
        out[k] = float(v)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--sluice', required=True)
    ap.add_argument('--speed', required=True, help='build/tests/sluice_speed')
    ap.add_argument('-n', type=int, default=5, help='rounds (at least 5 for the table)')
    ap.add_argument('--cc', default=os.environ.get('SLUICE_CC', 'cc'))
    ap.add_argument('--doc', help='put the table into this file (docs/speed.md)')
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix='sl_cref_bench_')
    hand = os.path.join(work, 'cref_hand')
    subprocess.run([args.cc, '-O3', '-o', hand, os.path.join(HERE, 'cref_hand.c')], check=True)
    run_c = [args.sluice, 'run', PROG] + SIZE + ['--seed', '1', '-o', os.path.join(work, 'c')]
    run_i = [args.sluice, 'run', PROG] + SIZE + ['--seed', '1', '--engine', 'interp',
                                                 '-o', os.path.join(work, 'i')]
    hand_cmd = [hand, '1920', '1080', os.path.join(work, 'hand.npy'), '1']
    hand_warm = [hand, '1920', '1080', os.path.join(work, 'hand.npy'), '5']
    cpu_of(run_c)           # builds the kernel, or finds it
    rows = {k: [] for k in ('rows', 'cref', 'cref_whole', 'hand', 'hand_prog', 'run_c', 'run_i')}
    for _ in range(args.n):
        _, out = cpu_of([args.speed, PROG] + SIZE + ['-n', '1', '--cref'])
        s = keys(out)
        rows['rows'].append(s['ref_rows_s'])
        rows['cref'].append(s['cref_compute_s'])
        rows['cref_whole'].append(s['cref_s'])
        rows['hand_prog'].append(cpu_of(hand_cmd)[0])
        rows['hand'].append(keys(cpu_of(hand_warm)[1])['hand_compute_s'])
        rows['run_c'].append(cpu_of(run_c)[0])
        rows['run_i'].append(cpu_of(run_i)[0])
    for name in ('c', 'i'):
        with open(os.path.join(work, name, 'gaussian.npy'), 'rb') as f, \
                open(os.path.join(work, 'hand.npy'), 'rb') as g:
            if f.read() != g.read():
                sys.exit('the hand-written program and sluice run (%s) differ' % name)
    med = {k: statistics.median(v) for k, v in rows.items()}
    text = table(args, med)
    print(text, end='')
    if args.doc:
        put_in_doc(args.doc, text)
    subprocess.run(['rm', '-rf', work])


def table(args, med):
    """The table of medians and ratios, and the bars' verdicts."""
    ms = lambda v: '%.3f' % (v * 1e3)
    commit = subprocess.run(['git', '-C', TOP, 'rev-parse', '--short', 'HEAD'],
                            capture_output=True, text=True).stdout.strip() or 'unknown'
    out = ['gaussian 1920x1080, medians of %d rounds (CPU time), load average %s, commit %s'
           % (args.n, open('/proc/loadavg').read().split()[0], commit), '',
           '| what | ms | / hand-written |', '|---|---:|---:|']
    row = lambda what, k, base: out.append('| %s | %s | %s |' % (
        what, ms(med[k]), '1' if k == base else '%.2f' % (med[k] / med[base])))
    row('compute: interpreter (row kernels)', 'rows', 'hand')
    row('compute: compiled reference (funcs on packed arrays)', 'cref', 'hand')
    row('compute: compiled reference with packing and unpacking', 'cref_whole', 'hand')
    row('compute: hand-written C loop, `%s -O3`' % args.cc, 'hand', 'hand')
    row('whole `sluice run --engine interp`', 'run_i', 'hand_prog')
    row('whole `sluice run` (auto: compiled, kernel cached)', 'run_c', 'hand_prog')
    row('whole hand-written program (input, blur, .npy)', 'hand_prog', 'hand_prog')
    c, w = med['cref'] / med['hand'], med['run_c'] / med['hand_prog']
    out += ['', 'the physical limit, the -O3 loop: %.0f Mpixels/s (1920x1080 in %s ms)'
            % (1920 * 1080 / med['hand'] / 1e6, ms(med['hand'])), 'bar: compute within 2x of the -O3 loop: %.2fx, %s' % (c, 'met' if c <= 2 else 'NOT met'),
            'bar: whole run within 3x of the hand-written program: %.2fx, %s'
            % (w, 'met' if w <= 3 else 'NOT met')]
    return '\n'.join(out) + '\n'


def put_in_doc(path, text):
    begin, end = '<!-- cref_bench: begin -->', '<!-- cref_bench: end -->'
    doc = open(path).read()
    i, j = doc.find(begin), doc.find(end)
    if i < 0 or j < i:
        sys.exit('%s has no %s ... %s block' % (path, begin, end))
    new = doc[:i + len(begin)] + '\n' + text + doc[j:]
    tmp = path + '.tmp'
    with open(tmp, 'w') as f:
        f.write(new)
    os.replace(tmp, path)


if __name__ == '__main__':
    main()
