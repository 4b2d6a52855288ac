#!/usr/bin/env python3
"""tests/border/check_border.py: a border-tap program end to end.

Compiles PROG (-dB) and checks that every buffer the program reads is a
delay chain (registers or a line buffer with border taps, no circular
buffer) unless --allow-circular, then runs `sluice sim` (the model or
Verilator) on a seeded input, which checks every output bit for bit
against the reference and the measured cycles against the prediction.
Usage: check_border.py SLUICE PROG --unroll K [--engine E] [--frames N]
       [-D NAME=V]... [--memory M] [--allow-circular] [--expect-border N]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sluice")
    ap.add_argument("prog")
    ap.add_argument("--unroll", default="1")
    ap.add_argument("--engine", default="model")
    ap.add_argument("--frames", default="1")
    ap.add_argument("-D", action="append", default=[])
    ap.add_argument("--seed", default="1")
    ap.add_argument("--memory", default="")
    ap.add_argument("--allow-circular", action="store_true")
    ap.add_argument("--expect-border", type=int, default=-1,
                    help="buffers with border taps the mapping must have")
    ap.add_argument("--expect-vsched", type=int, default=-1,
                    help="sl_sched instances of shifts after the last write "
                         "the Verilog must have (the lanes of one input share one)")
    a = ap.parse_args()
    defs = [x for d in a.D for x in ("-D", d)]
    common = defs + ["--unroll", a.unroll] + (["--memory", a.memory] if a.memory else [])
    with tempfile.TemporaryDirectory() as tmp:
        c = subprocess.run([a.sluice, "compile", a.prog, "-dB", "-o", tmp + "/c"] + common,
                           capture_output=True, text=True)
        if c.returncode != 0:
            print(c.stdout + c.stderr)
            return 1
        circ = re.findall(r"^buffer (\S+):.*\n  storage circular", c.stdout, re.M)
        border = c.stdout.count("\n  border: ")
        if circ and not a.allow_circular:
            print(c.stdout)
            print("FAIL: circular buffers %s" % ", ".join(circ))
            return 1
        if a.expect_border >= 0 and border != a.expect_border:
            print(c.stdout)
            print("FAIL: %d buffers with border taps, expected %d" % (border, a.expect_border))
            return 1
        if a.expect_vsched >= 0:
            verilog = [f for f in os.listdir(tmp + "/c") if f.startswith("sluice_") and f.endswith(".v")]
            text = open(os.path.join(tmp, "c", verilog[0])).read()
            n = len(re.findall(r"_vsched \(", text))
            if n != a.expect_vsched:
                print("FAIL: %d vertical-shift schedules, expected %d" % (n, a.expect_vsched))
                return 1
        s = subprocess.run([a.sluice, "sim", a.prog, "--engine", a.engine, "--seed", a.seed,
                            "--frames", a.frames, "-o", tmp + "/s"] + common,
                           capture_output=True, text=True)
        out = s.stdout + s.stderr
        print("\n".join(l for l in out.splitlines() if not l.startswith("wrote")))
        if s.returncode != 0 or "equal to the reference" not in out:
            print("FAIL: sim")
            return 1
    print("ok: %d buffers with border taps" % border)
    return 0


if __name__ == "__main__":
    sys.exit(main())
