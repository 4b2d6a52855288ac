#!/usr/bin/env python3
# tests/bench/sram_pf_cost.py: fit the `cost sram_pf` line of a board whose
# flow keeps sl_sram_pf a module of its own (flatten 0: the Xilinx boards).
#   sram_pf_cost.py BOARD_FILE [RTL_LIB]
# Synthesizes sl_sram_pf (rtlgen/lib, or RTL_LIB) alone with the board's
# `yosys` and `force_bram` lines, for W = 4, 8, 16 and DEPTH = 64 to 2048
# (AW = 6 to 11 address bits), one Yosys at a time under nice, reads the
# LUTs of the sl_sram_pf module (its sl_sram is block RAM), and prints each
# point, the least-squares C0 C1 C2 of C0 + C1 W + C2 AW (fpga/ports.c
# est_sram_port, boards/README.md "Logic") and the largest miss.  ABC maps
# the module's bypass (two address compares and a 3:1 select of W bits)
# unevenly: the points scatter by a few LUTs around the line.  Needs
# python3 and yosys.
import os, subprocess, sys, tempfile
from yosys_board import board_script, module_cell_counts

def lstsq(X, y):
    n = len(X[0])
    A = [[sum(r[i] * r[j] for r in X) for j in range(n)] for i in range(n)]
    b = [sum(r[i] * v for r, v in zip(X, y)) for i in range(n)]
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(A[r][i]))
        A[i], A[p] = A[p], A[i]; b[i], b[p] = b[p], b[i]
        for r in range(n):
            if r != i and A[i][i]:
                f = A[r][i] / A[i][i]
                A[r] = [a - f * c for a, c in zip(A[r], A[i])]; b[r] -= f * b[i]
    return [b[i] / A[i][i] for i in range(n)]

def module_luts(stat):
    c = module_cell_counts(stat, 'sl_sram_pf')
    return None if c is None else sum(n for t, n in c.items() if t.startswith('LUT'))

def main():
    if len(sys.argv) < 2:
        print('usage: sram_pf_cost.py BOARD_FILE [RTL_LIB]', file=sys.stderr)
        return 2
    lib = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', '..', 'rtlgen', 'lib')
    force, ys = board_script(sys.argv[1])
    X, y = [], []
    with tempfile.TemporaryDirectory() as d:
        for W in (4, 8, 16):
            for depth in (64, 128, 256, 512, 1024, 2048):
                aw = (depth - 1).bit_length()
                with open(os.path.join(d, 'top.v'), 'w') as f:
                    f.write('module top(input clk, input ce, input wen, input [%d:0] waddr,\n'
                            '  input [%d:0] wdata, input [%d:0] ra, output [%d:0] rdata);\n'
                            '  sl_sram_pf #(.W(%d), .DEPTH(%d)) u (.clk(clk), .ce(ce), .wen(wen),\n'
                            '    .waddr(waddr), .wdata(wdata), .raddr_nx(ra), .rdata(rdata));\n'
                            'endmodule\n' % (aw - 1, W - 1, aw - 1, W - 1, W, depth))
                script = ['read_verilog -sv top.v %s %s' % (os.path.join(lib, 'sl_sram_pf.v'),
                          os.path.join(lib, 'sl_sram.v')), 'hierarchy -top top']
                script += [force] if force else []
                script += ys + ['tee -q -o stat.json stat -json']
                r = subprocess.run(['nice', 'yosys', '-q', '-p', '; '.join(script)], cwd=d,
                                   capture_output=True, text=True)
                luts = module_luts(os.path.join(d, 'stat.json')) if r.returncode == 0 else None
                if luts is None:
                    print('W %2d DEPTH %4d: yosys failed' % (W, depth), file=sys.stderr)
                    return 1
                print('W %2d DEPTH %4d AW %2d: %3d LUTs' % (W, depth, aw, luts), flush=True)
                X.append([1, W, aw])
                y.append(luts)
    c = lstsq(X, y)
    worst = max(abs(c[0] + c[1] * r[1] + c[2] * r[2] - v) for r, v in zip(X, y))
    print('cost sram_pf %.2f %.2f %.2f' % tuple(c))
    print('largest miss %.1f LUTs' % worst)
    return 0

if __name__ == '__main__':
    sys.exit(main())
