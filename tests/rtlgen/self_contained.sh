#!/usr/bin/env bash
# tests/rtlgen/self_contained.sh: `sluice compile -o DIR` writes a directory
# that builds on its own (docs/hardware.md, "Self-contained output").
#   self_contained.sh SLUICE PROG.sl elab|synth [COMPILE OPTIONS...]
# Compiles PROG.sl, copies DIR into an empty directory far from the source
# tree, hides the hardware library (SLUICE_RTL_LIB points nowhere, so nothing
# can fall back on it), and there, with only the copy (after checking that
# a second compile writes the same bytes):
#   - the filelist sluice_NAME.f names files that all exist in the copy, each
#     a bare name (no directory, no absolute path), the top module last;
#   - no file of the copy holds an absolute path of this machine;
#   - verilator --lint-only -Wall -f sluice_NAME.f (from the copy) and
#     -F COPY/sluice_NAME.f (from elsewhere) print nothing and succeed: -Wall
#     without --top-module also warns (MULTITOP) when a file is not used;
#   - elab:  yosys reads the files, hierarchy -check (every module found),
#            proc, check -assert;
#     synth: yosys synth -top, check -assert.
set -u
[ $# -ge 3 ] || { echo "usage: $0 SLUICE PROG.sl elab|synth [OPTIONS...]" >&2; exit 2; }
SLUICE=$1; PROG=$2; MODE=$3
shift 3
NAME=$(basename "$PROG" .sl)
TOP="sluice_$(printf '%s' "$NAME" | tr -c 'A-Za-z0-9_' '_')"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
if ! (cd "$(dirname "$PROG")" && "$SLUICE" compile "$(basename "$PROG")" "$@" -o "$TMP/out") > "$TMP/log" 2>&1; then
	cat "$TMP/log"; fail "sluice compile $PROG"
fi
# Deterministic: a second compile writes the same files, byte for byte.
(cd "$(dirname "$PROG")" && "$SLUICE" compile "$(basename "$PROG")" "$@" -o "$TMP/again") > /dev/null 2>&1 ||
	fail "second compile"
diff -r "$TMP/out" "$TMP/again" > /dev/null || fail "two compiles wrote different files"
mkdir "$TMP/copy" && cp -p "$TMP/out/"* "$TMP/copy/" && rm -rf "$TMP/out" "$TMP/again" || fail "copy"
C="$TMP/copy"
F="$C/$TOP.f"
[ -f "$F" ] || fail "no $TOP.f"
[ "$(tail -n 1 "$F")" = "$TOP.v" ] || fail "$TOP.f does not end with $TOP.v"
while IFS= read -r f; do
	case "$f" in */*|"") fail "$TOP.f names '$f', not a bare file name" ;; esac
	[ -f "$C/$f" ] || fail "$TOP.f names $f, which is not in the directory"
done < "$F"
for f in "$C"/*.v; do
	grep -qx "$(basename "$f")" "$F" || fail "$(basename "$f") is written but not in $TOP.f"
done
SRC=$(cd "$(dirname "$0")/../.." && pwd)
grep -l -e "$SRC" -e "$TMP" "$C"/* && fail "a file names an absolute path"
export SLUICE_RTL_LIB="$TMP/nowhere"
out=$(cd "$C" && verilator --lint-only -Wall -f "$TOP.f" 2>&1) || { printf '%s\n' "$out"; fail "verilator -f"; }
[ -z "$out" ] || { printf '%s\n' "$out"; fail "verilator -f printed warnings"; }
out=$(cd "$TMP" && verilator --lint-only -Wall -F "$F" 2>&1) || { printf '%s\n' "$out"; fail "verilator -F"; }
[ -z "$out" ] || { printf '%s\n' "$out"; fail "verilator -F printed warnings"; }
files=$(tr '\n' ' ' < "$F")
case "$MODE" in
elab)  script="read_verilog -sv $files; hierarchy -check -top $TOP; proc; check -assert" ;;
synth) script="read_verilog -sv $files; synth -top $TOP; check -assert" ;;
*) echo "unknown mode $MODE" >&2; exit 2 ;;
esac
if ! (cd "$C" && yosys -q -p "$script") > "$TMP/yosys.log" 2>&1; then
	tail -20 "$TMP/yosys.log"; fail "yosys $MODE from the copy"
fi
echo "ok $TOP ($MODE from a copy: $(wc -l < "$F") files)"
