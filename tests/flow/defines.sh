#!/usr/bin/env bash
# tests/flow/defines.sh: -D NAME=VALUE on every command that reads a program
# (docs/language.md, "Params").
#   defines.sh SLUICE
# examples/brighten.sl declares params W and H (64 x 64); -D W=20 -D H=10
# makes its input and output 10 x 20.  A malformed -D is a usage error
# (exit 2); a -D of a name the program does not declare, and a value that
# makes an extent non-positive, are errors of the program (exit 1).
set -u
[ $# -eq 1 ] || { echo "usage: $0 SLUICE" >&2; exit 2; }
SLUICE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "$0")/../.." && pwd)
PROG=$HERE/examples/brighten.sl
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0

# expect CODE TEXT ARGS...: exit CODE, and stdout or stderr containing TEXT.
expect() {
	local code=$1 text=$2
	shift 2
	"$SLUICE" "$@" >"$TMP/out" 2>"$TMP/err"
	local rc=$?
	if [ $rc -ne "$code" ] || { [ -n "$text" ] && ! grep -qF -- "$text" "$TMP/out" "$TMP/err"; }; then
		echo "FAIL sluice $*: exit $rc (want $code), want '$text'; stdout, stderr:"
		cat "$TMP/out" "$TMP/err"
		fail=1
	else
		echo "ok   sluice $* -> $code"
	fi
}

expect 0 "input  in : u8[10][20]" check "$PROG" -D W=20 -D H=10
expect 0 "param  W = 20  (-D)" check "$PROG" -DW=20 -DH=10
expect 0 "input  in : u8[64][64]" check "$PROG"
expect 0 "" run "$PROG" -D W=20 -D H=10 --seed 1 -o "$TMP/r"
head -c 128 "$TMP/r/brighten.npy" | grep -qF "'shape': (10, 20)" ||
	{ echo "FAIL run -D: brighten.npy is not 10 x 20"; fail=1; }
expect 0 "" compile "$PROG" -D W=20 -D H=10 -o "$TMP/c"
grep -qF "input  in : u8[H][W];" "$TMP/c/sluice_brighten.v" ||
	{ echo "FAIL compile -D: no source line in the Verilog"; fail=1; }
grep -q "in_addr\|\[7:0\]" "$TMP/c/sluice_brighten.v" || { echo "FAIL compile -D: no Verilog"; fail=1; }
expect 0 "200 output values equal to the reference" sim "$PROG" -D W=20 -D H=10 --seed 1 -o "$TMP/m"
# synth and study take -D: synth's next complaint is the missing board,
# study's the param the program does not declare (before any synthesis).
expect 2 "no board given" synth "$PROG" -D W=20 -D H=10 -o "$TMP/s"
expect 1 "-D Q=1: the program declares no param 'Q'; its params are W, H" \
	study "$PROG" -D Q=1 --boards ice40up5k -o "$TMP/st"
expect 1 "-D Q=1: the program declares no param 'Q'; its params are W, H" check "$PROG" -D Q=1
expect 1 "-D W=2: the program declares no param 'W'; its params are N" \
	check "$HERE/examples/matmul.sl" -D W=2
expect 1 "-D W=2: the program declares no param 'W'; it declares no params" \
	check "$HERE/examples/laplacian_pyramid.sl" -D W=2
# Malformed: exit 2 before the program is read.
expect 2 "-D takes NAME=VALUE with VALUE a decimal integer of 64 bits, not 'W=abc'" check "$PROG" -D W=abc
expect 2 "-D takes NAME=VALUE with VALUE a decimal integer of 64 bits, not 'W='" check "$PROG" -D W=
expect 2 "not 'W=99999999999999999999'" check "$PROG" -D W=99999999999999999999
expect 2 "not 'W=0x40'" check "$PROG" -D W=0x40
expect 2 "-D takes NAME=VALUE with NAME a param's name, not '=5'" check "$PROG" -D =5
expect 2 "-D takes NAME=VALUE with NAME a param's name, not '9W=5'" check "$PROG" -D 9W=5
expect 2 "-D takes NAME=VALUE with NAME a param's name, not 'W'" check "$PROG" -D W
expect 2 "-D W is given twice" check "$PROG" -D W=1 -D W=2
expect 2 "unknown option or missing value: '-D'" check "$PROG" -D
expect 2 "'-D' is not an option of 'boards'" boards -D W=1
# A value that makes an extent non-positive: located at the extent.
expect 1 "brighten.sl:11:19: error: an extent must be positive: W = 0" check "$PROG" -D W=0
expect 1 "gaussian.sl:22:24: error: an extent must be positive: W - 2 = -1, where W = 1" \
	check "$HERE/examples/gaussian.sl" -D W=1
# A size past the limits names the params that made it (issue 24).
expect 1 "brighten.sl:11:19: error: this array is too large: more than 2^40 elements (its extents [H = 64][W = 9223372036854775807])" \
	check "$PROG" -D W=9223372036854775807
expect 1 "gaussian.sl:20:8: error: func 'gaussian' would be computed over more than 2^31 points: y in 0..61, x in 0..4294967293 (its output box [H - 2 = 62, where H = 64][W - 2 = 4294967294, where W = 4294967296])" \
	check "$HERE/examples/gaussian.sl" -D W=4294967296
# A failed command writes nothing.
expect 1 "" compile "$PROG" -D W=0 -o "$TMP/none"
[ ! -e "$TMP/none/sluice_brighten.v" ] || { echo "FAIL a failed compile wrote files"; fail=1; }
exit $fail
