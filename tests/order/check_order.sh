#!/bin/sh
# tests/order/check_order.sh SLUICE ROOT DIR: the warning of a plane kept
# by the output order (docs/hardware.md, "A plane kept by the output
# order"), compile only.
#   - tests/order/camera_pipeline.sl (the example channel
#     outermost, as before) at 64x64: one warning each for red, green and blue, at
#     their declarations.  red(y, x) is over 62 x 62 = 3844 points, its
#     values means of u8s (8 bits: 30752 bits); corrected(c, y, x) runs
#     at raw's pace, 64 cycles a row, so one c is 62 * 64 = 3968 cycles.
#   - the same at 1080p with --board zu9eg: the warnings (1078 x 1918 =
#     2067604 values, 16540832 bits, 1078 * 1920 = 2069760 cycles apart)
#     come before the fit error, exit 1.
#   - examples/camera_pipeline.sl (channel innermost) at 1080p on the
#     zu9eg: no warning, fits, and its only block RAM is raw's two line
#     buffers, 1915 and 1916 words of 8 bits (two rows of 1920 less the
#     window's registers), each within one RAMB18E2 (2048 x 9): 0
#     RAMB36E2 and 2 RAMB18E2.
#   - examples/camera_pipeline.sl at 64x64, no board: predicted 12294
#     cycles.  corrected(y, x, c) and camera take 3 cycles an x (c
#     innermost), and raw, red, green and blue take them too (linked to
#     corrected's x, scheduler/schedule.c link_reads): raw at t = 192 Y +
#     3 X (64 x 3 a row); red's last read raw(y + 2, x + 2) is written
#     at 192 (y + 2) + 3 (x + 2) + 1 (raw's latency): red at 391 + 192 y
#     + 3 x; corrected reads red at its latency 2 later, 393, camera
#     corrected 2 later, 395; its last point (61, 61, 2) at 395 + 192 x 61
#     + 3 x 61 + 2 = 12292, written a cycle later (latency 1), plus one:
#     12294 (the latencies are schedule.txt's).  Ideal: camera's 62 x 62
#     x 3 = 11532 points.  (Channel outermost it was 12038: red at one x a
#     cycle, running ahead of corrected's passes by a plane.)
SLUICE=$1 ROOT=$2 DIR=$3
mkdir -p "$DIR"
fail=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fail=1; }
P=$ROOT/tests/order/camera_pipeline.sl
"$SLUICE" compile "$P" -o "$DIR/o64" > "$DIR/o64.log" 2>&1 || bad "64x64 compiles"
for b in red:28 green:31 blue:32; do
	n=${b%%:*} l=${b##*:}
	if grep -qF "order/camera_pipeline.sl:$l:8: warning: buffer '$n' holds 3844 values of 8 bits (30752 bits) at once: 'corrected' reads each of them 3 times, once per 'c', 3968 cycles apart; with 'c' innermost (write corrected(y, x, c), and the output 'camera' that it feeds in the same order) line buffers would do" "$DIR/o64.log"; then
		ok "64x64 warns for $n"
	else
		bad "64x64 warns for $n"
	fi
done
[ "$(grep -c 'warning:' "$DIR/o64.log")" = 3 ] && ok "64x64: three warnings" || bad "64x64: three warnings"
if "$SLUICE" compile "$P" -D W=1920 -D H=1080 --board zu9eg -o "$DIR/o1080" > "$DIR/o1080.log" 2>&1; then
	bad "1080p channel-outer is refused on the zu9eg"
else
	ok "1080p channel-outer is refused on the zu9eg"
fi
w=$(grep -n "warning: buffer 'red' holds 2067604 values of 8 bits (16540832 bits) at once: 'corrected' reads each of them 3 times, once per 'c', 2069760 cycles apart" "$DIR/o1080.log" | head -1 | cut -d: -f1)
e=$(grep -n "error: the design does not fit the zu9eg" "$DIR/o1080.log" | head -1 | cut -d: -f1)
[ -n "$w" ] && [ -n "$e" ] && [ "$w" -lt "$e" ] && ok "1080p: the warning before the fit error" \
	|| bad "1080p: the warning before the fit error"
E=$ROOT/examples/camera_pipeline.sl
if "$SLUICE" compile "$E" -D W=1920 -D H=1080 --board zu9eg -d R -o "$DIR/e1080" > "$DIR/e1080.log" 2>&1; then
	ok "1080p streaming order fits the zu9eg"
else
	bad "1080p streaming order fits the zu9eg"
fi
grep -q warning "$DIR/e1080.log" && bad "1080p streaming order: no warning" || ok "1080p streaming order: no warning"
grep -Eq '^total storage +[0-9]+ +0 +2 ' "$DIR/e1080.log" && ok "1080p: 0 RAMB36E2, 2 RAMB18E2" \
	|| bad "1080p: 0 RAMB36E2, 2 RAMB18E2"
"$SLUICE" compile "$E" -o "$DIR/e64" > "$DIR/e64.log" 2>&1 || bad "64x64 compiles"
grep -qx "predicted 12294 cycles, ideal 11532" "$DIR/e64.log" && ok "64x64: predicted 12294 cycles" \
	|| bad "64x64: predicted 12294 cycles"
grep -A2 "^func red$" "$DIR/e64/schedule.txt" | grep -q "^  t = 391 + 192\*y + 3\*x$" &&
	ok "64x64: red at 391 + 192 y + 3 x" || bad "64x64: red at 391 + 192 y + 3 x"
[ $fail = 0 ] || { cat "$DIR"/*.log; exit 1; }
