#!/usr/bin/env bash
# tests/runtime/errors.sh: what --runtime-config --runtime-max refuses on
# native memory, each a located error (exit 1) that writes no Verilog
# (docs/pub.md, "On native memory").
#   errors.sh SLUICE
set -u
[ $# -eq 1 ] || { echo "usage: $0 SLUICE" >&2; exit 2; }
SLUICE=$1
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 2
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0
# refused WANT ARGS...: exit 1, WANT in stderr, no Verilog in the output
refused() {
	local want=$1
	shift
	rm -rf "$TMP/o"
	"$SLUICE" compile "$@" -o "$TMP/o" >"$TMP/out" 2>"$TMP/err"
	local rc=$?
	if [ $rc -ne 1 ] || ! grep -qF -- "$want" "$TMP/err"; then
		echo "FAIL sluice compile $*: exit $rc (want 1), want '$want' in:"
		cat "$TMP/err"
		fail=1
	elif ls "$TMP/o"/*.v >/dev/null 2>&1; then
		echo "FAIL sluice compile $*: wrote Verilog"
		fail=1
	fi
}
MAX=(--runtime-config --runtime-max W=64 --runtime-max H=64)
# + W in the datapath: 10'h30 at 48 columns, 10'h40 in the build
refused "error: --runtime-config: the Verilog at this size differs from the build's (--runtime-max) at line" \
	tests/runtime/width_constant.sl -D W=48 "${MAX[@]}"
# upsample's circular buffer holds a row of 'in' (W words): 80 past 64
refused "examples/upsample.sl:11:8: error: --runtime-config: at this size the line buffer of 'in' cannot keep the layout of the build's largest size (--runtime-max): a circular buffer of more words than the build's" \
	examples/upsample.sl -D W=80 "${MAX[@]}"
refused "examples/gaussian.sl:14:8: error: --runtime-config: at this size the line buffer of 'in' cannot keep the layout of the build's largest size (--runtime-max): an SRAM run longer than the build's" \
	examples/gaussian.sl -D W=80 "${MAX[@]}"
# at W = 3 the taps of rows y+1 and y (3..5 and 6..8) overlap the build's
# register runs W-1..W+2 and 2W-1..2W+2 laid out for W >= 4
refused "the taps around an SRAM run come too close together" \
	examples/gaussian.sl -D W=3 -D H=3 "${MAX[@]}"
refused "error: -D Q=64: the program declares no param 'Q'" \
	examples/gaussian.sl --runtime-config --runtime-max Q=64
# sim --size: each size compiled before anything runs; a refusal names
# the size (a note after the compile's located error), and sizes whose
# Verilog differs (no --runtime-max: each its own largest) are refused
# with the first line that differs; nothing is simulated (no Verilator)
refused_size() {
	local want=$1 note=$2
	shift 2
	rm -rf "$TMP/s"
	SLUICE_VERILATOR=/nonexistent "$SLUICE" sim examples/gaussian.sl --engine verilator \
		--seed 1 --runtime-config "$@" -o "$TMP/s" >"$TMP/out" 2>"$TMP/err"
	local rc=$?
	if [ $rc -ne 1 ] || ! grep -qF -- "$want" "$TMP/err" || ! grep -qF -- "$note" "$TMP/err"; then
		echo "FAIL sluice sim $*: exit $rc (want 1), want '$want' and '$note' in:"
		cat "$TMP/err"
		fail=1
	fi
}
refused_size "examples/gaussian.sl:14:8: error: --runtime-config: at this size the line buffer of 'in' cannot keep the layout" \
	"sluice: note: at --size W=80,H=16, size 2 of 2" "${MAX[@]}" --size W=48,H=40 --size W=80,H=16
refused_size "error: -D Q=5: the program declares no param 'Q'" \
	"sluice: note: at --size W=32,Q=5, size 1 of 2" "${MAX[@]}" --size W=32,Q=5 --size W=48
refused_size "examples/gaussian.sl: error: --size W=17,H=9: the Verilog of this size differs from the first size's (--size W=32,H=16) at line" \
	"one build runs the sizes whose Verilog is the same" --size W=32,H=16 --size W=17,H=9
[ $fail = 0 ] && echo "PASS: 8 refusals"
exit $fail
