#!/usr/bin/env bash
# tests/axis/options_bad.sh: --interface's usage errors (exit 2, a message
# naming the option), and what it accepts.
#   options_bad.sh SLUICE PROG.sl
set -u
SLUICE=$1; PROG=$2
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
expect() {	# expect STATUS PATTERN ARGS...: exit STATUS, stderr matching PATTERN
	local want=$1 pat=$2
	shift 2
	"$SLUICE" "$@" > "$TMP/out" 2> "$TMP/err"
	local rc=$?
	[ $rc -eq "$want" ] || { cat "$TMP/err"; fail "sluice $* exited $rc, want $want"; }
	grep -q -- "$pat" "$TMP/err" || { cat "$TMP/err"; fail "sluice $*: no '$pat' on stderr"; }
}
expect 2 "--interface takes 'native' or 'axis', not 'apb'" compile "$PROG" --interface apb -o "$TMP/o"
expect 2 "--interface takes 'native' or 'axis', not ''" sim "$PROG" --interface "" -o "$TMP/o"
expect 2 "--check-netlist simulates the native interface" synth "$PROG" --board ice40up5k \
	--interface axis --check-netlist -o "$TMP/o"
expect 2 "--stall-seeds takes a count from 0 to 1000, not 'x'" sim "$PROG" --interface axis \
	--stall-seeds x -o "$TMP/o"
expect 2 "--stall-seeds needs --interface axis and --engine verilator" sim "$PROG" \
	--stall-seeds 2 -o "$TMP/o"
expect 2 "'--interface' is not an option of 'run'" run "$PROG" --interface axis -o "$TMP/o"
expect 2 "'--interface' is not an option of 'study'" study "$PROG" --interface axis -o "$TMP/o"
[ ! -e "$TMP/o" ] || fail "a usage error wrote $TMP/o"
"$SLUICE" compile "$PROG" --interface native -o "$TMP/n" > /dev/null || fail "--interface native"
"$SLUICE" compile "$PROG" -o "$TMP/d" > /dev/null || fail "compile"
cmp -s "$TMP/n/sluice_gaussian.v" "$TMP/d/sluice_gaussian.v" || fail "native is not the default"
[ ! -e "$TMP/n/sluice_gaussian_core.v" ] || fail "native wrote a core file"
"$SLUICE" compile "$PROG" --interface axis -o "$TMP/a" > /dev/null || fail "--interface axis"
grep -q "^module sluice_gaussian (" "$TMP/a/sluice_gaussian.v" || fail "no wrapper module"
grep -q "^module sluice_gaussian_core (" "$TMP/a/sluice_gaussian_core.v" || fail "no core module"
echo "ok"
