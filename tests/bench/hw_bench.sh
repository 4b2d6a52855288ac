#!/usr/bin/env bash
# tests/bench/hw_bench.sh: the hardware sluice generates, before and after a
# change, per example and board: Fmax, LUTs, flip-flops, block RAM units and
# DSPs from `sluice synth` (Yosys; with --pnr, nextpnr where the board has
# a place-and-route flow).
#   hw_bench.sh BEFORE AFTER [--examples a,b] [--boards x,y] [--pnr]
#               [--timeout S] [--out DIR] [--markdown]
# BEFORE and AFTER are two sluice binaries (e.g. a build of the landed tree
# and build/driver/sluice).  Examples default to examples/*.sl (at their
# default sizes), boards to every board `sluice boards` lists.  Each run is
# `nice sluice synth EX.sl --board B -o DIR/WHO/EX.B` under `timeout`
# (default 900 s), one at a time.  Fmax is nextpnr's (measured) where the
# board has a flow and --pnr is given; else the delay model's estimate from
# synth.json ("~" before the figure) when the binary reports one; "-" when
# neither.  A run that does not fit or fails shows its status instead.
# Progress on stderr; the table on stdout (--markdown: a Markdown table for
# docs/).  Exit 0; 2 on usage.
set -u
usage() {
	echo "usage: $0 BEFORE AFTER [--examples a,b] [--boards x,y] [--pnr] [--timeout S]" \
		"[--out DIR] [--markdown]" >&2
	exit 2
}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 2 ] || usage
BEFORE=$1 AFTER=$2
shift 2
EXAMPLES= BOARDS= PNR= TIMEOUT=900 OUT= MD=
while [ $# -gt 0 ]; do
	case $1 in
	--examples) [ $# -ge 2 ] || usage; EXAMPLES=$2; shift 2 ;;
	--boards) [ $# -ge 2 ] || usage; BOARDS=$2; shift 2 ;;
	--pnr) PNR=--pnr; shift ;;
	--timeout) [ $# -ge 2 ] || usage; TIMEOUT=$2; shift 2 ;;
	--out) [ $# -ge 2 ] || usage; OUT=$2; shift 2 ;;
	--markdown) MD=1; shift ;;
	*) usage ;;
	esac
done
for b in "$BEFORE" "$AFTER"; do
	[ -x "$b" ] || { echo "$0: not an executable: $b" >&2; exit 2; }
done
if [ -z "$EXAMPLES" ]; then
	EXAMPLES=$(cd "$ROOT/examples" && ls *.sl | sed 's/\.sl$//' | tr '\n' ',')
fi
if [ -z "$BOARDS" ]; then
	BOARDS=$("$AFTER" boards | awk 'NR > 1 && $1 != "" { print $1 }' | tr '\n' ',')
fi
if [ -z "$OUT" ]; then
	OUT=$(mktemp -d)
	trap 'rm -rf "$OUT"' EXIT
fi

# One field of synth.json: a number after "KEY": (the first one).
field() {
	sed -n "s/.*\"$2\": \\([0-9.]*\\).*/\\1/p" "$1" | head -1
}

# "LUTS FFS BRAM DSPS FMAX" of one run, or a status word.
run() {
	local who=$1 bin=$2 ex=$3 bd=$4 dir=$OUT/$1/$3.$4
	mkdir -p "$dir"
	echo "  $who: $ex on $bd" >&2
	local pnr=
	# --pnr only where the board has a place-and-route flow
	if [ -n "$PNR" ] && grep -q '^pnr ' "$ROOT/boards/$bd.board" 2>/dev/null; then pnr=--pnr; fi
	timeout -s KILL "$TIMEOUT" nice "$bin" synth "$ROOT/examples/$ex.sl" --board "$bd" \
		$pnr -o "$dir" >"$dir/out.txt" 2>&1
	local rc=$? j=$dir/synth.json
	if [ ! -f "$j" ]; then
		if grep -q "does not fit" "$dir/out.txt"; then echo "no-fit"
		elif [ $rc -eq 137 ]; then echo "timeout"
		else echo "failed"; fi
		return
	fi
	local fmax est
	fmax=$(field "$j" fmax_mhz)
	est=$(field "$j" fmax_estimate_mhz)
	if [ -n "$fmax" ]; then :
	elif [ -n "$est" ]; then fmax="~$est"
	else fmax="-"; fi
	echo "$(field "$j" luts) $(field "$j" flip_flops) $(field "$j" block_ram_units)" \
		"$(field "$j" dsps) $fmax"
}

if [ -n "$MD" ]; then
	echo "| example | board | Fmax MHz before | after | LUTs before | after | FFs before | after | BRAM units before | after | DSPs before | after |"
	echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
else
	printf "%-18s %-12s %9s %9s %7s %7s %7s %7s %5s %5s %5s %5s\n" example board \
		"Fmax-b" "Fmax-a" "LUT-b" "LUT-a" "FF-b" "FF-a" "BR-b" "BR-a" "DSP-b" "DSP-a"
fi
IFS=, read -r -a exs <<<"$EXAMPLES"
IFS=, read -r -a bds <<<"$BOARDS"
for ex in "${exs[@]}"; do
	[ -n "$ex" ] || continue
	for bd in "${bds[@]}"; do
		[ -n "$bd" ] || continue
		b=$(run before "$BEFORE" "$ex" "$bd")
		a=$(run after "$AFTER" "$ex" "$bd")
		# a status word goes in the Fmax column
		set -- $b
		if [ $# -lt 5 ]; then set -- - - - - "$1"; fi
		bl=$1 bf=$2 bb=$3 bdsp=$4 bfm=$5
		set -- $a
		if [ $# -lt 5 ]; then set -- - - - - "$1"; fi
		al=$1 af=$2 ab=$3 adsp=$4 afm=$5
		if [ -n "$MD" ]; then
			echo "| $ex | $bd | $bfm | $afm | $bl | $al | $bf | $af | $bb | $ab | $bdsp | $adsp |"
		else
			printf "%-18s %-12s %9s %9s %7s %7s %7s %7s %5s %5s %5s %5s\n" "$ex" "$bd" \
				"$bfm" "$afm" "$bl" "$al" "$bf" "$af" "$bb" "$ab" "$bdsp" "$adsp"
		fi
	done
done
exit 0
