#!/bin/sh
# tests/onnx/run_node_tests.sh SLUICE NODETEST DATA WORK MIN_PASS
# Every ONNX backend node test in DATA (libonnx-testdata's data/node)
# through onnx_nodetest: one line per test (PASS, SKIP with the reason,
# FAIL with the reason), then the counts.  Fails on any FAIL or on fewer
# than MIN_PASS passes.
set -u
sluice=$1 tool=$2 data=$3 work=$4 min=$5
if [ ! -d "$data" ]; then
	echo "onnx node tests: $data is missing (scripts/install-deps.sh installs libonnx-testdata)"
	exit 1
fi
rm -rf "$work"
mkdir -p "$work"
pass=0 fail=0 skip=0
for d in "$data"/*/; do
	d=${d%/}
	t=$(basename "$d")
	[ -f "$d/model.onnx" ] || continue
	line=$("$tool" "$sluice" "$d" "$work/$t")
	rc=$?
	echo "$line" | tee -a "$work/results.txt"
	case $rc in
	0) pass=$((pass + 1)); rm -rf "$work/$t" ;;
	77) skip=$((skip + 1)); rm -rf "$work/$t" ;;
	*) fail=$((fail + 1)) ;;
	esac
done
echo "onnx node tests: $((pass + fail)) supported, $pass passed, $fail failed, $skip skipped"
echo "skip reasons, by count (names elided):"
sed -n "s/^SKIP [^:]*: //p" "$work/results.txt" | sed "s/'[^']*'/'.'/g; s/; sluice imports .*//" |
	sort | uniq -c | sort -rn
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ "$pass" -ge "$min" ]
