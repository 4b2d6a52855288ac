#!/usr/bin/env python3
# tests/bench/ram_read_cost.py: measure the read logic of sl_ram (a
# register-file circular buffer in LUT RAM) alone on a board whose flow
# keeps it a module of its own (flatten 0: the Xilinx boards).
#   ram_read_cost.py BOARD_FILE [RTL_LIB] [-d D,...] [-n NR,...] [-w W,...]
# Synthesizes sl_ram (rtlgen/lib, or RTL_LIB) with the board's `yosys`
# and `force_bram` lines for every DEPTH x NR x W (default 64 80 96 128
# 143 192 256 x 1 3 8 16 32 x 8), one Yosys at a time under nice, and
# prints per point the LUT-RAM cells' LUT sites, the LUTs beside them (the
# read multiplexers and the same-cycle bypasses) and those LUTs a data bit
# of a read port (fpga/ports.c est_regfile_read, boards/README.md
# "Logic": `cost ram_deep`).  Needs python3 and yosys.
import os, subprocess, sys, tempfile
from yosys_board import board_script, module_cell_counts

CELL_LUTS = {'RAM32X1D': 2, 'RAM64X1D': 2, 'RAM128X1S': 2, 'RAM32M': 4, 'RAM64M': 4,
             'RAM128X1D': 4, 'RAM256X1S': 4, 'RAM32M16': 8, 'RAM64M8': 8, 'RAM256X1D': 8,
             'RAM512X1S': 8, 'RAM32X16DR8': 8, 'RAM64X8SW': 8}

def module_cells(stat):
    c = module_cell_counts(stat, 'sl_ram')
    if c is None:
        return None
    logic = sum(n for t, n in c.items() if t.startswith('LUT') or t == 'INV')
    cells = sum(n * CELL_LUTS[t] for t, n in c.items() if t in CELL_LUTS)
    kinds = ' '.join('%s %d' % (t, n) for t, n in sorted(c.items()) if t in CELL_LUTS)
    return logic, cells, kinds

def ints(s):
    return [int(v) for v in s.split(',')]

def main():
    args = sys.argv[1:]
    depths, nrs, ws = [64, 80, 96, 128, 143, 192, 256], [1, 3, 8, 16, 32], [8]
    pos = []
    while args:
        a = args.pop(0)
        if a in ('-d', '-n', '-w') and args:
            v = ints(args.pop(0))
            if a == '-d':
                depths = v
            elif a == '-n':
                nrs = v
            else:
                ws = v
        else:
            pos.append(a)
    if not pos:
        print('usage: ram_read_cost.py BOARD_FILE [RTL_LIB] [-d D,..] [-n NR,..] [-w W,..]',
              file=sys.stderr)
        return 2
    lib = pos[1] if len(pos) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', '..', 'rtlgen', 'lib')
    force, ys = board_script(pos[0])
    print('%5s %3s %3s %6s %6s %8s  %s' % ('DEPTH', 'NR', 'W', 'cells', 'logic', 'a bit',
                                           'cells by kind'))
    with tempfile.TemporaryDirectory() as d:
        for W in ws:
            for depth in depths:
                for nr in nrs:
                    aw = max(1, (depth - 1).bit_length())
                    with open(os.path.join(d, 'top.v'), 'w') as f:
                        f.write('module top(input clk, input ce, input wen, input [%d:0] waddr,\n'
                                '  input [%d:0] wdata, input [%d:0] ra, output [%d:0] rd);\n'
                                '  sl_ram #(.W(%d), .DEPTH(%d), .NR(%d)) u (.clk(clk), .ce(ce),\n'
                                '    .wen(wen), .waddr(waddr), .wdata(wdata), .raddr(ra),\n'
                                '    .rdata(rd));\n'
                                'endmodule\n' % (aw - 1, W - 1, nr * aw - 1, nr * W - 1, W,
                                                 depth, nr))
                    script = ['read_verilog -sv top.v %s' % os.path.join(lib, 'sl_ram.v'),
                              'hierarchy -top top']
                    script += [force] if force else []
                    script += ys + ['tee -q -o stat.json stat -json']
                    r = subprocess.run(['nice', 'yosys', '-q', '-p', '; '.join(script)], cwd=d,
                                       capture_output=True, text=True)
                    got = module_cells(os.path.join(d, 'stat.json')) if r.returncode == 0 \
                        else None
                    if got is None:
                        print('DEPTH %d NR %d W %d: yosys failed' % (depth, nr, W),
                              file=sys.stderr)
                        return 1
                    logic, cells, kinds = got
                    print('%5d %3d %3d %6d %6d %8.3f  %s' % (depth, nr, W, cells, logic,
                                                             logic / (nr * W), kinds),
                          flush=True)
    return 0

if __name__ == '__main__':
    sys.exit(main())
