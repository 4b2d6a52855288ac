#!/bin/sh
# tests/bench/delay_fit_check.sh: the ctest of tests/bench/delay_fit.sh
# (t_bench_delay_fit_quick in tests/bench.cmake).  Runs its --quick mode
# (LUT levels 1-2 and a 4- and 8-bit adder through Yosys and nextpnr-ice40,
# one seed) and checks the output: one table row per measured case with
# seven columns, and `delay KIND A B` lines for ff, lut and add in the
# board-file format (two numbers; B = 0 for ff and lut), with what holds
# physically: every figure positive, an adder slower at 8 bits than at 4
# (B > 0), a LUT level under 10 ns.  Exit 0 when all hold.
set -eu
out=$("$(dirname "$0")/delay_fit.sh" --quick "$@")
printf '%s\n' "$out"
printf '%s\n' "$out" | awk '
	$1 == "levels" || $1 == "add" {
		rows++
		if (NF != 7) { print "bad row: " $0; bad = 1 }
	}
	/^delay / {
		if (NF != 4 || $3 !~ /^[0-9]+(\.[0-9]+)?$/ || $4 !~ /^[0-9]+(\.[0-9]+)?$/) {
			print "bad delay line: " $0; bad = 1
		}
		a[$2] = $3; b[$2] = $4
	}
	END {
		if (rows != 4) { print "want 4 table rows, got " rows + 0; bad = 1 }
		if (!("ff" in a) || !("lut" in a) || !("add" in a)) {
			print "missing a delay line for ff, lut or add"; exit 1
		}
		if (b["ff"] != 0 || b["lut"] != 0) { print "ff and lut must have B = 0"; bad = 1 }
		if (a["ff"] <= 0 || a["lut"] <= 0 || a["lut"] >= 10) { print "ff or lut out of range"; bad = 1 }
		if (a["add"] <= 0 || b["add"] <= 0) { print "add must have A > 0 and B > 0"; bad = 1 }
		if (bad) exit 1
		print "delay_fit_check: ok"
	}'
