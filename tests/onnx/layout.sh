#!/bin/sh
# tests/onnx/layout.sh SLUICE PYTHON WORK: the stream order of an ONNX
# model and the order of its files (docs/onnx.md, "The stream order").
# The design streams channels last by default, but `run` and `sim` given
# MODEL.onnx read and write .npy files in ONNX's order, so on the networks
# dw_pw (a uint8 [1][3][8][8] input, channels mixed) and layout (Transpose,
# Pad, Concat, ...; outputs of rank 3 and 4) of tests/onnx/make_networks.py:
#   - the default and --channels-first (ONNX's order in the hardware too,
#     no file moved) write the same bytes: seeded inputs (NAME.in.npy,
#     drawn in the file's order), outputs, and with --frames 3 one
#     stacked file per output;
#   - the stacked seeded inputs of that run given back as --input files
#     give the same outputs, and `sim` (the model) writes them too;
#   - --channels-last takes the inputs with dimension 1 moved last and
#     gives the outputs so (make_models.py --channels moves them back);
#   - --channels-first or --channels-last on a program, or both at once,
#     is a usage error (exit 2).
set -u
sluice=$1 python=$2 work=$3
here=$(dirname "$0")
rm -rf "$work"
"$python" "$here/make_networks.py" "$work/nets" > /dev/null || exit 1
fail=0
ok() { :; }
bad() { echo "FAIL: $*"; fail=1; }
same_dirs() {	# same_dirs A B: the same .npy files, byte for byte
	for f in "$1"/*.npy; do
		cmp -s "$f" "$2/$(basename "$f")" || { echo "  $f and $2/$(basename "$f") differ"; return 1; }
	done
	[ "$(ls "$1"/*.npy | wc -l)" -eq "$(ls "$2"/*.npy | wc -l)" ]
}
for n in dw_pw layout; do
	m=$work/nets/$n/model.onnx w=$work/$n
	"$sluice" run "$m" --seed 1 -o "$w/d1" > "$w.log" 2>&1 &&
	"$sluice" run "$m" --channels-first --seed 1 -o "$w/f1" >> "$w.log" 2>&1 &&
		same_dirs "$w/d1" "$w/f1" && ok || bad "$n: --seed 1, default and --channels-first ($w.log)"
	"$sluice" run "$m" --seed 4 --frames 3 -o "$w/d3" >> "$w.log" 2>&1 &&
	"$sluice" run "$m" --channels-first --seed 4 --frames 3 -o "$w/f3" >> "$w.log" 2>&1 &&
		same_dirs "$w/d3" "$w/f3" && ok || bad "$n: --frames 3, default and --channels-first"
	ins=""
	for f in "$w"/d3/*.in.npy; do
		b=$(basename "$f" .in.npy)
		ins="$ins --input $b=$f"
	done
	# shellcheck disable=SC2086
	"$sluice" run "$m" --frames 3 $ins -o "$w/i3" >> "$w.log" 2>&1 &&
	"$sluice" sim "$m" --frames 3 $ins -o "$w/s3" >> "$w.log" 2>&1 || bad "$n: --frames 3 from files"
	for f in "$w"/d3/*.npy; do
		case $f in *.in.npy) continue ;; esac
		cmp -s "$f" "$w/i3/$(basename "$f")" && cmp -s "$f" "$w/s3/$(basename "$f")" ||
			bad "$n: $(basename "$f") from the stacked files (run, sim) differs from the seeded run"
	done
	ins=""
	for f in "$w"/d1/*.in.npy; do
		b=$(basename "$f" .in.npy)
		"$python" "$here/make_models.py" --channels last "$f" "$w/$b.last.npy" || exit 1
		ins="$ins --input $b=$w/$b.last.npy"
	done
	# shellcheck disable=SC2086
	"$sluice" run "$m" --channels-last $ins -o "$w/l1" >> "$w.log" 2>&1 || bad "$n: --channels-last"
	for f in "$w"/d1/*.npy; do
		case $f in *.in.npy) continue ;; esac
		"$python" "$here/make_models.py" --channels first "$w/l1/$(basename "$f")" "$w/back.npy" &&
			"$python" "$here/make_models.py" --same "$f" "$w/back.npy" || bad "$n: --channels-last's $(basename "$f") moved back differs"
	done
done
"$sluice" import "$work/nets/dw_pw/model.onnx" -o "$work/prog.sl" > /dev/null || bad "import"
for flags in --channels-first --channels-last "--channels-first --channels-last"; do
	# shellcheck disable=SC2086
	"$sluice" run "$work/prog.sl" $flags --seed 1 -o "$work/u" > "$work/u.log" 2>&1
	[ $? -eq 2 ] || bad "run PROG.sl $flags: not a usage error ($work/u.log)"
done
# shellcheck disable=SC2086
"$sluice" run "$work/nets/dw_pw/model.onnx" --channels-first --channels-last --seed 1 \
	-o "$work/u" > "$work/u.log" 2>&1
[ $? -eq 2 ] && grep -q "exclude each other" "$work/u.log" || bad "both flags on a model"
[ $fail -eq 0 ] && echo "onnx layout: files in ONNX's order whatever the stream order"
exit $fail
