#!/bin/sh
# tests/shapes/run.sh SLUICE ENGINE [ARGS...]: every program of tests/shapes
# (shapes users bring, written apart from the examples: Sobel, a 5x5
# convolution, morphology, a median network, non-maximum suppression, a 2x
# bilinear upscale, a channel-outer demosaic, a structure tensor, two-input
# motion, a table look-up, a 7-tap separable blur, an unsharp mask) through
# `sluice sim --engine ENGINE --seed 1 ARGS`: each must end with the
# engine's verdict (outputs equal to the reference bit for bit, cycles equal
# to the prediction; sim exits 1 otherwise).  Prints a line per program;
# exit 1 when one fails.
set -u
sluice=$1 engine=$2
shift 2
dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0
for f in "$dir"/*.sl; do
	name=$(basename "$f" .sl)
	if "$sluice" sim "$f" --engine "$engine" --seed 1 -o "$tmp/$name" "$@" >"$tmp/$name.log" 2>&1 &&
	   grep -q "^$engine: .*cycles (predicted [0-9]*.*equal to the reference" "$tmp/$name.log"; then
		echo "ok   $name"
	else
		echo "FAIL $name: $(grep -m1 -E 'error|mismatch|differ' "$tmp/$name.log")"
		bad=1
	fi
done
exit $bad
