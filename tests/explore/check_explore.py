#!/usr/bin/env python3
"""Tests of `sluice explore` (docs/explore.md), each a mode:

  estimate SLUICE OUT   gaussian on the UP5K at estimate fidelity, the
                        default space: the same bytes twice; every figure
                        of three points against `sluice compile` of the same
                        options (report.json, -dR); the front recomputed from
                        explore.csv; illegal points with the fit check's reason
  errors SLUICE OUT     bad space lines: file:line:col, the line, a caret
  jobs SLUICE OUT       a sweep at estimate fidelity: the built-in runner,
                        GNU parallel -S : (when installed) and a run killed
                        and resumed give byte-identical explore.json
  synthjobs SLUICE OUT  the same with Yosys (slow)
  slurm SLUICE OUT      the sweep's slurm.sh on a single-node Slurm started
                        and stopped here: the runner's explore.json (exit 77,
                        skipped, with the reason, without Slurm and munge)
  random SLUICE OUT [SEED...]
                        random programs (tests/diff/gen.py) at estimate
                        fidelity: figures against sluice compile
  validate SLUICE OUT    --validate on brighten at 16x8 on the UP5K, lanes 1
                        and 2 (a front of two): each point's Verilator
                        cycles equal to the prediction and to W H / K + L
                        (L the same for both), bit-exact, inputs those of
                        `sluice run --seed 1`, the cycles those `sluice sim
                        --engine verilator` prints; the same bytes twice
  validatebroken SLUICE OUT
                        --validate with a hardware library whose sl_pipe
                        inverts its data: exit 1 naming the point, its
                        verdict (not bit-exact) in explore.json (slow)
  randomvalidate SLUICE OUT [SEED...]
                        random programs with --validate on the ECP5: every
                        front point bit-exact at its predicted cycles (slow)
  pnr SLUICE OUT        --fidelity pnr on the UP5K and the ZU9EG: the UP5K's
                        Fmax nextpnr's (read here from nextpnr.log), the
                        ZU9EG's the delay model's; the same bytes without
                        and with --synth-cache (slow)
  adrs SLUICE OUT PROG BOARD SPACE BUDGET
                        --truth: ADRS and the hypervolume ratio recomputed
                        here from explore.json; ADRS <= 1% with the search's
                        Yosys runs <= 10% of the points (slow)
"""
import csv
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import time

SRC = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GAUSSIAN = os.path.join(SRC, "examples", "gaussian.sl")


def run(cmd, ok=True, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if ok and p.returncode != 0:
        sys.exit("FAIL: %s: exit %d\n%s%s" % (" ".join(cmd), p.returncode, p.stdout, p.stderr))
    return p


def fail(msg):
    sys.exit("FAIL: " + msg)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def dominates(a, b):
    return a[0] <= b[0] and a[1] <= b[1] and (a[0] < b[0] or a[1] < b[1])


def front(objs):
    return [o for o in objs if not any(dominates(p, o) for p in objs)]


def adrs(ref, approx):
    def delta(g, w):
        return max(0.0, max((w[j] - g[j]) / g[j] for j in range(2)))
    return sum(min(delta(g, w) for w in approx) for g in ref) / len(ref)


def hv(points, r):
    pts = sorted(p for p in points if p[0] < r[0] and p[1] < r[1])
    total, best = 0.0, r[1]
    for x, y in pts:
        if y < best:
            total += (r[0] - x) * (best - y)
            best = y
    return total


def knobs_of(key):
    return dict(item.split("=", 1) for item in key.split(","))


def compile_figures(sluice, out, key, board):
    """cycles, block-RAM units, LUTs, FFs of `sluice compile` with the knobs."""
    k = knobs_of(key)
    cmd = [sluice, "compile", GAUSSIAN, "--board", board, "--unroll", k["unroll"],
           "--schedule", k["schedule"], "--register-threshold", k["threshold"],
           "--ram", k["ram"], "-dR", "-o", out, "--quiet"]
    if k["clock"] not in ("default",):
        fail("compile_figures takes the default clock only")
    p = run(cmd)
    rep = json.load(open(os.path.join(out, "report.json")))
    return rep["predicted_cycles"], p.stdout


def mode_estimate(sluice, out):
    shutil.rmtree(out, ignore_errors=True)
    a, b = os.path.join(out, "a"), os.path.join(out, "b")
    cmd = [sluice, "explore", GAUSSIAN, "--boards", "ice40up5k", "--fidelity", "estimate"]
    pa = run(cmd + ["-o", a])
    run(cmd + ["-o", b])
    for f in ("explore.json", "explore.csv"):
        if read(os.path.join(a, f)) != read(os.path.join(b, f)):
            fail("%s differs between two runs" % f)
    if "stop: converged" not in pa.stdout:
        fail("no stop reason: " + pa.stdout)
    j = json.load(open(os.path.join(a, "explore.json")))
    if j["program"] != "gaussian.sl" or "/" in json.dumps(j["program"]):
        fail("program path: " + j["program"])
    # the default space: 3 lane counts x 2 schedules x 2 thresholds x 3 RAMs x 2 clocks
    if j["boards"][0]["space_points"] != 72:
        fail("default space: %d points" % j["boards"][0]["space_points"])
    pts = j["points"]
    keys = [p["key"] for p in pts]
    if keys != sorted(keys):
        fail("points not sorted by key")
    legal = [p for p in pts if p["legal"]]
    # every illegal point's reason is what `sluice compile` of its options says
    illegal = [p for p in pts if not p["legal"]]
    if not illegal:
        fail("no illegal point: sequential does not fit the UP5K")
    for p in illegal[:3]:
        k = knobs_of(p["key"])
        cmd = [sluice, "compile", GAUSSIAN, "--board", "ice40up5k", "--unroll", k["unroll"],
               "--schedule", k["schedule"], "--register-threshold", k["threshold"],
               "--ram", k["ram"], "-o", os.path.join(out, "bad")]
        if k["clock"] == "nominal":
            cmd += ["--clock", "48"]
        r = run(cmd, ok=False)
        if r.returncode != 1 or not p["why"] or p["why"] not in r.stderr.replace("\n", " "):
            fail("%s: explore says %r; compile exits %d:\n%s" % (p["key"], p["why"],
                 r.returncode, r.stderr))
    # figures against sluice compile of the same options
    checked = 0
    for p in legal:
        k = knobs_of(p["key"])
        if k["clock"] != "default" or k["threshold"] != "8":
            continue
        cyc, dump = compile_figures(sluice, os.path.join(out, "c"), p["key"], "ice40up5k")
        if cyc != p["cycles"]:
            fail("%s: %d cycles, compile says %d" % (p["key"], p["cycles"], cyc))
        if abs(p["time_us"] - p["cycles"] / p["clock_mhz"]) > 1e-3 * p["time_us"]:
            fail("time_us is not cycles / clock")
        if p["fidelity"]["cycles"] != "schedule" or p["fidelity"]["luts"] != "estimate":
            fail("fidelity: %s" % p["fidelity"])
        m = re.search(r"design: (\d+) LUTs, (\d+) flip-flops, (\d+) DSPs, (\d+) block-RAM units",
                      dump)
        if not m:
            fail("no design line in compile -dR:\n" + dump)
        want = tuple(int(x) for x in m.groups())
        got = (p["luts_estimate"], p["ffs_estimate"], p["dsps_estimate"], p["block_ram_units"])
        if got != want:
            fail("%s: LUTs, FFs, DSPs, units %s; compile -dR says %s" % (p["key"], got, want))
        # the UP5K: 5280 LUTs, 5280 FFs, 30 block RAMs, 8 DSPs, 4 SPRAMs (sluice boards)
        shares = [p["luts_estimate"] / 5280, p["ffs_estimate"] / 5280,
                  p["block_ram_units"] / 30, p["dsps_estimate"] / 8, p["huge_cells"] / 4]
        area = sum(shares) / 5
        if abs(max(shares) - p["peak_share"]) > 1e-5:
            fail("%s: peak share %g, the shares give %g" % (p["key"], p["peak_share"], max(shares)))
        if abs(area - p["area"]) > 1e-5:
            fail("%s: area %g, the shares give %g" % (p["key"], p["area"], area))
        checked += 1
    if checked < 3:
        fail("only %d points checked against compile" % checked)
    # the explored front is the Pareto front of the evaluated legal points
    objs = {p["key"]: (p["time_us"], p["area"]) for p in legal}
    want = set(k for k, o in objs.items() if not any(dominates(q, o) for q in objs.values()))
    got = set(p["key"] for p in legal if p["on_front"])
    if want != got:
        fail("front: %s, recomputed %s" % (sorted(got), sorted(want)))
    # the neighbours of every front point were estimated (the local search closed)
    evaluated = set(keys)
    for k in got:
        kn = knobs_of(k)
        for name, vals in j["space"].items():
            if name not in kn:
                continue
            i = vals.index(kn[name])
            for v in (i - 1, i + 1):
                if 0 <= v < len(vals):
                    nb = dict(kn)
                    nb[name] = vals[v]
                    nk = ",".join("%s=%s" % (n, nb[n]) for n in kn)
                    if nk not in evaluated:
                        fail("front point %s: neighbour %s not estimated" % (k, nk))
    print("estimate: %d points estimated of 72, %d legal, front %d, %d checked against compile"
          % (len(pts), len(legal), len(got), checked))


def mode_errors(sluice, out):
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "bad.space")
    with open(path, "w") as f:
        f.write("# a comment\nunroll = 1, 2\n\nclock=default,20..x\nram=auto,flash\n")
    p = run([sluice, "explore", GAUSSIAN, "--space", path, "-o", out], ok=False)
    if p.returncode != 2:
        fail("bad space: exit %d" % p.returncode)
    want = [path + ":4:15: error: a range is lo..hi", "    4 | clock=default,20..x",
            "      |               ^", path + ":5:10: error: ram takes auto, block or lut, not 'flash'"]
    for w in want:
        if w not in p.stderr:
            fail("no %r in:\n%s" % (w, p.stderr))
    p = run([sluice, "explore", GAUSSIAN, "--knob", "depth=3", "-o", out], ok=False)
    if p.returncode != 2 or "--knob depth=3: depth takes powers of two" not in p.stderr:
        fail("--knob depth=3: " + p.stderr)
    p = run([sluice, "explore", GAUSSIAN, "--boards", "ice40up5k,ice40up5k", "-o", out], ok=False)
    if p.returncode != 2 or "given twice" not in p.stderr:
        fail("--boards twice: " + p.stderr)
    p = run([sluice, "explore", GAUSSIAN, "--schedules", "stream", "-o", out], ok=False)
    if p.returncode != 2 or "not an option of 'explore'" not in p.stderr:
        fail("--schedules on explore: " + p.stderr)
    print("errors: located and exit 2")


def sweep(sluice, out, knobs, estimate, kill_after=None):
    cmd = [sluice, "explore", GAUSSIAN, "--boards", "ice40up5k"]
    for k in knobs:
        cmd += ["--knob", k]
    if estimate:
        cmd += ["--fidelity", "estimate"]
    return cmd + ["--emit-jobs", out]


def mode_jobs(sluice, out, estimate=True):
    shutil.rmtree(out, ignore_errors=True)
    knobs = ["unroll=1,2", "clock=default,30,40"] if estimate else ["unroll=1,2", "clock=default,40"]
    n = 6 if estimate else 4
    # 1. the built-in runner
    one = os.path.join(out, "runner")
    p = run(sweep(sluice, one, knobs, estimate) + ["-j", "2"])
    if "collected %d of %d points" % (n, n) not in p.stdout:
        fail("runner: " + p.stdout)
    ref = read(os.path.join(one, "explore.json"))
    jobs = open(os.path.join(one, "jobs.txt")).read().splitlines()
    if len(jobs) != n:
        fail("%d jobs for %d points" % (len(jobs), n))
    slurm = open(os.path.join(one, "slurm.sh")).read()
    if "#SBATCH --array=1-%d" % n not in slurm or "SLURM_ARRAY_TASK_ID" not in slurm:
        fail("slurm.sh: " + slurm)
    # 2. emitted only, then run by GNU parallel, collected
    par = shutil.which("parallel")
    if par:
        two = os.path.join(out, "parallel")
        run(sweep(sluice, two, knobs, estimate))
        run([par, "-S", ":", "--will-cite", "-j", "2"], stdin=open(os.path.join(two, "jobs.txt")))
        run([sluice, "explore", GAUSSIAN, "--collect", two, "-o", two])
        if read(os.path.join(two, "explore.json")) != ref:
            fail("GNU parallel and the runner differ")
        print("jobs: parallel -S : and the runner agree")
    elif os.environ.get("CI"):
        fail("GNU parallel is not installed (scripts/install-deps.sh installs it)")
    else:
        print("jobs: GNU parallel not installed: its comparison skipped")
    # 3. a run killed midway, then resumed
    three = os.path.join(out, "killed")
    proc = subprocess.Popen(sweep(sluice, three, knobs, estimate) + ["-j", "1"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    pts = os.path.join(three, "points")
    deadline = time.time() + 600
    while time.time() < deadline and proc.poll() is None:
        done = [d for d in (os.listdir(pts) if os.path.isdir(pts) else [])
                if os.path.exists(os.path.join(pts, d, "result.json"))]
        if done:
            break
        time.sleep(0.02)
    killed = proc.poll() is None
    if killed:
        proc.send_signal(signal.SIGTERM)
    proc.wait()
    done = len([d for d in os.listdir(pts) if os.path.exists(os.path.join(pts, d, "result.json"))])
    p = run(sweep(sluice, three, knobs, estimate) + ["-j", "2"])
    if read(os.path.join(three, "explore.json")) != ref:
        fail("the resumed run differs from the runner's")
    print("jobs: killed after %d of %d points (%s), resumed: byte-identical"
          % (done, n, "killed" if killed else "it had finished"))
    # 4. collect merges in any order: results copied in reverse
    four = os.path.join(out, "reversed")
    run(sweep(sluice, four, knobs, estimate))
    for d in sorted(os.listdir(os.path.join(one, "points")), reverse=True):
        shutil.copytree(os.path.join(one, "points", d), os.path.join(four, "points", d),
                        dirs_exist_ok=True)
    run([sluice, "explore", GAUSSIAN, "--collect", four, "-o", four])
    if read(os.path.join(four, "explore.json")) != ref:
        fail("collect depends on the order")
    j = json.loads(ref)
    fids = set(p["fidelity"]["luts"] for p in j["points"] if p["legal"])
    want = {"estimate"} if estimate else {"yosys"}
    if fids != want:
        fail("fidelities %s, want %s" % (fids, want))


def mode_adrs(sluice, out, prog, board, space, budget):
    shutil.rmtree(out, ignore_errors=True)
    p = run(["nice", sluice, "explore", prog, "--boards", board, "--space", space,
             "--budget", budget, "--truth", "-o", out])
    print(p.stdout)
    j = json.load(open(os.path.join(out, "explore.json")))
    b = j["boards"][0]
    pts = [q for q in j["points"] if q["legal"] and q["synthesized"]]
    objs = [(q["time_us"], q["area"]) for q in pts]
    truth = front(objs)
    mine = [(q["time_us"], q["area"]) for q in pts if q["on_front"]]
    a = 100 * adrs(truth, mine) if mine else 1e9
    r = (max(o[0] for o in objs) * 1.1, max(o[1] for o in objs) * 1.1)
    ratio = hv(mine, r) / hv(truth, r)
    t = b["truth"]
    if abs(a - t["adrs_percent"]) > 1e-3 or abs(ratio - t["hypervolume_ratio"]) > 1e-3:
        fail("ADRS %.4f / HV %.4f recomputed, explore says %.4f / %.4f"
             % (a, ratio, t["adrs_percent"], t["hypervolume_ratio"]))
    runs, space_n = b["search_yosys_runs"], b["space_points"]
    print("adrs: %s on %s: %d points, %d legal, search %d Yosys runs (%.1f%%), ADRS %.3f%%, "
          "HV ratio %.4f, LUT MAPE %.1f%% tau %.3f" % (os.path.basename(prog), board, space_n,
          len(pts), runs, 100.0 * runs / space_n, a, ratio, t["mape_luts"], t["kendall_tau_luts"]))
    if space_n < 48:
        fail("the space has %d points, the bar asks for 48" % space_n)
    if a > 1.0:
        fail("ADRS %.3f%% > 1%%" % a)
    if runs > 0.10 * space_n:
        fail("%d Yosys runs > 10%% of %d points" % (runs, space_n))


def mode_slurm(sluice, out):
    """The sweep's slurm.sh on a single-node Slurm (tests/explore/slurm_run.sh)
    against the built-in runner: the same explore.json.  Exit 77 (skipped)
    with the reason when Slurm or munge is missing."""
    shutil.rmtree(out, ignore_errors=True)
    knobs = ["unroll=1,2", "clock=default,30,40"]
    one, two = os.path.join(out, "runner"), os.path.join(out, "slurm")
    run(sweep(sluice, one, knobs, True) + ["-j", "2"])
    run(sweep(sluice, two, knobs, True))
    p = subprocess.run([os.path.join(SRC, "tests", "explore", "slurm_run.sh"), two],
                       capture_output=True, text=True, timeout=600)
    print(p.stdout.strip())
    if p.returncode == 77:
        sys.exit(77)
    if p.returncode != 0:
        fail("slurm_run.sh: exit %d\n%s%s" % (p.returncode, p.stdout, p.stderr))
    run([sluice, "explore", GAUSSIAN, "--collect", two, "-o", two])
    if read(os.path.join(two, "explore.json")) != read(os.path.join(one, "explore.json")):
        fail("the Slurm array and the runner differ")
    print("slurm: the array job and the runner agree")


def mode_random(sluice, out, seeds):
    """Random programs of tests/diff/gen.py at estimate fidelity: exit 0,
    every legal point's cycles those of `sluice compile` with its options,
    every illegal point with a reason."""
    sys.path.insert(0, os.path.join(SRC, "tests", "diff"))
    import gen
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    legal_total = 0
    for seed in seeds:
        prog = os.path.join(out, "r%d.sl" % seed)
        with open(prog, "w") as f:
            f.write(gen.generate(seed)[0])
        d = os.path.join(out, "e%d" % seed)
        run([sluice, "explore", prog, "--boards", "ecp5-85f", "--knob", "unroll=1,2",
             "--knob", "schedule=stream,sequential", "--fidelity", "estimate", "-o", d])
        j = json.load(open(os.path.join(d, "explore.json")))
        for p in j["points"]:
            if not p["legal"]:
                if not p["why"]:
                    fail("seed %d: %s illegal without a reason" % (seed, p["key"]))
                continue
            legal_total += 1
            k = knobs_of(p["key"])
            c = os.path.join(out, "c")
            run([sluice, "compile", prog, "--board", "ecp5-85f", "--unroll", k["unroll"],
                 "--schedule", k["schedule"], "-o", c, "--quiet"])
            cyc = json.load(open(os.path.join(c, "report.json")))["predicted_cycles"]
            if cyc != p["cycles"]:
                fail("seed %d: %s: %d cycles, compile %d" % (seed, p["key"], p["cycles"], cyc))
    print("random: %d programs, %d legal points against compile" % (len(seeds), legal_total))


def mode_random_validate(sluice, out, seeds):
    """Random programs of tests/diff/gen.py searched at estimate fidelity
    with --validate on the ECP5: exit 0, every front point validated,
    bit-exact, its Verilator cycles its predicted ones; the points off the
    front not run."""
    sys.path.insert(0, os.path.join(SRC, "tests", "diff"))
    import gen
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    n = 0
    for seed in seeds:
        prog = os.path.join(out, "r%d.sl" % seed)
        with open(prog, "w") as f:
            f.write(gen.generate(seed)[0])
        d = os.path.join(out, "e%d" % seed)
        run(["nice", sluice, "explore", prog, "--boards", "ecp5-85f", "--knob", "unroll=1,2",
             "--knob", "schedule=stream,sequential", "--fidelity", "estimate", "--validate",
             "--quiet", "-o", d])
        for p in json.load(open(os.path.join(d, "explore.json")))["points"]:
            v = p["validated"]
            if not p["on_front"]:
                if v is not None:
                    fail("seed %d: %s off the front was run" % (seed, p["key"]))
                continue
            if not v or not v["ok"] or not v["bit_exact"] or \
                    not v["cycles"] == v["predicted_cycles"] == p["cycles"]:
                fail("seed %d: %s: validated %s" % (seed, p["key"], v))
            n += 1
    print("randomvalidate: %d programs, %d front points bit-exact at their cycles"
          % (len(seeds), n))


def robust_stats(x, w, k, alpha):
    """mean, mean + k stddev, worst regret and CVaR(alpha) of ratios x under
    weights w: the definitions of docs/explore.md, written again here."""
    tot = sum(w)
    p = [v / tot for v in w]
    mean = sum(a * b for a, b in zip(p, x))
    std = math.sqrt(sum(a * (b - mean) ** 2 for a, b in zip(p, x)))
    left, acc = 1 - alpha, 0.0
    for v, q in sorted(zip(x, p), key=lambda t: -t[0]):
        take = min(q, left)
        acc += take * v
        left -= take
    return mean, mean + k * std, max(x) - 1, acc / (1 - alpha)


def check_shapes_json(j, where):
    """Every figure of shapes.json against its definition: cost = cycles /
    clock x area of the hardware sized for the largest shape, ratio = cost
    / own cost, the objectives recomputed, cliffs exactly where ratio > 2."""
    for b in j["boards"]:
        ps = b["per_shape"]
        ratios = []
        for s in ps:
            cost = s["cycles"] / b["clock_mhz"] * b["area"]
            if abs(cost - s["cost"]) > 1e-4 * cost:
                fail("%s %s: cost %g, cycles / clock x area %g" % (where, s["shape"], s["cost"], cost))
            ratio = s["cost"] / s["own_cost"]
            if abs(ratio - s["ratio"]) > 1e-4 * ratio or abs(s["regret"] - (s["ratio"] - 1)) > 1e-5:
                fail("%s %s: ratio %g regret %g, recomputed %g" % (where, s["shape"], s["ratio"],
                                                                    s["regret"], ratio))
            if s["cliff"] != (s["ratio"] > 2):
                fail("%s %s: cliff %s at ratio %g" % (where, s["shape"], s["cliff"], s["ratio"]))
            ratios.append(s["ratio"])
        w = [s["weight"] for s in ps]
        mean, mks, worst, cvar = robust_stats(ratios, w, j["k"], j["alpha"])
        for name, v in (("mean", mean), ("mean_k_stddev", mks), ("worst_regret", worst),
                        ("cvar", cvar)):
            if abs(b[name] - v) > 1e-4 * max(1, abs(v)):
                fail("%s %s: %s %g, recomputed %g" % (where, b["board"], name, b[name], v))
        price = sum(q * s["cost"] for q, s in zip(w, ps)) / sum(q * s["own_cost"] for q, s in zip(w, ps))
        if abs(price - b["price_of_robustness"]) > 1e-4 * price:
            fail("%s: price of robustness %g, recomputed %g" % (where, b["price_of_robustness"], price))


def mode_shapes(sluice, out):
    """--shapes: gaussian on the UP5K over four sizes (the robust design's
    cycles against the hand formula and sluice compile, every figure
    recomputed, the cliff at 64x64 flagged with its block RAMs derived by
    hand), the same bytes twice, usage errors; random programs with unused
    params W and H, where every shape is the same design: ratio 1."""
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    shapes = "64x64,320x240,640x480:2,1920x1080"
    d = os.path.join(out, "g")
    cmd = [sluice, "explore", GAUSSIAN, "--boards", "ice40up5k", "--knob", "unroll=1,2",
           "--knob", "threshold=8,128", "--shapes", shapes, "--quiet", "-o", d]
    p = run(cmd)
    print(p.stdout)
    first = read(os.path.join(d, "shapes.json"))
    run(cmd)
    if read(os.path.join(d, "shapes.json")) != first:
        fail("shapes.json differs between two runs")
    j = json.load(open(os.path.join(d, "shapes.json")))
    check_shapes_json(j, "gaussian")
    b = j["boards"][0]
    lanes = int(knobs_of(b["robust"])["unroll"])
    for s in b["per_shape"]:
        w, h = (int(v) for v in s["shape"].split("x"))
        # one pixel a cycle per lane, plus the pipeline's 8 cycles of fill
        # (gaussian's 3x3 window at 64x64 and one lane: 4,104 = 4,096 + 8)
        if s["cycles"] != w * h // lanes + 8:
            fail("%s: %d cycles, W H / K + 8 = %d" % (s["shape"], s["cycles"], w * h // lanes + 8))
        c = os.path.join(out, "c")
        run([sluice, "compile", GAUSSIAN, "-D", "W=%d" % w, "-D", "H=%d" % h, "--board",
             "ice40up5k", "--unroll", str(lanes), "-o", c, "--quiet"])
        cyc = json.load(open(os.path.join(c, "report.json")))["predicted_cycles"]
        if cyc != s["cycles"]:
            fail("%s: %d cycles, sluice compile %d" % (s["shape"], s["cycles"], cyc))
    by = {s["shape"]: s for s in b["per_shape"]}
    if not by["64x64"]["cliff"] or by["1920x1080"]["cliff"]:
        fail("the cliff is at 64x64 and not at 1920x1080: %s" % b["per_shape"])
    # sized for 1920x1080 the two row delays of 'in' hold 1920 bytes each,
    # 15,360 bits: 4 SB_RAM40_4K of 4,096 bits each, 8 in all; at 64x64 a
    # row is 512 bits, one block each, 2
    if "8 block-RAM units" not in p.stdout or "the own best 2 " not in p.stdout:
        fail("the cliff's cause: 8 block-RAM units against 2 expected:\n" + p.stdout)
    for bad in (["--shapes", "64x64"], ["--shapes", "64x64,64x64"], ["--shapes", "64y64,8x8"],
                ["--shapes", "64x64:0,8x8"], ["--shapes", "8x8,16x16", "--truth"],
                ["--robust", "median"]):
        q = run([sluice, "explore", GAUSSIAN, "--boards", "ice40up5k", "-o", d] + bad, ok=False)
        if q.returncode != 2 or "error:" not in q.stderr:
            fail("%s: exit %d, %s" % (bad, q.returncode, q.stderr))
    sys.path.insert(0, os.path.join(SRC, "tests", "diff"))
    import gen
    for seed in (1, 2, 3, 4):
        prog = os.path.join(out, "r%d.sl" % seed)
        with open(prog, "w") as f:
            f.write("param W = 8;\nparam H = 8;\n" + gen.generate(seed)[0])
        e = os.path.join(out, "e%d" % seed)
        q = run([sluice, "explore", prog, "--boards", "ecp5-85f", "--knob", "unroll=1,2",
                 "--shapes", "8x8,16x4:3,32x32,4x4", "--quiet", "-o", e], ok=False)
        if q.returncode == 1 and "no point of the space serves every shape" in q.stderr:
            continue
        if q.returncode != 0:
            fail("seed %d: exit %d\n%s" % (seed, q.returncode, q.stderr))
        j = json.load(open(os.path.join(e, "shapes.json")))
        check_shapes_json(j, "seed %d" % seed)
        for s in j["boards"][0]["per_shape"]:
            if abs(s["ratio"] - 1) > 1e-9 or s["cliff"]:
                fail("seed %d: params unused, yet ratio %g at %s" % (seed, s["ratio"], s["shape"]))
    print("shapes: gaussian's robust design and cliff, random programs at ratio 1")


def mode_random_synth(sluice, out, seeds):
    """Random programs of tests/diff/gen.py searched with Yosys and the
    knob-aware correction on the ECP5 (--budget 2 --truth over unroll x
    clock x threshold, 8 points; the UP5K's 39 pins refuse most of them):
    exit 0, a legal synthesized point, at most 2 search runs, ADRS
    recomputed from the Yosys figures, and the same explore.json with the
    Yosys results read back from --synth-cache."""
    sys.path.insert(0, os.path.join(SRC, "tests", "diff"))
    import gen
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    cache = os.path.join(out, "cache")
    for seed in seeds:
        prog = os.path.join(out, "r%d.sl" % seed)
        with open(prog, "w") as f:
            f.write(gen.generate(seed)[0])
        outs = []
        for name in ("a", "b"):
            d = os.path.join(out, "e%d%s" % (seed, name))
            run(["nice", sluice, "explore", prog, "--boards", "ecp5-85f", "--knob", "unroll=1,2",
                 "--knob", "clock=default,30", "--knob", "threshold=8,128", "--budget", "2",
                 "--truth", "--synth-cache", cache, "--quiet", "-o", d])
            outs.append(read(os.path.join(d, "explore.json")))
        if outs[0] != outs[1]:
            fail("seed %d: explore.json differs when the Yosys results come from the cache" % seed)
        j = json.loads(outs[0])
        b = j["boards"][0]
        if b["search_yosys_runs"] > 2:
            fail("seed %d: %d search runs over a budget of 2" % (seed, b["search_yosys_runs"]))
        pts = [q for q in j["points"] if q["legal"] and q["synthesized"]]
        if not pts:
            fail("seed %d: no legal synthesized point" % seed)
        objs = [(q["time_us"], q["area"]) for q in pts]
        truth = front(objs)
        mine = [(q["time_us"], q["area"]) for q in pts if q["on_front"]]
        a = 100 * adrs(truth, mine) if mine else 1e9
        if abs(a - b["truth"]["adrs_percent"]) > 1e-3:
            fail("seed %d: ADRS %.4f recomputed, explore says %.4f" % (seed, a, b["truth"]["adrs_percent"]))
        print("random synth: seed %d: %d points synthesized, search %d runs, ADRS %.2f%%"
              % (seed, len(pts), b["search_yosys_runs"], a))


def mode_minutes(sluice, out):
    """--budget-minutes 0.02 (1.2 s) with a budget of 8 syntheses: the
    first Yosys run starts before 1.2 s have passed and lasts longer, so the
    search stops after exactly one run, stop reason "minutes"."""
    shutil.rmtree(out, ignore_errors=True)
    p = run(["nice", sluice, "explore", GAUSSIAN, "--boards", "ice40up5k", "--knob", "unroll=1,2",
             "--knob", "clock=default,30,50", "--knob", "ram=auto,lut", "--budget", "8",
             "--budget-minutes", "0.02", "--quiet", "-o", out])
    b = json.load(open(os.path.join(out, "explore.json")))["boards"][0]
    if b["stop"] != "minutes" or b["search_yosys_runs"] != 1:
        fail("stop %s after %d Yosys runs, expected minutes after 1\n%s"
             % (b["stop"], b["search_yosys_runs"], p.stdout))
    if "stop: minutes" not in p.stdout:
        fail("the summary does not say the search stopped on minutes:\n" + p.stdout)
    print("minutes: stopped after one Yosys run")


BRIGHTEN = os.path.join(SRC, "examples", "brighten.sl")


def validate_cmd(sluice, out, extra):
    return ["nice", sluice, "explore", BRIGHTEN, "-D", "W=16", "-D", "H=8", "--boards",
            "ice40up5k", "--knob", "unroll=1,2", "--validate", "--quiet", "-o", out] + extra


def mode_validate(sluice, out):
    """brighten is one pixel a cycle per lane through a pipeline of a fixed
    depth: cycles = W H / K + L with the same L for K = 1 and 2, so the two
    differ by W H / 2 = 64.  Two lanes are faster and larger: both points
    are on the front, and both are validated."""
    shutil.rmtree(out, ignore_errors=True)
    a, b = os.path.join(out, "a"), os.path.join(out, "b")
    pa = run(validate_cmd(sluice, a, ["--fidelity", "estimate"]))
    run(validate_cmd(sluice, b, ["--fidelity", "estimate"]))
    if read(os.path.join(a, "explore.json")) != read(os.path.join(b, "explore.json")):
        fail("explore.json differs between two runs")
    j = json.load(open(os.path.join(a, "explore.json")))
    pts = {knobs_of(p["key"])["unroll"]: p for p in j["points"]}
    if sorted(pts) != ["1", "2"] or not all(p["on_front"] for p in pts.values()):
        fail("expected both points on the front: %s" % [(k, p["on_front"]) for k, p in pts.items()])
    lat = set()
    for k, p in pts.items():
        v = p["validated"]
        if not v or v["fidelity"] != "verilator" or not v["ok"] or not v["bit_exact"]:
            fail("unroll=%s: validated %s" % (k, v))
        if not v["cycles"] == v["predicted_cycles"] == p["cycles"]:
            fail("unroll=%s: cycles %s" % (k, v))
        lat.add(p["cycles"] - 16 * 8 // int(k))
        if p["fidelity"]["fmax"] != "delay_model" or p["fmax_mhz"] <= 0:
            fail("unroll=%s: fmax %s at %s" % (k, p["fmax_mhz"], p["fidelity"]["fmax"]))
    if len(lat) != 1 or not 0 < list(lat)[0] < 20:
        fail("cycles - W H / K: %s, expected one small latency" % sorted(lat))
    for k, p in pts.items():
        if "Verilator: bit-exact, %d cycles" % p["cycles"] not in pa.stdout:
            fail("stdout does not give unroll=%s's verdict:\n%s" % (k, pa.stdout))
    # the same inputs and cycles as the commands a user would run
    ref = os.path.join(out, "ref")
    run([sluice, "run", BRIGHTEN, "-D", "W=16", "-D", "H=8", "--seed", "1", "-o", ref])
    p1 = pts["1"]
    if read(os.path.join(ref, "in.in.npy")) != read(os.path.join(a, "validate", p1["hash"],
                                                                  "in.in.npy")):
        fail("--validate's inputs are not those of --seed 1")
    sim = run(["nice", sluice, "sim", BRIGHTEN, "-D", "W=16", "-D", "H=8", "--board",
               "ice40up5k", "--engine", "verilator", "--seed", "1", "--quiet", "-o",
               os.path.join(out, "sim")])
    if "verilator: %d cycles (predicted %d)" % (p1["cycles"], p1["cycles"]) not in sim.stdout:
        fail("sluice sim does not give unroll=1's %d cycles:\n%s" % (p1["cycles"], sim.stdout))
    with open(os.path.join(a, "explore.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    for f in rows:
        if f["validated"] != "ok" or f["bit_exact"] != "1" or f["fmax_fidelity"] != \
                "delay_model" or int(f["cycles_verilator"]) != int(f["cycles"]):
            fail("explore.csv row %s" % f)
    print("validate: two front points bit-exact, cycles %s, L %d" %
          (sorted(p["cycles"] for p in pts.values()), list(lat)[0]))


def mode_validate_broken(sluice, out):
    """A copy of rtlgen/lib whose sl_pipe inverts the data it takes
    (tests/verilator/broken_lib.sh): brighten's outputs are wrong, its
    cycles are not; the run exits 1 naming the point."""
    shutil.rmtree(out, ignore_errors=True)
    lib = os.path.join(out, "lib")
    shutil.copytree(os.path.join(SRC, "rtlgen", "lib"), lib)
    pipe = os.path.join(lib, "sl_pipe.v")
    text = open(pipe).read()
    edited = text.replace("data_q[W-1:0] <= in_data;", "data_q[W-1:0] <= ~in_data;")
    if edited == text:
        fail("sl_pipe.v has changed; update the edit")
    open(pipe, "w").write(edited)
    env = dict(os.environ, SLUICE_RTL_LIB=lib, SLUICE_CACHE_DIR=os.path.join(out, "cache"))
    d = os.path.join(out, "ex")
    cmd = validate_cmd(sluice, d, ["--fidelity", "estimate"])
    cmd[cmd.index("unroll=1,2")] = "unroll=1"
    p = run(cmd, ok=False, env=env)
    if p.returncode != 1:
        fail("exit %d, expected 1\n%s%s" % (p.returncode, p.stdout, p.stderr))
    key = "unroll=1,schedule=stream,threshold=8,ram=auto,clock=default,memory=native"
    if "--validate: %s on ice40up5k: " % key not in p.stderr or "differs from the reference" \
            not in p.stderr:
        fail("the error does not name the point and the mismatch:\n" + p.stderr)
    v = json.load(open(os.path.join(d, "explore.json")))["points"][0]["validated"]
    if v["ok"] or v["bit_exact"] or "differs from the reference" not in v["why"]:
        fail("validated: %s" % v)
    print("validatebroken: exit 1, %s" % p.stderr.strip().splitlines()[0])


def nextpnr_fmax(log):
    """The last "Max frequency for clock ...: X MHz" of a nextpnr log."""
    got = re.findall(r"Max frequency for clock[^:]*: ([0-9.]+) MHz", open(log).read())
    return float(got[-1]) if got else None


def mode_pnr(sluice, out):
    shutil.rmtree(out, ignore_errors=True)
    cache = os.path.join(out, "cache")
    base = ["nice", sluice, "explore", BRIGHTEN, "-D", "W=16", "-D", "H=8", "--boards",
            "ice40up5k,zu9eg", "--knob", "unroll=1,2", "--fidelity", "pnr", "--quiet"]
    a, b, c = (os.path.join(out, x) for x in "abc")
    run(base + ["--synth-cache", cache, "-o", a])
    run(base + ["-o", b])
    run(base + ["--synth-cache", cache, "-o", c])
    ja = read(os.path.join(a, "explore.json"))
    if ja != read(os.path.join(b, "explore.json")) or ja != read(os.path.join(c, "explore.json")):
        fail("explore.json differs between runs (without, with the cache)")
    j = json.loads(ja)
    for p in j["points"]:
        if not p["synthesized"]:
            fail("%s on %s not synthesized: %s" % (p["key"], p["board"], p["synth_why"]))
        if p["board"] == "ice40up5k":
            want = nextpnr_fmax(os.path.join(a, "synth", p["hash"], "nextpnr.log"))
            if p["fidelity"]["fmax"] != "nextpnr" or want is None or \
                    abs(p["fmax_mhz"] - want) > 1e-3 * want:
                fail("UP5K %s: fmax %s (%s), nextpnr.log %s" % (p["key"], p["fmax_mhz"],
                                                                 p["fidelity"]["fmax"], want))
        elif p["fidelity"]["fmax"] != "delay_model" or p["fmax_nextpnr"] or p["fmax_mhz"] <= 0:
            fail("ZU9EG %s: fmax %s (%s)" % (p["key"], p["fmax_mhz"], p["fidelity"]["fmax"]))
    print("pnr: UP5K Fmax %s MHz (nextpnr), the same bytes three times" %
          sorted(p["fmax_mhz"] for p in j["points"] if p["board"] == "ice40up5k"))


def main():
    mode, sluice, out = sys.argv[1], sys.argv[2], sys.argv[3]
    if mode == "estimate":
        mode_estimate(sluice, out)
    elif mode == "errors":
        mode_errors(sluice, out)
    elif mode == "jobs":
        mode_jobs(sluice, out, True)
    elif mode == "synthjobs":
        mode_jobs(sluice, out, False)
    elif mode == "slurm":
        mode_slurm(sluice, out)
    elif mode == "randomsynth":
        mode_random_synth(sluice, out, [int(x) for x in sys.argv[4:]] or [1, 3])
    elif mode == "minutes":
        mode_minutes(sluice, out)
    elif mode == "shapes":
        mode_shapes(sluice, out)
    elif mode == "random":
        mode_random(sluice, out, [int(x) for x in sys.argv[4:]] or [1, 2, 3])
    elif mode == "validate":
        mode_validate(sluice, out)
    elif mode == "validatebroken":
        mode_validate_broken(sluice, out)
    elif mode == "randomvalidate":
        mode_random_validate(sluice, out, [int(x) for x in sys.argv[4:]] or [1, 2, 3])
    elif mode == "pnr":
        mode_pnr(sluice, out)
    elif mode == "adrs":
        mode_adrs(sluice, out, *sys.argv[4:8])
    else:
        sys.exit("unknown mode " + mode)


if __name__ == "__main__":
    main()
