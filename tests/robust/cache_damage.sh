#!/bin/bash
# tests/robust/cache_damage.sh: every damage of the audit's D10 table to a
# cached build heals in the next run.
#   cache_damage.sh SLUICE SRCDIR WORKDIR
# brighten.sl is built once in a fresh cache; then, one at a time, its
# obj/tb is truncated to half, has 2,000 bytes flipped, is emptied, is
# deleted, loses its execute bit, or the stamp is deleted.  Each following
# run must exit 0 with the reference's output, say "looks broken" and
# rebuild ("verilated in"), and leave no .tmp-PID; a run after it is
# "cached".  Six builds: label slow.
set -u
S=$1 SRC=$2 W=$3
B=$SRC/examples/brighten.sl
. "$SRC/tests/robust/common.sh"
export SLUICE_CACHE_DIR=$W/cache
"$S" run "$B" --seed 1 -o ref > /dev/null || bad "reference"
"$S" sim "$B" --engine verilator --seed 1 -o first > first.out 2>&1 || bad "first build: $(cat first.out)"
E=$(ls -d "$W"/cache/verilator/sluice_brighten-* | grep -v '\.lock$')
tb=$E/obj/tb
for damage in truncate flip empty delete noexec nostamp; do
	case $damage in
	truncate) truncate -s $(( $(stat -c %s "$tb") / 2 )) "$tb" ;;
	flip) python3 - "$tb" <<'EOF'
import sys
p = sys.argv[1]
b = bytearray(open(p, 'rb').read())
for i in range(4096, 6096):
    b[i] ^= 0xff
open(p, 'wb').write(b)
EOF
		;;
	empty) : > "$tb" ;;
	delete) rm "$tb" ;;
	noexec) chmod -x "$tb" ;;
	nostamp) rm "$E/stamp" ;;
	esac
	"$S" sim "$B" --engine verilator --seed 1 -o $damage > $damage.out 2>&1 ||
		bad "$damage: $(tail -5 $damage.out)"
	grep -q "the cached build at $E looks broken" $damage.out || bad "$damage: no note"
	[ $damage != nostamp ] || grep -q "looks broken (no stamp)" $damage.out ||
		bad "nostamp: the note does not say 'no stamp'"
	grep -q 'build: verilated in' $damage.out || bad "$damage: not rebuilt"
	cmp -s $damage/brighten.npy ref/brighten.npy || bad "$damage: output differs"
	[ -z "$(ls -d cache/verilator/*.tmp-* 2> /dev/null)" ] || bad "$damage: a .tmp-PID is left"
	"$S" sim "$B" --engine verilator --seed 1 -o again > again.out 2>&1 &&
		grep -q '^  build: cached$' again.out || bad "$damage: the rebuilt entry is not used"
	echo "$damage: healed"
done
[ $fail = 0 ] && echo "cache_damage: all cases passed"
exit $fail
