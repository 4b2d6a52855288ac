#!/usr/bin/env python3
# run_diff: differential test of `sluice run` against slref.py (the
# independent Python reference) on random programs from gen.py.
#
#   python3 run_diff.py --sluice PATH --count N [--start S] [--keep DIR] [-j J]
#   python3 run_diff.py --sluice PATH --prog FILE.sl [--seed S]
#   python3 run_diff.py --self-check --count N     (no sluice: slref on gen)
#   python3 run_diff.py --sluice PATH --engine model [--schedule stream|sequential] ...
#   python3 run_diff.py --sluice PATH --regress DIR   (every DIR/*.sl, seed 1,
#                                 --engine model under both schedule policies)
#
# For each seed: generate a program, run `sluice run prog.sl --seed S -o d1`
# (which writes its random inputs as d1/NAME.in.npy), run slref on the same
# inputs, and compare every output (dtype, shape, data).  Exit 1 if any seed
# failed.
#
# --engine model runs `sluice sim prog.sl --seed S -o d1 --schedule P`
# instead: the cycle-level model of the scheduled design, which itself checks
# its outputs against the C reference, its cycle count against the schedule's
# prediction and each buffer's occupancy against its computed size (exit 0
# required); its outputs are then compared with slref as above.  Any
# sanitizer report on stderr (AddressSanitizer, UBSan "runtime error:",
# LeakSanitizer) also fails the seed, whatever the exit status.
#
# --unroll K gives the model, Verilator and netlist engines `--unroll K`
# (every output K lanes, docs/language.md "Lanes").  A program the lane
# rules refuse (exit 1 with one of their located errors: a lane that varies
# along x, conflicting or fractional lane demands, more lanes than points)
# is counted as refused, not failed; everything else must still agree.
import argparse
import itertools
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402
import gen_sizes  # noqa: E402
import npyio  # noqa: E402
import slref  # noqa: E402


def norm_descr(descr):
    order, signed, size = npyio.parse_descr(descr)
    return ('i' if signed else 'u') + str(size) + (order if size > 1 else '')


def coords(shape, flat):
    out = []
    for e in reversed(shape):
        out.append(flat % e)
        flat //= e
    return tuple(reversed(out))


def compare(name, ref, path):
    """Returns None or a description of the first difference."""
    rdescr, rshape, rvals = ref
    if not os.path.exists(path):
        return '%s: sluice wrote no %s' % (name, os.path.basename(path))
    try:
        descr, shape, fort, vals = npyio.read(path)
    except (npyio.NpyError, ValueError, SyntaxError, KeyError) as ex:
        return '%s: unreadable %s: %s' % (name, path, ex)
    if fort:
        return '%s: sluice wrote a Fortran-order array' % name
    if norm_descr(descr) != norm_descr(rdescr):
        return '%s: dtype sluice %s, slref %s' % (name, descr, rdescr)
    if tuple(shape) != tuple(rshape):
        return '%s: shape sluice %s, slref %s' % (name, shape, rshape)
    if vals != rvals:
        bad = [i for i, (a, b) in enumerate(zip(vals, rvals)) if a != b]
        i = bad[0]
        return ('%s: %d of %d values differ; first at %s: sluice %d, slref %d'
                % (name, len(bad), len(vals), coords(shape, i), vals[i], rvals[i]))
    return None


def random_inputs(prog, seed, d):
    """For --self-check: uniform random inputs written as NAME.in.npy."""
    rng = random.Random(seed)
    paths = {}
    for n in prog.input_names():
        dcl = prog.decls[n]
        count = 1
        for e in dcl.extents:
            count *= e
        vals = [rng.randint(slref.tmin(dcl.type), slref.tmax(dcl.type))
                for _ in range(count)]
        paths[n] = os.path.join(d, n + '.in.npy')
        npyio.write(paths[n], npyio.dtype_for(*dcl.type), dcl.extents, vals)
    return paths


def check_one(args, seed, work, prog_path=None):
    """Returns (ok, report text); ok is None when the time guard skipped
    the seed (a sluice command ran longer than --guard seconds)."""
    d = os.path.join(work, 's%d' % seed)
    os.makedirs(d, exist_ok=True)
    sized = []
    if prog_path is None and args.sizes:
        text, ref_text, run, build = gen_sizes.generate(seed, args.unroll or 1)
        prog_path = os.path.join(d, 'prog.sl')
        with open(prog_path, 'w') as f:
            f.write(text)
        sized = ['-D', 'W=%d' % run[0], '-D', 'H=%d' % run[1],
                 '--runtime-max', 'W=%d' % build[0], '--runtime-max', 'H=%d' % build[1]]
        text = ref_text
    elif prog_path is None:
        text, files = gen.generate(seed, True)
        for fn, arr in files.items():
            npyio.write(os.path.join(d, fn), *arr)
        prog_path = os.path.join(d, 'prog.sl')
        with open(prog_path, 'w') as f:
            f.write(text)
    else:
        with open(prog_path) as f:
            text = f.read()
    head = '=== seed %d: %s\n' % (seed, prog_path)
    try:
        prog = slref.Program(text, os.path.dirname(os.path.abspath(prog_path)))
    except slref.SlError as ex:
        return False, head + 'slref rejects the program: %s\n%s' % (ex, text)
    if args.self_check:
        d1 = os.path.join(d, 'd1')
        os.makedirs(d1, exist_ok=True)
        paths = random_inputs(prog, seed, d1)
        try:
            slref.in_big_stack(lambda: run_prog(prog, paths))
        except (slref.SlError, npyio.NpyError, OSError) as ex:
            return False, head + 'slref failed: %s\n%s' % (ex, text)
        return True, ''
    res = None
    res_tiled = False
    for engine, schedule in engine_list(args):
        d1 = os.path.join(d, 'd1' if engine == 'run' else 'd1-%s-%s' % (engine, schedule))
        cmd = sluice_cmd(args, prog_path, seed, d1, engine, schedule) + sized
        what = ' '.join(cmd[:2]) + ('' if engine == 'run' else ' (%s, %s)' % (engine, schedule))
        try:
            p = run_cmd(cmd, args.guard or args.timeout)
        except subprocess.TimeoutExpired:
            if args.guard:
                return None, head + 'skipped: %s ran over the %g s guard\n' % (what, args.guard)
            return False, head + 'sluice timed out: %s\n%s' % (' '.join(cmd), text)
        rules = lanes_refused(args, p.stderr) if p.returncode == 1 and engine != 'run' else None
        if rules:
            return 'refused', head + 'refused by %s: %s\n' % (rules, first_error(p.stderr))
        if p.returncode != 0:
            return False, head + ('%s failed (exit %d):\n%s\n%s'
                                  % (what, p.returncode, p.stderr.strip(), text))
        if sanitizer_report(p.stderr):
            return False, head + ('sanitizer report from %s:\n%s\n%s'
                                  % (what, p.stderr.strip(), text))
        if res is None:
            paths = {n: os.path.join(d1, n + '.in.npy') for n in prog.input_names()}
            try:
                res = slref.in_big_stack(lambda: run_prog(prog, paths))
            except (slref.SlError, npyio.NpyError, OSError) as ex:
                return False, head + 'slref failed: %s\n%s' % (ex, text)
        diffs = []
        for name, ref in res.items():
            msg = compare(name, ref, os.path.join(d1, name + '.npy'))
            if msg:
                diffs.append('%s: %s' % (what, msg))
        if not diffs and engine == 'run' and args.ref_both:
            diffs = tree_diffs(args, prog_path, seed, d, res)
        if not diffs and engine == 'run' and args.cref:
            diffs = cref_diffs(args, prog_path, seed, d, res)
        if diffs:
            return False, head + '\n'.join(diffs) + '\n' + text
        if args.pub is not None and engine != 'run' and on_tiles(d1):
            res_tiled = True
    if args.lint:
        for iface in ('native', 'axis'):
            st, msg = lint_compile(args, prog_path, seed, d, iface)
            if st == 'fail':
                return False, head + 'for lint: ' + msg + '\n' + text
    return ('tiled' if args.pub is not None and res_tiled else True), ''


# ---------------------------------------------------------------- lint
# verilator --lint-only -Wall on the Verilog of every program (--lint):
# `sluice compile` writes the program's design under a module name of its
# own (the program's file name, L<seed>.sl or A<seed>.sl) and Verilator
# lints it with --top-module and the library files it uses, in the worker
# that ran the program (about 0.1 s of CPU a design).  Not several designs
# in one Verilator run: with several top modules Verilator 5.006 reports
# UNDRIVEN and UNUSED bits inside sl_pipe that no design alone has (its
# parameterizations mixed up between tops), so a batch would need waivers.

def lint_compile(args, prog_path, seed, d, iface):
    """`sluice compile` of the program as L<seed>.sl (native) or A<seed>.sl
    (axis) with the run's lane and tile options; records the design in
    d/lint.txt.  (status, message): 'ok'; 'refused' by the lane or tile
    rules, 'skipped' by the time guard (neither linted); 'fail'."""
    name = '%s%d' % ('A' if iface == 'axis' else 'L', seed)
    src = os.path.join(os.path.dirname(prog_path), name + '.sl')
    if os.path.abspath(src) != os.path.abspath(prog_path):
        shutil.copyfile(prog_path, src)
    out = os.path.join(d, 'lint-' + name)
    cmd = [args.sluice, 'compile', src, '-o', out, '--interface', iface]
    if args.unroll:
        cmd += ['--unroll', str(args.unroll)]
    if args.pub is not None:
        cmd += ['--memory', 'pub'] + args.pub.split()
    if args.board:
        cmd += ['--board', args.board]
    if args.sizes:	# the program's params are the build's size: its design
        cmd += ['--runtime-config']
    try:
        p = run_cmd(cmd, args.guard or args.timeout)
    except subprocess.TimeoutExpired:
        return 'skipped', 'sluice compile ran over %g s' % (args.guard or args.timeout)
    rules = lanes_refused(args, p.stderr) if p.returncode == 1 else None
    if rules:
        return 'refused', 'refused by %s: %s' % (rules, first_error(p.stderr))
    if p.returncode != 0:
        return 'fail', 'sluice compile failed (exit %d):\n%s' % (p.returncode,
                                                               p.stderr.strip())
    if not args.lint:
        return 'ok', ''
    top = 'sluice_' + name
    files = [os.path.join(out, top + '.v')]
    if iface == 'axis':
        files.append(os.path.join(out, top + '_core.v'))
    libs = sorted(f for f in os.listdir(out) if f.startswith('sl_') and f.endswith('.v'))
    ok, msg = verilator_lint(files + [os.path.join(LIB_DIR, l) for l in libs], top)
    if not ok:
        return 'fail', 'verilator --lint-only -Wall on %s:\n%s' % (top, msg)
    with open(os.path.join(d, 'lint.txt'), 'a') as f:
        f.write('%d %s\n' % (seed, top))
    return 'ok', ''


def lint_count(d):
    """The designs linted clean for the seed of directory d."""
    try:
        with open(os.path.join(d, 'lint.txt')) as f:
            return sum(1 for ln in f if ln.strip())
    except OSError:
        return 0


LIB_DIR = os.path.join(HERE, '..', '..', 'rtlgen', 'lib')


def verilator_lint(files, top):
    """(clean, Verilator's output): no warning at all and no waiver."""
    p = subprocess.run(['verilator', '--lint-only', '-Wall', '--top-module', top] + files,
                       capture_output=True, text=True)
    out = (p.stdout + p.stderr).strip()
    for fn in files[:2]:
        with open(fn) as f:
            if 'lint_off' in f.read():
                out += '\n%s carries a lint waiver' % fn
    return p.returncode == 0 and not out, out


def on_tiles(d1):
    """Did the design of d1 put a buffer on the push-memory tile
    (pub.json)?"""
    try:
        with open(os.path.join(d1, 'pub.json')) as f:
            return any(b.get('memory') == 'pub' for b in json.load(f)['buffers'])
    except (OSError, ValueError, KeyError):
        return False


def tree_diffs(args, prog_path, seed, d, res):
    """--ref-both: `sluice run` again with the tree-walking evaluator
    (SLUICE_REF=tree); every output file must equal the row kernels' byte
    for byte."""
    d2 = os.path.join(d, 'd2')
    cmd = [args.sluice, 'run', prog_path, '--seed', str(seed), '-o', d2, '--engine', 'interp']
    env = dict(os.environ, SLUICE_REF='tree')
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout, env=env)
    if p.returncode != 0:
        return ['SLUICE_REF=tree sluice run failed (exit %d):\n%s'
                % (p.returncode, p.stderr.strip())]
    diffs = []
    for name in res:
        with open(os.path.join(d, 'd1', name + '.npy'), 'rb') as f1, \
                open(os.path.join(d2, name + '.npy'), 'rb') as f2:
            if f1.read() != f2.read():
                diffs.append('%s: the row kernels and the tree-walking evaluator differ'
                             % name)
    return diffs


def cref_diffs(args, prog_path, seed, d, res):
    """--cref: `sluice run --engine c` (the compiled reference) again, and
    with --cref-jobs N once more with `-j N` (threads over rows); every
    file each writes (outputs' .npy and .png, the seeded inputs' .in.npy)
    must equal the interpreter's byte for byte, and each must write the
    same files."""
    d1 = os.path.join(d, 'd1')
    diffs = []
    variants = [('d3', [])] + ([('d4', ['-j', str(args.cref_jobs)])] if args.cref_jobs else [])
    for sub, extra in variants:
        d3 = os.path.join(d, sub)
        what = ' '.join(['sluice run --engine c'] + extra)
        cmd = [args.sluice, 'run', prog_path, '--seed', str(seed), '-o', d3,
               '--engine', 'c'] + extra
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
        if p.returncode != 0 or sanitizer_report(p.stderr):
            return ['%s failed (exit %d):\n%s' % (what, p.returncode, p.stderr.strip())]
        for name in sorted(set(os.listdir(d1)) | set(os.listdir(d3))):
            if not (os.path.isfile(os.path.join(d1, name))
                    and os.path.isfile(os.path.join(d3, name))):
                diffs.append('%s: written by only one of `%s` and the interpreter'
                             % (name, what))
                continue
            with open(os.path.join(d1, name), 'rb') as f1, \
                    open(os.path.join(d3, name), 'rb') as f2:
                if f1.read() != f2.read():
                    diffs.append('%s: `%s` and the interpreter differ' % (name, what))
    return diffs


LANE_REFUSALS = re.compile(
    r"error: .*(the lane it reads varies along|needs \d+ lanes? of '[^']*' here, but"
    r"|lanes are not a whole number|would have \d+ lanes but only"
    r"|more than the \d+ a declaration may have"
    r"|is also read outside its box, where lane \d+ has words)")


# The push-memory mapping's located refusals (docs/pub.md "What the
# compiler must prove", docs/pub_mapping.md "No collision, proved");
# "the tile model rejects" is a mapping bug, not one.
PUB_REFUSALS = re.compile(
    r"error: the push-memory tile of '[^']*'(:| would access| has no cycle)"
    r"(?!.*the tile model rejects)")


# The run-time configuration's located refusals (docs/pub.md "On native
# memory" and "What is refused"): storage the sizes shape, a value past
# its register.
RUNTIME_REFUSALS = re.compile(
    r"error: --runtime-config: (buffer '[^']*' is (a circular buffer|a delay chain"
    r"|not on tiles)|the schedule of '[^']*' has|the AXI4-Stream port of"
    r"|\d+ cycles from start to done do not fit"
    r"|at this size the line buffer of '[^']*' cannot keep the layout"
    r"|the Verilog at this size differs from the build's)")


def sizes_summary(work, seeds):
    """--sizes: how many of the seeds that ran have a line buffer with border
    taps, and how many a circular buffer (their buffers.txt)."""
    border, circ = [], []
    for sd in seeds:
        d = os.path.join(work, 's%d' % sd)
        text = ''
        for sub in sorted(os.listdir(d)) if os.path.isdir(d) else []:
            f = os.path.join(d, sub, 'buffers.txt')
            if os.path.isfile(f):
                with open(f) as fh:
                    text += fh.read()
        if '  border: ' in text:
            border.append(sd)
        if 'storage circular' in text:
            circ.append(sd)
    return ('sizes: %d programs ran at a size below their build\'s, %d with border taps, '
            '%d with a circular buffer' % (len(seeds), len(border), len(circ)))


def lanes_refused(args, stderr):
    """Which rules refused this exit 1: 'the lane rules (--unroll K)' for
    one of their located errors, 'the tile mapping (--memory pub)' for one
    of its refusals with --memory pub, 'the run-time configuration' for
    one of its refusals with --runtime, else None."""
    if 'internal error' in stderr or 'tile model rejects' in stderr:
        return None
    if args.pub is not None and PUB_REFUSALS.search(stderr):
        return 'the tile mapping (--memory pub)'
    if args.runtime and RUNTIME_REFUSALS.search(stderr):
        return 'the run-time configuration (--runtime-config)'
    if (args.unroll or 0) > 1 and LANE_REFUSALS.search(stderr) is not None:
        return 'the lane rules (--unroll %d)' % args.unroll
    return None


def first_error(stderr):
    return next((l for l in stderr.splitlines() if ': error: ' in l), '?')


def engine_list(args):
    """[(engine, schedule)]: --engines LIST (items ENGINE or ENGINE:SCHEDULE),
    else --engine with --schedule."""
    if not args.engines:
        return [(args.engine, args.schedule)]
    out = []
    for item in args.engines.split(','):
        engine, _, schedule = item.partition(':')
        out.append((engine, schedule or args.schedule))
    return out


def sluice_cmd(args, prog_path, seed, d1, engine, schedule):
    if engine == 'netlist':
        return [args.sluice, 'synth', prog_path, '--seed', str(seed), '-o', d1,
                '--check-netlist', '--schedule', schedule, '--ram', args.ram,
                '--board', args.board or os.path.join(HERE, '..', 'boards', 'ice40_sim.board')
                ] + (['--unroll', str(args.unroll)] if args.unroll else [])
    lanes = ['--unroll', str(args.unroll)] if args.unroll else []
    if args.pub is not None:
        lanes += ['--memory', 'pub'] + args.pub.split()
    if args.interface != 'native':
        lanes += ['--interface', args.interface]
    if args.runtime:
        lanes += ['--runtime-config']
    if args.control != 'ports':
        lanes += ['--control', args.control]
    if engine in ('model', 'verilator'):
        return [args.sluice, 'sim', prog_path, '--seed', str(seed), '-o', d1,
                '--engine', engine, '--schedule', schedule,
                '--ram', args.ram] + (['--board', args.board] if args.board else []) + lanes
    # the interpreter, named: run's default picks the compiled reference
    # for large programs (docs/speed.md)
    return [args.sluice, 'run', prog_path, '--seed', str(seed), '-o', d1, '--engine', 'interp']


SANITIZER_MARKS = ('ERROR: AddressSanitizer', 'ERROR: LeakSanitizer',
                   'runtime error:', 'ERROR: UndefinedBehaviorSanitizer')


def sanitizer_report(stderr):
    return any(m in stderr for m in SANITIZER_MARKS)


def run_cmd(cmd, timeout):
    """subprocess.run, retried while the binary is being rebuilt.  The
    command runs in a session of its own, so that a timeout ends it with
    everything it started (Verilator's make and compilers)."""
    for attempt in range(10):
        try:
            p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True, start_new_session=True)
        except OSError:
            if attempt == 9:
                raise
            time.sleep(3)
            continue
        try:
            out, err = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            p.communicate()
            raise
        return subprocess.CompletedProcess(cmd, p.returncode, out, err)


def check_bad(args, seed, work):
    """--bad: a program reading one input one element past its end must be
    rejected by `sluice check` (exit 1) with a message naming the input."""
    r = gen.generate_bad(seed)
    if r is None:
        return True, ''
    text, name = r
    d = os.path.join(work, 'b%d' % seed)
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, 'prog.sl')
    with open(path, 'w') as f:
        f.write(text)
    p = run_cmd([args.sluice, 'check', path], args.timeout)
    if p.returncode == 1 and ("'%s'" % name) in p.stderr and 'error' in p.stderr:
        return True, ''
    return False, ('=== bad seed %d: %s\nexpected exit 1 and an error naming %r; '
                   'got exit %d:\n%s\n%s' % (seed, path, name, p.returncode,
                                             p.stderr.strip(), text))


def run_prog(prog, paths):
    for n, p in paths.items():
        descr, shape, fort, vals = npyio.read(p)
        prog.set_input(n, descr, shape, vals)
    return prog.run()


# ---------------------------------------------------------------- batches
# --batch N: N programs merged into one, each name prefixed with its seed
# ("s17_f0"), so that one `sluice sim` (one Verilator build) runs them all:
# their funcs are independent, so the merged program's outputs are the
# programs' outputs.  Each program is first compiled alone (`sluice
# compile` with the run's interface, lane and tile options: its design is
# also the one --lint lints), which sorts out the programs the lane or tile
# rules refuse and those over the time guard; the rest are merged.  The
# merged program's outputs are compared with slref's on it (a difference
# names its seed by the prefix).  A batch whose sim fails is run again
# program by program (check_one), to name the seeds.

NAME_RE = re.compile(r'"[^"\n]*"|#[^\n]*|0[xX][0-9A-Fa-f]+|[0-9]+|[A-Za-z_][A-Za-z0-9_]*'
                     r'|\.\.|<<|>>|<=|>=|==|!=|&&|\|\||\S')


def prefix_program(seed, text):
    """The program with every name prefixed by s<seed>_ (file names too);
    `in` after a (prefixed) reduction variable and `file` before `("` are
    the grammar's words, kept."""
    out, prev = [], None
    toks = NAME_RE.findall(text)
    for i, tok in enumerate(toks):
        nxt = toks[i + 1] if i + 1 < len(toks) else ''
        if tok.startswith('#'):
            out.append('\n')
            continue
        if tok.startswith('"'):
            tok = '"s%d_%s' % (seed, tok[1:])
        elif re.match(r'[A-Za-z_]', tok) and not slref.is_reserved(tok) \
                and not (tok == 'in' and prev is not None and re.match(r's\d+_', prev)) \
                and not (tok == 'file' and nxt == '(' and i + 2 < len(toks)
                         and toks[i + 2].startswith('"')):
            tok = 's%d_%s' % (seed, tok)
        out.append(tok)
        prev = tok
    return ' '.join(out).replace(' \n ', '\n').replace(';', ';\n')


def check_chunk(args, chunk, work):
    """[(seed, (ok, report))] for the seeds of one batch."""
    res, items = {}, []
    for seed in chunk:
        d = os.path.join(work, 's%d' % seed)
        os.makedirs(d, exist_ok=True)
        text, files = gen.generate(seed, True)
        for fn, arr in files.items():
            npyio.write(os.path.join(d, fn), *arr)
        prog_path = os.path.join(d, 'prog.sl')
        with open(prog_path, 'w') as f:
            f.write(text)
        head = '=== seed %d: %s\n' % (seed, prog_path)
        st, msg = lint_compile(args, prog_path, seed, d, args.interface)
        if st == 'ok':
            items.append((seed, text, files))
        else:
            res[seed] = ({'refused': 'refused', 'skipped': None}.get(st, False),
                         head + msg + '\n' + ('' if st == 'refused' else text))
    if items:
        res.update(run_merged(args, items, work))
    return [(seed, res[seed]) for seed in chunk]


def run_merged(args, items, work):
    """{seed: (ok, report)} for the programs items merged into one."""
    first = items[0][0]
    d = os.path.join(work, 'b%d' % first)
    os.makedirs(d, exist_ok=True)
    prog_path = merge_programs(items, d, 'B%d' % first)
    saved = args.lint
    args.lint = False
    ok, rep = check_one(args, first, d, prog_path)
    args.lint = saved
    if ok in (True, 'tiled'):
        tiled = tiled_seeds(os.path.join(d, 's%d' % first)) if ok == 'tiled' else set()
        return {seed: ('tiled' if seed in tiled else True, '') for seed, _, _ in items}
    if len(items) == 1:
        return {first: (ok, rep)}
    out = {}
    for seed, _, _ in items:	# again alone, to name the failing seeds
        args.lint = False
        alone = check_one(args, seed, work)
        args.lint = saved
        out[seed] = alone
    if all(r[0] in (True, 'tiled') for r in out.values()):
        out[first] = (False, '=== batch of seeds %s fails merged, no seed alone:\n%s'
                      % (' '.join(str(s) for s, _, _ in items), rep))
    return out


def merge_programs(items, d, name):
    """Writes the programs items [(seed, text, {file: array})] merged as
    d/NAME.sl with their files; its path."""
    parts = []
    for seed, text, files in items:
        parts.append(prefix_program(seed, text))
        for fn, arr in files.items():
            npyio.write(os.path.join(d, 's%d_%s' % (seed, fn)), *arr)
    path = os.path.join(d, name + '.sl')
    with open(path, 'w') as f:
        f.write('# seeds %s merged by tests/diff/run_diff.py\n'
                % ' '.join(str(s) for s, _, _ in items) + '\n'.join(parts))
    return path


def tiled_seeds(d):
    """The seeds whose buffers a merged run in d put on tiles (pub.json
    names them s<seed>_NAME)."""
    out = set()
    for sub in os.listdir(d):
        try:
            with open(os.path.join(d, sub, 'pub.json')) as f:
                bufs = json.load(f)['buffers']
        except (OSError, ValueError, KeyError):
            continue
        for b in bufs:
            m = re.match(r's(\d+)_', b.get('name', ''))
            if m and b.get('memory') == 'pub':
                out.add(int(m.group(1)))
    return out


def run_batches(args, ex, seeds, work):
    """(seed, (ok, report)) in seed order, --batch programs a sim."""
    chunks = [list(seeds[i:i + args.batch]) for i in range(0, len(seeds), args.batch)]
    for rows in ex.map(check_chunk, itertools.repeat(args), chunks, itertools.repeat(work)):
        for r in rows:
            yield r


def run_regress(args, work):
    """Every DIR/*.sl with `sluice sim --seed 1` under both policies."""
    args.engine = 'model'
    progs = sorted(f for f in os.listdir(args.regress) if f.endswith('.sl'))
    failed = []
    for f in progs:
        for policy in ('stream', 'sequential'):
            args.schedule = policy
            w = os.path.join(work, '%s.%s' % (f[:-3], policy))
            ok, rep = check_one(args, 1, w, os.path.join(args.regress, f))
            print('%-40s %-10s %s' % (f, policy, 'ok' if ok else 'FAIL'), flush=True)
            if not ok:
                failed.append('%s (%s)' % (f, policy))
                print(rep, flush=True)
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    print('%d of %d runs failed%s' % (len(failed), 2 * len(progs),
                                      (': ' + ', '.join(failed)) if failed else ''))
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--sluice')
    ap.add_argument('--count', type=int, default=100)
    ap.add_argument('--start', type=int, default=1)
    ap.add_argument('--keep')
    ap.add_argument('--prog')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--self-check', action='store_true')
    ap.add_argument('--regress', metavar='DIR',
                    help='run every DIR/*.sl through `sluice sim` under both policies')
    ap.add_argument('--bad', action='store_true',
                    help='programs with one input read out of bounds must be rejected')
    ap.add_argument('--engine', choices=['run', 'model', 'verilator', 'netlist'],
                    default='run',
                    help='run: `sluice run` (CPU reference); model: `sluice sim` '
                         '(cycle-level model of the schedule); verilator: `sluice sim '
                         '--engine verilator` (the generated Verilog); netlist: `sluice '
                         'synth --check-netlist` (the synthesized netlist; --board, '
                         'default tests/boards/ice40_sim.board)')
    ap.add_argument('--engines', metavar='LIST',
                    help='every program through each of LIST, items ENGINE or '
                         'ENGINE:SCHEDULE (e.g. run,model:stream,model:sequential); '
                         'slref runs once per program')
    ap.add_argument('--guard', type=float, metavar='S',
                    help='per-program time guard: a sluice command running longer '
                         'than S seconds skips the seed (reported, not failed) '
                         'instead of failing it')
    ap.add_argument('--max-skips', type=int, default=None,
                    help='with --guard, fail when more seeds than this are skipped '
                         '(default: 1%% of --count, at least 1)')
    ap.add_argument('--schedule', choices=['stream', 'sequential'], default='stream',
                    help='schedule policy for --engine model')
    ap.add_argument('--unroll', type=int, metavar='K',
                    help='model, verilator, netlist: every output K lanes (`--unroll K`); '
                         'programs the lane rules refuse are counted, not failed')
    ap.add_argument('--pub', metavar='OPTIONS', default=None,
                    help="sim with --memory pub and these tile options ('' for the "
                    "defaults); the mapping's located refusals count as refused")
    ap.add_argument('--min-tiled', type=int, default=0, metavar='N',
                    help='with --pub: fail unless at least N seeds put a buffer on tiles')
    ap.add_argument('--ram', choices=['auto', 'block', 'lut'], default='auto',
                    help='memory of circular buffers for --engine model|verilator')
    ap.add_argument('--board', metavar='B',
                    help='--engine model|verilator: map (and pipeline) for board B')
    ap.add_argument('--cref-jobs', type=int, default=0, metavar='N',
                    help='with --cref: also `run --engine c -j N`, the same bytes')
    ap.add_argument('--cref', action='store_true',
                    help='engine run: also run `sluice run --engine c` (the compiled '
                    'reference) and require output files equal byte for byte')
    ap.add_argument('--ref-both', action='store_true',
                    help='engine run: also run with SLUICE_REF=tree and require '
                         'the same output files')
    ap.add_argument('--interface', choices=['native', 'axis'], default='native',
                    help='model, verilator: sim --interface')
    ap.add_argument('--runtime', action='store_true',
                    help='model, verilator: sim --runtime-config (schedules, line-buffer '
                         'lengths and the run length from the configuration image); its '
                         'located refusals count as refused')
    ap.add_argument('--sizes', action='store_true',
                    help='model, verilator: programs of gen_sizes.py (sizes as params W and '
                    'H), each built at its largest size (--runtime-max) and run at a '
                    'smaller one (-D); implies --runtime')
    ap.add_argument('--control', choices=['ports', 'axilite'], default='ports',
                    help='verilator: sim --control')
    ap.add_argument('--lint', action='store_true',
                    help='also verilator --lint-only -Wall on the Verilog of every '
                         'program (native and AXI4-Stream; with --batch the run\'s '
                         'interface); a warning fails the seed')
    ap.add_argument('--batch', type=int, default=0, metavar='N',
                    help='model, verilator: merge N programs into one (names '
                         'prefixed with their seed) for one sim, one Verilator build '
                         'for N programs (see run_batches)')
    ap.add_argument('--timeout', type=float, default=60)
    ap.add_argument('-j', '--jobs', type=int, default=max(1, min(4, os.cpu_count() or 1)))
    ap.add_argument('--max-reports', type=int, default=20)
    ap.add_argument('--progress', type=int, default=0, metavar='N',
                    help='print a progress line every N seeds')
    args = ap.parse_args()
    if args.sizes:
        if args.batch or args.bad or args.prog or args.engine not in ('model', 'verilator'):
            ap.error('--sizes runs single programs on --engine model or verilator')
        args.runtime = True
    if not args.self_check and not args.sluice:
        ap.error('--sluice PATH (or --self-check) is required')
    work = args.keep or tempfile.mkdtemp(prefix='sl_diff_')
    os.makedirs(work, exist_ok=True)
    if args.prog:
        ok, rep = check_one(args, args.seed, work, args.prog)
        print(rep if not ok else 'ok')
        return 0 if ok else 1
    if args.regress:
        return run_regress(args, work)
    seeds = range(args.start, args.start + args.count)
    failed, skipped, refused, tiled = [], [], [], []
    linted = 0
    t0 = time.time()
    with ProcessPoolExecutor(max_workers=args.jobs) as ex:
        if args.batch:
            results = run_batches(args, ex, seeds, work)
        else:
            fn = check_bad if args.bad else check_one
            results = zip(seeds, ex.map(fn, itertools.repeat(args), seeds,
                                        itertools.repeat(work)))
        for seed, (ok, rep) in results:
            linted += lint_count(os.path.join(work, 's%d' % seed)) if args.lint else 0
            if ok is None:
                skipped.append(seed)
                print(rep, end='', flush=True)
            elif ok == 'tiled':
                tiled.append(seed)
            elif ok == 'refused':
                refused.append(seed)
                print(rep.replace('\n', ' ', 1), end='', flush=True)
            elif not ok:
                failed.append(seed)
                if len(failed) <= args.max_reports:
                    print(rep, flush=True)
            if args.progress and (seed - args.start + 1) % args.progress == 0:
                print('... %d seeds, %d failed, %d skipped, %.0f s'
                      % (seed - args.start + 1, len(failed), len(skipped), time.time() - t0),
                      flush=True)
    if args.lint:
        print('lint: %d designs clean under verilator --lint-only -Wall' % linted)
    if args.sizes:
        print(sizes_summary(work, [sd for sd in seeds
                                   if sd not in failed + skipped + refused]))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    engines = ', '.join(e if e == 'run' else '%s:%s' % (e, s) for e, s in engine_list(args))
    print('%d of %d seeds failed%s (%s)' % (len(failed), args.count,
                                            (': ' + ' '.join(map(str, failed))) if failed else '',
                                            'check' if args.bad else engines))
    max_skips = args.max_skips if args.max_skips is not None else max(1, args.count // 100)
    if skipped:
        print('%d seeds skipped by the %g s guard: %s' % (len(skipped), args.guard,
                                                         ' '.join(map(str, skipped))))
    if refused:
        rules = [r for r, on in (('the lane rules (--unroll %s)' % args.unroll,
                                  (args.unroll or 0) > 1),
                                 ('the tile mapping (--memory pub)', args.pub is not None),
                                 ('the run-time configuration', args.runtime)) if on]
        print('%d seeds refused by %s: %s'
              % (len(refused), ' or '.join(rules), ' '.join(map(str, refused[:40]))
                 + (' ...' if len(refused) > 40 else '')))
    if args.pub is not None:
        print('%d seeds put buffers on tiles: %s' % (len(tiled), ' '.join(map(str, tiled[:40]))
                                                    + (' ...' if len(tiled) > 40 else '')))
        if len(tiled) < args.min_tiled:
            print('fewer than %d seeds put buffers on tiles: failing' % args.min_tiled)
            return 1
    if len(skipped) > max_skips:
        print('more than %d seeds skipped: failing' % max_skips)
        return 1
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
