#!/usr/bin/env bash
# tests/bench/sim_bench.sh: how fast the reference, the cycle-level model
# and the Verilated hardware run, per example, in one table (docs/speed.md).
#   sim_bench.sh SLUICE SLUICE_SPEED [-n N] [--no-verilator] [--doc FILE] [EXAMPLE...]
# SLUICE is build/driver/sluice, SLUICE_SPEED build/tests/sluice_speed
# (tests/bench/speed_tool.c).  EXAMPLE names examples/NAME.sl, or NAME_1080p
# for examples/NAME.sl -D W=1920 -D H=1080 (default: gaussian and
# gaussian_1080p).  For each: the reference's row kernels and
# its tree-walking evaluator and the compiled reference's funcs (CPU
# seconds, best of N, default 3; the compiled one checked equal to the
# row kernels, its kernel built once into the run's cache), the
# cycle-level model (CPU and wall-clock seconds, cycles per second), and,
# unless --no-verilator, `sluice sim --engine verilator` (the build once,
# into a fresh cache, then N cached runs: the Verilated cycle loop's
# wall-clock seconds as the harness measures them, best of N).  The model
# and Verilator runs alternate, so that both see the same machine.  For
# gaussian examples also a hand-written C loop (speed_tool.c) and the
# ratio reference / C loop, and the wall-clock and CPU seconds of the whole
# `sluice run --seed 1` (best of N).  Exit 1 if a run fails or an engine
# disagrees with the reference.  --doc FILE: also put the table into FILE
# between '<!-- sim_bench: begin -->' and '<!-- sim_bench: end -->'.
set -u
usage() { echo "usage: $0 SLUICE SLUICE_SPEED [-n N] [--no-verilator] [--doc FILE] [EXAMPLE...]" >&2; exit 2; }
[ $# -ge 2 ] || usage
SLUICE=$1
SPEED=$2
shift 2
[ -x "$SLUICE" ] && [ -x "$SPEED" ] || { echo "$0: SLUICE and SLUICE_SPEED must be executable" >&2; exit 2; }
N=3
VL=1
DOC=
EXAMPLES=()
while [ $# -gt 0 ]; do
	case "$1" in
	-n) [ $# -ge 2 ] || usage; N=$2; shift 2 ;;
	--no-verilator) VL=0; shift ;;
	--doc) [ $# -ge 2 ] || usage; DOC=$2; shift 2 ;;
	-*) usage ;;
	*) EXAMPLES+=("$1"); shift ;;
	esac
done
[ ${#EXAMPLES[@]} -gt 0 ] || EXAMPLES=(gaussian gaussian_1080p)
EXDIR="$(cd "$(dirname "$0")/../../examples" && pwd)"

exec python3 - "$SLUICE" "$SPEED" "$N" "$VL" "$EXDIR" "$DOC" "${EXAMPLES[@]}" <<'PY'
import os, re, resource, shutil, subprocess, sys, tempfile, time

sluice, speed, n, vl, exdir, doc, examples = sys.argv[1], sys.argv[2], int(sys.argv[3]), \
    sys.argv[4] == '1', sys.argv[5], sys.argv[6], sys.argv[7:]
work = tempfile.mkdtemp(prefix='sluice_simbench_')
env = dict(os.environ, SLUICE_CACHE_DIR=os.path.join(work, 'cache'))
failed = False

def run(cmd):
    r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise RuntimeError('%s failed (exit %d):\n%s' % (' '.join(cmd), r.returncode,
                                                         r.stderr.strip()))
    return r.stdout

def keys(text):
    return {k: float(v) for k, v in (l.split() for l in text.splitlines() if l.strip())}

def prog_args(ex):
    """examples/EX.sl, or for NAME_1080p examples/NAME.sl at 1080p."""
    if ex.endswith('_1080p'):
        return [os.path.join(exdir, ex[:-6] + '.sl'), '-D', 'W=1920', '-D', 'H=1080']
    return [os.path.join(exdir, ex + '.sl')]

def vl_sim(prog, out):
    text = run([sluice, 'sim'] + prog + ['--engine', 'verilator', '--seed', '1', '-o', out])
    m = re.search(r'verilator: (\d+) cycles', text)
    b = re.search(r'build: verilated in ([0-9.]+) s', text)
    s = re.search(r'model run ([0-9.]+) s', text)
    return int(m.group(1)), float(b.group(1)) if b else None, float(s.group(1))

def run_wall(prog, out):
    """Best wall-clock and CPU seconds of `sluice run --seed 1`."""
    best_w = best_c = 1e9
    for _ in range(n):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        run([sluice, 'run'] + prog + ['--seed', '1', '-o', out])
        w = time.perf_counter() - t0
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        c = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
        best_w, best_c = min(best_w, w), min(best_c, c)
    return best_w, best_c

rows, notes = [], []
for ex in examples:
    prog = prog_args(ex)
    out = os.path.join(work, ex)
    try:
        gauss = ex.startswith('gaussian')
        k = keys(run([speed] + prog + ['-n', str(n), '--model', '--cref']
                     + (['--c-gaussian'] if gauss else [])))
        row = dict(ex=ex, rows=k['ref_rows_s'], tree=k['ref_tree_s'], model=k['model_s'],
                   model_wall=k['model_wall_s'], cycles=int(k['model_cycles']),
                   cref=k['cref_compute_s'])
        if gauss:
            row['c'] = k['c_loop_s']
            row['run_wall'], row['run_cpu'] = run_wall(prog, out)
        if vl:
            cycles, build, _ = vl_sim(prog, out)
            if cycles != row['cycles']:
                raise RuntimeError('%s: Verilator %d cycles, model %d' % (ex, cycles, row['cycles']))
            best_vl, best_mw = 1e9, row['model_wall']
            for _ in range(n):
                best_vl = min(best_vl, vl_sim(prog, out)[2])
                best_mw = min(best_mw, keys(run([speed] + prog + ['-n', '1', '--model']))['model_wall_s'])
            row.update(vl_build=build, vl_run=best_vl, model_wall=best_mw)
        rows.append(row)
    except (RuntimeError, KeyError, AttributeError) as e:
        print('sim_bench: %s: %s' % (ex, e), file=sys.stderr)
        failed = True

def cps(cycles, s):
    return '%.2fM' % (cycles / s / 1e6) if s else '-'

lines = ['| example | cycles | reference (rows) ms | reference (tree) ms '
         '| reference (compiled) ms | model ms (cpu / wall) '
         '| model cycles/s | Verilator build s | Verilator run ms | Verilator cycles/s '
         '| model / Verilator speed |',
         '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|']
for r in rows:
    v = vl and 'vl_run' in r
    lines.append('| %s | %d | %.3f | %.3f | %.3f | %.3f / %.3f | %s | %s | %s | %s | %s |' % (
        r['ex'], r['cycles'], 1e3 * r['rows'], 1e3 * r['tree'], 1e3 * r['cref'],
        1e3 * r['model'], 1e3 * r['model_wall'], cps(r['cycles'], r['model_wall']),
        '%.1f' % r['vl_build'] if v and r['vl_build'] else ('cached' if v else '-'),
        '%.3f' % (1e3 * r['vl_run']) if v else '-', cps(r['cycles'], r['vl_run']) if v else '-',
        '%.2f' % (r['vl_run'] / r['model_wall']) if v else '-'))
for r in rows:
    if 'c' in r:
        lines.append('')
        lines.append('%s: reference (rows) %.3f ms, compiled %.3f ms, the C loop of '
                     'speed_tool.c (built with the tree, not vectorised) %.3f ms: ratios %.2f '
                     'and %.2f; tree-walking evaluator / C loop %.1f; `sluice run --seed 1` '
                     'wall %.3f s, CPU %.3f s' % (
                         r['ex'], 1e3 * r['rows'], 1e3 * r['cref'], 1e3 * r['c'],
                         r['rows'] / r['c'], r['cref'] / r['c'],
                         r['tree'] / r['c'], r['run_wall'], r['run_cpu']))
text = '\n'.join(lines) + '\n'
print(text, end='')
if doc and rows:
    begin, end = '<!-- sim_bench: begin -->', '<!-- sim_bench: end -->'
    body = open(doc).read()
    i, j = body.find(begin), body.find(end)
    if i < 0 or j < i:
        print('sim_bench: %s has no %s ... %s block' % (doc, begin, end), file=sys.stderr)
        failed = True
    else:
        load = open('/proc/loadavg').read().split()[0]
        with open(doc + '.tmp', 'w') as f:
            f.write(body[:i + len(begin)] + '\n`sim_bench.sh -n %d`, load average %s:\n\n'
                    % (n, load) + text + body[j:])
        os.replace(doc + '.tmp', doc)
shutil.rmtree(work, ignore_errors=True)
sys.exit(1 if failed else 0)
PY
