#!/bin/sh
# tests/verilator/frames_corrupt.sh: `sluice sim --engine verilator --frames 3`
# catches a wrong value in a later frame and names the cycle it came out in.
# A copy of rtlgen/lib whose sl_pipe inverts the value of its 4197th fire
# (its fire counter at 4196) runs examples/gaussian.sl, 64 x 64, three
# frames.  No statement fires more than 4096 times a frame (in: 64 x 64,
# blur and gaussian: 62 x 62), so every inverted value is in frame 1: the
# run must exit 1 with the first mismatch of frame 1 ("note: in frame 1
# of 3") and its cycle as the schedule predicts it.  gaussian (y, x) fires
# in cycle t = OFFSET + 64 y + x of frame 0 and is written LATENCY cycles
# later (schedule.txt of `sluice compile`), and every frame f fires f *
# 4096 cycles after frame 0 (the period, docs/hardware.md "Frames"), so
# (y, x) of frame 1 comes out in cycle OFFSET + LATENCY + 4096 + 64 y + x.
#   frames_corrupt.sh SLUICE SOURCE_DIR WORKDIR
set -u
SLUICE=$1 SRC=$2 WORK=$3
rm -rf "$WORK"
mkdir -p "$WORK/lib"
cp "$SRC"/rtlgen/lib/*.v "$WORK/lib/"
python3 - "$WORK/lib/sl_pipe.v" <<'PY' || exit 1
import sys
p = sys.argv[1]
s = open(p).read()
old = "      data_q[W-1:0] <= in_data;\n"
new = "      data_q[W-1:0] <= fires_q == 32'd4196 && in_valid ? ~in_data : in_data;\n"
decl = "  reg [L*W-1:0] data_q;\n"
count = ("  reg [31:0] fires_q = 32'd0;\n"
         "  always @(posedge clk)\n"
         "    if (!rst && ce && in_valid)\n"
         "      fires_q <= fires_q + 32'd1;\n")
if s.count(old) != 1 or s.count(decl) != 1:
    print('FAIL: sl_pipe.v has changed; update the edit')
    sys.exit(1)
open(p, 'w').write(s.replace(old, new).replace(decl, decl + count))
PY
"$SLUICE" compile "$SRC/examples/gaussian.sl" -o "$WORK/design" > /dev/null || { echo "FAIL: compile"; exit 1; }
SLUICE_RTL_LIB=$WORK/lib SLUICE_CACHE_DIR=$WORK/cache \
	"$SLUICE" sim "$SRC/examples/gaussian.sl" --engine verilator --seed 1 --frames 3 \
	-o "$WORK/out" > "$WORK/log.txt" 2>&1
rc=$?
cat "$WORK/log.txt"
[ $rc = 1 ] || { echo "FAIL: exit $rc, want 1"; exit 1; }
[ ! -e "$WORK/out/gaussian.npy" ] || { echo "FAIL: the failed sim wrote its outputs"; exit 1; }
python3 - "$WORK/design/schedule.txt" "$WORK/log.txt" <<'PY'
import re, sys
sched = open(sys.argv[1]).read()
m = re.search(r'func gaussian \(output\)\n.*\n  t = (\d+) \+ 64\*y \+ 1\*x\n  latency (\d+)', sched)
if not m:
    print('FAIL: no schedule of gaussian in\n' + sched)
    sys.exit(1)
offset, latency = int(m.group(1)), int(m.group(2))
log = open(sys.argv[2]).read()
e = re.search(r"error: the Verilated hardware's output 'gaussian' differs from the reference "
              r"at \((\d+), (\d+)\) \(presented in cycle (\d+)\): hardware (\d+), reference (\d+)", log)
if not e:
    print('FAIL: no mismatch reported')
    sys.exit(1)
y, x, cyc, hw, ref = map(int, e.groups())
if 'note: in frame 1 of 3' not in log:
    print('FAIL: the mismatch is not named in frame 1 of 3')
    sys.exit(1)
want = offset + latency + 4096 + 64 * y + x
if cyc != want:
    print('FAIL: (%d, %d) of frame 1 presented in cycle %d, the schedule predicts %d'
          % (y, x, cyc, want))
    sys.exit(1)
if hw == ref:
    print('FAIL: the mismatch names equal values')
    sys.exit(1)
print('ok: the first mismatch of frame 1, (%d, %d), in cycle %d = %d + %d + 4096 + 64 * %d + %d'
      % (y, x, cyc, offset, latency, y, x))
PY
