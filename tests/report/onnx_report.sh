#!/bin/sh
# tests/report/onnx_report.sh SLUICE PYTHON BROWSER OUT NETWORK: report.html
# of an imported network (tests/onnx/make_networks.py), its layers one row
# per ONNX node: the model imported (streamed channels last) as OUT/src/NETWORK.sl,
# then tests/report/check_report.py on `compile --board zu9eg` of it; the
# layer keys must be the nodes' outputs (LAYERS, the rest of the arguments).
set -u
sluice=$1 python=$2 browser=$3 out=$4 net=$5
shift 5
here=$(dirname "$0")
rm -rf "$out"
mkdir -p "$out/src"
"$python" "$here/../onnx/make_networks.py" "$out/nets" || exit 1
"$sluice" import "$out/nets/$net/model.onnx" -o "$out/src/$net.sl" > /dev/null ||
	exit 1
"$python" "$here/check_report.py" compile "$sluice" "$browser" "$out/check" "$out/src/$net.sl" \
	--board zu9eg || exit $?
got=$(sed -n 's/.*<tr class="layer" data-layer="\([^"]*\)".*/\1/p' "$out/check/a/report.html" |
	tr '\n' ' ')
if [ "$got" != "$* " ]; then
	echo "FAIL: layers '$got', expected the nodes' outputs '$* '"
	exit 1
fi
echo "layers: $got"
