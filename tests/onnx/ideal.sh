#!/bin/sh
# tests/onnx/ideal.sh SLUICE PYTHON WORK: issue 27's bar on cycles.  The
# four bar networks of tests/onnx/make_networks.py (mobilenet_block,
# resnet_block, mlp, classifier: ideal_networks) compiled with
# `sluice compile MODEL.onnx` (streamed channels last, the default); each
# must predict at most 1.1 times its ideal (the most iterations of any
# statement, scheduler.h).  Prints a table: network, predicted, ideal,
# ratio, and the same two figures streamed in ONNX's order
# (--channels-first, no bar: docs/onnx.md, "Streams at the ideal", says
# why).  Fails on a ratio above 1.1 or a compile error.
set -u
sluice=$1 python=$2 work=$3
here=$(dirname "$0")
rm -rf "$work"
"$python" "$here/make_networks.py" "$work" || exit 1
figures() {	# figures LOG: "PREDICTED IDEAL" from compile's last line
	sed -n 's/^predicted \([0-9]*\) cycles, ideal \([0-9]*\)$/\1 \2/p' "$1"
}
fail=0
printf '%-16s %10s %8s %6s   %10s %8s %6s\n' network predicted ideal ratio "NCHW pred" ideal ratio
for n in mobilenet_block resnet_block mlp classifier; do
	d=$work/$n
	if ! "$sluice" compile "$d/model.onnx" -o "$d/cl" > "$d/cl.log" 2>&1 ||
	   ! "$sluice" compile "$d/model.onnx" --channels-first -o "$d/cf" > "$d/cf.log" 2>&1; then
		echo "FAIL $n: sluice compile: $(tail -3 "$d/cl.log" "$d/cf.log")"
		fail=1
		continue
	fi
	set -- $(figures "$d/cl.log") $(figures "$d/cf.log")
	if [ $# -ne 4 ]; then
		echo "FAIL $n: no 'predicted N cycles, ideal M' line"
		fail=1
		continue
	fi
	printf '%-16s %10d %8d %6s   %10d %8d %6s\n' "$n" "$1" "$2" \
		"$(awk "BEGIN { printf \"%.3f\", $1 / $2 }")" "$3" "$4" \
		"$(awk "BEGIN { printf \"%.3f\", $3 / $4 }")"
	if [ $(($1 * 10)) -gt $(($2 * 11)) ]; then
		echo "FAIL $n: predicted $1 cycles, more than 1.1 times the ideal $2"
		fail=1
	fi
done
[ $fail -eq 0 ] && echo "onnx ideal: all four within 10% of the ideal"
exit $fail
