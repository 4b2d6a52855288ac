#!/usr/bin/env bash
# tests/limits/limits.sh: data too large for the machine, files that are not
# what they claim, and programs far larger than usual, each refused or
# handled with a clear message and bounded memory (docs/language.md,
# "Diagnostics and limits").
#   limits.sh SLUICE [huge|scale]
# huge (default): every case exits with the code it must (1: a located or
# file error, 2: a usage error, 0: fine), prints the message it must, and
# peaks below 500 MB of resident memory (GNU time's %M).  scale: the
# 20,000-func and 10 MB programs of the reliability audit (D8, D9), in
# bounded memory.  Every run is under `timeout` (a hang, e.g. a blocking
# open of a FIFO, fails the case); nothing checks how fast a run is.
set -u
[ $# -ge 1 ] || { echo "usage: $0 SLUICE [huge|scale]" >&2; exit 2; }
SLUICE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
LIB=$(cd "$(dirname "$0")/../../rtlgen/lib" && pwd)
WHAT=${2:-huge}
[ -x /usr/bin/time ] || { echo "$0: needs GNU time (/usr/bin/time)" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$TMP" || exit 2
fail=0
MAX_KB=512000	# 500 MB

# expect CODE TEXT ARGS...: `sluice ARGS` exits CODE within 120 s (a hang
# catcher), its stderr holds TEXT (a fixed string; "" for none) and it
# peaks below MAX_KB.  Run with env VAR=... in front through ENV.
expect() {
	local code=$1 text=$2
	shift 2
	env ${ENV:-} /usr/bin/time -f '%M' -o "$TMP/rss" timeout 120 "$SLUICE" "$@" \
		>"$TMP/out" 2>"$TMP/err"
	local rc=$? kb
	kb=$(tail -n 1 "$TMP/rss")
	if [ $rc -ne "$code" ]; then
		echo "FAIL sluice $* (${ENV:-}): exit $rc, want $code; stderr:"
		head -c 2000 "$TMP/err"
		fail=1
	elif [ -n "$text" ] && ! grep -qF -- "$text" "$TMP/err"; then
		echo "FAIL sluice $* (${ENV:-}): stderr lacks '$text':"
		head -c 2000 "$TMP/err"
		fail=1
	elif ! [ "$kb" -lt "$MAX_KB" ] 2>/dev/null; then
		echo "FAIL sluice $* (${ENV:-}): peak RSS ${kb} KB, over $MAX_KB KB"
		fail=1
	else
		echo "ok   sluice $* (${ENV:-}) -> $rc, ${kb} KB"
	fi
}

huge() {
	# D4: a legal input of 10^12 elements (8 TB as 64-bit values)
	printf 'input in : u8[1000000][1000000];\nfunc f(y, x) : u8 = in(y, x);\noutput f[4][5];\n' \
		>h.sl
	printf 'input in : u8[4][5];\nfunc f(y, x) : u8 = in(y, x);\noutput f[4][5];\n' >s.sl
	expect 1 "h.sl:1:7: error: input 'in' needs 8000000000000 bytes" run h.sl --seed 1 -o o
	[ ! -e o/in.in.npy ] || { echo "FAIL: in.in.npy written for a refused input"; fail=1; }
	ENV=SLUICE_MAX_MEMORY=1T expect 1 "more than the memory limit of 1.0 TiB" run h.sl --seed 1 -o o
	expect 1 "schedule predicts 1000000000000 cycles" sim h.sl --seed 1 -o o
	ENV= expect 1 "input 'in' needs 8000000000000 bytes" sim h.sl --seed 1 -o o --max-cycles 2000000000000

	# Headers that claim 10^6 x 10^6 pixels, for the huge input and a small one
	printf 'P5\n1000000 1000000\n255\nabc' >h.pgm
	python3 - <<'PY'
import struct, zlib
def chunk(t, d):
    return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
ihdr = struct.pack('>IIBBBBB', 1000000, 1000000, 8, 0, 0, 0, 0)
png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', ihdr) + chunk(b'IDAT', zlib.compress(b'\0' * 8)) \
    + chunk(b'IEND', b'')
open('h.png', 'wb').write(png)
hdr = "{'descr': '|u1', 'fortran_order': False, 'shape': (1000000, 1000000), }"
hdr += ' ' * (63 - (10 + len(hdr)) % 64) + '\n'
open('h.npy', 'wb').write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(hdr)) + hdr.encode()
                          + b'abc')
PY
	for f in h.pgm h.png h.npy; do
		expect 1 "input 'in' needs 8000000000000 bytes" run h.sl --input in=$f -o o
	done
	expect 1 "h.pgm: error: gray image 1000000x1000000 has shape (1000000, 1000000), expected (4, 5)" \
		run s.sl --input in=h.pgm -o o
	expect 1 "h.png: error: gray image 1000000x1000000 has shape (1000000, 1000000), expected (4, 5)" \
		run s.sl --input in=h.png -o o
	expect 1 "h.npy: error: shape is (1000000, 1000000), expected (4, 5)" run s.sl --input in=h.npy -o o

	# D3: devices, FIFOs and files longer than the declaration allows
	ln -s /dev/zero z.npy
	mkfifo f.npy f.sl
	expect 1 "/dev/zero: error: cannot read the program: it is a character device, not a regular file" \
		check /dev/zero
	expect 1 "f.sl: error: cannot read the program: it is a FIFO, not a regular file" check f.sl
	expect 1 "z.npy: error: cannot read: it is a character device, not a regular file" \
		run s.sl --input in=z.npy -o o
	expect 1 "f.npy: error: cannot read: it is a FIFO, not a regular file" \
		run s.sl --input in=f.npy -o o
	truncate -s 2500M big.npy
	expect 1 "big.npy: error: cannot read: it has 2621440000 bytes, more than the 1048736 (1.0 MiB) a .npy of 20 values may have" \
		run s.sl --input in=big.npy -o o
	truncate -s 70M big.sl
	expect 1 "big.sl: error: cannot read the program: it has 73400320 bytes, more than the 67108864 (64 MiB) a program may have" \
		check big.sl

	# A const too large for memory, before its file is read
	printf 'const w : u8[1000000][1000000] = file("w.npy");\nfunc f(x) : u8 = w(0, x);\noutput f[4];\n' \
		>c.sl
	expect 1 "c.sl:1:7: error: const 'w' needs 8000000000000 bytes" check c.sl

	# The limit itself: refused, accepted, and not a size
	printf 'input in : u8[1000];\nfunc f(x) : u8 = in(x);\noutput f[1000];\n' >k.sl
	ENV=SLUICE_MAX_MEMORY=12K expect 1 \
		"k.sl:2:6: error: func 'f' needs 8000 bytes (1000 values of 8 bytes, 7.8 KiB): with the 7.8 KiB already held, more than the memory limit of 12 KiB" \
		run k.sl --seed 1 -o o
	ENV=SLUICE_MAX_MEMORY=12K expect 1 "note: the limit is SLUICE_MAX_MEMORY=12K" run k.sl --seed 1 -o o
	# the note says what set the limit: the physical memory, or ulimit -v
	# when half of it is less (1 GiB here: a 512 MiB limit, under the
	# physical memory of any machine that runs these tests)
	expect 1 "note: the limit is half the physical memory of " run h.sl --seed 1 -o o
	(ulimit -v 1048576 &&
	 expect 1 "more than the memory limit of 512 MiB" run h.sl --seed 1 -o o &&
	 expect 1 "note: the limit is half the address-space limit of 1.0 GiB (ulimit -v)" \
		run h.sl --seed 1 -o o
	 exit $fail) || fail=1
	ENV=SLUICE_MAX_MEMORY=24K expect 0 "" run k.sl --seed 1 -o o
	# sim holds the input, the reference's output and the model's, then
	# the model's buffer of 'in' (sim/model.c mdl_setup_buffer): the
	# cycle of each element's last read, 8 bytes for each of its 1000
	# elements plus one spare, 1001 x 8 = 8008 bytes
	ENV=SLUICE_MAX_MEMORY=24K expect 1 "k.sl:1:7: error: buffer 'in' needs 8008 bytes (1001 values of 8 bytes, 7.8 KiB): with the 23 KiB already held" \
		sim k.sl --seed 1 -o o
	ENV=SLUICE_MAX_MEMORY=1M expect 0 "" sim k.sl --seed 1 -o o
	ENV=SLUICE_MAX_MEMORY=lots expect 2 "SLUICE_MAX_MEMORY='lots' is not a size" run k.sl --seed 1 -o o
	ENV=

	# D22: the budget of a sim run
	printf 'input in : u8[4];\nfunc f(x) : u64 = sum(r in 0..2147483647) u64(in(x));\noutput f[4];\n' \
		>r.sl
	expect 1 "r.sl:2:6: error: the schedule predicts 8589934590 cycles ('f' runs 8589934588 iterations), more than the 1000000000 a sim run may take" \
		sim r.sl --seed 1 -o or
	[ ! -e or/in.in.npy ] || { echo "FAIL: in.in.npy written for a refused sim"; fail=1; }
	expect 1 "predicts 1002 cycles" sim k.sl --seed 1 -o o --max-cycles 1001
	expect 0 "" sim k.sl --seed 1 -o o --max-cycles 1002
	expect 2 "--max-cycles takes a positive cycle count" sim k.sl --seed 1 -o o --max-cycles 0
	# With --frames N the budget covers all N frames: k.sl streams one
	# element a cycle, so its frame period is the input's 1000 cycles
	# (docs/hardware.md "Frames"): 3 frames predict 1002 + 2 * 1000.
	expect 1 "predicts 3002 cycles ('in' runs 1000 iterations a frame)" \
		sim k.sl --seed 1 -o o --frames 3 --max-cycles 3001
	expect 0 "" sim k.sl --seed 1 -o o --frames 3 --max-cycles 3002

	# D13: extents the hardware's counters cannot hold; 2^32 - 1 still compiles
	printf 'input in : u8[4294967301];\nfunc f(x) : u8 = in(x);\noutput f[4];\n' >e.sl
	expect 1 "e.sl:1:7: error: 'in' iterates over 4294967301 values in its dimension 0" \
		compile e.sl -o e
	printf 'input in : u8[4294967295];\nfunc f(x) : u8 = in(x);\noutput f[4];\n' >e1.sl
	expect 0 "" compile e1.sl -o e1
	if command -v verilator >/dev/null && [ -f e1/sluice_e1.v ]; then
		if timeout 120 verilator --lint-only -Wall -y "$LIB" e1/sluice_e1.v >lint.txt 2>&1; then
			echo "ok   verilator lint of the 2^32 - 1 extent"
		else
			echo "FAIL verilator lint of the 2^32 - 1 extent:"
			head -20 lint.txt
			fail=1
		fi
	fi

	# D9: a 10 MB line of bad bytes: 50 errors, each a window of the line
	python3 -c "print('@' * 10485760)" >at.sl
	expect 1 "at.sl:1:50: error: unexpected character '@'" check at.sl
	local n
	n=$(wc -c <"$TMP/err")
	if [ "$n" -gt 100000 ]; then
		echo "FAIL check at.sl: $n bytes of diagnostics"
		fail=1
	fi
}

scale() {
	python3 - <<'PY'
with open('chain.sl', 'w') as f:
    f.write('input in : u8[4][5];\n')
    for i in range(20000):
        src = 'in' if i == 0 else 'h%d' % (i - 1)
        f.write('# stage %d\nfunc h%d(y, x)\n    : u8\n    =\n    %s(\n        y,\n'
                '        x)\n    +\n    1;\n\n' % (i, i, src))
    f.write('output h19999[4][5];\n')
with open('flat.sl', 'w') as f:
    f.write('input in : u8[4][5];\n')
    for i in range(20000):
        f.write('func h%d(y, x) : u8 = in(y, x);\n' % i)
    f.write('output h0[4][5];\n')
with open('line.sl', 'w') as f:
    s = ['input in : u8[4][5]; ']
    s += ['func h%d(y, x) : u8 = in(y, x); ' % i for i in range(300000)]
    f.write(''.join(s)[:10 * 1024 * 1024])
PY
	expect 0 "" check chain.sl
	grep -q "^func   h19999(y, x) : u8  output\[4\]\[5\]" "$TMP/out" ||
		{ echo "FAIL check chain.sl: no h19999"; fail=1; }
	expect 0 "and 19989 more funcs from here on are not used by any output" check flat.sl
	local n
	n=$(grep -c "warning:" "$TMP/err")
	[ "$n" -eq 11 ] || { echo "FAIL check flat.sl: $n warnings, want 11"; fail=1; }
	# The 10 MB line (10485760 bytes, no line end) is cut inside a
	# declaration: one located error at its end, shown as a window of the
	# line, in bounded memory (2 GB: 270,000 funcs).
	MAX_KB=2048000 expect 1 "line.sl:1:10485761: error: expected" check line.sl
	n=$(wc -c <"$TMP/err")
	[ "$n" -lt 2000 ] || { echo "FAIL check line.sl: $n bytes of diagnostics"; fail=1; }
}

case $WHAT in
huge) huge ;;
scale) scale ;;
*) echo "usage: $0 SLUICE [huge|scale]" >&2; exit 2 ;;
esac
[ $fail -eq 0 ] && echo "limits: all cases ok" || echo "limits: FAILED"
exit $fail
