#!/usr/bin/env bash
# tests/bench/estimate_bench.sh: the logic estimate (fpga/logic.c plus
# fpga/storage.c's storage) against Yosys, example x lanes x board.
#   estimate_bench.sh [--no-synth] [-o DIR] [-b BOARD,...] [-k K,...] [--md FILE]
#                     SLUICE SLUICE_ESTIMATE [EXAMPLE...]
# SLUICE is build/driver/sluice, SLUICE_ESTIMATE build/tests/sluice_estimate.
# For every example (default: the small examples whose Yosys run is quick),
# lane count K (-k, default 1: --unroll K) and board (default: all four),
# runs `nice SLUICE synth --unroll K` into DIR/<ex>.k<K>.<board> (kept: a
# directory with a synth.json is not synthesized again; delete it to
# remeasure) and SLUICE_ESTIMATE, and prints one row: predicted and
# measured LUTs, flip-flops and DSPs and predicted/measured.  A row whose
# synth fails (the estimate says it does not fit, or --unroll K is not
# legal for it) has no measurement.  One Yosys at a time.  --no-synth
# prints the predictions only (no Yosys; a smoke test).  --md FILE also
# writes the measured rows as a Markdown table (example, K, board, LUTs
# estimated and by Yosys, error % = (est - Yosys) / Yosys) and a summary
# line (docs/estimate.md is made so).
# Needs bash and python3.  Exit 1 when an estimate fails.
set -u
usage() { echo "usage: $0 [--no-synth] [-o DIR] [-b BOARDS] [-k KS] [--md FILE] SLUICE SLUICE_ESTIMATE [EXAMPLE...]" >&2; exit 2; }
SYNTH=1
KS=1
MD=
DIR=${TMPDIR:-/tmp}/sluice_estimate_bench
BOARDS=ice40up5k,ecp5-85f,artix7-100t,zu9eg
while [ $# -gt 0 ]; do
	case "$1" in
	--no-synth) SYNTH=0; shift ;;
	-o) [ $# -ge 2 ] || usage; DIR=$2; shift 2 ;;
	-b) [ $# -ge 2 ] || usage; BOARDS=$2; shift 2 ;;
	-k) [ $# -ge 2 ] || usage; KS=$2; shift 2 ;;
	--md) [ $# -ge 2 ] || usage; MD=$2; shift 2 ;;
	-*) usage ;;
	*) break ;;
	esac
done
[ $# -ge 2 ] || usage
SLUICE=$1
EST=$2
shift 2
EXAMPLES=("$@")
[ ${#EXAMPLES[@]} -gt 0 ] || EXAMPLES=(brighten upsample downsample gaussian unsharp cascade harris
	laplacian_pyramid matmul resnet_layer)
EX=$(cd "$(dirname "$0")/../../examples" && pwd)
mkdir -p "$DIR"
exec python3 - "$SLUICE" "$EST" "$SYNTH" "$DIR" "$BOARDS" "$EX" "$KS" "$MD" "${EXAMPLES[@]}" <<'PY'
import json, os, subprocess, sys

sluice, est, synth, out, boards, ex, ks, md, progs = sys.argv[1], sys.argv[2], \
    sys.argv[3] == '1', sys.argv[4], sys.argv[5].split(','), sys.argv[6], \
    [int(k) for k in sys.argv[7].split(',')], sys.argv[8], sys.argv[9:]

def estimate(prog, board, k):
    r = subprocess.run([est, prog, board, '--unroll', str(k)], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    for line in r.stdout.splitlines():
        f = line.split()
        if f and f[0] == 'total':
            return int(f[2]), int(f[4]), int(f[6])
    return None

def measure(prog, board, name, k):
    d = os.path.join(out, '%s.k%d.%s' % (name, k, board))
    j = os.path.join(d, 'synth.json')
    if synth and not os.path.exists(j) and not os.path.exists(os.path.join(d, 'failed')):
        os.makedirs(d, exist_ok=True)
        r = subprocess.run(['nice', sluice, 'synth', prog, '--board', board, '--unroll', str(k),
                            '--quiet', '-o', d], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
        if not os.path.exists(j):
            open(os.path.join(d, 'failed'), 'w').write(r.stderr)
    if not os.path.exists(j):
        return None
    m = json.load(open(j))
    return m['luts'], m['flip_flops'], m['dsps']

def ratio(p, m):
    if m == 0:
        return '-' if p == 0 else 'inf'
    return '%.2f' % (p / m)

def why(name, board, k):
    f = os.path.join(out, '%s.k%d.%s' % (name, k, board), 'failed')
    if not os.path.exists(f):
        return 'not synthesized'
    for line in open(f):
        if 'error:' in line:
            return line.split('error:', 1)[1].strip()[:70]
    return 'synth failed'

print('%-18s %2s %-12s %8s %8s %6s %8s %8s %6s %6s %6s %5s' % ('example', 'k', 'board',
      'LUT est', 'LUT yos', 'ratio', 'FF est', 'FF yos', 'ratio', 'DSPest', 'DSPyos', 'ratio'))
failed = False
rows = []
for k in ks:
    for name in progs:
        prog = os.path.join(ex, name + '.sl')
        for b in boards:
            p = estimate(prog, b, k)
            m = measure(prog, b, name, k) if synth or os.path.isdir(out) else None
            if p is None:
                if m is not None:
                    failed = True
                print('%-18s %2d %-12s estimate failed' % (name, k, b))
                rows.append((name, k, b, None, None, why(name, b, k)))
                continue
            if m is None:
                print('%-18s %2d %-12s %8d %8s %6s %8d %8s %6s %6d %6s %5s' % (name, k, b, p[0],
                      '-', '-', p[1], '-', '-', p[2], '-', '-'))
                rows.append((name, k, b, p, None, why(name, b, k)))
                continue
            print('%-18s %2d %-12s %8d %8d %6s %8d %8d %6s %6d %6d %5s' % (name, k, b, p[0],
                  m[0], ratio(p[0], m[0]), p[1], m[1], ratio(p[1], m[1]), p[2], m[2],
                  ratio(p[2], m[2])))
            rows.append((name, k, b, p, m, ''))
            sys.stdout.flush()
if md:
    with open(md, 'w') as f:
        f.write('| example | k | board | LUTs est | LUTs Yosys | error | DSPs est | DSPs Yosys |\n')
        f.write('|---|---:|---|---:|---:|---:|---:|---:|\n')
        n = within = 0
        worst = None
        for name, k, b, p, m, note in rows:
            if m is None:
                est_l = '%d' % p[0] if p else '-'
                f.write('| %s | %d | %s | %s | - | (%s) | | |\n' % (name, k, b, est_l, note))
                continue
            e = 100.0 * (p[0] - m[0]) / m[0] if m[0] else 0.0
            n += 1
            within += abs(e) <= 25
            if worst is None or abs(e) > abs(worst[0]):
                worst = (e, name, k, b)
            f.write('| %s | %d | %s | %d | %d | %+.1f%% | %d | %d |\n' % (name, k, b, p[0], m[0],
                    e, p[2], m[2]))
        if worst:
            f.write('\n%d rows measured, %d within 25%%; the largest error %+.1f%% (%s, k = %d, %s).\n'
                    % (n, within, worst[0], worst[1], worst[2], worst[3]))
sys.exit(1 if failed else 0)
PY
