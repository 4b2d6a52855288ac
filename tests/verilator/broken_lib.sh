#!/bin/sh
# tests/verilator/broken_lib.sh: `sluice sim --engine verilator` catches a
# wrong bit.  A copy of rtlgen/lib whose sl_pipe inverts every value it
# takes (in_data -> ~in_data) runs examples/brighten.sl (brighten =
# min(in + 64, 255), u8) through the pipe; the run must exit 1 and name
# the first element, (0, 0), with reference r = min(in + 64, 255) from
# the seed-1 input (WORKDIR/ref/in.in.npy, written by `sluice run`: a
# failed sim writes no files) and the hardware value of an inverting pipe: 255 - r when
# only brighten's datapath goes through sl_pipe, 255 - min(255 - in + 64,
# 255) when the input's capture register is an sl_pipe as well.
#   broken_lib.sh SLUICE SOURCE_DIR WORKDIR
set -u
SLUICE=$1 SRC=$2 WORK=$3
rm -rf "$WORK"
mkdir -p "$WORK/lib"
cp "$SRC"/rtlgen/lib/*.v "$WORK/lib/"
sed -i 's/data_q\[W-1:0\] <= in_data;/data_q[W-1:0] <= ~in_data;/' "$WORK/lib/sl_pipe.v"
grep -q '<= ~in_data;' "$WORK/lib/sl_pipe.v" || { echo "FAIL: sl_pipe.v has changed; update the edit"; exit 1; }
SLUICE_RTL_LIB=$WORK/lib SLUICE_CACHE_DIR=$WORK/cache \
	"$SLUICE" sim "$SRC/examples/brighten.sl" --engine verilator --seed 1 -o "$WORK/out" \
	> "$WORK/log.txt" 2>&1
rc=$?
cat "$WORK/log.txt"
[ $rc = 1 ] || { echo "FAIL: exit $rc, want 1"; exit 1; }
"$SLUICE" run "$SRC/examples/brighten.sl" --seed 1 -o "$WORK/ref" > /dev/null || { echo "FAIL: run"; exit 1; }
[ ! -e "$WORK/out/brighten.npy" ] || { echo "FAIL: the failed sim wrote its outputs"; exit 1; }
python3 - "$WORK/ref/in.in.npy" "$WORK/log.txt" <<'PY'
import sys
raw = open(sys.argv[1], 'rb').read()
assert raw[:6] == b'\x93NUMPY', 'not a .npy'
hlen = int.from_bytes(raw[8:10], 'little')
header = raw[10:10 + hlen].decode()
assert "'|u1'" in header, header
first = raw[10 + hlen]
ref = min(first + 64, 255)
import re
wants = ["the Verilated hardware's output 'brighten' differs from the reference "
         "at (0, 0) (presented in cycle N): hardware %d, reference %d" % (hw, ref)
         for hw in (255 - ref, 255 - min(255 - first + 64, 255))]
log = re.sub(r'presented in cycle [0-9]+', 'presented in cycle N', open(sys.argv[2]).read())
if not any(w in log for w in wants):
    print('FAIL: none of\n  ' + '\n  '.join(wants))
    sys.exit(1)
print('ok: the first mismatch is reported')
PY
