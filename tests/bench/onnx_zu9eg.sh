#!/bin/sh
# tests/bench/onnx_zu9eg.sh SLUICE [OUT]: issue 27's bar on synthesis.
# The four bar networks of tests/onnx/make_networks.py (ideal_networks),
# each `nice sluice synth MODEL.onnx --board zu9eg` (streamed channels last, Yosys,
# no place and route), one at a time ($NETS: some of them).  Prints one row per network:
# predicted and ideal cycles (`sluice compile` of the same design), LUTs
# (Yosys; the estimate), flip-flops, DSPs,
# and every block-RAM primitive predicted / used (synth fails when they
# differ: block_ram_prediction_ok in synth.json).  Progress on stderr.
# Exit 0 when every network synthesized with block RAM predicted = used.
set -u
[ $# -ge 1 ] || { echo "usage: $0 SLUICE [OUT]" >&2; exit 2; }
sluice=$1 out=${2:-$(mktemp -d)}
here=$(cd "$(dirname "$0")/../onnx" && pwd)
mkdir -p "$out"
python3 "$here/make_networks.py" "$out/nets" || exit 1
num() {	# num FILE KEY: the first number after "KEY":
	sed -n "s/.*\"$2\": \\([-0-9.]*\\).*/\\1/p" "$1" | head -1
}
rc=0
printf '%-16s %9s %8s %14s %6s %5s  %s\n' network predicted ideal "LUTs (est)" FFs DSPs "block RAM predicted/used"
for n in ${NETS:-mobilenet_block resnet_block mlp classifier}; do
	d=$out/$n
	echo "synth $n ($(date +%T))" >&2
	if ! nice "$sluice" synth "$out/nets/$n/model.onnx" --board zu9eg \
	    --quiet -o "$d" > "$d.log" 2>&1; then
		echo "$n: sluice synth failed: $(tail -3 "$d.log")"
		rc=1
		continue
	fi
	j=$d/synth.json
	"$sluice" compile "$out/nets/$n/model.onnx" --board zu9eg -o "$d.c" \
		> "$d.c.log" 2>&1
	set -- $(sed -n 's/^predicted \([0-9]*\) cycles, ideal \([0-9]*\)$/\1 \2/p' "$d.c.log")
	cyc=${1:-?} ideal=${2:-?}
	brams=$(sed -n 's/.*"cell": "\([^"]*\)", "predicted": \([0-9]*\), "measured": \([0-9]*\).*/\1 \2\/\3/p' "$j" | tr '\n' ' ')
	printf '%-16s %9s %8s %6s (%5s) %6s %5s  %s %s\n' "$n" "$cyc" "$ideal" "$(num "$j" luts)" \
		"$(num "$j" luts_estimated)" "$(num "$j" flip_flops)" "$(num "$j" dsps)" "$brams" \
		"$(grep -q '"block_ram_prediction_ok": true' "$j" && echo ok || echo DIFFER)"
	grep -q '"block_ram_prediction_ok": true' "$j" || rc=1
done
exit $rc
