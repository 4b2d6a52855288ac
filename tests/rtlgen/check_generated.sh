#!/usr/bin/env bash
# tests/rtlgen/check_generated.sh: the generated Verilog of a program passes
# lint and synthesis checks.
#   check_generated.sh SLUICE PROG.sl LIBDIR lint|yosys [native|axis] [COMPILE ARGS...]
# Compiles PROG.sl (in its own directory, for its data files; with the
# extra arguments, e.g. --unroll 4) to a temporary directory, then
#   lint   verilator --lint-only -Wall on sluice_NAME.v and the library:
#          no warning at all (the generated file carries no waivers);
#   yosys  read_verilog -sv, synth -top sluice_NAME, check -assert (no
#          latches, combinational loops or undriven nets).
# With axis: compiled with --interface axis, the wrapper sluice_NAME.v and
# its core sluice_NAME_core.v checked together.
set -u
[ $# -ge 4 ] || { echo "usage: $0 SLUICE PROG.sl LIBDIR lint|yosys [native|axis] [COMPILE ARGS...]" >&2; exit 2; }
SLUICE=$1; PROG=$2; LIB=$(cd "$3" && pwd); MODE=$4
shift 4
IFACE=native
if [ $# -gt 0 ] && { [ "$1" = native ] || [ "$1" = axis ]; }; then
	IFACE=$1
	shift
fi
NAME=$(basename "$PROG" .sl)
TOP="sluice_$(printf '%s' "$NAME" | tr -c 'A-Za-z0-9_' '_')"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
if ! (cd "$(dirname "$PROG")" && "$SLUICE" compile "$(basename "$PROG")" --interface "$IFACE" "$@" -o "$TMP/out") > "$TMP/log" 2>&1; then
	cat "$TMP/log"; echo "FAIL: sluice compile $PROG"; exit 1
fi
V="$TMP/out/$TOP.v"
[ -f "$V" ] || { echo "FAIL: no $V"; exit 1; }
CORE=
if [ "$IFACE" = axis ]; then
	CORE="$TMP/out/${TOP}_core.v"
	[ -f "$CORE" ] || { echo "FAIL: no $CORE"; exit 1; }
fi
case "$MODE" in
lint)
	out=$(verilator --lint-only -Wall "$V" $CORE "$LIB"/*.v --top-module "$TOP" 2>&1)
	rc=$?
	if [ $rc -ne 0 ] || [ -n "$out" ]; then
		printf '%s\n' "$out"; echo "FAIL: verilator -Wall on $TOP.v"; exit 1
	fi
	grep -q "lint_off" "$V" $CORE && { echo "FAIL: $TOP.v carries a lint waiver"; exit 1; }
	;;
yosys)
	if ! yosys -q -p "read_verilog -sv $V $CORE $LIB/*.v; synth -top $TOP; check -assert" > "$TMP/yosys.log" 2>&1; then
		tail -20 "$TMP/yosys.log"; echo "FAIL: yosys synth/check on $TOP.v"; exit 1
	fi
	;;
*) echo "unknown mode $MODE" >&2; exit 2 ;;
esac
echo "ok $TOP ($MODE, $IFACE)"
