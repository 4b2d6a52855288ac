#!/usr/bin/env bash
# tests/bench/verilator_bench.sh: how fast the Verilated hardware runs, and
# what `sluice sim --engine verilator` costs around it.
#   verilator_bench.sh SLUICE [-n N] [PROG.sl...]
# SLUICE is the compiler binary (build/driver/sluice).  For each program
# (default examples/gaussian_1080p.sl, which means examples/gaussian.sl
# -D W=1920 -D H=1080: a DIR/NAME_1080p.sl that does not exist is DIR/NAME.sl
# at 1080p) one first run verilates into a
# fresh cache ($SLUICE_CACHE_DIR when set, else a temporary directory
# removed at the end), then N runs (default 3) reuse the build.  The table
# gives, as medians of the N cached runs: cycles, the Verilated model's
# cycle loop alone (seconds and cycles per second, as `sluice sim` prints
# them), the wall time of the whole `sluice sim` (compile, reference,
# files, comparison) and the ratio wall / model run (harness overhead);
# for scale, the median wall time of `sluice run` (front end, reference,
# output files) on the same inputs.
# Needs bash, coreutils, python3 and verilator.  Exit 1 if a run fails.
set -u
usage() { echo "usage: $0 SLUICE [-n N] [PROG.sl...]" >&2; exit 2; }
[ $# -ge 1 ] || usage
SLUICE=$1
shift
[ -x "$SLUICE" ] || { echo "$0: '$SLUICE' is not executable" >&2; exit 2; }
N=3
PROGS=()
while [ $# -gt 0 ]; do
	case "$1" in
	-n) [ $# -ge 2 ] || usage; N=$2; shift 2 ;;
	-*) usage ;;
	*) PROGS+=("$1"); shift ;;
	esac
done
if [ ${#PROGS[@]} -eq 0 ]; then
	PROGS=("$(cd "$(dirname "$0")/../../examples" && pwd)/gaussian_1080p.sl")
fi

exec python3 - "$SLUICE" "$N" "${PROGS[@]}" <<'PY'
import os, re, shutil, statistics, subprocess, sys, tempfile, time

sluice, n, progs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
work = tempfile.mkdtemp(prefix='sluice_vlbench_')
env = dict(os.environ)
env.setdefault('SLUICE_CACHE_DIR', os.path.join(work, 'cache'))
line = re.compile(r'verilator: (\d+) cycles .*\n(?:.*\n)*?  speed: \d+ cycles/s '
                  r'\(model run ([0-9.]+) s\)')

def prog_args(prog):
    if prog.endswith('_1080p.sl') and not os.path.exists(prog):
        return [prog[:-len('_1080p.sl')] + '.sl', '-D', 'W=1920', '-D', 'H=1080']
    return [prog]

def run(prog, out):
    cmd = [sluice, 'sim'] + prog_args(prog) + ['--engine', 'verilator', '--seed', '1', '-o', out]
    t0 = time.perf_counter()
    r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wall = time.perf_counter() - t0
    text = r.stdout.decode()
    m = line.search(text)
    if r.returncode != 0 or not m:
        sys.stderr.write('%s: sluice sim failed:\n%s%s' % (prog, text, r.stderr.decode()))
        return None
    return int(m.group(1)), float(m.group(2)), wall, 'build: cached' in text

def run_ref(prog, out):
    t0 = time.perf_counter()
    r = subprocess.run([sluice, 'run'] + prog_args(prog) + ['--seed', '1', '-o', out],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0 if r.returncode == 0 else float('nan')

rows, failed = [], False
try:
    for prog in progs:
        name = os.path.splitext(os.path.basename(prog))[0]
        out = os.path.join(work, name)
        first = run(prog, out)
        cached = [run(prog, out) for _ in range(n)] if first else []
        if not first or None in cached or not all(c[3] for c in cached):
            failed = True
            rows.append((name, None))
            continue
        model = statistics.median(c[1] for c in cached)
        wall = statistics.median(c[2] for c in cached)
        ref = statistics.median(run_ref(prog, out + '_run') for _ in range(n))
        rows.append((name, (first[0], model, first[0] / model, wall, wall / model,
                            first[2], first[3], ref)))
finally:
    shutil.rmtree(work, ignore_errors=True)

print('%-16s %10s %10s %14s %10s %10s %11s %11s' % ('program', 'cycles', 'model s',
      'cycles/s', 'wall s', 'wall/model', 'first run s', 'sluice run s'))
for name, r in rows:
    if r is None:
        print('%-16s %s' % (name, 'FAILED'))
        continue
    cyc, model, speed, wall, ratio, first_wall, first_cached, ref = r
    print('%-16s %10d %10.4f %14.0f %10.3f %9.1fx %11.2f %11.3f%s' % (name, cyc, model,
          speed, wall, ratio, first_wall, ref, ' (first run cached)' if first_cached else ''))
print('medians of %d cached runs; "first run" includes verilating unless marked cached' % n)
with open('/proc/loadavg') as f:
    print('load average %s on %d cpus (timings are wall clock)' % (f.read().split()[0], os.cpu_count()))
sys.exit(1 if failed else 0)
PY
