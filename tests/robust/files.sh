#!/bin/bash
# tests/robust/files.sh: the output files of a command, after the
# reproducers of the reliability audit (D2, D5, D7, D12, D19, full disk).
#   files.sh SLUICE SRCDIR WORKDIR [ROUNDS]
# Each case checks the exit code, the message and the files left:
#   concurrent  4 runs with seeds 1-4 into one -o directory, ROUNDS times
#               (default 3): every run exits 0 and every file equals the
#               same file of one seed's run alone; no temporary is left
#   symlink     symlinks planted at the output's name and at the old
#               temporary name: their targets are untouched, the output
#               is a regular file
#   all_or_none a write that fails (a directory where brighten.png goes):
#               exit 1 naming it, and the run's other files (brighten.npy,
#               in.in.npy) keep the previous run's contents
#   compile     the same for compile (D7): the message names
#               sluice_brighten.v, schedule.txt keeps gaussian's
#   long_names  a 244-character program name compiles; 250 characters
#               (sluice_NAME.v past NAME_MAX) is "File name too long", exit 1
#   sweep       a temporary of a dead process is removed, one of a live
#               process kept
#   stdout      the standard output on /dev/full: exit 1, "cannot write the
#               standard output"
#   synth_space (with Yosys) synth into a directory with spaces: synth.json
#               there and nothing written beside it (D14)
#   full_disk   a 512 KiB tmpfs with 3 pages free (needs mount; skipped with a
#               message otherwise): run and compile exit 1 in under 10 s
#               with "No space left on device", earlier files intact, no
#               temporary left
set -u
S=$1 SRC=$2 W=$3 ROUNDS=${4:-3}
B=$SRC/examples/brighten.sl
. "$SRC/tests/robust/common.sh"
temps() { find "$1" -name '.*.tmp-*' | head -5; }

# ------------------------------------------------------------ concurrent
for s in 1 2 3 4; do
	"$S" run "$B" --seed $s -o ref/s$s > /dev/null || bad "run seed $s"
done
for r in $(seq "$ROUNDS"); do
	rm -rf same
	mkdir same
	pids=
	for s in 1 2 3 4; do
		"$S" run "$B" --seed $s -o same > log_$s.txt 2>&1 &
		pids="$pids $!"
	done
	for p in $pids; do
		wait "$p" || bad "concurrent round $r: a run failed: $(cat log_*.txt | grep error)"
	done
	for f in brighten.npy brighten.png in.in.npy; do
		ok=0
		for s in 1 2 3 4; do
			cmp -s "same/$f" "ref/s$s/$f" && ok=1
		done
		[ $ok = 1 ] || bad "concurrent round $r: same/$f equals no seed's $f"
	done
	[ -z "$(temps same)" ] || bad "concurrent round $r: temporaries left: $(temps same)"
done
echo "concurrent: $ROUNDS rounds"

# --------------------------------------------------------------- symlink
mkdir d
echo precious > victim
echo precious > victim2
ln -s "$W/victim" d/brighten.npy
ln -s "$W/victim2" d/brighten.npy.tmp
"$S" run "$B" --seed 1 -o d > /dev/null || bad "symlink: run failed"
[ "$(cat victim)" = precious ] && [ "$(cat victim2)" = precious ] ||
	bad "symlink: a planted symlink's target was written"
[ -f d/brighten.npy ] && [ ! -L d/brighten.npy ] && cmp -s d/brighten.npy ref/s1/brighten.npy ||
	bad "symlink: d/brighten.npy is not the regular output"
echo "symlink: targets untouched"

# ----------------------------------------------------------- all_or_none
"$S" run "$B" --seed 1 -o m > /dev/null || bad "all_or_none: first run"
rm m/brighten.png
mkdir m/brighten.png
"$S" run "$B" --seed 2 -o m > m.out 2> m.err
rc=$?
[ $rc = 1 ] || bad "all_or_none: exit $rc, not 1"
grep -q "m/brighten.png: error: cannot write: Is a directory" m.err ||
	bad "all_or_none: message: $(cat m.err)"
cmp -s m/brighten.npy ref/s1/brighten.npy && cmp -s m/in.in.npy ref/s1/in.in.npy ||
	bad "all_or_none: the failed run replaced brighten.npy or in.in.npy"
! grep -q '^wrote' m.out || bad "all_or_none: the failed run says it wrote: $(cat m.out)"
[ -z "$(temps m)" ] || bad "all_or_none: temporaries left: $(temps m)"
echo "all_or_none: earlier files intact"

# --------------------------------------------------------------- compile
"$S" compile "$SRC/examples/gaussian.sl" -o c > /dev/null || bad "compile: gaussian"
cp c/schedule.txt gauss_schedule.txt
mkdir c/sluice_brighten.v
"$S" compile "$B" -o c > c.out 2> c.err
rc=$?
[ $rc = 1 ] || bad "compile: exit $rc, not 1"
grep -q "sluice: error: cannot write 'c/sluice_brighten.v': Is a directory" c.err ||
	bad "compile: message: $(cat c.err)"
cmp -s c/schedule.txt gauss_schedule.txt || bad "compile: schedule.txt replaced by a failed compile"
[ -z "$(temps c)" ] || bad "compile: temporaries left: $(temps c)"
echo "compile: failed write reported, earlier files intact"

# ------------------------------------------------------------ long_names
q244=$(printf 'q%.0s' $(seq 244))
q250=$(printf 'q%.0s' $(seq 250))
cp "$B" "$q244.sl"
cp "$B" "$q250.sl"
"$S" compile "$q244.sl" -o long244 > /dev/null 2> l244.err || bad "long_names: 244: $(cat l244.err)"
[ -f "long244/sluice_$q244.v" ] || bad "long_names: no sluice_q...q.v for 244 characters"
"$S" compile "$q250.sl" -o long250 > /dev/null 2> l250.err
rc=$?
[ $rc = 1 ] && grep -q "cannot write 'long250/sluice_$q250.v': File name too long" l250.err ||
	bad "long_names: 250: exit $rc: $(cat l250.err)"
[ ! -e long250/schedule.txt ] || bad "long_names: 250: schedule.txt written by a failed compile"
echo "long_names: 244 written, 250 refused"

# ----------------------------------------------------------------- sweep
dead=$(( $(cat /proc/sys/kernel/pid_max) + 1 ))
mkdir sw
: > "sw/.brighten.npy.tmp-$dead.abcdef"
: > "sw/.brighten.npy.tmp-$$.abcdef"
"$S" run "$B" --seed 1 -o sw > /dev/null || bad "sweep: run"
[ ! -e "sw/.brighten.npy.tmp-$dead.abcdef" ] || bad "sweep: a dead process's temporary is left"
[ -e "sw/.brighten.npy.tmp-$$.abcdef" ] || bad "sweep: a live process's temporary was removed"
echo "sweep: dead removed, live kept"

# ------------------------------------------------------------- full_disk
mkdir full
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=512k tmpfs full 2> /dev/null; then
	"$S" run "$B" --seed 1 -o full/r > /dev/null || bad "full_disk: first run"
	"$S" compile "$B" -o full/c > /dev/null || bad "full_disk: first compile"
	cp -r full/r full_r_before
	cp -r full/c full_c_before
	# leave 3 pages: the first file of each command fits, a later one not
	free=$(df -k --output=avail full | tail -1)
	dd if=/dev/zero of=full/fill bs=4096 count=$(( free / 4 - 3 )) 2> /dev/null
	t0=$(date +%s.%N)
	"$S" run "$B" --seed 2 -o full/r > /dev/null 2> fr.err
	rc1=$?
	"$S" compile "$SRC/examples/gaussian.sl" -o full/c > /dev/null 2> fc.err
	rc2=$?
	t1=$(date +%s.%N)
	[ $rc1 = 1 ] && grep -q 'No space left on device' fr.err || bad "full_disk: run exit $rc1: $(cat fr.err)"
	[ $rc2 = 1 ] && grep -q "cannot write '.*': No space left on device" fc.err ||
		bad "full_disk: compile exit $rc2: $(cat fc.err)"
	[ "$(echo "$t1 - $t0 < 10" | bc)" = 1 ] || bad "full_disk: took $(echo "$t1 - $t0" | bc) s"
	diff -r full/r full_r_before > /dev/null || bad "full_disk: run changed earlier files"
	diff -r full/c full_c_before > /dev/null || bad "full_disk: compile changed earlier files"
	[ -z "$(temps full)" ] || bad "full_disk: temporaries left: $(temps full)"
	umount full
	echo "full_disk: exit 1, earlier files intact"
else
	echo "full_disk: skipped (cannot mount a tmpfs here)"
fi

# ---------------------------------------------------------------- stdout
"$S" compile "$B" -o so > /dev/full 2> so.err
rc=$?
[ $rc = 1 ] && grep -q 'cannot write the standard output: No space left on device' so.err ||
	bad "stdout: exit $rc: $(cat so.err)"
echo "stdout: a full standard output is an error"

# ----------------------------------------------------------- synth_space
if command -v "${SLUICE_YOSYS:-yosys}" > /dev/null; then
	mkdir sy
	"$S" synth "$B" --board ice40up5k -o "sy/syn with space" > sy.out 2>&1 ||
		bad "synth_space: $(tail -5 sy.out)"
	[ -s "sy/syn with space/synth.json" ] || bad "synth_space: no synth.json"
	[ "$(ls sy)" = "syn with space" ] || bad "synth_space: files outside -o: $(ls sy)"
	echo "synth_space: synthesized"
else
	echo "synth_space: skipped (no yosys)"
fi

[ $fail = 0 ] && echo "files: all cases passed"
exit $fail
