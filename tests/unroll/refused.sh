#!/bin/sh
# tests/unroll/refused.sh: a program whose lanes cannot each read one lane
# of an access is refused with a located error (docs/language.md, "Lanes").
#   refused.sh SLUICE PROG K LINE:COL TEXT
# `sluice compile PROG --unroll K` must exit 1 and print nothing on stdout,
# its stderr must hold "PROG:LINE:COL: error: " followed by TEXT somewhere
# on that line, then the source line and a caret, and no internal error.
set -u
[ $# -eq 5 ] || { echo "usage: $0 SLUICE PROG K LINE:COL TEXT" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
"$1" compile "$2" --unroll "$3" -o "$tmp/out" >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
fail=0
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, expected 1"; fail=1; }
[ ! -s "$tmp/stdout" ] || { echo "FAIL: stdout is not empty"; fail=1; }
[ ! -e "$tmp/out" ] || { echo "FAIL: wrote $tmp/out"; fail=1; }
grep -F -- "$2:$4: error: " "$tmp/stderr" | grep -qF -- "$5" ||
	{ echo "FAIL: no error at $4 with: $5"; fail=1; }
grep -q '^ *| *\^' "$tmp/stderr" || { echo "FAIL: no caret"; fail=1; }
! grep -q 'internal error' "$tmp/stderr" || { echo "FAIL: internal error"; fail=1; }
cat "$tmp/stderr"
exit $fail
