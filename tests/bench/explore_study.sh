#!/bin/sh
# tests/bench/explore_study.sh: the study of docs/explore.md.
#   explore_study.sh SLUICE OUTDIR [PROG:BOARD:SPACE:BUDGET ...]
# For each case (default: gaussian, harris and blur_xy on the iCE40 UP5K
# and the ZU9EG over tests/explore/gaussian48.space with 4 syntheses) runs
#   nice sluice explore PROG --boards BOARD --space SPACE --budget BUDGET --truth
# into OUTDIR/NAME_BOARD/ and prints, from its explore.json, one Markdown
# row of the search against the exhaustive ground truth (points, legal,
# the search's Yosys runs and their share of the space, ADRS, hypervolume
# ratio, the front's sizes, the estimate's MAPE and Kendall tau against
# Yosys for LUTs and flip-flops) and the explored front of the last case.
# With $SLUICE_SYNTH_CACHE set, every run keeps and reuses its Yosys
# results there (--synth-cache; same output bytes, much faster reruns).
# Then the cross-board transfer study: a sweep of gaussian over 12 points
# (unroll 1,2 x clock default,30,50 x ram auto,lut) on the four boards,
# run by the built-in runner (-j 2) into OUTDIR/transfer/, and its
# --collect --transfer report.  Exit 1 when a run fails.
set -u
sluice=${1:?usage: explore_study.sh SLUICE OUTDIR [PROG:BOARD:SPACE:BUDGET ...]}
out=${2:?usage: explore_study.sh SLUICE OUTDIR [PROG:BOARD:SPACE:BUDGET ...]}
shift 2
here=$(cd "$(dirname "$0")/../.." && pwd)
sp=$here/tests/explore/gaussian48.space
[ $# -gt 0 ] || set -- "gaussian:ice40up5k:$sp:4" "harris:ice40up5k:$sp:4" \
	"blur_xy:ice40up5k:$sp:4" "gaussian:zu9eg:$sp:4" "harris:zu9eg:$sp:4" "blur_xy:zu9eg:$sp:4"
cache=${SLUICE_SYNTH_CACHE:+--synth-cache $SLUICE_SYNTH_CACHE}
mkdir -p "$out"
rc=0
echo "| program | board | points | legal | search Yosys runs | ADRS | hypervolume ratio | fronts (explored / exhaustive) | LUTs MAPE / tau | FFs MAPE / tau |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for c in "$@"; do
	prog=${c%%:*}; rest=${c#*:}
	board=${rest%%:*}; rest=${rest#*:}
	space=${rest%%:*}; budget=${rest#*:}
	dir="$out/${prog}_$board"
	start=$(date +%s)
	nice "$sluice" explore "$here/examples/$prog.sl" --boards "$board" --space "$space" \
		--budget "$budget" --truth --quiet $cache -o "$dir" >"$dir.txt" 2>"$dir.log" || {
		echo "explore_study.sh: sluice explore failed on $prog, $board:" >&2
		cat "$dir.log" >&2
		rc=1
		continue
	}
	echo "$(( $(date +%s) - start ))" >"$dir.seconds"
	python3 - "$dir/explore.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
b = d["boards"][0]
t = b["truth"]
legal = sum(1 for p in d["points"] if p["legal"])
print("| %s | %s | %d | %d | %d (%.1f%%) | %.2f%% | %.4f | %d / %d | %.1f%% / %.3f | %.1f%% / %.3f |" % (
    d["program"], b["board"], b["space_points"], legal, b["search_yosys_runs"],
    100.0 * b["search_yosys_runs"] / b["space_points"], t["adrs_percent"], t["hypervolume_ratio"],
    t["explored_front"], t["truth_front"], t["mape_luts"], t["kendall_tau_luts"],
    t["mape_ffs"], t["kendall_tau_ffs"]))
PY
done
last="$dir/explore.json"
if [ -f "$last" ]; then
	echo
	echo "The explored front of the last case (every figure from Yosys after --truth):"
	echo
	python3 - "$last" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print("| knobs | cycles | clock (MHz) | time (us) | LUTs est / Yosys | FFs est / Yosys | block RAM | area | bound |")
print("|---|---|---|---|---|---|---|---|---|")
for p in sorted((p for p in d["points"] if p["on_front"]), key=lambda p: (p["time_us"], p["key"])):
    k = ",".join(x for x in p["key"].split(",") if not x.startswith(("schedule=stream", "memory=native")))
    print("| %s | %d | %.1f | %.2f | %d / %d | %d / %d | %d | %.4f | %s |" % (
        k, p["cycles"], p["clock_mhz"], p["time_us"], p["luts_estimate"], p["luts_yosys"],
        p["ffs_estimate"], p["ffs_yosys"], p["block_ram_units"], p["area"], p["bound"]))
PY
fi
echo
echo "The cross-board transfer (48 points, every one synthesized):"
echo
t="$out/transfer"
set -- --boards ice40up5k,ecp5-85f,artix7-100t,zu9eg --knob unroll=1,2 \
	--knob clock=default,30,50 --knob ram=auto,lut
if nice "$sluice" explore "$here/examples/gaussian.sl" "$@" --quiet --emit-jobs "$t" -j 2 \
	>"$t.txt" 2>"$t.log" &&
    "$sluice" explore "$here/examples/gaussian.sl" --collect "$t" --transfer -o "$t" >"$t.report"; then
	grep -v "^wrote\|^collected" "$t.report" | sed 's/^/    /'
else
	echo "explore_study.sh: the transfer sweep failed:" >&2
	cat "$t.log" >&2
	rc=1
fi
exit $rc
