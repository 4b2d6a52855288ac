#!/usr/bin/env bash
# tests/bench/border_bench.sh: the 3x3 box with clamp-to-edge borders
# (examples/box_clamp.sl, 1920x1080 8-bit in, 1920x1080 out) on the ZU9EG
# before and after a change, at 1 and 8 px/clk, against issue 25's bars
# (xfopencv boxFilter: 519 LUTs, 3 BRAM18 at 300 MHz; 1,368 LUTs, 6 BRAM18
# at 150 MHz).
#   border_bench.sh BEFORE AFTER [--out DIR] [-D W=V -D H=V]
# BEFORE and AFTER are two sluice binaries (a build of the landed tree and
# build/driver/sluice).  Each run is `nice sluice synth examples/box_clamp.sl
# -D W=1920 -D H=1080 --board zu9eg --unroll K -o DIR/WHO.kK` (Yosys, no
# place and route), one at a time; the clock is the delay model's
# estimate.  Block RAM is in RAMB18 equivalents (a RAMB36E2 is two),
# with the fit check's prediction beside it.  Progress on stderr, the
# table on stdout.  Exit 0; 2 on usage.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 2 ] || { echo "usage: $0 BEFORE AFTER [--out DIR] [-D N=V]..." >&2; exit 2; }
BEFORE=$1 AFTER=$2
shift 2
OUT= DEFS=(-D W=1920 -D H=1080)
while [ $# -gt 0 ]; do
	case $1 in
	--out) OUT=$2; shift 2 ;;
	-D) DEFS+=(-D "$2"); shift 2 ;;
	*) echo "usage: $0 BEFORE AFTER [--out DIR] [-D N=V]..." >&2; exit 2 ;;
	esac
done
[ -n "$OUT" ] || OUT=$(mktemp -d)
mkdir -p "$OUT"
field() {	# field LOG NAME: the first number after NAME
	awk -v n="$2" 'index($0, n) == 3 { sub("^  " n " *", ""); print $1; exit }' "$1"
}
pred() {	# pred LOG NAME: the "(predicted N)" figure of NAME's line
	awk -v n="$2" 'index($0, n) == 3 { if (match($0, /predicted [0-9]+/)) print substr($0, RSTART + 10, RLENGTH - 10); exit }' "$1"
}
printf '| build | px/clk | LUTs | flip-flops | RAMB18 eq. (predicted) | DSPs | clock (MHz) | bars: LUTs, RAMB18, MHz |\n'
printf '|---|---|---|---|---|---|---|---|\n'
for k in 1 8; do
	if [ "$k" = 1 ]; then bars="<= 519, <= 3, >= 250"; else bars="<= 1368, <= 6, >= 150"; fi
	for who in before after; do
		bin=$BEFORE
		[ "$who" = after ] && bin=$AFTER
		log=$OUT/$who.k$k.log
		echo "border_bench: $who k=$k" >&2
		nice "$bin" synth "$ROOT/examples/box_clamp.sl" "${DEFS[@]}" --board zu9eg \
			--unroll "$k" -o "$OUT/$who.k$k" > "$log" 2>&1
		if [ $? -ne 0 ]; then
			printf '| %s | %s | failed (%s) | | | | | %s |\n' "$who" "$k" "$log" "$bars"
			continue
		fi
		r36=$(field "$log" RAMB36E2) r18=$(field "$log" RAMB18E2)
		p36=$(pred "$log" RAMB36E2) p18=$(pred "$log" RAMB18E2)
		mhz=$(awk '/Fmax \(estimate\)/ { print $3; exit }' "$log")
		printf '| %s | %s | %s | %s | %s (%s) | %s | %s | %s |\n' "$who" "$k" \
			"$(field "$log" LUTs)" "$(field "$log" flip-flops)" \
			"$((2 * ${r36:-0} + ${r18:-0}))" "$((2 * ${p36:-0} + ${p18:-0}))" \
			"$(field "$log" DSPs)" "${mhz:--}" "$bars"
	done
done
