#!/bin/bash
# tests/robust/cache.sh: the Verilator build cache and the testbench, after
# the reproducers of the reliability audit (D1, D6, D10, D14, D21, D23).
#   cache.sh SLUICE SRCDIR WORKDIR
# Every run uses brighten.sl and a cache of its own under WORKDIR:
#   no_home      HOME, XDG_CACHE_HOME and SLUICE_CACHE_DIR unset: exit 1,
#                "HOME is unset", nothing built; HOME empty: "HOME is empty"
#   foreign      (root only) a cache root owned by another user, holding a
#                planted obj/tb: exit 1 "belongs to another user", the
#                planted file never runs (its marker file stays absent)
#   no_verilator SLUICE_VERILATOR names no program: exit 1 with the hint,
#                no TOP-HASH.tmp-PID left
#   concurrent   3 runs (seeds 1-3) of the uncached design at once: all
#                exit 0 with the reference's outputs, exactly one builds
#                ("verilated in"), the others wait and say "cached"; the
#                cache and its entry are mode 700
#   planted      obj/tb replaced by a script that writes a marker: "looks
#                broken", rebuilt, the marker absent, outputs right
#   signal       obj/tb a script that dies by SIGSEGV, its stamp matching:
#                exit 1 "the cached build at DIR looks broken (the
#                testbench died by signal 11)"
#   garbage_stamp  the stamp replaced by text that is no stamp: "looks
#                broken (its stamp is garbage, ...)", rebuilt, right
#   vcd_path     --vcd into a missing directory: exit 1 before any build
#   vcd_full     --vcd /dev/full: exit 1 "No space left on device" in
#                under 10 s (the traced build made beforehand)
#   space        SLUICE_CACHE_DIR with a space: built (in a private
#                directory make can take) and right
#   long_name    a 244-character program name (module sluice_NAME, past
#                Verilator's 127): built under a short alias and right
set -u
S=$1 SRC=$2 W=$3
B=$SRC/examples/brighten.sl
. "$SRC/tests/robust/common.sh"
export SLUICE_CACHE_DIR=$W/cache
for s in 1 2 3; do
	"$S" run "$B" --seed $s -o ref/s$s > /dev/null || bad "reference seed $s"
done

# --------------------------------------------------------------- no_home
env -u HOME -u XDG_CACHE_HOME -u SLUICE_CACHE_DIR "$S" sim "$B" --engine verilator --seed 1 \
	-o nohome > nohome.out 2>&1
rc=$?
[ $rc = 1 ] && grep -q 'HOME is unset; set SLUICE_CACHE_DIR' nohome.out ||
	bad "no_home: exit $rc: $(cat nohome.out)"
! grep -q 'verilated in' nohome.out || bad "no_home: it built"
env -u XDG_CACHE_HOME -u SLUICE_CACHE_DIR HOME= "$S" sim "$B" --engine verilator --seed 1 \
	-o nohome > nohome.out 2>&1
rc=$?
[ $rc = 1 ] && grep -q 'HOME is empty; set SLUICE_CACHE_DIR' nohome.out ||
	bad "no_home: HOME empty: exit $rc: $(cat nohome.out)"
echo "no_home: refused"

# --------------------------------------------------------------- foreign
if [ "$(id -u)" = 0 ]; then
	F=$W/foreign/verilator/sluice_brighten-0000000000000000
	mkdir -p "$F/obj"
	printf '#!/bin/sh\nid > %s/PLANTED_RAN\n' "$W" > "$F/obj/tb"
	chmod 755 "$F/obj/tb"
	chown -R 65534:65534 "$W/foreign"
	SLUICE_CACHE_DIR=$W/foreign "$S" sim "$B" --engine verilator --seed 1 -o fo > fo.out 2>&1
	rc=$?
	[ $rc = 1 ] && grep -q "the cache directory '$W/foreign' belongs to another user" fo.out ||
		bad "foreign: exit $rc: $(cat fo.out)"
	[ ! -e PLANTED_RAN ] || bad "foreign: the planted testbench ran"
	echo "foreign: refused"
else
	echo "foreign: skipped (needs root to give a directory away)"
fi

# ---------------------------------------------------------- no_verilator
SLUICE_VERILATOR=$W/no/such/verilator "$S" sim "$B" --engine verilator --seed 1 -o nv \
	> nv.out 2>&1
rc=$?
[ $rc = 1 ] && grep -q "cannot run '$W/no/such/verilator': No such file or directory (is Verilator installed? set SLUICE_VERILATOR)" nv.out ||
	bad "no_verilator: exit $rc: $(cat nv.out)"
[ -z "$(ls -d cache/verilator/*.tmp-* 2> /dev/null)" ] || bad "no_verilator: a .tmp-PID is left"
echo "no_verilator: hint given"

# ------------------------------------------------------------ concurrent
pids=
for s in 1 2 3; do
	"$S" sim "$B" --engine verilator --seed $s -o con$s > con$s.out 2>&1 &
	pids="$pids $!"
done
i=0
for p in $pids; do
	i=$((i + 1))
	wait "$p" || bad "concurrent: run $i failed: $(cat con$i.out)"
done
built=$(grep -l 'build: verilated in' con?.out | wc -l)
cached=$(grep -l '^  build: cached$' con?.out | wc -l)
[ "$built" = 1 ] && [ "$cached" = 2 ] || bad "concurrent: $built built, $cached cached (want 1 and 2)"
for s in 1 2 3; do
	cmp -s con$s/brighten.npy ref/s$s/brighten.npy || bad "concurrent: seed $s output differs"
done
E=$(ls -d "$W"/cache/verilator/sluice_brighten-* | grep -v '\.lock$')
[ "$(echo "$E" | wc -l)" = 1 ] || bad "concurrent: entries: $E"
for d in cache cache/verilator "$E" "$E/obj"; do
	[ "$(stat -c %a "$d")" = 700 ] || bad "concurrent: $d has mode $(stat -c %a "$d")"
done
echo "concurrent: 1 build, 2 cached"

# --------------------------------------------------------------- planted
cp "$E/obj/tb" good_tb
cp "$E/stamp" good_stamp
printf '#!/bin/sh\nid > %s/PLANTED_RAN\n' "$W" > "$E/obj/tb"
"$S" sim "$B" --engine verilator --seed 1 -o pl > pl.out 2>&1 || bad "planted: $(cat pl.out)"
grep -q "the cached build at $W/cache/verilator/sluice_brighten-.* looks broken (its testbench does not match its stamp); rebuilding it" pl.out ||
	bad "planted: no note: $(cat pl.out)"
grep -q 'build: verilated in' pl.out || bad "planted: not rebuilt"
[ ! -e PLANTED_RAN ] || bad "planted: the planted testbench ran"
cmp -s pl/brighten.npy ref/s1/brighten.npy || bad "planted: output differs"
[ -z "$(ls -d cache/verilator/*.tmp-* 2> /dev/null)" ] || bad "planted: the stale entry is left"
echo "planted: rebuilt, never run"

# ---------------------------------------------------------------- signal
cp "$E/obj/tb" good_tb
cp "$E/stamp" good_stamp
printf '#!/bin/sh\nkill -SEGV $$\n' > "$E/obj/tb"
python3 - "$E/obj/tb" "$E/stamp" <<'EOF'
import sys
data = open(sys.argv[1], 'rb').read()
h = 0xcbf29ce484222325
for b in data:
    h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
open(sys.argv[2], 'w').write('sluice-vl-stamp-1 %d %016x\n' % (len(data), h))
EOF
"$S" sim "$B" --engine verilator --seed 1 -o sg > sg.out 2>&1
rc=$?
[ $rc = 1 ] && grep -q "the cached build at $E looks broken (the testbench died by signal 11)" sg.out ||
	bad "signal: exit $rc: $(cat sg.out)"
cp good_tb "$E/obj/tb"
cp good_stamp "$E/stamp"
"$S" sim "$B" --engine verilator --seed 1 -o sg2 > sg2.out 2>&1 && grep -q '^  build: cached$' sg2.out ||
	bad "signal: the restored build is not used: $(cat sg2.out)"
echo "signal: named the broken build"

# ---------------------------------------------------------- garbage_stamp
echo 'not a stamp' > "$E/stamp"
"$S" sim "$B" --engine verilator --seed 1 -o gs > gs.out 2>&1 || bad "garbage_stamp: $(cat gs.out)"
grep -q "the cached build at $E looks broken (its stamp is garbage, not 'sluice-vl-stamp-1 SIZE HASH'); rebuilding it" gs.out ||
	bad "garbage_stamp: no note: $(cat gs.out)"
grep -q 'build: verilated in' gs.out || bad "garbage_stamp: not rebuilt"
cmp -s gs/brighten.npy ref/s1/brighten.npy || bad "garbage_stamp: output differs"
echo "garbage_stamp: named, rebuilt"

# -------------------------------------------------------------- vcd_path
"$S" sim "$B" --engine verilator --seed 1 -o vp --vcd "$W/nodir/w.vcd" > vp.out 2>&1
rc=$?
[ $rc = 1 ] && grep -q "cannot write the waveform '$W/nodir/w.vcd': No such file or directory" vp.out ||
	bad "vcd_path: exit $rc: $(cat vp.out)"
! grep -q 'verilated' vp.out || bad "vcd_path: built before failing"
echo "vcd_path: refused before the build"

# -------------------------------------------------------------- vcd_full
"$S" sim "$B" --engine verilator --seed 1 -o vf --vcd "$W/w.vcd" > vf0.out 2>&1 ||
	bad "vcd_full: the traced run: $(cat vf0.out)"
[ "$(grep -c '^#' w.vcd)" = 4000 ] || bad "vcd_full: w.vcd has $(grep -c '^#' w.vcd) timestamps"
t0=$(date +%s.%N)
timeout 60 "$S" sim "$B" --engine verilator --seed 1 -o vf --vcd /dev/full > vf.out 2>&1
rc=$?
t1=$(date +%s.%N)
[ $rc = 1 ] && grep -q "tb: cannot write the waveform '/dev/full': No space left on device" vf.out &&
	grep -q "error: cannot write the waveform '/dev/full'" vf.out || bad "vcd_full: exit $rc: $(cat vf.out)"
[ "$(echo "$t1 - $t0 < 10" | bc)" = 1 ] || bad "vcd_full: took $(echo "$t1 - $t0" | bc) s"
echo "vcd_full: exit 1"

# ----------------------------------------------------------------- space
SLUICE_CACHE_DIR="$W/cache with space" "$S" sim "$B" --engine verilator --seed 2 -o sp \
	> sp.out 2>&1 || bad "space: $(cat sp.out)"
cmp -s sp/brighten.npy ref/s2/brighten.npy || bad "space: output differs"
echo "space: built"

# ------------------------------------------------------------- long_name
q244=$(printf 'q%.0s' $(seq 244))
cp "$B" "$q244.sl"
"$S" sim "$q244.sl" --engine verilator --seed 3 -o ln > ln.out 2>&1 || bad "long_name: $(tail -3 ln.out)"
cmp -s ln/brighten.npy ref/s3/brighten.npy || bad "long_name: output differs"
echo "long_name: built and right"

[ $fail = 0 ] && echo "cache: all cases passed"
exit $fail
