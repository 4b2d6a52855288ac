#!/usr/bin/env python3
"""tests/flow/progress.py: the progress line (base/progress.c) on a terminal,
and nothing anywhere else.
    progress.py SLUICE SOURCE_DIR WORKDIR
Runs sluice with stderr on a pseudo-terminal (python's pty module) and, for
comparison, on a pipe.  SLUICE_PROGRESS_DELAY=0 draws every step at once, so
nothing here depends on the machine's speed.  Yosys and Verilator are
replaced by a tool that fails at once (SLUICE_YOSYS, SLUICE_VERILATOR): what
is checked is the line naming it, not a synthesis.  Expected texts follow
tests/golden/README.md's cycle count for gaussian: H * W + 4 cycles, so 262148 at
512 x 512."""
import os, pty, re, shutil, subprocess, sys

sluice, src, work = sys.argv[1:4]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
fails = []

def check(what, ok):
    print('%s %s' % ('ok  ' if ok else 'FAIL', what))
    if not ok:
        fails.append(what)

def run(args, tty, **env_extra):
    """(exit code, stdout, stderr bytes) with stderr on a pty or a pipe."""
    env = dict(os.environ, SLUICE_PROGRESS_DELAY='0', TERM='xterm',
               SLUICE_CACHE_DIR=os.path.join(work, 'cache'))
    env.update(env_extra)
    cmd = [sluice] + args
    if not tty:
        r = subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL, capture_output=True)
        return r.returncode, r.stdout, r.stderr
    m, s = pty.openpty()
    p = subprocess.Popen(cmd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=s)
    os.close(s)
    err = b''
    while True:
        try:
            d = os.read(m, 65536)
        except OSError:
            break
        if not d:
            break
        err += d
    os.close(m)
    out = p.stdout.read()
    p.wait()
    return p.returncode, out, err

def steady(out):
    """stdout without the speed line (it measures the machine)."""
    return b'\n'.join(l for l in out.split(b'\n') if not l.strip().startswith(b'speed:'))

gauss = [os.path.join(src, 'examples/gaussian.sl'), '-D', 'W=512', '-D', 'H=512', '--seed', '1']
rc, out_t, err_t = run(['sim'] + gauss + ['-o', os.path.join(work, 'm1')], True)
check('sim on a terminal succeeds', rc == 0)
check('the model names itself and counts to the predicted 262148 cycles',
      err_t.startswith(b'\rsluice: cycle-level model, cycles') and
      re.search(rb'cycles \d+/262148 \(\d+%\) [0-9.]+ s\x1b\[K', err_t) is not None)
check('the line is cleared at the end', err_t.endswith(b'\r\x1b[K'))
rc, out_p, err_p = run(['sim'] + gauss + ['-o', os.path.join(work, 'm2')], False)
check('sim on a pipe: stderr empty', rc == 0 and err_p == b'')
check('stdout the same on a terminal and a pipe',
      steady(out_t).replace(b'm1', b'm2') == steady(out_p))
rc, _, err_q = run(['sim'] + gauss + ['--quiet', '-o', os.path.join(work, 'm3')], True)
check('--quiet on a terminal: nothing on stderr', rc == 0 and err_q == b'')
rc, _, err_d = run(['sim'] + gauss + ['-o', os.path.join(work, 'm4')], True, TERM='dumb')
check('TERM=dumb: nothing on stderr', rc == 0 and err_d == b'')

tools = os.path.join(work, 'tools')
os.makedirs(tools)
for name in ('yosys', 'verilator'):
    with open(os.path.join(tools, name), 'w') as f:
        f.write('#!/bin/sh\nexit 3\n')
    os.chmod(os.path.join(tools, name), 0o755)
yosys, verilator = os.path.join(tools, 'yosys'), os.path.join(tools, 'verilator')
brighten = os.path.join(src, 'examples/brighten.sl')

rc, _, err = run(['synth', brighten, '--board', 'ice40up5k', '-o', os.path.join(work, 's1')],
                 True, SLUICE_YOSYS=yosys)
check('synth: the tool fails (exit 1)', rc == 1)
check('synth: what runs, inside what', b'\rsluice: synthesis for ice40up5k ' in err and
      re.search(rb'synthesis for ice40up5k [0-9.]+ s > yosys [0-9.]+ s\x1b\[K', err) is not None)
check('synth: the error starts on a cleared line',
      b'\r\x1b[Ksluice: error: Yosys failed (exit 3)' in err)
rc, _, err = run(['synth', brighten, '--board', 'ice40up5k', '-o', os.path.join(work, 's2')],
                 False, SLUICE_YOSYS=yosys)
check('synth on a pipe: only the error', rc == 1 and err.startswith(b'sluice: error: Yosys failed')
      and b'\r' not in err and b'\x1b' not in err)

rc, _, err = run(['study', brighten, '--boards', 'ice40up5k', '-o', os.path.join(work, 'st1')],
                 True, SLUICE_YOSYS=yosys)
check('study: configurations counted', b'\rsluice: study 0/1 (0%)' in err and
      b'study 1/1 (100%)' in err)
check('study: the configuration and its tool',
      b'ice40up5k, stream, threshold 8, ram auto' in err and b'> yosys ' in err)
rc, _, err = run(['study', brighten, '--boards', 'ice40up5k', '-o', os.path.join(work, 'st2')],
                 False, SLUICE_YOSYS=yosys)
check('study on a pipe: no progress', b'\r' not in err and b'study 0/1' not in err)

rc, _, err = run(['sim', brighten, '--engine', 'verilator', '--seed', '1', '-o',
                  os.path.join(work, 'v1')], True, SLUICE_VERILATOR=verilator)
check('sim --engine verilator: the build and its tool',
      rc == 1 and b'\rsluice: Verilator build of sluice_brighten ' in err and
      b'> verilator ' in err)

print('%d failed' % len(fails))
sys.exit(1 if fails else 0)
