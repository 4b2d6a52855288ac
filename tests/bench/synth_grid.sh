#!/usr/bin/env bash
# tests/bench/synth_grid.sh: every example on every board through
# `sluice synth`, one table.
#   synth_grid.sh [SLUICE] [--examples a,b] [--boards x,y] [--timeout S]
#                 [--out DIR]
# SLUICE defaults to build/driver/sluice; examples to examples/*.sl (at
# their default sizes); boards to those `sluice boards` lists.  Runs
# `nice sluice synth EX.sl --board B -o DIR/EX.B` one at a time (Yosys is
# the heavy part; no parallel option on purpose), each under `timeout`
# (default 600 s; the whole process group is killed).  Progress on stderr;
# the table on stdout: fits? (no = the located "does not fit" error before
# synthesis, storage or estimated logic, with what it needs in the note
# column; "over" = synthesized but more LUTs than the board has),
# block RAMs predicted and measured per block-memory cell of the board
# (from DIR/.../synth.json; "a+b" is the board's first and second cell,
# e.g. RAMB36E1+RAMB18E1), exact (block_ram_prediction_ok), LUTs, FFs,
# DSPs, Yosys wall seconds (synth.ys written to yosys.log last written),
# and the whole run's wall seconds.  DIR defaults to a temporary directory
# that is removed afterwards.
# Exit 0 when every run that fits synthesizes with an exact prediction;
# 1 otherwise (a failure, a timeout or a prediction error); 2 on usage.
set -u
usage() {
	echo "usage: $0 [SLUICE] [--examples a,b] [--boards x,y] [--timeout S] [--out DIR]" >&2
	exit 2
}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SLUICE=$ROOT/build/driver/sluice
EXAMPLES= BOARDS= TIMEOUT=600 OUT=
if [ $# -ge 1 ] && [ "${1#-}" = "$1" ]; then
	SLUICE=$1
	shift
fi
while [ $# -gt 0 ]; do
	[ $# -ge 2 ] || usage
	case "$1" in
	--examples) EXAMPLES=$2 ;;
	--boards) BOARDS=$2 ;;
	--timeout) TIMEOUT=$2 ;;
	--out) OUT=$2 ;;
	*) usage ;;
	esac
	shift 2
done
[ -x "$SLUICE" ] || { echo "$0: '$SLUICE' is not executable" >&2; exit 2; }
case "$TIMEOUT" in '' | *[!0-9]*) usage ;; esac

exec python3 - "$SLUICE" "$ROOT/examples" "$EXAMPLES" "$BOARDS" "$TIMEOUT" "$OUT" <<'PY'
import glob, json, os, re, shutil, subprocess, sys, tempfile, time

sluice, exdir, exarg, boardarg, tmo, outarg = sys.argv[1:7]
tmo = int(tmo)

def err(msg):
    print(msg, file=sys.stderr, flush=True)

def board_list():
    r = subprocess.run([sluice, 'boards'], capture_output=True, text=True)
    if r.returncode != 0:
        err('synth_grid: `sluice boards` failed:\n' + r.stderr)
        sys.exit(1)
    return [l.split()[0] for l in r.stdout.splitlines()[1:] if l.strip()]

if exarg:
    examples = exarg.split(',')
else:
    examples = sorted(os.path.basename(p)[:-3] for p in glob.glob(exdir + '/*.sl'))
boards = boardarg.split(',') if boardarg else board_list()
for e in examples:
    if not os.path.exists(os.path.join(exdir, e + '.sl')):
        err('synth_grid: no example %s.sl in %s' % (e, exdir))
        sys.exit(2)

work = outarg or tempfile.mkdtemp(prefix='sluice_synth_grid_')
os.makedirs(work, exist_ok=True)

def yosys_wall(d):
    try:
        return os.stat(d + '/yosys.log').st_mtime - os.stat(d + '/synth.ys').st_mtime
    except OSError:
        return None

def one(ex, board):
    d = os.path.join(work, ex + '.' + board)
    shutil.rmtree(d, ignore_errors=True)
    cmd = ['timeout', str(tmo), 'nice', '-n', '10', sluice, 'synth',
           os.path.join(exdir, ex + '.sl'), '--board', board, '-o', d]
    t0 = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t0
    row = {'example': ex, 'board': board, 'rc': r.returncode, 'wall': wall,
           'yosys': yosys_wall(d), 'stderr': r.stderr.strip(), 'cmd': ' '.join(cmd[5:])}
    if r.returncode == 124:
        row['fits'] = 'timeout'
        return row
    if r.returncode == 1 and 'does not fit' in r.stderr:
        row['fits'] = 'no'
        m = re.search(r'it needs ([^;\n]*)', r.stderr)
        if m:
            row['note'] = 'needs ' + m.group(1).replace('about ', '~').replace(
                ' (estimated)', '')
        return row
    try:
        with open(d + '/synth.json') as f:
            js = json.load(f)
    except (OSError, ValueError):
        row['fits'] = 'error'
        return row
    mems = js['memories']   # the board's memory cells, in board order
    row.update(luts=js['luts'], ffs=js['flip_flops'], dsps=js['dsps'],
               pred='+'.join(str(m['predicted']) for m in mems),
               meas='+'.join(str(m['measured']) for m in mems),
               cells='+'.join(m['cell'] for m in mems),
               exact='yes' if js['block_ram_prediction_ok'] else 'NO')
    row['fits'] = 'over' if js['luts'] > js['luts_available'] else 'yes'
    if r.returncode != 0 and js['block_ram_prediction_ok']:
        row['fits'] = 'error'
    return row

rows, n, total = [], 0, len(examples) * len(boards)
t_all = time.perf_counter()
try:
    for ex in examples:
        for b in boards:
            n += 1
            err('[%d/%d] %s on %s ...' % (n, total, ex, b))
            row = one(ex, b)
            y = row['yosys']
            err('[%d/%d] %s on %s: %s, %.1f s%s' % (
                n, total, ex, b, row['fits'], row['wall'],
                ' (Yosys %.1f s)' % y if y is not None and row['fits'] not in ('no', 'timeout') else ''))
            if row['fits'] in ('error', 'timeout') or row.get('exact') == 'NO':
                err('  %s: exit %d\n  %s' % (row['cmd'], row['rc'],
                                             row['stderr'].replace('\n', '\n  ')))
            rows.append(row)
finally:
    if not outarg:
        shutil.rmtree(work, ignore_errors=True)

hdr = ('example', 'board', 'fits?', 'BRAM pred', 'BRAM meas', 'exact', 'LUTs',
       'FFs', 'DSPs', 'Yosys s', 'total s', 'note')
lines = []
for r in rows:
    synthesized = 'luts' in r
    y = r['yosys'] if synthesized else None
    lines.append((r['example'], r['board'], r['fits'],
                  r.get('pred', '-'), r.get('meas', '-'), r.get('exact', '-'),
                  str(r.get('luts', '-')), str(r.get('ffs', '-')), str(r.get('dsps', '-')),
                  '%.1f' % y if y is not None else '-', '%.1f' % r['wall'],
                  r.get('note', '')))
w = [max(len(h), *(len(l[i]) for l in lines)) if lines else len(h)
     for i, h in enumerate(hdr)]
fmt = lambda t: '  '.join(s.ljust(w[i]) if i < 3 or i == len(t) - 1 else s.rjust(w[i])
                          for i, s in enumerate(t)).rstrip()
print(fmt(hdr))
for l in lines:
    print(fmt(l))
cells = sorted({(r['board'], r['cells']) for r in rows if 'cells' in r})
if cells:
    print('block-RAM columns: ' + '; '.join('%s %s' % c for c in cells))
bad = [r for r in rows if r['fits'] in ('error', 'timeout') or r.get('exact') == 'NO']
print('%d runs, %d synthesized, %d do not fit, %d over the LUTs, %d failed; %.0f s'
      % (len(rows), sum('luts' in r for r in rows),
         sum(r['fits'] == 'no' for r in rows), sum(r['fits'] == 'over' for r in rows),
         len(bad), time.perf_counter() - t_all))
for r in bad:
    print('FAILED: %s -> %s (exit %d)' % (r['cmd'], r['fits'] if r['fits'] != 'yes'
                                          else 'prediction error', r['rc']))
sys.exit(1 if bad else 0)
PY
