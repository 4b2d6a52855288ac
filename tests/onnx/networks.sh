#!/bin/sh
# tests/onnx/networks.sh SLUICE PYTHON ORT_DIR WORK [ENGINE [LAYOUT]]
# The networks of tests/onnx/make_networks.py: each run by onnxruntime-node
# (tests/onnx/ort_run.js, from ORT_DIR, the reference) and by `sluice run
# MODEL.onnx`, compared bit for bit; then `sluice sim MODEL.onnx --engine
# ENGINE` (default model), which compares the design with the reference and
# its cycles with the prediction.  By default the design streams channels
# last and sluice takes and gives the .npy files in ONNX's order, as
# onnxruntime does (docs/onnx.md, "The stream order").  LAYOUT
# channels-first streams in ONNX's order (--channels-first); LAYOUT
# channels-last passes --channels-last: sluice then takes the inputs with
# their dimension 1 moved last and gives the outputs so, moved back before
# the comparison (make_models.py --channels).  $SLUICE_ONNX_NETS, when set, names the
# networks to run (default: all).  Exits 77 (skipped) when onnxruntime-node
# is not installed (scripts/install-deps.sh installs it), unless $CI is set.
set -u
sluice=$1 python=$2 ort=$3 work=$4 engine=${5:-model} layout=${6:-default}
cl="" flag=""
[ "$layout" = channels-last ] && cl=--channels-last flag=--channels-last
[ "$layout" = channels-first ] && flag=--channels-first
here=$(dirname "$0")
if [ ! -f "$ort/node_modules/onnxruntime-node/package.json" ] || ! command -v node > /dev/null; then
	echo "onnx networks: onnxruntime-node is not in $ort (scripts/install-deps.sh installs it)"
	[ -n "${CI:-}" ] && exit 1
	exit 77
fi
rm -rf "$work"
"$python" "$here/make_networks.py" "$work" || exit 1
pass=0 fail=0
for d in "$work"/*/; do
	d=${d%/}
	n=$(basename "$d")
	case " ${SLUICE_ONNX_NETS:-$n} " in *" $n "*) ;; *) continue ;; esac
	ins="" ort_ins=""
	mkdir -p "$d/in"
	for f in "$d"/*.npy; do
		b=$(basename "$f" .npy)
		g=$f
		if [ -n "$cl" ]; then
			g=$d/in/$b.npy
			"$python" "$here/make_models.py" --channels last "$f" "$g" || exit 1
		fi
		ins="$ins --input $b=$g"
		ort_ins="$ort_ins $b=$f"
	done
	# shellcheck disable=SC2086
	if ! SLUICE_ORT_DIR=$ort node "$here/ort_run.js" "$d/model.onnx" "$d/ort" $ort_ins 2> "$d/ort.log"; then
		echo "FAIL $n: onnxruntime: $(cat "$d/ort.log")"; fail=$((fail + 1)); continue
	fi
	# shellcheck disable=SC2086
	if ! "$sluice" run "$d/model.onnx" $flag $ins -o "$d/sl" > "$d/run.log" 2>&1; then
		echo "FAIL $n: sluice run: $(cat "$d/run.log")"; fail=$((fail + 1)); continue
	fi
	same=1
	for o in "$d"/ort/*.npy; do
		g=$d/sl/$(basename "$o")
		if [ -n "$cl" ]; then
			"$python" "$here/make_models.py" --channels first "$g" "$g.first" || exit 1
			g=$g.first
		fi
		"$python" "$here/make_models.py" --same "$o" "$g" || same=0
	done
	if [ $same -ne 1 ]; then
		echo "FAIL $n: sluice run differs from onnxruntime"; fail=$((fail + 1)); continue
	fi
	# shellcheck disable=SC2086
	if ! "$sluice" sim "$d/model.onnx" $flag --engine "$engine" $ins -o "$d/sim" > "$d/sim.log" 2>&1; then
		echo "FAIL $n: sluice sim --engine $engine: $(tail -3 "$d/sim.log")"; fail=$((fail + 1)); continue
	fi
	echo "PASS $n: bit for bit with onnxruntime; $(grep -m1 'cycles' "$d/sim.log")"
	pass=$((pass + 1))
done
echo "onnx networks: $pass passed, $fail failed"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
