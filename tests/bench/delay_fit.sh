#!/bin/sh
# tests/bench/delay_fit.sh: measure the iCE40 UP5K operator delays with
# Yosys and nextpnr-ice40 and fit the `delay KIND A B` lines of
# boards/ice40up5k.board (method and data: docs/timing.md).
#   delay_fit.sh [--quick] [--kinds k1,k2] [--seeds 1,2,3] [--jobs 1|2]
#                [--out DIR]
# --quick: LUT levels 1-2 and add 4, 8 on one seed (the ctest).  The full
# run takes a few minutes on two cores.  Progress on stderr; on stdout one
# table (kind, width, period, spread over the seeds, delay, fit, residual)
# and the `delay` lines.  The work is in tests/bench/delay_fit.py (Python 3
# standard library) with the benchmark generator delay_gen.py beside it.
set -eu
for tool in yosys nextpnr-ice40 python3; do
	command -v "$tool" >/dev/null 2>&1 || {
		echo "$0: $tool not found" >&2
		exit 2
	}
done
exec python3 "$(dirname "$0")/delay_fit.py" "$@"
