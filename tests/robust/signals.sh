#!/bin/bash
# tests/robust/signals.sh: a signal at every step of an output set's
# commit (issue 24, item 5; base/file.c "output sets").
#   signals.sh SLUICE SRCDIR WORKDIR
# D holds the outputs of `run brighten --seed 1` (the old set) plus a file
# and a subdirectory of the user's; `run --seed 2 -o D` (the new set) runs
# under strace, which delivers SIGINT, SIGTERM, SIGHUP or SIGKILL at the
# k-th rename, renameat, renameat2, link, linkat, mkdir, unlink or unlinkat
# (each counted apart, as strace counts them), for every call of a quiet
# run.
# After each, the three outputs in D must all be the old set's or all the
# new set's (checksums of two reference runs in separate directories),
# and the user's file untouched.  Then a compile into D (which recovers
# what a killed commit left) must leave the same set, the user's file and
# subdirectory, and no temporary in D or stage beside it.  Needs strace.
set -u
S=$1 SRC=$2 W=$3
B=$SRC/examples/brighten.sl
. "$SRC/tests/robust/common.sh"
if ! command -v strace > /dev/null; then
	echo "signals: FAIL: strace is not installed (scripts/install-deps.sh installs it)"
	exit 1
fi
CALLS=rename,renameat,renameat2,link,linkat,mkdir,unlink,unlinkat
OUTS="brighten.npy brighten.png in.in.npy"
"$S" run "$B" --seed 1 -o old > /dev/null || bad "reference run, seed 1"
"$S" run "$B" --seed 2 -o new > /dev/null || bad "reference run, seed 2"
for f in $OUTS; do
	cmp -s "old/$f" "new/$f" && bad "the two reference runs agree on $f: a mix would not show"
done
# "old", "new" or "mixed": which set the outputs in $1 are
which_set() {
	local o=0 n=0 f
	for f in $OUTS; do
		cmp -s "$1/$f" "old/$f" && o=$((o + 1))
		cmp -s "$1/$f" "new/$f" && n=$((n + 1))
	done
	[ $o = 3 ] && echo old && return
	[ $n = 3 ] && echo new && return
	echo "mixed (old $o, new $n of 3)"
}
fresh_d() {
	rm -rf D .D.tmp-*
	cp -r old D
	echo mine > D/keep.txt
	mkdir D/sub
	echo deep > D/sub/f
}
# the hidden entries in D, and the stages beside it
leftovers() { (cd D && ls -A | grep '^\.'); ls -A | grep '^\.D\.'; }

fresh_d
strace -f -qq -o quiet.trace -e trace=$CALLS "$S" run "$B" --seed 2 -o D > /dev/null ||
	bad "the quiet run under strace failed"
n=$(wc -l < quiet.trace)
[ "$(which_set D)" = new ] || bad "the quiet run left $(which_set D)"
grep -q 'renameat2(.*RENAME_EXCHANGE) = 0' quiet.trace || bad "the quiet run exchanged no directory"
# strace counts each system call apart: the k-th call of one name
points=$(sed 's/^[0-9]* *\([a-z0-9]*\)(.*/\1/' quiet.trace | sort | uniq -c | awk '{ print $2 ":" $1 }')
tally=
for sig in INT TERM HUP KILL; do
	olds=0 news=0
	for p in $points; do
		call=${p%:*}
		for k in $(seq "${p#*:}"); do
			fresh_d
			( strace -f -qq -o /dev/null -e trace=$call -e inject=$call:signal=SIG$sig:when=$k \
				"$S" run "$B" --seed 2 -o D > /dev/null 2> err.txt
			  echo $? > rc.txt ) 2> /dev/null	# (no "Killed" from the shell)
			rc=$(cat rc.txt)
			at="SIG$sig at $call #$k (exit $rc)"
			got=$(which_set D)
			case $got in
			old) olds=$((olds + 1)) ;;
			new) news=$((news + 1)) ;;
			*) bad "$at: D holds a $got set" ;;
			esac
			[ "$(cat D/keep.txt 2> /dev/null)" = mine ] || bad "$at: keep.txt lost"
			if [ $sig != KILL ] && [ -n "$(leftovers)" ]; then
				bad "$at: left $(leftovers | tr '\n' ' ')"
			fi
			"$S" compile "$B" -o D > /dev/null 2>> err.txt ||
				bad "$at: the next compile failed: $(cat err.txt)"
			[ "$(which_set D)" = "$got" ] || bad "$at: the next compile made it $(which_set D)"
			[ "$(cat D/sub/f 2> /dev/null)" = deep ] || bad "$at: D/sub/f lost after the next compile"
			[ -z "$(leftovers)" ] ||
				bad "$at: after the next compile, left $(leftovers | tr '\n' ' ')"
		done
	done
	tally="$tally SIG$sig: $olds old, $news new;"
done
echo "signals: $n calls in the quiet run;$tally"
[ $fail = 0 ] && echo "signals: all cases passed"
exit $fail
