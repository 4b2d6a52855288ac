#!/bin/sh
# tests/robust/oom.sh SLUICE SOURCE_DIR WORKDIR: out of memory in every
# stage.  SLUICE_FAIL_ALLOC=N makes the N-th heap allocation fail
# (base/ctx.c); for N = 1, 2, 4, ... until the command succeeds, check,
# run, compile and sim of gaussian must each exit 1 with "sluice: error:
# out of memory" (never abort or another signal), leave the outputs of an
# earlier run in -o DIR byte for byte, and leave no temporary behind.  The
# doubling reaches every stage a command passes through: the front end's
# allocations come first, the outputs' last.
S=$1 SRC=$2 W=$3
. "$SRC/tests/robust/common.sh"
PROG=$SRC/examples/gaussian.sl
sums() { (cd "$1" && find . -type f | sort | xargs md5sum); }
for cmd in check run compile sim; do
	case $cmd in
	check) args="" ;;
	run|sim) args="--seed 1 -o out_$cmd" ;;
	compile) args="-o out_$cmd" ;;
	esac
	# shellcheck disable=SC2086
	"$S" $cmd "$PROG" $args > good.log 2>&1 || { bad "$cmd: the run without a failure: $(tail -2 good.log)"; continue; }
	[ "$cmd" = check ] || sums "out_$cmd" > before.sum
	# One run failing at allocation $1: exit 1 with the message, the
	# earlier outputs intact, no temporary left; rc is the exit code.
	try() {
		# shellcheck disable=SC2086
		SLUICE_FAIL_ALLOC=$1 "$S" $cmd "$PROG" $args > oom.log 2>&1
		rc=$?
		[ $rc -eq 0 ] && return 0
		fails=$((fails + 1))
		if [ $rc -ne 1 ] || ! grep -q '^sluice: error: out of memory$' oom.log; then
			bad "$cmd: allocation $1 failed with exit $rc: $(tail -2 oom.log)"
			return 0
		fi
		if [ "$cmd" != check ]; then
			sums "out_$cmd" > after.sum
			cmp -s before.sum after.sum || bad "$cmd: allocation $1 failed and the earlier outputs changed"
		fi
		left=$(find . -name '.*tmp*' | head -3)
		[ -z "$left" ] || bad "$cmd: allocation $1 failed and left $left"
		return 1
	}
	# Doubling finds where the command stops allocating; then about 40
	# points spread over that range.
	n=1 fails=0
	while [ $n -lt 100000000 ] && ! try $n; do
		n=$((n * 2))
	done
	[ $rc -eq 0 ] || bad "$cmd: still failing at allocation $n"
	step=$((n / 40 > 0 ? n / 40 : 1))
	k=3
	while [ $k -lt $n ]; do
		try $k
		k=$((k + step))
	done
	[ $fails -ge 10 ] || bad "$cmd: only $fails failing allocations (the hook is not reached)"
	echo "oom: $cmd: $fails runs failing at an allocation in 1 .. $n each exit 1 with the message, the earlier outputs intact, no temporary left"
done
exit $fail
