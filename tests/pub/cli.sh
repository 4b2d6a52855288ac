#!/usr/bin/env bash
# tests/pub/cli.sh: `--memory pub` through the command line (docs/pub.md
# "Options" and "Configuration files", docs/pub_mapping.md).
#   cli.sh SLUICE
# Errors: a schedule the single SRAM port cannot serve and a field past
# the configuration width are located errors (exit 1, stderr equal to
# tests/pub/NAME.err, nothing written); tile options are usage errors
# without --memory pub or out of range (exit 2).  Files: pub.json,
# report.json and the $readmemh image of gaussian hold the counts derived
# by hand in tests/unit/t_pub.cpp; `sim --memory pub` prints them; the
# design's one configuration ROM (pub_rom.hex and the Verilog's) holds
# every tile's writes with its tile number, words past 64 bits too; the
# default tile (constant configuration, shared controllers) and the
# bus-configured one are costed as built.
# Regenerate the .err goldens with UPDATE_GOLDEN=1 and review the diff.
set -u
[ $# -eq 1 ] || { echo "usage: $0 SLUICE" >&2; exit 2; }
SLUICE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
GOLD=$ROOT/tests/pub
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$ROOT" || exit 1
fail=0

# bad NAME ARGS...: exit 1, stderr equal to NAME.err, no output directory.
bad() {
	local name=$1
	shift
	"$SLUICE" "$@" -o "$TMP/$name" >"$TMP/out" 2>"$TMP/err"
	local rc=$?
	if [ -n "${UPDATE_GOLDEN:-}" ]; then
		cp "$TMP/err" "$GOLD/$name.err"
	fi
	if [ $rc -ne 1 ] || ! cmp -s "$TMP/err" "$GOLD/$name.err" || [ -e "$TMP/$name" ]; then
		echo "FAIL $name: sluice $*: exit $rc (want 1), stderr:"
		cat "$TMP/err"
		diff "$GOLD/$name.err" "$TMP/err"
		fail=1
	else
		echo "ok   $name"
	fi
}

# usage TEXT ARGS...: exit 2 with TEXT on stderr.
usage() {
	local text=$1
	shift
	"$SLUICE" "$@" >"$TMP/out" 2>"$TMP/err"
	local rc=$?
	if [ $rc -ne 2 ] || ! grep -qF -- "$text" "$TMP/err"; then
		echo "FAIL sluice $*: exit $rc (want 2), stderr:"
		cat "$TMP/err"
		fail=1
	else
		echo "ok   sluice $* -> 2"
	fi
}

G=examples/gaussian.sl
# The fixed tile (the defaults before the parameters were fitted, and
# still --runtime-config's): the files below are worked out for it.
FIXED="--fetch 4 --pub-ports 2x2 --pub-levels 6 --pub-width 16 --pub-config rom"
bad collision_fetch2 compile $G --memory pub --fetch 2
bad width_cw7 compile $G --memory pub --fetch 4 --pub-width 7 --depth 64
bad depth16 sim $G --memory pub --fetch 4 --depth 16 --seed 1
# --runtime-config: a buffer kept native in a delay chain is sized by the image
bad runtime_native compile $G --memory pub --runtime-config --pub-buffers blur
usage "--runtime-max sizes the line buffers of native memory" \
	compile $G --memory pub --runtime-config --runtime-max W=64 -o "$TMP/u"
usage "--fetch takes a fetch width, a power of two from 1 to 64, not '3'" \
	compile $G --memory pub --fetch 3 -o "$TMP/u"
usage "--depth takes SRAM words per tile, a power of two" compile $G --memory pub --depth 500 -o "$TMP/u"
usage "configuration width CW 8 (--pub-width) is narrower than its SRAM address (9 bits for DEPTH 512, --depth)" \
	compile $G --memory pub --pub-width 8 -o "$TMP/u"
usage "--pub-ports takes INPUTSxOUTPUTS" compile $G --memory pub --pub-ports 2 -o "$TMP/u"
usage "they need --memory pub" compile $G --fetch 4 -o "$TMP/u"
usage "--memory takes native or pub, not 'spram'" compile $G --memory spram -o "$TMP/u"
# --frames 3: every controller walks the three frames (an outer level of
# period 4096), so each count is three times one frame's (the table of
# docs/pub.md, "Counts": 1,024 / 1,984 / 3,968 per output)
if "$SLUICE" sim $G --memory pub --frames 3 --seed 1 -o "$TMP/f3" >"$TMP/out" 2>"$TMP/err" &&
   grep -qF "pub in tile 0: 12288 aggregator writes, 3072 SRAM writes, 5952 SRAM reads, 23808 transpose-buffer reads (11904 + 11904)" "$TMP/out" &&
   grep -q "^model: 3 frames, .* equal to the reference" "$TMP/out"; then
	echo "ok   sim --memory pub --frames 3: three frames' counts"
else
	cat "$TMP/out" "$TMP/err"; echo "FAIL sim --memory pub --frames 3"; fail=1
fi
usage "'--fetch' is not an option of 'run'" run $G --fetch 4 --seed 1 -o "$TMP/u"

# The files of gaussian on the fixed tile (FW 4, 2x2 ports, 6 levels, CW 16).
if "$SLUICE" compile $G --memory pub $FIXED -o "$TMP/g" >/dev/null 2>"$TMP/err"; then
	python3 - "$TMP/g" <<'PY' || fail=1
import json, sys
d = sys.argv[1]
pub = json.load(open(d + "/pub.json"))
rep = json.load(open(d + "/report.json"))
ok = True
def check(what, got, want):
    global ok
    if got != want:
        print("FAIL %s: %r, want %r" % (what, got, want)); ok = False
bufs = {b["name"]: b for b in pub["buffers"]}
check("in memory", bufs["in"]["memory"], "pub")
check("blur memory", bufs["blur"]["memory"], "native")
t = bufs["in"]["tiles"][0]
for k, v in (("agg_writes", 4096), ("sram_writes", 1024), ("sram_reads", 1984),
             ("tb_reads", 7936), ("tb_reads_per_output", [3968, 3968])):
    check("pub.json " + k, t[k], v)
    check("report.json " + k, rep["memory_pub"]["tiles"][0][k], v)
check("config bits", rep["memory_pub"]["config_bits_per_tile"], 2008)
# the image: 6 enabled controllers x 21 registers + 2 ENABLE writes, then
# the all-ones word; each word (addr << 16) | data in 6 hex digits
lines = [l.strip() for l in open(d + "/pub_in_0.hex") if not l.startswith("//")]
check("hex writes", len(lines) - 1, 6 * 21 + 2)
check("hex end", lines[-1], "ffffff")
check("hex digits", set(len(l) for l in lines), {6})
w = {int(l, 16) >> 16: int(l, 16) & 0xffff for l in lines[:-1]}
# WR_0 is controller 2 (addresses 64..): ENABLE 1, SG_START 5, EXT_M1[0]
# 1023, SG_DELTA[0] 4 (docs/pub.md, the register map)
check("WR_0 regs", [w[64], w[65], w[67], w[67 + 6]], [1, 5, 1023, 4])
check("IN_1 disabled", w[32], 0)
# one tile: the ROM has no tile bits, its words are the tile's
rom = [l.strip() for l in open(d + "/pub_rom.hex") if not l.startswith("//")]
check("pub_rom.hex", rom, lines)
sys.exit(0 if ok else 1)
PY
	echo "ok   gaussian files"
else
	echo "FAIL compile $G --memory pub:"; cat "$TMP/err"; fail=1
fi
# The tile as built, costed by what it is (docs/pub_mapping.md "Constant
# configuration and shared controllers"): gaussian's default tile has
# constant configuration, RD_0 repeating RD_1 2 cycles later and OUT_0
# OUT_1 at once (pub.json "follows"), 386 flip-flops (derived by hand in
# tests/unit/t_pubcost.cpp StaticGaussianByHand, Yosys's count); with
# --pub-config rom the same tile is bus-configured, no controller shared,
# 869 flip-flops (the same test, by the formula of "Structure").
for cfg in static rom; do
	if "$SLUICE" compile $G --memory pub --pub-config $cfg -o "$TMP/c_$cfg" >/dev/null \
	   2>"$TMP/err"; then
		python3 - "$TMP/c_$cfg" "$cfg" <<'PY' || fail=1
import json, sys
d, cfg = sys.argv[1], sys.argv[2]
tile = json.load(open(d + "/pub.json"))["buffers"][0]["tiles"][0]
rep = json.load(open(d + "/report.json"))["memory_pub"]["tiles"][0]
follows = {c["name"]: (c["follows"], c["follow_delay"]) for c in tile["controllers"]
           if "follows" in c}
want = ("static", {"RD_0": (3, 2), "OUT_0": (5, 0)}, 386) if cfg == "static" \
    else ("bus", {}, 869)
got = (tile["config"], follows, rep["flops"])
if got != want or rep["config"] != want[0]:
    print("FAIL --pub-config %s: %r, want %r" % (cfg, got, want))
    sys.exit(1)
PY
		echo "ok   --pub-config $cfg: the tile costed as built"
	else
		echo "FAIL compile $G --memory pub --pub-config $cfg:"; cat "$TMP/err"; fail=1
	fi
done
# Words past 64 bits: at --pub-width 60 a write is CA 8 + 60 = 68 bits,
# 17 hex digits; WR_0's ENABLE (address 64, value 1) is 64 << 60 | 1,
# IN_1's (address 32, value 0) 32 << 60, in pub_in_0.hex, pub_rom.hex
# (one tile: the same words) and the Verilog's ROM.
if "$SLUICE" compile $G --memory pub $FIXED --pub-width 60 -o "$TMP/w60" >/dev/null 2>"$TMP/err"; then
	python3 - "$TMP/w60" <<'PY' || fail=1
import sys
d = sys.argv[1]
ok = True
want_wr, want_in1 = "%017x" % (64 << 60 | 1), "%017x" % (32 << 60)
for name in ("pub_in_0.hex", "pub_rom.hex"):
    w = [l.strip() for l in open(d + "/" + name) if not l.startswith("//")]
    if want_wr not in w or want_in1 not in w or w[-1] != "f" * 17:
        print("FAIL width 60 %s: %r" % (name, w[:25])); ok = False
v = open(d + "/sluice_gaussian.v").read()
if "pub_cfg = 68'h%s;" % want_wr not in v or "pub_cfg = 68'h%s;" % want_in1 not in v:
    print("FAIL width 60: the Verilog's ROM"); ok = False
print("ok   words past 64 bits" if ok else "FAIL words past 64 bits")
sys.exit(0 if ok else 1)
PY
else
	echo "FAIL compile $G --memory pub --pub-width 60:"; cat "$TMP/err"; fail=1
fi
# Reads in passes (docs/pub.md "Passes"): camera_pipeline's corrected(c,
# y, x) reads red(y, x) once per channel c, at delay 3968 c (62 rows of
# 64 cycles a channel, schedule.txt).  Pass 0 (delay 0) is below the FW 2
# tile's latency (2*2 - 1) + 5 = 8, so it reads the producer's stream and
# the tile serves passes 1 and 2 from delay 3968.  The 62 x 62 box is 62
# rows of 31 SRAM words: 1922 wide writes, 2 x 1922 = 3844 wide reads,
# 2 x 3844 = 7688 words out; all 1922 words stay live until pass 1.
C=tests/order/camera_pipeline.sl	# channel outermost (the example keeps red in a register)
CT="--memory pub --fetch 2 --depth 2048 --pub-ports 1x1 --pub-levels 3 --pub-width 16 --pub-config rom"
if "$SLUICE" compile $C $CT --pub-buffers red,green -o "$TMP/c" >/dev/null 2>"$TMP/err"; then
	python3 - "$TMP/c" <<'PY' || fail=1
import json, sys
pub = json.load(open(sys.argv[1] + "/pub.json"))
bufs = {b["name"]: b for b in pub["buffers"]}
ok = True
for name, memory in (("raw", "native"), ("red", "pub"), ("green", "pub"), ("blue", "native")):
    if bufs[name]["memory"] != memory:
        print("FAIL camera %s on %s, want %s" % (name, bufs[name]["memory"], memory)); ok = False
if "--pub-buffers" not in bufs["blue"]["why"]:
    print("FAIL camera blue why: %r" % bufs["blue"]["why"]); ok = False
t = bufs["red"]["tiles"][0]
want = {"output_delays": [3968], "output_passes": [2], "pass_periods": [3968],
        "agg_writes": 3844, "sram_writes": 1922, "sram_reads": 3844, "tb_reads": 7688,
        "sram_words": 1922}
for k, v in want.items():
    if t[k] != v:
        print("FAIL camera red %s: %r, want %r" % (k, t[k], v)); ok = False
print("ok   camera passes" if ok else "FAIL camera passes")
sys.exit(0 if ok else 1)
PY
else
	echo "FAIL compile $C $CT:"; cat "$TMP/err"; fail=1
fi
# One configuration ROM for the design (docs/pub.md "In the Verilog"):
# red's and green's tiles each have 4 enabled controllers (IN_0, WR_0,
# RD_0, OUT_0) of 3 x 3 + 3 = 12 registers, 48 writes, so the ROM holds
# 96 words of 1 tile bit + CA 6 (NC 4: 2 bits, 12 offsets: 4) + CW 16 =
# 23 bits (6 hex digits): tile 0 (red, first in pub.json) its 48 words
# as in pub_red_0.hex, then tile 1 (green) pub_green_0.hex's with bit 22
# set, and the all-ones word.  The Verilog has one ROM with these words,
# a loader counting to 96, and the tile bit raising red's cfg_we (0) or
# green's (1).
if [ -d "$TMP/c" ]; then
	python3 - "$TMP/c" <<'PY' || fail=1
import re, sys
d = sys.argv[1]
def words(name):
    return [l.strip() for l in open(d + "/" + name) if not l.startswith("//")]
ok = True
def check(what, got, want):
    global ok
    if got != want:
        print("FAIL camera rom %s: %r, want %r" % (what, got, want)); ok = False
rom, red, green = words("pub_rom.hex"), words("pub_red_0.hex"), words("pub_green_0.hex")
check("tile writes", (len(red) - 1, len(green) - 1), (48, 48))
want = ["%06x" % int(w, 16) for w in red[:-1]] + \
       ["%06x" % (1 << 22 | int(w, 16)) for w in green[:-1]] + ["7fffff"]
check("pub_rom.hex", rom, want)
v = open(d + "/sluice_camera_pipeline.v").read()
check("ROMs in the Verilog", v.count("rom_style"), 1)
case = re.findall(r"7'd(\d+): pub_cfg = 23'h([0-9a-f]+);", v)
check("ROM words", [(int(i), w) for i, w in case], list(enumerate(want[:-1])))
check("loader", "pub_cfg_i == 7'd96" in v, True)
for name, t in (("red", 0), ("green", 1)):
    check(name + " cfg_we", "wire %s_pub0_cfg_we = pub_cfg_we && pub_cfg[22:22] == 1'd%d;"
          % (name, t) in v, True)
print("ok   camera one ROM" if ok else "FAIL camera one ROM")
sys.exit(0 if ok else 1)
PY
fi
# harris at the defaults: five tiles, one a buffer (in, lxx, lyy, lxy,
# cim in pub.json's order), so ceil(log2 5) = 3 tile bits above CA 8 +
# CW 16: 27-bit words, 7 hex digits; tile t's words are its own file's
# with t << 24, the ROM's default all ones, and tile t's cfg_we compares
# bits 26..24 with t.
if "$SLUICE" compile examples/harris.sl --memory pub $FIXED -o "$TMP/h" >/dev/null 2>"$TMP/err"; then
	python3 - "$TMP/h" <<'PY' || fail=1
import json, sys
d = sys.argv[1]
bufs = [b["name"] for b in json.load(open(d + "/pub.json"))["buffers"] if b["memory"] == "pub"]
def words(name):
    return [l.strip() for l in open(d + "/" + name) if not l.startswith("//")]
want = []
for t, b in enumerate(bufs):
    want += ["%07x" % (t << 24 | int(w, 16)) for w in words("pub_%s_0.hex" % b)[:-1]]
v = open(d + "/sluice_harris.v").read()
ok = bufs == ["in", "lxx", "lyy", "lxy", "cim"] and words("pub_rom.hex") == want + ["7ffffff"]
ok = ok and v.count("rom_style") == 1 and ("pub_cfg_i == %d'd%d;" % (len(want).bit_length(), len(want))) in v
for t, b in enumerate(bufs):
    ok = ok and ("wire %s_pub0_cfg_we = pub_cfg_we && pub_cfg[26:24] == 3'd%d;" % (b, t)) in v
print("ok   harris one ROM of five tiles" if ok else "FAIL harris one ROM: %r" % bufs)
sys.exit(0 if ok else 1)
PY
else
	echo "FAIL compile harris --memory pub:"; cat "$TMP/err"; fail=1
fi
# At FW 1 the tile cannot take red: its last write (element (61, 61),
# ready at 133 + 61*64 + 61 = 4098) and pass 1's first reads meet on the
# single port (schedule.txt: red written at 131 + 64y + x + latency 2,
# read at 133 + 3968c + 64y + x).
"$SLUICE" compile $C --memory pub --fetch 1 --depth 4096 --pub-buffers red -o "$TMP/c1" \
	>/dev/null 2>"$TMP/err"
if [ $? -eq 1 ] && grep -qF "error: the push-memory tile of 'red' would access its single-port SRAM twice in cycle 4098" "$TMP/err" &&
   [ ! -e "$TMP/c1" ]; then
	echo "ok   camera fw1 collision"
else
	echo "FAIL camera fw1:"; cat "$TMP/err"; fail=1
fi
# At the default DEPTH 512 and FW 4 red's 62 rows of 16 words (992) need
# two tiles side by side: (512 - 4) / 16 = 31 rows a tile, so 2 tiles of
# 31 rows, each 31 x 16 = 496 wide writes, 2 passes x 496 = 992 wide
# reads and 2 x 31 x 62 = 3844 words out.  At DEPTH 256 a tile takes 15
# rows: 5 tiles, more than 4, and at --fetch 4 red stays native with the
# reason (the fitted fetch width takes FW 8, 8 words a row, 2 tiles).
if "$SLUICE" compile $C --memory pub -o "$TMP/c2" >/dev/null 2>"$TMP/err" &&
   "$SLUICE" compile $C --memory pub --depth 256 --fetch 4 -o "$TMP/c3" >/dev/null 2>>"$TMP/err"; then
	python3 - "$TMP/c2/pub.json" "$TMP/c3/pub.json" <<'PY' || fail=1
import json, sys
b = {b["name"]: b for b in json.load(open(sys.argv[1]))["buffers"]}
b3 = {b["name"]: b for b in json.load(open(sys.argv[2]))["buffers"]}
red = b["red"]
ok = red["memory"] == "pub" and red["chaining"] == "side by side" and len(red["tiles"]) == 2
for t in red["tiles"] if ok else []:
    got = (t["sram_writes"], t["sram_reads"], t["tb_reads"], t["output_passes"])
    ok = ok and got == (496, 992, 3844, [2])
ok = ok and b["raw"]["memory"] == "pub" and b["raw"]["chaining"] == "none"
ok = ok and b3["red"]["memory"] == "native" and "4 tiles side by side" in b3["red"]["why"]
print("ok   camera side by side" if ok else "FAIL camera side by side: %r / %r" % (red, b3["red"]))
sys.exit(0 if ok else 1)
PY
else
	echo "FAIL camera default depth:"; cat "$TMP/err"; fail=1
fi
"$SLUICE" compile $G --memory pub --pub-buffers in,nosuch -o "$TMP/pb" >"$TMP/out" 2>"$TMP/err"
if [ $? -eq 1 ] && grep -qF "error: --pub-buffers names 'nosuch', which is not a buffer of the program" "$TMP/err" &&
   [ ! -e "$TMP/pb" ]; then
	echo "ok   --pub-buffers unknown name"
else
	echo "FAIL --pub-buffers nosuch:"; cat "$TMP/err"; fail=1
fi
usage "--pub-buffers takes buffer names separated by commas, not 'in,,blur'" \
	compile $G --memory pub --pub-buffers in,,blur -o "$TMP/u"
usage "they need --memory pub" compile $G --pub-buffers in -o "$TMP/u"
# Without --memory pub: no pub files, no memory_pub in the report.
"$SLUICE" compile $G -o "$TMP/n" >/dev/null 2>&1
if [ -e "$TMP/n/pub.json" ] || grep -q memory_pub "$TMP/n/report.json"; then
	echo "FAIL native compile wrote the tile's files"; fail=1
fi
# sim runs the tile model and prints its counts.
if "$SLUICE" sim $G --memory pub --seed 1 -o "$TMP/s" >"$TMP/out" 2>"$TMP/err" &&
   grep -qF "pub in tile 0: 4096 aggregator writes, 1024 SRAM writes, 1984 SRAM reads, 7936 transpose-buffer reads (3968 + 3968)" "$TMP/out"; then
	echo "ok   sim counts"
else
	echo "FAIL sim --memory pub:"; cat "$TMP/out" "$TMP/err"; fail=1
fi
# The study: FW 2 is illegal by the port-rate rule, FW 4 holds the counts
# above and the dual-port baseline's columns; the board axes do not combine with --memory.
if "$SLUICE" study $G --memory native,pub --fetch 2,4 --depth 512 -o "$TMP/st" >"$TMP/out" 2>"$TMP/err"; then
	python3 - "$TMP/st/pub_study.json" <<'PY' || fail=1
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
want = [("native", "-", "yes"), ("pub", "2", "no"), ("pub", "4", "yes")]
got = [(r["memory"], r["fw"], r["legal"]) for r in rows]
# the dual-port buffer of the same ports: 512 x 4 words of 8 bits; the
# input and both outputs each stream a word a cycle while rows overlap,
# so 3 accesses in a cycle, more than its two ports
ok = got == want and "port-rate rule" in rows[1]["why"] and \
    (rows[2]["sram_writes"], rows[2]["sram_reads"], rows[2]["tiles"]) == ("1024", "1984", "1") and \
    (rows[2]["dualport_sram_bits"], rows[2]["dualport_peak_accesses"]) == ("16384", "3") and \
    rows[1]["dualport_area_um2"] == "-"
print("ok   study" if ok else "FAIL study: %r" % rows)
sys.exit(0 if ok else 1)
PY
else
	echo "FAIL study:"; cat "$TMP/err"; fail=1
fi
# A tile of 16 x 8 = 128 bits a word takes ceil(128 / 16) = 8 SPRAMs; the
# UP5K has 4: the fit check refuses it before Yosys, at in's declaration.
"$SLUICE" synth $G --board ice40up5k --memory pub --fetch 16 -o "$TMP/sy" >"$TMP/out" 2>"$TMP/err"
if [ $? -eq 1 ] && grep -qF "gaussian.sl:14:8: error: the design does not fit the ice40up5k" "$TMP/err" &&
   grep -qF "needs 8 of 4 SB_SPRAM256KA" "$TMP/err" &&
   grep -qF "8 SB_SPRAM256KA (on 1 push-memory tile)" "$TMP/err" && [ ! -e "$TMP/sy" ]; then
	echo "ok   synth --memory pub --fetch 16: does not fit (8 of 4 SPRAMs)"
else
	echo "FAIL synth --memory pub --fetch 16:"; cat "$TMP/err"; fail=1
fi
usage "does not wait for the tiles' configuration" synth $G --board ecp5-85f --memory pub \
	--check-netlist -o "$TMP/u"
# The ports axis: gaussian's 'in' has two tile outputs (delays 64 and
# 128), so 1x1 tiles take one each, two tiles in series; 2x2 takes both.
if "$SLUICE" study $G --memory pub --fetch 4 --depth 512 --pub-ports 1x1,2x2 -o "$TMP/sp" \
     >"$TMP/out" 2>"$TMP/err"; then
	python3 - "$TMP/sp/pub_study.json" <<'PY' || fail=1
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
got = [(r["ports"], r["legal"], r["tiles"]) for r in rows]
ok = got == [("1x1", "yes", "2"), ("2x2", "yes", "1")]
print("ok   study ports axis" if ok else "FAIL study ports axis: %r" % got)
sys.exit(0 if ok else 1)
PY
else
	echo "FAIL study --pub-ports 1x1,2x2:"; cat "$TMP/err"; fail=1
fi
"$SLUICE" study $G --memory pub --pub-ports 1x1,2y2 -o "$TMP/u" >"$TMP/out" 2>"$TMP/err"
if [ $? -eq 2 ] && grep -qF "error: --pub-ports takes up to" "$TMP/err"; then
	echo "ok   study --pub-ports 1x1,2y2 -> 2"
else
	echo "FAIL study --pub-ports 1x1,2y2:"; cat "$TMP/err"; fail=1
fi
usage "--pub-ports takes INPUTSxOUTPUTS" compile $G --memory pub --pub-ports 1x1,2x2 -o "$TMP/u"
usage "does not combine with --boards" study $G --memory pub --boards ice40up5k -o "$TMP/u"
usage "are axes of --memory native,pub" study $G --fetch 4 -o "$TMP/u"
# The defaults: gaussian's tile fitted (1x2 ports, 1 level, CW 12, EW 12:
# tests/golden/README.md) and its configuration constants of the instance
# (STATIC): no ROM and no pub_rom.hex; CFG holds pub_in_0.hex's data, each
# register 12 bits, controller c's 6 registers at bit 72 c; SHARE (a byte
# a controller, 0x80 | delay << 5 | source) worked out by hand from the
# controllers of tests/golden/compile/gaussian_pub/tiles.txt: OUT_0 (4)
# repeats OUT_1 (5), both from cycle 128 at slot 0, 0 cycles later: 0x85;
# RD_0 (2) repeats RD_1 (3), 126 - 124 = 2 cycles later (address 16
# against 0): 0xc3; the others none.
if "$SLUICE" compile $G --memory pub -o "$TMP/st" >/dev/null 2>"$TMP/err"; then
	python3 - "$TMP/st" <<'PY' || fail=1
import os, re, sys
d = sys.argv[1]
v = open(d + "/sluice_gaussian.v").read()
m = re.search(r"\.STATIC\(1\), \.CFG\((\d+)'h([0-9a-f]+)\), \.SHARE\(48'h([0-9a-f]+)\)", v)
words = [l.strip() for l in open(d + "/pub_in_0.hex") if not l.startswith("//")][:-1]
cfg = 0
for w in words:
    x = int(w, 16)
    addr, data = x >> 12, x & 0xfff
    cfg |= data << (12 * ((addr >> 3) * 6 + (addr & 7)))
ok = bool(m) and int(m.group(1)) == 6 * 6 * 12 and int(m.group(2), 16) == cfg
ok = ok and m.group(3) == "008500c30000" and not os.path.exists(d + "/pub_rom.hex")
ok = ok and "rom_style" not in v and "assign ready = !rst;" in v
print("ok   gaussian at the defaults: constant configuration, OUT_0 and RD_0 shared"
      if ok else "FAIL gaussian at the defaults: %r" % (m.groups() if m else None,))
sys.exit(0 if ok else 1)
PY
else
	echo "FAIL compile $G --memory pub:"; cat "$TMP/err"; fail=1
fi
usage "--pub-config takes static or rom" compile $G --memory pub --pub-config x -o "$TMP/u"
# Fitted widths (--pub-width fit): the fitted tile is the tile of those
# widths given explicitly (the same Verilog and pub.json, byte for byte),
# and one bit less of either width is refused (exit 1, or the usage error
# of a CW below the SRAM address).  gaussian's widths are derived by hand
# in tests/unit/t_pub.cpp (fit_widths).  The fetch width, ports and
# levels are fixed (the tile of those tests), the widths alone fitted.
FL="--fetch 4 --pub-ports 2x2 --pub-levels 6"
bad ext_width5 compile $G --memory pub --fetch 4 --pub-ports 2x2 --pub-levels 6 --pub-width 9 --pub-ext-width 5
for prog in gaussian harris camera_pipeline; do
	f=$TMP/fit_$prog
	P=examples/$prog.sl
	[ $prog = camera_pipeline ] && P=tests/order/$prog.sl	# channel outermost: planes on tiles
	if ! "$SLUICE" compile "$P" --memory pub $FL --pub-width fit -o "$f" \
	     >"$TMP/out" 2>"$TMP/err"; then
		echo "FAIL fit $prog:"; cat "$TMP/err"; fail=1; continue
	fi
	read -r cw ew < <(python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["tile"]; print(t["cw"], t["ew"])' "$f/pub.json")
	"$SLUICE" compile "$P" --memory pub $FL --pub-width "$cw" --pub-ext-width "$ew" \
		-o "$TMP/exact_$prog" >"$TMP/out" 2>"$TMP/err"
	if ! cmp -s "$f/sluice_$prog.v" "$TMP/exact_$prog/sluice_$prog.v" ||
	   ! cmp -s "$f/pub.json" "$TMP/exact_$prog/pub.json"; then
		echo "FAIL fit $prog: CW $cw EW $ew given is not the fitted tile"; cat "$TMP/err"; fail=1
	fi
	"$SLUICE" compile "$P" --memory pub $FL --pub-width $((cw - 1)) \
		--pub-ext-width "$((ew < cw - 1 ? ew : cw - 1))" -o "$TMP/narrow" >"$TMP/out" 2>"$TMP/err"
	rc_c=$?
	"$SLUICE" compile "$P" --memory pub $FL --pub-width "$cw" \
		--pub-ext-width $((ew - 1)) -o "$TMP/narrow" >"$TMP/out" 2>"$TMP/err2"
	rc_e=$?
	if [ $rc_c -eq 0 ] || [ $rc_e -ne 1 ] || [ -e "$TMP/narrow" ] ||
	   ! grep -qE "extent fields|loop levels" "$TMP/err2"; then
		echo "FAIL fit $prog: CW $cw - 1 exit $rc_c, EW $ew - 1 exit $rc_e:"; cat "$TMP/err" "$TMP/err2"
		fail=1
	else
		echo "ok   fit $prog: CW $cw, EW $ew; one bit less of either is refused"
	fi
done
usage "give --pub-width, --pub-ext-width and --pub-levels" compile $G --memory pub \
	--runtime-config --pub-width fit -o "$TMP/u"
usage "give --pub-width, --pub-ext-width and --pub-levels" compile $G --memory pub \
	--runtime-config --pub-levels fit -o "$TMP/u"
usage "--pub-levels takes a loop-level count from 1 to 16, or 'fit'" compile $G \
	--memory pub --pub-levels 0 -o "$TMP/u"
usage "extent width EW 17 (--pub-ext-width) is wider than its configuration width CW 16 (--pub-width)" compile $G --memory pub \
	--pub-width 16 --pub-ext-width 17 -o "$TMP/u"
usage "--pub-ext-width takes an extent width in bits from 2 to 62, or 'fit'" compile $G \
	--memory pub --pub-ext-width 1 -o "$TMP/u"
exit $fail
