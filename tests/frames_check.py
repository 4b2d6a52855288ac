#!/usr/bin/env python3
# tests/frames_check.py: `--frames N` of `sluice run` and `sluice sim`
# against N one-frame runs (docs/hardware.md, "Frames").
#   frames_check.py SLUICE PROG.sl OUTDIR [N]
# Checks, each independently of the others:
#   - `run --seed S --frames N` writes every input and output with a
#     leading dimension of N whose frame f equals `run --seed S+f` (one
#     frame, its own seed) byte for byte in the values;
#   - `run --frames N --input NAME=ALL.npy` (the N-frame .npy) and
#     `run --frames N --input NAME=F0 ... --input NAME=FN-1` (N files)
#     give the same outputs;
#   - `sim --frames N` (the model: every frame compared with the reference,
#     cycles against the prediction inside sluice) exits 0, writes the
#     same outputs, and reports its cycles as predicted_cycles + (N - 1) *
#     period with the period printed.
# With FRAMES_CHECK_ENGINE=E in the environment every `run` takes
# `--engine E` (c: the compiled reference's packed frames).
# Exit 1 on the first difference, with what differs.
import os, re, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'diff'))
import npyio  # noqa: E402


def read(path):
    descr, shape, _, vals = npyio.read(path)
    return descr, shape, vals


sluice, prog, out = sys.argv[1], sys.argv[2], sys.argv[3]
n = int(sys.argv[4]) if len(sys.argv) > 4 else 3
seed = 5


ENGINE = os.environ.get('FRAMES_CHECK_ENGINE')


def sl(*args):
    if args[0] == 'run' and ENGINE:
        args = args + ('--engine', ENGINE)
    r = subprocess.run([sluice] + list(args), capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit('frames_check: sluice %s failed (exit %d):\n%s'
                 % (' '.join(args), r.returncode, r.stderr))
    return r.stdout


def npys(d, suffix):
    return sorted(f for f in os.listdir(d) if f.endswith(suffix)
                  and (suffix != '.npy' or not f.endswith('.in.npy')))


def fail(msg):
    sys.exit('frames_check: %s: %s' % (os.path.basename(prog), msg))


all_dir = os.path.join(out, 'all')
sl('run', prog, '--seed', str(seed), '--frames', str(n), '-o', all_dir)
stacked = {f: read(os.path.join(all_dir, f)) for f in os.listdir(all_dir)
           if f.endswith('.npy')}
if any(f.endswith('.png') for f in os.listdir(all_dir)):
    fail('--frames wrote a PNG')
for f in range(n):
    one = os.path.join(out, 'one%d' % f)
    sl('run', prog, '--seed', str(seed + f), '-o', one)
    for name in npys(one, '.npy'):
        descr, shape, vals = read(os.path.join(one, name))
        sdescr, sshape, svals = stacked[name]
        if sshape != (n,) + tuple(shape) or sdescr != descr:
            fail('%s: shape %s %s, one frame %s %s' % (name, sshape, sdescr, shape, descr))
        size = len(vals)
        if svals[f * size:(f + 1) * size] != vals:
            fail('%s: frame %d differs from the one-frame run with seed %d'
                 % (name, f, seed + f))

inputs = [f[:-len('.in.npy')] for f in npys(all_dir, '.in.npy')]
one_file = ['--input=%s=%s' % (i, os.path.join(all_dir, i + '.in.npy')) for i in inputs]
per_frame = []
for i in inputs:
    descr, shape, vals = read(os.path.join(all_dir, i + '.in.npy'))
    size = len(vals) // n
    for f in range(n):
        p = os.path.join(out, '%s.f%d.npy' % (i, f))
        npyio.write(p, descr, shape[1:], vals[f * size:(f + 1) * size])
        per_frame.append('--input=%s=%s' % (i, p))


def outputs_of(d):
    return {f: read(os.path.join(d, f)) for f in npys(d, '.npy')}


want = outputs_of(all_dir)
for tag, args in (('a .npy of N frames', one_file), ('one file per frame', per_frame)):
    d = os.path.join(out, 'in_' + tag.split()[0])
    sl('run', prog, '--frames', str(n), '-o', d,
       *[w for a in args for w in ('--input', a[len('--input='):])])
    if outputs_of(d) != want:
        fail('inputs as %s: other outputs' % tag)

sim_dir = os.path.join(out, 'sim')
text = sl('sim', prog, '--seed', str(seed), '--frames', str(n), '-o', sim_dir)
m = re.search(r'model: (\d+) frames, (\d+) cycles \(predicted (\d+): (\d+) \+ (\d+) \* '
              r'period (\d+)\)', text)
if not m or int(m.group(1)) != n or int(m.group(5)) != n - 1:
    fail('no frames summary in:\n' + text)
cycles, pred, one, period = (int(m.group(k)) for k in (2, 3, 4, 6))
if cycles != pred or pred != one + (n - 1) * period:
    fail('cycles %d, predicted %d, one frame %d, period %d' % (cycles, pred, one, period))
if outputs_of(sim_dir) != want:
    fail('sim --frames wrote other outputs than run --frames')
print('frames_check: %s: %d frames ok, %d cycles = %d + %d * %d'
      % (os.path.basename(prog), n, cycles, one, n - 1, period))
