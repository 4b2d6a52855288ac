#!/bin/sh
# tests/cref/cache.sh SLUICE SRCDIR: the compiled reference's cache
# (ref/cref.c).  A first run builds the entry, a second finds it (the same
# generated source, the same key); a truncated kernel.so, a garbage stamp,
# a kernel.c that is not the program's and an entry writable by others are
# rebuilt; the root made private; no compiler and a failing compiler give
# an error without a location, exit 1, and leave no entry or temporary;
# --engine values outside their command are usage errors (exit 2).
# The default engine (auto): brighten at 512x512 (262,144 points, the
# threshold) is compiled, at 512x511 interpreted (no entry); gaussian at
# 600x600 is compiled, and with no compiler or a failing one it is a note,
# exit 0, and the interpreter's files, byte for byte.
set -u
sluice=$1
src=$2
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
export SLUICE_CACHE_DIR="$work/cache"
prog="$src/examples/gaussian.sl"
fail=0
bad() { echo "FAIL: $*"; fail=1; }
entries() { find "$SLUICE_CACHE_DIR/cref" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | wc -l; }
run_c() { "$sluice" run "$prog" --seed 3 --engine c -o "$work/$1" >/dev/null 2>"$work/$1.err"; }

"$sluice" run "$prog" --seed 3 --engine interp -o "$work/interp" >/dev/null || bad "the interpreter failed"
"$sluice" run "$prog" --seed 3 -o "$work/auto64" >/dev/null 2>"$work/auto64.err" || bad "the default engine failed"
[ "$(entries)" = 0 ] || bad "the default engine compiled gaussian at 64x64"
[ -s "$work/auto64.err" ] && bad "the default engine at 64x64 printed: $(cat "$work/auto64.err")"
cmp -s "$work/interp/gaussian.npy" "$work/auto64/gaussian.npy" || bad "default and interpreted outputs differ"
run_c c1 || bad "first --engine c run failed: $(cat "$work/c1.err")"
cmp -s "$work/interp/gaussian.npy" "$work/c1/gaussian.npy" || bad "compiled and interpreted outputs differ"
[ "$(entries)" = 1 ] || bad "expected one cache entry after the first run, got $(entries)"
entry=$(find "$SLUICE_CACHE_DIR/cref" -mindepth 1 -maxdepth 1 -type d)
[ "$(stat -c %a "$SLUICE_CACHE_DIR")" = 700 ] || bad "cache root not 0700"
[ "$(stat -c %a "$SLUICE_CACHE_DIR/cref")" = 700 ] || bad "cref/ not 0700"
so_time=$(stat -c %Y.%i "$entry/kernel.so")
sleep 1
run_c c2 || bad "second run failed"
[ "$(stat -c %Y.%i "$entry/kernel.so")" = "$so_time" ] || bad "the second run rebuilt a whole entry"
[ "$(entries)" = 1 ] || bad "the second run made another entry (source not deterministic?)"

check_rebuilt() {	# what was broken
	run_c "$1" || bad "run after $1 failed: $(cat "$work/$1.err")"
	cmp -s "$work/interp/gaussian.npy" "$work/$1/gaussian.npy" || bad "$1: outputs differ"
	[ "$(entries)" = 1 ] || bad "$1: $(entries) entries"
	grep -q "sluice-cref-stamp-1" "$entry/stamp" || bad "$1: no stamp after the rebuild"
	[ "$(stat -c %a "$entry")" = 700 ] || bad "$1: the rebuilt entry is not 0700"
}
: > "$entry/kernel.so.part"; head -c 100 "$entry/kernel.so" > "$entry/kernel.so.part"
mv "$entry/kernel.so.part" "$entry/kernel.so"
check_rebuilt truncated_so
echo garbage > "$entry/stamp"
check_rebuilt garbage_stamp
echo "int x;" >> "$entry/kernel.c"
check_rebuilt other_source
chmod 777 "$entry"
check_rebuilt writable_entry
chmod 755 "$SLUICE_CACHE_DIR"
run_c private_root || bad "run with a 0755 root failed"
[ "$(stat -c %a "$SLUICE_CACHE_DIR")" = 700 ] || bad "the root was not made private again"

# No compiler, a failing compiler: an error without a location, exit 1, no entry.
rm -rf "$SLUICE_CACHE_DIR"
SLUICE_CC=sluice-no-such-cc "$sluice" run "$prog" --seed 3 --engine c -o "$work/nocc" >/dev/null 2>"$work/nocc.err"
[ $? = 1 ] || bad "no compiler: exit status not 1"
grep -q "^sluice: error: the compiled reference (--engine c) needs a C compiler" "$work/nocc.err" \
	|| bad "no compiler: message: $(cat "$work/nocc.err")"
[ "$(entries)" = 0 ] || bad "no compiler: an entry was left"
printf '#!/bin/sh\necho "cc: error: out of paper" >&2\nexit 3\n' > "$work/badcc"
chmod +x "$work/badcc"
SLUICE_CC="$work/badcc" "$sluice" run "$prog" --seed 3 --engine c -o "$work/badcc_out" >/dev/null 2>"$work/badcc.err"
[ $? = 1 ] || bad "failing compiler: exit status not 1"
grep -q "failed on the compiled reference" "$work/badcc.err" || bad "failing compiler: message: $(cat "$work/badcc.err")"
grep -q "out of paper" "$work/badcc.err" || bad "failing compiler: its output is not shown"
grep -q "Sanitizer\|runtime error" "$work/badcc.err" && bad "failing compiler: sanitizer report"
[ "$(entries)" = 0 ] || bad "failing compiler: an entry or temporary was left: $(ls -a "$SLUICE_CACHE_DIR/cref")"
[ -e "$work/badcc_out/gaussian.npy" ] && bad "failing compiler: an output was written"

# The default engine: compiled from 262,144 points of funcs, with a note
# and the interpreter when it cannot be.
bri="$src/examples/brighten.sl"
"$sluice" run "$bri" -D W=512 -D H=511 --seed 3 -o "$work/b511" >/dev/null 2>"$work/b511.err" \
	|| bad "brighten 512x511 failed"
[ "$(entries)" = 0 ] || bad "brighten at 512x511 (261,632 points) was compiled"
"$sluice" run "$bri" -D W=512 -D H=512 --seed 3 -o "$work/b512" >/dev/null 2>"$work/b512.err" \
	|| bad "brighten 512x512 failed"
[ "$(entries)" = 1 ] || bad "brighten at 512x512 (262,144 points) was not compiled"
big="-D W=600 -D H=600"
"$sluice" run "$prog" $big --seed 3 --engine interp -o "$work/big_i" >/dev/null || bad "interp 600x600 failed"
"$sluice" run "$prog" $big --seed 3 -o "$work/big_auto" >/dev/null 2>"$work/big_auto.err" \
	|| bad "default 600x600 failed: $(cat "$work/big_auto.err")"
[ "$(entries)" = 2 ] || bad "gaussian at 600x600 was not compiled by default"
same_files() {	# DIR: every file equal to big_i's, the same names
	[ "$(ls "$work/big_i")" = "$(ls "$work/$1")" ] || bad "$1: other files: $(ls "$work/$1")"
	for f in $(ls "$work/big_i"); do
		cmp -s "$work/big_i/$f" "$work/$1/$f" || bad "$1: $f differs from the interpreter's"
	done
}
same_files big_auto
rm -rf "$SLUICE_CACHE_DIR"
SLUICE_CC=sluice-no-such-cc "$sluice" run "$prog" $big --seed 3 -o "$work/big_nocc" >/dev/null \
	2>"$work/big_nocc.err" || bad "default, no compiler: failed: $(cat "$work/big_nocc.err")"
grep -q "^sluice: note: the compiled reference is not available (.*needs a C compiler.*); the interpreter computes the same values" \
	"$work/big_nocc.err" || bad "default, no compiler: note: $(cat "$work/big_nocc.err")"
same_files big_nocc
SLUICE_CC="$work/badcc" "$sluice" run "$prog" $big --seed 3 -o "$work/big_badcc" >/dev/null \
	2>"$work/big_badcc.err" || bad "default, failing compiler: failed"
grep -q "^sluice: note: the compiled reference is not available (the C compiler .* failed" \
	"$work/big_badcc.err" || bad "default, failing compiler: note: $(cat "$work/big_badcc.err")"
same_files big_badcc
[ "$(entries)" = 0 ] || bad "default, failing compiler: an entry was left"

# --engine belongs to its command.
"$sluice" run "$prog" --seed 3 --engine verilator -o "$work/u1" >/dev/null 2>&1
[ $? = 2 ] || bad "run --engine verilator is not a usage error"
"$sluice" sim "$prog" --seed 3 --engine c -o "$work/u2" >/dev/null 2>&1
[ $? = 2 ] || bad "sim --engine c is not a usage error"
SLUICE_REF=bogus "$sluice" run "$prog" --seed 3 -o "$work/u3" >/dev/null 2>&1
[ $? = 1 ] || bad "SLUICE_REF=bogus is not an error"
[ $fail = 0 ] && echo "cref cache: all checks passed"
exit $fail
