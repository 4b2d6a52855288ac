#!/usr/bin/env bash
# tests/bench/ub_blowup_bench.sh: compile times of the programs whose buffer
# analysis once blew up (issue 15), before and after.
#   ub_blowup_bench.sh SLUICE [BEFORE_SLUICE] [-n N] [-t SECONDS] [PROG.sl...]
# Builds nothing: SLUICE is the compiler binary to measure (build/driver/sluice),
# BEFORE_SLUICE an older one to compare with (e.g. built from main before the
# fix).  Compiles every tests/diff/regress/ub_blowup_*.sl, the minimal case's
# stride-1 and stride-2 variants (which were always quick), and a few
# examples as a check that nothing else got slower (or the programs given),
# N times each (default 3), and prints the median wall and CPU time (user +
# system of the compiler) per program and binary.  A run longer than the
# timeout (default 60 s) is killed and shown as ">T s"; the other runs of
# that program with that binary are skipped.  The machine is shared, so the
# CPU time is the steadier figure.  Needs bash, coreutils and python3.
# Exit 1 if SLUICE fails to compile a program.
set -u
usage() { echo "usage: $0 SLUICE [BEFORE_SLUICE] [-n N] [-t SECONDS] [PROG.sl...]" >&2; exit 2; }
[ $# -ge 1 ] || usage
SLUICE=$1
shift
[ -x "$SLUICE" ] || { echo "$0: '$SLUICE' is not executable" >&2; exit 2; }
BEFORE=
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ] && [ -x "$1" ] && [ "${1%.sl}" = "$1" ]; then
	BEFORE=$1
	shift
fi
N=3
LIMIT=60
PROGS=()
while [ $# -gt 0 ]; do
	case "$1" in
	-n) [ $# -ge 2 ] || usage; N=$2; shift 2 ;;
	-t) [ $# -ge 2 ] || usage; LIMIT=$2; shift 2 ;;
	-*) usage ;;
	*) PROGS+=("$1"); shift ;;
	esac
done
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
if [ ${#PROGS[@]} -eq 0 ]; then
	PROGS=("$ROOT"/tests/diff/regress/ub_blowup_*.sl
		"$ROOT"/examples/gaussian.sl "$ROOT"/examples/harris.sl
		"$ROOT"/examples/mobilenet.sl "$ROOT"/examples/harris_1080p.sl)
	# harris_1080p.sl: examples/harris.sl -D W=1920 -D H=1080 (a
	# NAME_1080p.sl that does not exist is NAME.sl at 1080p)
fi

exec python3 - "$SLUICE" "$BEFORE" "$N" "$LIMIT" "${PROGS[@]}" <<'PY'
import os, resource, shutil, statistics, subprocess, sys, tempfile, time

sluice, before, n, limit, progs = sys.argv[1], sys.argv[2], int(sys.argv[3]), \
    float(sys.argv[4]), sys.argv[5:]
work = tempfile.mkdtemp(prefix='sluice_ub_bench_')

# The minimal case with a stride of 1 and 2 instead of 3 (quick before the
# fix too), written next to the copies.
minimal = [p for p in progs if os.path.basename(p) == 'ub_blowup_mod_stride.sl']
if minimal:
    text = open(minimal[0]).read()
    at = progs.index(minimal[0]) + 1
    for stride in (2, 1):
        path = os.path.join(work, 'ub_blowup_mod_stride%d.sl' % stride)
        with open(path, 'w') as f:
            f.write(text.replace('3 * x + 1', '%d * x + 1' % stride))
        progs.insert(at, path)


def prog_args(prog):
    if prog.endswith('_1080p.sl') and not os.path.exists(prog):
        return [prog[:-len('_1080p.sl')] + '.sl', '-D', 'W=1920', '-D', 'H=1080']
    return [prog]


def measure(binary, prog, tag):
    """Median wall and CPU seconds of N compiles, (None, None) on failure,
    ('timeout', _) past the limit."""
    out = os.path.join(work, tag + '_' + os.path.splitext(os.path.basename(prog))[0])
    walls, cpus = [], []
    for _ in range(n):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        try:
            r = subprocess.run([binary, 'compile'] + prog_args(prog) + ['-o', out],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               timeout=limit)
        except subprocess.TimeoutExpired:
            return 'timeout', None
        walls.append(time.perf_counter() - t0)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime)
        if r.returncode != 0:
            sys.stderr.write('%s: %s compile failed:\n%s' % (prog, binary, r.stderr.decode()))
            return None, None
    return statistics.median(walls), statistics.median(cpus)


def cell(m):
    wall, cpu = m
    if wall == 'timeout':
        return '%17s' % ('>%g s' % limit)
    if wall is None:
        return '%17s' % 'FAILED'
    return '%8.3f %8.3f' % (wall, cpu)


rows, failed = [], False
try:
    for prog in progs:
        name = os.path.splitext(os.path.basename(prog))[0]
        after = measure(sluice, prog, 'after')
        failed = failed or after[0] in (None, 'timeout')
        rows.append((name, measure(before, prog, 'before') if before else None, after))
finally:
    shutil.rmtree(work, ignore_errors=True)

print('sluice compile, median of %d runs, seconds (wall, CPU); timeout %g s' % (n, limit))
head = '%-28s' % 'program'
if before:
    head += ' %17s' % 'before wall   cpu'
print(head + ' %17s' % 'after wall   cpu')
for name, b, a in rows:
    line = '%-28s' % name
    if before:
        line += ' ' + cell(b)
    print(line + ' ' + cell(a))
slow = [name for name, _, a in rows if a[1] is None or a[1] >= 1.0]
print()
print('bar: every program under 1 s of CPU after: %s' %
      ('ok' if not slow else 'FAIL (%s)' % ', '.join(slow)))
sys.exit(1 if failed else 0)
PY
