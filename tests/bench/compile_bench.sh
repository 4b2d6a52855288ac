#!/usr/bin/env bash
# tests/bench/compile_bench.sh: how long `sluice compile` takes, and how
# good the schedules it finds are.
#   compile_bench.sh SLUICE [-n N] [-s stream|sequential] [PROG.sl...]
# Builds nothing: SLUICE is the compiler binary (build/driver/sluice).
# Compiles every examples/*.sl (the 64x64 programs, and those with params W
# and H again at 1080p, -D W=1920 -D H=1080, named NAME_1080p), or the
# programs given (DIR/NAME_1080p.sl meaning DIR/NAME.sl at 1080p), N times
# each (default 7), and prints a
# table: median and minimum wall time per program, predicted and ideal
# cycles from report.json and their ratio; then the ratio of the
# gaussian_1080p median to the gaussian one, and the issue's bars (every
# example under 1 s; gaussian_1080p under 2 s and within 3x of gaussian).
# Needs only bash, coreutils and python3.  Exit 1 if a compile fails.
set -u
usage() { echo "usage: $0 SLUICE [-n N] [-s stream|sequential] [PROG.sl...]" >&2; exit 2; }
[ $# -ge 1 ] || usage
SLUICE=$1
shift
[ -x "$SLUICE" ] || { echo "$0: '$SLUICE' is not executable" >&2; exit 2; }
N=7
POLICY=stream
PROGS=()
while [ $# -gt 0 ]; do
	case "$1" in
	-n) [ $# -ge 2 ] || usage; N=$2; shift 2 ;;
	-s) [ $# -ge 2 ] || usage; POLICY=$2; shift 2 ;;
	-*) usage ;;
	*) PROGS+=("$1"); shift ;;
	esac
done
if [ ${#PROGS[@]} -eq 0 ]; then
	EX=$(cd "$(dirname "$0")/../../examples" && pwd)
	PROGS=("$EX"/*.sl)
	for f in "$EX"/*.sl; do
		grep -q '^param W = ' "$f" && grep -q '^param H = ' "$f" && PROGS+=("${f%.sl}_1080p.sl")
	done
fi

exec python3 - "$SLUICE" "$N" "$POLICY" "${PROGS[@]}" <<'PY'
import json, os, shutil, statistics, subprocess, sys, tempfile, time

sluice, n, policy, progs = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
work = tempfile.mkdtemp(prefix='sluice_bench_')
rows, failed = [], False
try:
    for prog in progs:
        name = os.path.splitext(os.path.basename(prog))[0]
        out = os.path.join(work, name)
        args = [prog]
        if name.endswith('_1080p') and not os.path.exists(prog):
            args = [prog[:-len('_1080p.sl')] + '.sl', '-D', 'W=1920', '-D', 'H=1080']
        cmd = [sluice, 'compile'] + args + ['--schedule', policy, '-o', out]
        times, ok = [], True
        for _ in range(n):
            t0 = time.perf_counter()
            r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            times.append(time.perf_counter() - t0)
            if r.returncode != 0:
                sys.stderr.write('%s: sluice compile failed:\n%s' % (name, r.stderr.decode()))
                ok = False
                break
        if not ok:
            failed = True
            rows.append((name, None, None, None, None))
            continue
        with open(os.path.join(out, 'report.json')) as f:
            rep = json.load(f)
        rows.append((name, statistics.median(times), min(times),
                     rep['predicted_cycles'], rep['ideal_cycles']))
finally:
    shutil.rmtree(work, ignore_errors=True)

print('sluice compile --schedule %s, %d runs each (wall time)' % (policy, n))
print('%-24s %10s %10s %12s %12s %8s' % ('program', 'median ms', 'min ms',
                                        'predicted', 'ideal', 'ratio'))
for name, med, mn, pred, ideal in rows:
    if med is None:
        print('%-24s %10s' % (name, 'FAILED'))
        continue
    print('%-24s %10.1f %10.1f %12d %12d %8.4f' % (name, med * 1e3, mn * 1e3, pred, ideal,
                                                  pred / ideal if ideal else float('nan')))
med = {name: m for name, m, _, _, _ in rows if m is not None}
print()
slow = [name for name, m in med.items() if m >= 1.0]
print('bar: every program under 1 s: %s' % ('ok' if not slow else 'FAIL (%s)' % ', '.join(slow)))
if 'gaussian' in med and 'gaussian_1080p' in med:
    r = med['gaussian_1080p'] / med['gaussian']
    print('gaussian_1080p / gaussian median compile time: %.2f' % r)
    print('bar: gaussian_1080p under 2 s: %s' % ('ok' if med['gaussian_1080p'] < 2.0 else 'FAIL'))
    print('bar: gaussian_1080p within 3x of gaussian: %s' % ('ok' if r <= 3.0 else 'FAIL'))
sys.exit(1 if failed else 0)
PY
