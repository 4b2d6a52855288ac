#!/usr/bin/env bash
# tests/bench/frames_bench.sh: what `sluice sim --engine verilator --frames N`
# spends outside the Verilated loop (issue 29, item 3 and its last bar).
#   frames_bench.sh SLUICE [SLUICE...] [-n RUNS] [--frames N] [-- SIM ARGS...]
# Each SLUICE is a compiler binary (two of them: before and after a
# change).  The command is
#   SLUICE sim SIM ARGS --engine verilator --frames N --seed 1 -o DIR
# with SIM ARGS by default examples/gaussian.sl -D W=1920 -D H=1080 and N
# 10.  Each binary first runs once to verilate into the cache
# ($SLUICE_CACHE_DIR when set, else a temporary directory removed at the
# end; that run is not counted), then RUNS rounds (default 5) run every
# binary once each, in turn, so that all see the same machine.  Per run:
# the command's wall-clock time (measured here, around the process), the
# Verilated loop's own time (the testbench's "model run S s", printed by
# sluice), outside = wall - loop and its share of wall, and the CPU time
# (user + system of sluice and the testbench).  The table gives the medians
# over the RUNS runs of each binary, then every run.  Needs bash, python3
# and verilator.  Exit 1 if a run fails.
set -u
usage() { echo "usage: $0 SLUICE [SLUICE...] [-n RUNS] [--frames N] [-- SIM ARGS...]" >&2; exit 2; }
BINS=()
N=5
FRAMES=10
ARGS=()
while [ $# -gt 0 ]; do
	case "$1" in
	-n) [ $# -ge 2 ] || usage; N=$2; shift 2 ;;
	--frames) [ $# -ge 2 ] || usage; FRAMES=$2; shift 2 ;;
	--) shift; ARGS=("$@"); break ;;
	-*) usage ;;
	*) [ -x "$1" ] || { echo "$0: '$1' is not executable" >&2; exit 2; }
	   BINS+=("$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"); shift ;;
	esac
done
[ ${#BINS[@]} -ge 1 ] || usage
if [ ${#ARGS[@]} -eq 0 ]; then
	ARGS=("$(cd "$(dirname "$0")/../../examples" && pwd)/gaussian.sl" -D W=1920 -D H=1080)
fi

exec python3 - "$N" "$FRAMES" "${#BINS[@]}" "${BINS[@]}" "${ARGS[@]}" <<'PY'
import os, re, resource, shutil, statistics, subprocess, sys, tempfile, time

n, frames, nb = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
bins, args = sys.argv[4:4 + nb], sys.argv[4 + nb:]
work = tempfile.mkdtemp(prefix='sluice_framesbench_')
env = dict(os.environ)
env.setdefault('SLUICE_CACHE_DIR', os.path.join(work, 'cache'))
speed = re.compile(r'verilator: \d+ frames, (\d+) cycles .*\n(?:.*\n)*?  speed: \d+ '
                   r'cycles/s \(model run ([0-9.]+) s\)')

def run(b, k):
    out = os.path.join(work, 'out%d' % k)
    cmd = [b, 'sim'] + args + ['--engine', 'verilator', '--frames', str(frames),
                               '--seed', '1', '-o', out]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    text = r.stdout.decode()
    m = speed.search(text)
    if r.returncode != 0 or not m:
        sys.stderr.write('%s: sluice sim failed (exit %d):\n%s%s'
                         % (b, r.returncode, text, r.stderr.decode()))
        return None
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    loop = float(m.group(2))
    return {'cycles': int(m.group(1)), 'wall': wall, 'loop': loop,
            'outside': wall - loop, 'share': (wall - loop) / wall, 'cpu': cpu,
            'cached': 'build: cached' in text}

failed = False
runs = {k: [] for k in range(nb)}
try:
    for k, b in enumerate(bins):
        if run(b, k) is None:
            failed = True
    for _ in range(n if not failed else 0):
        for k, b in enumerate(bins):
            r = run(b, k)
            if r is None or not r['cached']:
                failed = True
            else:
                runs[k].append(r)
finally:
    shutil.rmtree(work, ignore_errors=True)

load = os.getloadavg()[0]
print('`frames_bench.sh -n %d --frames %d`: `sluice sim %s --engine verilator --frames %d '
      '--seed 1`, cached build, load average %.2f at the end; medians of %d runs:'
      % (n, frames, ' '.join(os.path.basename(a) if a.endswith('.sl') else a for a in args),
         frames, load, n))
print()
print('| binary | cycles | wall s | Verilated loop s | outside s | outside / wall | CPU s |')
print('|---|---:|---:|---:|---:|---:|---:|')
for k, b in enumerate(bins):
    rs = runs[k]
    if not rs:
        print('| %s | failed | | | | | |' % b)
        continue
    med = lambda f: statistics.median(r[f] for r in rs)
    print('| %s | %d | %.3f | %.3f | %.3f | %.0f%% | %.3f |'
          % (b, rs[0]['cycles'], med('wall'), med('loop'), med('outside'),
             100 * med('share'), med('cpu')))
print()
for k, b in enumerate(bins):
    print('%s: every run (wall / loop / outside s): %s' % (b, ', '.join(
        '%.2f / %.2f / %.2f' % (r['wall'], r['loop'], r['outside']) for r in runs[k])))
sys.exit(1 if failed else 0)
PY
