#!/bin/bash
# tests/robust/interrupt.sh: interrupts and hung children, after the
# reproducers of the reliability audit (D5 b, D6, D11).
#   interrupt.sh SLUICE SRCDIR WORKDIR [real]
# A stand-in verilator (SLUICE_VERILATOR) that starts a grandchild and
# waits, so that nothing is built; with "real", the real verilator and a
# program that takes a while to build (gaussian), interrupted once make
# and the compilers run.  Cases:
#   SIGINT, SIGTERM  sent to sluice once the build runs: sluice dies by the
#                    signal within 10 s, no process of the build is left
#                    (pgrep on the cache path), no TOP-HASH.tmp-PID is
#                    left, and the -o directory keeps the files of the
#                    previous run (seed 1) with nothing of this one (seed 2)
#   watchdog         SLUICE_CHILD_TIMEOUT=2: exit 1 within 10 s with "did not
#                    finish within 2 s", no process left
#   sweep            the build directory the watchdog case kept (its log) is
#                    removed by the next run, its process being gone
set -u
S=$1 SRC=$2 W=$3 REAL=${4:-}
. "$SRC/tests/robust/common.sh"
export SLUICE_CACHE_DIR=$W/cache
if [ "$REAL" = real ]; then
	B=$SRC/examples/gaussian.sl
else
	B=$SRC/examples/brighten.sl
	printf '#!/bin/sh\nsleep 3%s &\nwait\n' $$ > fake_verilator
	chmod +x fake_verilator
	export SLUICE_VERILATOR=$W/fake_verilator
fi
# the build's processes: verilator, make and g++ name the cache, the
# stand-in its path, its grandchild "sleep 3PID"
left() { pgrep -f "$W/(cache|fake_verilator)|^sleep 3$$\$"; }
# the build under way: its directory and processes, and with the real
# verilator its make (the compilers that were orphaned before)
wait_for_build() {
	for _ in $(seq 1200); do
		if [ -n "$(ls -d cache/verilator/*.tmp-* 2> /dev/null)" ] && [ -n "$(left)" ]; then
			[ "$REAL" != real ] && return 0
			pgrep -f "make -C $W/cache" > /dev/null && sleep 1 && return 0
		fi
		sleep 0.1
	done
	return 1
}

"$S" run "$B" --seed 1 -o out > /dev/null || bad "the first run"
cp -r out before
set -m	# background jobs of their own: SIGINT is not ignored
for sig in INT TERM; do
	"$S" sim "$B" --engine verilator --seed 2 -o out > $sig.out 2>&1 &
	p=$!
	wait_for_build || bad "$sig: the build did not start"
	t0=$(date +%s.%N)
	kill -$sig $p
	wait $p
	rc=$?
	t1=$(date +%s.%N)
	want=$(( 128 + $(kill -l $sig) ))
	[ $rc = $want ] || bad "$sig: exit $rc, not $want: $(cat $sig.out)"
	[ "$(echo "$t1 - $t0 < 10" | bc)" = 1 ] || bad "$sig: took $(echo "$t1 - $t0" | bc) s"
	sleep 0.2
	[ -z "$(left)" ] || bad "$sig: processes left: $(left | xargs ps -o pid,cmd -p)"
	[ -z "$(ls -d cache/verilator/*.tmp-* 2> /dev/null)" ] || bad "$sig: a .tmp-PID is left"
	diff -r out before > /dev/null || bad "$sig: the interrupted run changed out/"
	echo "$sig: clean"
done
set +m

if [ "$REAL" != real ]; then
	t0=$(date +%s.%N)
	SLUICE_CHILD_TIMEOUT=2 "$S" sim "$B" --engine verilator --seed 2 -o out > wd.out 2>&1
	rc=$?
	t1=$(date +%s.%N)
	[ $rc = 1 ] && grep -q "did not finish within 2 s; killed it (set SLUICE_CHILD_TIMEOUT" wd.out ||
		bad "watchdog: exit $rc: $(cat wd.out)"
	[ "$(echo "$t1 - $t0 < 10" | bc)" = 1 ] || bad "watchdog: took $(echo "$t1 - $t0" | bc) s"
	sleep 0.2
	[ -z "$(left)" ] || bad "watchdog: processes left"
	kept=$(ls -d cache/verilator/*.tmp-* 2> /dev/null)
	[ -n "$kept" ] || bad "watchdog: the failed build's directory (its log) is not kept"
	echo "watchdog: killed after 2 s"

	SLUICE_VERILATOR=$W/no/such/verilator "$S" sim "$B" --engine verilator --seed 2 -o out \
		> sw.out 2>&1
	[ -z "$kept" ] || [ ! -e "$kept" ] || bad "sweep: $kept is left"
	echo "sweep: the dead run's build directory removed"
fi

[ $fail = 0 ] && echo "interrupt: all cases passed"
exit $fail
