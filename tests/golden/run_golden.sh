#!/usr/bin/env bash
# tests/golden/run_golden.sh: golden tests of `sluice compile` output.
#   run_golden.sh SLUICE [--update] [NAME...]
# For each case tests/golden/compile/NAME/ (all of them when no NAME is
# given): run `SLUICE compile program.sl [ARGS] -o TMP` in that directory,
# where ARGS are the words of the optional file `args`, and compare each
# dump (schedule.txt, buffers.txt) byte for byte with the golden file of
# that name; then run `SLUICE compile program.sl [ARGS] -d PLSBR` and compare
# its stage dumps the same way: program.txt (-dP, the checked program),
# lowered.txt (-dL), with --memory pub tiles.txt (-dT) and, when ARGS name
# a board, resources.txt (-dR); the
# -dS and -dB sections must equal schedule.txt and buffers.txt.  A dump that the compiler writes but that has no golden file
# yet is a failure too (run with --update and review it).
# --update (or UPDATE_GOLDEN=1) rewrites the golden files instead; review
# their diff before committing.  Exit 0 when every case matches.
set -u

usage() { echo "usage: $0 SLUICE [--update] [NAME...]" >&2; exit 2; }
[ $# -ge 1 ] || usage
SLUICE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
[ -x "$SLUICE" ] || { echo "$0: '$SLUICE' is not executable" >&2; exit 2; }
UPDATE=${UPDATE_GOLDEN:-0}
NAMES=()
for a in "$@"; do
	case "$a" in
	--update) UPDATE=1 ;;
	-*) usage ;;
	*) NAMES+=("$a") ;;
	esac
done

HERE=$(cd "$(dirname "$0")" && pwd)
DUMPS="schedule.txt buffers.txt program.txt lowered.txt tiles.txt resources.txt"
if [ ${#NAMES[@]} -eq 0 ]; then
	for d in "$HERE"/compile/*/; do NAMES+=("$(basename "$d")"); done
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

fail=0
for name in "${NAMES[@]}"; do
	dir="$HERE/compile/$name"
	[ -f "$dir/program.sl" ] || { echo "FAIL $name: no $dir/program.sl"; fail=1; continue; }
	args=()
	[ -f "$dir/args" ] && read -r -a args < "$dir/args"
	out="$TMP/$name"
	if ! (cd "$dir" && "$SLUICE" compile program.sl "${args[@]}" -o "$out" > "$TMP/$name.log" 2>&1); then
		echo "FAIL $name: sluice compile failed:"
		cat "$TMP/$name.log"
		fail=1
		continue
	fi
	# The -d sections, each into its file (a section runs from its
	# "==== NAME: what (-dX)" line to the line before the next one; the
	# dumps come before anything else compile prints).
	if ! (cd "$dir" && "$SLUICE" compile program.sl "${args[@]}" -d PLSBTR -o "$out/d" \
		> "$TMP/$name.dumps" 2>>"$TMP/$name.log"); then
		echo "FAIL $name: sluice compile -d PLSBTR failed:"
		cat "$TMP/$name.log"
		fail=1
		continue
	fi
	awk -v out="$out" '
		/^==== .*\(-dP\)$/ { f = out "/program.txt"; next }
		/^==== .*\(-dL\)$/ { f = out "/lowered.txt"; next }
		/^==== .*\(-dR\)$/ { f = out "/resources.txt"; next }
		/^==== .*\(-dT\)$/ { f = out "/tiles.txt"; next }
		/^==== .*\(-dS\)$/ { f = out "/dump_S.txt"; next }
		/^==== .*\(-dB\)$/ { f = out "/dump_B.txt"; next }
		/^wrote / { f = "" }
		f != "" { print > f }' "$TMP/$name.dumps"
	grep -q -- '--board' "$dir/args" 2>/dev/null || rm -f "$out/resources.txt"
	for pair in S:schedule.txt B:buffers.txt; do
		# the section ends with one blank line after the dump
		if ! printf '\n' | cat "$out/${pair%%:*}" - 2>/dev/null | cmp -s - "$out/dump_${pair%%:*}.txt" &&
		   ! (cat "$out/${pair#*:}"; echo) | cmp -s - "$out/dump_${pair%%:*}.txt"; then
			echo "FAIL $name: the -d${pair%%:*} dump differs from ${pair#*:}"
			fail=1
		fi
	done
	for f in $DUMPS; do
		if [ "$UPDATE" = 1 ]; then
			if [ -f "$out/$f" ]; then
				cp "$out/$f" "$dir/$f"
				echo "updated $name/$f"
			fi
		elif [ -f "$dir/$f" ]; then
			if [ ! -f "$out/$f" ]; then
				echo "FAIL $name: sluice wrote no $f"
				fail=1
			elif ! cmp -s "$dir/$f" "$out/$f"; then
				echo "FAIL $name: $f differs from the golden file:"
				diff -u "$dir/$f" "$out/$f" | head -40
				fail=1
			else
				echo "ok   $name/$f"
			fi
		elif [ -f "$out/$f" ]; then
			echo "FAIL $name: $f has no golden file (run with --update and review it)"
			fail=1
		fi
	done
done
exit $fail
