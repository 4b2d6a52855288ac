#!/usr/bin/env python3
# tests/bench/cref_bench.py: the compiled reference (`sluice run --engine c`)
# against the interpreter and a hand-written C program, gaussian 1920x1080
# (issue 29's bars; the table in docs/speed.md).
#
#   python3 tests/bench/cref_bench.py --sluice build/driver/sluice \
#       --speed build/tests/sluice_speed [-n 5] [--cc cc]
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
#   `sluice run --engine c` (the kernel cached: the whole command's CPU
#     time, user + system, of the process);
#   `sluice run` (the interpreter, the same).
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
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix='sl_cref_bench_')
    hand = os.path.join(work, 'cref_hand')
    subprocess.run([args.cc, '-O3', '-o', hand, os.path.join(HERE, 'cref_hand.c')], check=True)
    run_c = [args.sluice, 'run', PROG] + SIZE + ['--seed', '1', '--engine', 'c',
                                                 '-o', os.path.join(work, 'c')]
    run_i = [args.sluice, 'run', PROG] + SIZE + ['--seed', '1', '-o', os.path.join(work, 'i')]
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
    ms = lambda v: '%.3f' % (v * 1e3)
    print('gaussian 1920x1080, medians of %d rounds (CPU time), load average %s'
          % (args.n, open('/proc/loadavg').read().split()[0]))
    print()
    print('| what | ms | / hand-written |')
    print('|---|---:|---:|')
    print('| compute: interpreter (row kernels) | %s | %.2f |' % (ms(med['rows']), med['rows'] / med['hand']))
    print('| compute: compiled reference (funcs on packed arrays) | %s | %.2f |' % (ms(med['cref']), med['cref'] / med['hand']))
    print('| compute: compiled reference with packing and unpacking | %s | %.2f |' % (ms(med['cref_whole']), med['cref_whole'] / med['hand']))
    print('| compute: hand-written C loop, `%s -O3` | %s | 1 |' % (args.cc, ms(med['hand'])))
    print('| whole `sluice run` (interpreter) | %s | %.2f |' % (ms(med['run_i']), med['run_i'] / med['hand_prog']))
    print('| whole `sluice run --engine c` (kernel cached) | %s | %.2f |' % (ms(med['run_c']), med['run_c'] / med['hand_prog']))
    print('| whole hand-written program (input, blur, .npy) | %s | 1 |' % ms(med['hand_prog']))
    subprocess.run(['rm', '-rf', work])


if __name__ == '__main__':
    main()
