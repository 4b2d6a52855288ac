#!/bin/sh
# tests/onnx/bad_models.sh SLUICE PYTHON WORK
# The models of tests/onnx/make_models.py through sluice: the good one
# imported (program and .npy const written), checked, run with an output
# equal to the one make_models.py computed, and simulated; each bad one
# refused with exit 1 and a message naming the problem, by `import` and
# by `run` (the on-the-fly import), never a crash.
set -u
sluice=$1 python=$2 work=$3
here=$(dirname "$0")
rm -rf "$work"
mkdir -p "$work"
"$python" "$here/make_models.py" "$work" || exit 1
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# The good model.
if "$sluice" import "$work/good.onnx" -o "$work/good/prog.sl" > "$work/import.log" 2>&1 &&
   [ -f "$work/good/prog.sl" ] && [ -f "$work/good/prog.W.npy" ] &&
   grep -q "node 'add' (Add)" "$work/good/prog.sl"; then ok; else bad "import good"; fi
"$sluice" check "$work/good/prog.sl" > /dev/null 2>&1 && ok || bad "check the imported program"
if "$sluice" run "$work/good.onnx" --input "x=$work/x.npy" -o "$work/run" > /dev/null 2>&1 &&
   "$python" "$here/make_models.py" --same "$work/run/y.npy" "$work/y_expected.npy"; then ok; else bad "run good.onnx: y differs"; fi
"$sluice" sim "$work/good.onnx" --seed 1 -o "$work/sim" > "$work/sim.log" 2>&1 && ok ||
	bad "sim good.onnx (see $work/sim.log)"

# The bad ones: exit 1 and the message.
expect() {
	name=$1 msg=$2
	for cmd in import run; do
		"$sluice" $cmd "$work/$name.onnx" -o "$work/out_$name.$cmd" > "$work/$name.$cmd.log" 2>&1
		rc=$?
		if [ $rc -ne 1 ]; then
			bad "$cmd $name.onnx exited $rc, not 1"
		elif ! grep -q -- "$msg" "$work/$name.$cmd.log"; then
			bad "$cmd $name.onnx: no '$msg' in: $(cat "$work/$name.$cmd.log")"
		else
			ok
		fi
	done
}
expect symbolic "graph input 'x' has a dynamic or symbolic shape (dimension 0 is 'N')"
expect external "initializer 'W' keeps its data in an external file"
expect opset "opset 99 is outside the supported range"
expect unsupported "node 'gather_1' (Gather): operator Gather is not supported; sluice imports Abs, Add"
expect float "graph input 'x' has element type float: sluice computes on integers only"
expect huge "initializer 'W' is larger than the memory limit"
expect truncated "not an ONNX model: the protobuf is truncated or corrupt"
expect corrupt "not an ONNX model: the protobuf is truncated or corrupt"
expect qdq_ratio "node 'q_y' (QuantizeLinear): its scale ratios (input scale / output scale) must lie in"
"$sluice" import "$work/missing.onnx" > "$work/missing.log" 2>&1
[ $? -eq 1 ] && grep -q "cannot read the model" "$work/missing.log" && ok || bad "a missing model"
# --channels-last names an ONNX model's layout: on a program it is a usage error.
"$sluice" compile "$work/good/prog.sl" --channels-last -o "$work/cl" > "$work/cl.log" 2>&1
[ $? -eq 2 ] && grep -q "prog.sl: error: --channels-last applies to an ONNX model" "$work/cl.log" &&
	ok || bad "--channels-last on a program (see $work/cl.log)"
echo "onnx bad models: $pass passed, $fail failed"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
