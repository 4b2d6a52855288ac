#!/usr/bin/env python3
# tests/ubuffer/check_walk_note.py SLUICE PROG.sl OUTDIR BUFFER STEPS: compile
# PROG.sl and check that BUFFER was sized by the walk after its symbolic
# analysis exceeded its budget: the note in buffers.txt and in report.json,
# with the walk's STEPS (worked out by hand in the program's comment), and
# no note on the other buffers.  Exit 0 when all hold.
import json
import subprocess
import sys

sluice, prog, out, name, steps = sys.argv[1:6]
r = subprocess.run([sluice, 'compile', prog, '-o', out], capture_output=True, text=True)
if r.returncode != 0:
    sys.exit('compile failed:\n' + r.stderr)
text = open(out + '/buffers.txt').read()
blocks = {b.split(':')[0]: b for b in ('\n' + text).split('\nbuffer ')[1:]}
note = ('  note: sized by walking its elements and reads, the same exact figures: '
        'its symbolic analysis exceeded its budget of isl operations (%s steps)\n' % steps)
errors = []
for b, body in blocks.items():
    if (note in body) != (b == name):
        errors.append('buffers.txt, buffer %s: note %s' % (b, 'missing' if b == name else 'unexpected'))
rep = json.load(open(out + '/report.json'))
for b in rep['buffers']:
    want = int(steps) if b['name'] == name else None
    if b.get('walk_steps') != want or ('note' in b) != (want is not None):
        errors.append('report.json, buffer %s: walk_steps %s' % (b['name'], b.get('walk_steps')))
if name not in blocks:
    errors.append('no buffer %s' % name)
for e in errors:
    print(e)
sys.exit(1 if errors else 0)
