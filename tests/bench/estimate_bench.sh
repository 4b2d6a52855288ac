#!/usr/bin/env bash
# tests/bench/estimate_bench.sh: the logic estimate (fpga/logic.c plus
# fpga/storage.c's storage) against Yosys, example x board.
#   estimate_bench.sh [--no-synth] [-o DIR] [-b BOARD,...] SLUICE SLUICE_ESTIMATE [EXAMPLE...]
# SLUICE is build/driver/sluice, SLUICE_ESTIMATE build/tests/sluice_estimate.
# For every example (default: the small examples whose Yosys run is quick)
# and board (default: all four), runs `nice SLUICE synth` into DIR/<ex>.<board>
# (kept: a directory with a synth.json is not synthesized again; delete DIR
# to remeasure) and SLUICE_ESTIMATE, and prints one row: predicted and
# measured LUTs, flip-flops and DSPs and predicted/measured.  One Yosys at a
# time.  --no-synth prints the predictions only (no Yosys; a smoke test).
# Needs bash and python3.  Exit 1 when an estimate fails.
set -u
usage() { echo "usage: $0 [--no-synth] [-o DIR] [-b BOARDS] SLUICE SLUICE_ESTIMATE [EXAMPLE...]" >&2; exit 2; }
SYNTH=1
DIR=${TMPDIR:-/tmp}/sluice_estimate_bench
BOARDS=ice40up5k,ecp5-85f,artix7-100t,zu9eg
while [ $# -gt 0 ]; do
	case "$1" in
	--no-synth) SYNTH=0; shift ;;
	-o) [ $# -ge 2 ] || usage; DIR=$2; shift 2 ;;
	-b) [ $# -ge 2 ] || usage; BOARDS=$2; shift 2 ;;
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
exec python3 - "$SLUICE" "$EST" "$SYNTH" "$DIR" "$BOARDS" "$EX" "${EXAMPLES[@]}" <<'PY'
import json, os, subprocess, sys

sluice, est, synth, out, boards, ex, progs = sys.argv[1], sys.argv[2], sys.argv[3] == '1', \
    sys.argv[4], sys.argv[5].split(','), sys.argv[6], sys.argv[7:]

def estimate(prog, board):
    r = subprocess.run([est, prog, board], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    for line in r.stdout.splitlines():
        f = line.split()
        if f and f[0] == 'total':
            return int(f[2]), int(f[4]), int(f[6])
    return None

def measure(prog, board, name):
    d = os.path.join(out, '%s.%s' % (name, board))
    j = os.path.join(d, 'synth.json')
    if synth and not os.path.exists(j):
        subprocess.run(['nice', sluice, 'synth', prog, '--board', board, '-o', d],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if not os.path.exists(j):
        return None
    m = json.load(open(j))
    return m['luts'], m['flip_flops'], m['dsps']

def ratio(p, m):
    if m == 0:
        return '-' if p == 0 else 'inf'
    return '%.2f' % (p / m)

print('%-18s %-12s %8s %8s %6s %8s %8s %6s %6s %6s %5s' % ('example', 'board', 'LUT est',
      'LUT yos', 'ratio', 'FF est', 'FF yos', 'ratio', 'DSPest', 'DSPyos', 'ratio'))
failed = False
for name in progs:
    prog = os.path.join(ex, name + '.sl')
    for b in boards:
        p = estimate(prog, b)
        if p is None:
            failed = True
            print('%-18s %-12s estimate failed' % (name, b))
            continue
        m = measure(prog, b, name) if synth or os.path.isdir(out) else None
        if m is None:
            print('%-18s %-12s %8d %8s %6s %8d %8s %6s %6d %6s %5s' % (name, b, p[0], '-', '-',
                  p[1], '-', '-', p[2], '-', '-'))
            continue
        print('%-18s %-12s %8d %8d %6s %8d %8d %6s %6d %6d %5s' % (name, b, p[0], m[0],
              ratio(p[0], m[0]), p[1], m[1], ratio(p[1], m[1]), p[2], m[2], ratio(p[2], m[2])))
        sys.stdout.flush()
sys.exit(1 if failed else 0)
PY
