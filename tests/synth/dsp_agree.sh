#!/bin/sh
# tests/synth/dsp_agree.sh: one DSP decision (issue 23): each multiply of
# the lane program in DSPs or logic alike in the timing model
# (scheduler/pipeline.c sched_mul_on_dsp), the estimate (fpga/logic.c)
# and the netlist Yosys made (its DSP cells, counted by `sluice synth` into
# DIR/multipliers.txt), and the DSPs of each as worked out by hand.
#   dsp_agree.sh SLUICE PROG BOARD DIR DSPS
# DSPS: the DSPs of multiply 1, 2, ... (0: in logic), comma-separated.
# Prints "agree: N multipliers" and exits 0, else names the first that
# differs and exits 1.
set -u
[ $# -eq 5 ] || { echo "usage: $0 SLUICE PROG BOARD DIR DSPS" >&2; exit 2; }
sluice=$1 prog=$2 board=$3 dir=$4 want=$5
rm -rf "$dir"
"$sluice" synth "$prog" --board "$board" -o "$dir" --quiet >"$dir.log" 2>&1 ||
	{ cat "$dir.log"; echo "dsp_agree: sluice synth failed"; exit 1; }
[ -s "$dir/multipliers.txt" ] || { echo "dsp_agree: no $dir/multipliers.txt"; exit 1; }
# mul ID STAGE timing dsp|logic estimate N yosys N
awk -v want="$want" '
BEGIN { n = split(want, w, ",") }
{
	id = $2; timed = $5 == "dsp"; est = $7; yos = $9; seen++
	if (!(id in w)) { printf "dsp_agree: multiply %s not expected\n", id; bad = 1; exit }
	if (timed != (est > 0) || est != yos || est != w[id]) {
		printf "dsp_agree: multiply %s (%s): timing %s, estimate %s DSPs, Yosys %s, " \
			"expected %s\n", id, $3, $5, est, yos, w[id]
		bad = 1; exit
	}
}
END {
	if (bad) exit 1
	if (seen != n) { printf "dsp_agree: %d multipliers, expected %d\n", seen, n; exit 1 }
	printf "agree: %d multipliers\n", seen
}' "$dir/multipliers.txt"
