#!/usr/bin/env bash
# tests/bench/anchors.sh: sluice beside the published rows it is compared
# with (issue 25 item 7): each anchor workload at 1920x1080 on the ZU9EG at
# the lane counts the anchors publish (and 1, 2, 8), measured by
# `sluice synth` (Yosys 0.23, no place and route; the clock is sluice's
# delay model), plus gaussian on the UP5K at 2 px/clk through nextpnr.
#   anchors.sh [-o DIR] [--doc FILE] [--quick] SLUICE
# Results are kept in DIR/<workload>.k<K> (default $TMPDIR/sluice_anchors;
# a directory with a synth.json is not synthesized again: delete it to
# remeasure).  One Yosys at a time.  Prints the Markdown table; --doc FILE
# replaces the text between FILE's "<!-- anchors:begin -->" and
# "<!-- anchors:end -->" markers with it.  --quick runs the 1 px/clk rows
# only (a smoke test of the script, seconds per row at 64x64: -D W=64 -D H=64).
# The anchors' figures are data below, each with its source; nothing here
# reads them from a network.
set -u
usage() { echo "usage: $0 [-o DIR] [--doc FILE] [--quick] SLUICE" >&2; exit 2; }
DIR=${TMPDIR:-/tmp}/sluice_anchors
DOC=
QUICK=0
while [ $# -gt 0 ]; do
	case "$1" in
	-o) [ $# -ge 2 ] || usage; DIR=$2; shift 2 ;;
	--doc) [ $# -ge 2 ] || usage; DOC=$2; shift 2 ;;
	--quick) QUICK=1; shift ;;
	-*) usage ;;
	*) break ;;
	esac
done
[ $# -eq 1 ] || usage
SLUICE=$1
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$DIR" || exit 1
SIZE="-D W=1920 -D H=1080"
[ $QUICK = 1 ] && SIZE="-D W=64 -D H=64"

# workload program board lanes... (the rows measured)
if [ $QUICK = 1 ]; then
	ROWS="blur_xy:examples/blur_xy.sl:zu9eg:1
box_clamp:examples/box_clamp.sl:zu9eg:1"
else
	ROWS="blur_xy:examples/blur_xy.sl:zu9eg:1 2 8 16 32
box_clamp:examples/box_clamp.sl:zu9eg:1 2 8
harris:examples/harris.sl:zu9eg:1 2 8
gaussian:examples/gaussian.sl:zu9eg:1 2 8
gaussian:examples/gaussian.sl:ice40up5k:2"
fi

status=0
while IFS=: read -r name prog board ks; do
	for k in $ks; do
		out=$DIR/$name.$board.k$k
		[ -f "$out/synth.json" ] && continue
		pnr=
		[ "$board" = ice40up5k ] && pnr=--pnr
		# shellcheck disable=SC2086
		if ! nice "$SLUICE" synth "$ROOT/$prog" $SIZE --board "$board" --unroll "$k" \
			$pnr -o "$out" >"$DIR/$name.$board.k$k.log" 2>&1; then
			echo "$name $board k=$k: sluice synth failed (see $DIR/$name.$board.k$k.log)" >&2
			status=1
		fi
	done
done <<EOF
$ROWS
EOF

python3 - "$DIR" "$DOC" "$QUICK" <<'PY' || status=1
import json, os, sys
d, doc, quick = sys.argv[1], sys.argv[2], sys.argv[3] == "1"

# Published rows: (workload, px/clk) -> (who, LUTs, FFs, block RAM in
# RAMB18 equivalents, DSPs, clock MHz, source).  None: not published.
CW = "Clockwork (issue 11's quote of its paper: blur at 1080p)"
SODA = "SODA (the same quote)"
XF = "xfopencv boxFilter, 3x3, BORDER_REPLICATE, 1080p (as issue 25 quotes it)"
VV = ("Vitis Vision harris-bm, FHD, NPPC 8, Alveo U200 (Vitis Libraries 2022.2, "
      "\"Hardware resources for Harris corner detection\")")
ANCHORS = {
    ("blur_xy", 1): [("Clockwork", 2000, 3199, 6, 2, None, CW),
                     ("SODA", 2453, 3001, 6, 2, None, SODA)],
    ("blur_xy", 16): [("Clockwork", 7168, None, 48, None, None, CW),
                      ("SODA", 12364, None, 64, None, None, SODA)],
    ("blur_xy", 32): [("Clockwork", 14324, None, 30, None, None, CW),
                      ("SODA", 25820, None, 60, None, None, SODA)],
    ("box_clamp", 1): [("xfopencv", 519, None, 3, 1, 300, XF)],
    ("box_clamp", 8): [("xfopencv", 1368, None, 6, None, 150, XF)],
    ("harris", 8): [("Vitis Vision", 22478, 16021, 113, 138, 300, VV)],
}

def n(x):
    return "-" if x is None else f"{x:,}"

rows = []
for e in sorted(os.listdir(d)):
    p = os.path.join(d, e, "synth.json")
    if not os.path.isfile(p):
        continue
    name, board, kk = e.rsplit(".", 2)
    rows.append((name, board, int(kk[1:]), json.load(open(p))))
order = {"blur_xy": 0, "box_clamp": 1, "harris": 2, "gaussian": 3}
rows.sort(key=lambda r: (order.get(r[0], 9), r[1] != "zu9eg", r[2]))

lines = ["| workload | board | px/clk | LUTs | FFs | block RAM (RAMB18 eq.; predicted) "
         "| DSPs | clock (MHz) | Mpx/s | anchor: LUTs, FFs, BRAM18, DSPs, clock | LUTs / anchor's |",
         "|---|---|---|---|---|---|---|---|---|---|---|"]
notes = set()
for name, board, k, j in rows:
    pred = sum(m["predicted"] * (2 if m["cell"] == "RAMB36E2" else 1) for m in j["memories"])
    meas = sum(m["measured"] * (2 if m["cell"] == "RAMB36E2" else 1) for m in j["memories"])
    if board != "zu9eg":
        pred = sum(m["predicted"] for m in j["memories"])
        meas = sum(m["measured"] for m in j["memories"])
    f = j.get("fmax_mhz") or j.get("fmax_estimate_mhz")
    clk = ("%.1f" % f) if f else "-"
    if j.get("fmax_mhz"):
        clk += " (nextpnr)"
    mpx = "%.1f" % (f * k) if f else "-"
    anchors = ANCHORS.get((name, k), [])
    if not anchors:
        lines.append(f"| {name} | {board} | {k} | {n(j['luts'])} | {n(j['flip_flops'])} "
                     f"| {meas} ({pred}) | {n(j['dsps'])} | {clk} | {mpx} | - | - |")
    for who, l, ff, br, dsp, mhz, src in anchors:
        notes.add(f"{who}: {src}")
        a = f"{who}: {n(l)}, {n(ff)}, {n(br)}, {n(dsp)}, {mhz if mhz else '-'}"
        lines.append(f"| {name} | {board} | {k} | {n(j['luts'])} | {n(j['flip_flops'])} "
                     f"| {meas} ({pred}) | {n(j['dsps'])} | {clk} | {mpx} | {a} "
                     f"| {j['luts'] / l:.2f} |")
table = "\n".join(lines) + "\n\nAnchors' sources:\n" + "".join(f"- {x}\n" for x in sorted(notes))
print(table)
if doc:
    text = open(doc).read()
    b, e = "<!-- anchors:begin -->\n", "<!-- anchors:end -->"
    i, k2 = text.find(b), text.find(e)
    if i < 0 or k2 < i:
        sys.exit(f"{doc}: no anchors markers")
    tmp = doc + ".tmp"
    with open(tmp, "w") as o:
        o.write(text[:i + len(b)] + table + text[k2:])
    os.replace(tmp, doc)
PY
exit $status
