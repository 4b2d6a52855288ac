#!/usr/bin/env bash
# tests/golden/check_runs.sh: the delay-chain layout of a golden
# buffers.txt is the one the Verilog has.
#   check_runs.sh SLUICE NAME
#   check_runs.sh --files BUFFERS.txt VERILOG.v
# Compiles tests/golden/compile/NAME/program.sl (with its `args`) and
# checks, buffer by buffer, that the golden buffers.txt line (or, with
# --files, the line of any buffers.txt against its Verilog)
#   chain N: registers 0-2, 63-66; sram 3-62, 67-126 as one 60x16 fifo
# names exactly the registers the Verilog declares (`reg [..] X_posP;`) and,
# per SRAM group, the runs of its comment (`// positions 3..62, 67..126 in
# SRAM, side by side`) and the shape of the sl_fifo_seg after it (DEPTH x
# W).  A buffer of a pack of several (ubuffer/ubuffer.c) says
#   sram 3-60, 65-122 as bits 64-127 of one 58x192 fifo
# and its Verilog section `// positions 3..60, 65..122 in SRAM: bits
# 64..127 of lxx_seg3`, the sl_fifo_seg lxx_seg3 in the section of the
# pack's last member.  Both sides are reduced to lines "BUFFER registers
# RANGES" and "BUFFER sram RANGES DEPTHxW" (packs: "BUFFER sram RANGES bits
# LO-HI of DEPTHxW"), sorted, and compared.  Exit 0 when equal.
set -u

usage() { echo "usage: $0 SLUICE NAME | --files BUFFERS.txt VERILOG.v" >&2; exit 2; }
[ $# -eq 2 ] || [ $# -eq 3 ] || usage
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
if [ "$1" = --files ]; then
	[ $# -eq 3 ] || usage
	name=$2 buffers=$2 verilog=$3
else
	[ $# -eq 2 ] || usage
	SLUICE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
	HERE=$(cd "$(dirname "$0")" && pwd)
	name=$2 dir="$HERE/compile/$2" buffers="$HERE/compile/$2/buffers.txt"
	[ -f "$buffers" ] || { echo "FAIL $name: no golden $buffers"; exit 1; }
	args=()
	[ -f "$dir/args" ] && read -r -a args < "$dir/args"
	if ! (cd "$dir" && "$SLUICE" compile program.sl "${args[@]}" -o "$TMP/out" > "$TMP/log" 2>&1); then
		echo "FAIL $name: sluice compile failed:"
		cat "$TMP/log"
		exit 1
	fi
	verilog=$(ls "$TMP"/out/sluice_*.v)
fi

# buffers.txt: one line per "registers" part and per "sram" part.
awk '
/^buffer / { name = $2; sub(/:$/, "", name) }
/^  chain [0-9]+: / {
	line = $0
	sub(/^  chain [0-9]+: /, "", line)
	n = split(line, part, "; ")
	for (i = 1; i <= n; i++) {
		p = part[i]
		if (p ~ /^registers /) {
			sub(/^registers /, "", p)
			gsub(/ /, "", p)
			print name " registers " p
		} else if (match(p, /^sram (.*) as bits [0-9]+-[0-9]+ of one [0-9]+x[0-9]+ fifo$/)) {
			runs = p
			sub(/^sram /, "", runs)
			sub(/ as .*$/, "", runs)
			gsub(/ /, "", runs)
			bits = p
			sub(/^.* as bits /, "", bits)
			sub(/ of .*$/, "", bits)
			shape = p
			sub(/ fifo$/, "", shape)
			sub(/^.* /, "", shape)
			print name " sram " runs " bits " bits " of " shape
		} else if (match(p, /^sram (.*) as (one|a) ([0-9]+x[0-9]+) fifo$/)) {
			runs = p
			sub(/^sram /, "", runs)
			sub(/ as .*$/, "", runs)
			gsub(/ /, "", runs)
			shape = p
			sub(/ fifo$/, "", shape)
			sub(/^.* /, "", shape)
			print name " sram " runs " " shape
		} else
			print name " unparsed: " p
	}
}' "$buffers" | sort > "$TMP/dump"

# The Verilog: per "// buffer 'NAME'" section (up to its blank line), the
# register positions as ranges and each SRAM comment with its fifo.
awk '
function flush(   out, i, lo) {
	if (name == "" || nregs == 0) return
	out = ""
	for (i = 1; i <= nregs; i++) {
		if (i == 1 || reg[i] != reg[i - 1] + 1) lo = reg[i]
		if (i == nregs || reg[i + 1] != reg[i] + 1)
			out = out (out == "" ? "" : ",") (lo == reg[i] ? lo : lo "-" reg[i])
	}
	print name " registers " out
}
/^    \/\/ buffer '\''/ {
	name = $0
	sub(/^[^'\'']*'\''/, "", name)
	sub(/'\''.*$/, "", name)
	nregs = 0
	next
}
name != "" && /^$/ { flush(); name = ""; next }
name != "" && /^    reg \[[0-9]+:0\] [A-Za-z0-9_]+_pos[0-9]+;$/ {
	p = $0
	sub(/^.*_pos/, "", p)
	sub(/;$/, "", p)
	reg[++nregs] = p + 0
}
name != "" && /^    \/\/ positions .* in SRAM: bits [0-9]+\.\.[0-9]+ of [A-Za-z0-9_]+$/ {
	p = $0
	sub(/^    \/\/ positions /, "", p)
	r = p; sub(/ in SRAM.*$/, "", r); gsub(/\.\./, "-", r); gsub(/ /, "", r)
	b = p; sub(/^.* in SRAM: bits /, "", b); sub(/ of .*$/, "", b); sub(/\.\./, "-", b)
	inst = p; sub(/^.* of /, "", inst)
	member[++nmember] = name " sram " r " bits " b " of "
	member_inst[nmember] = inst
	next
}
name != "" && /^    \/\/ positions .* in SRAM, side by side \(a pack\)$/ { packfifo = 1; next }
name != "" && /^    \/\/ positions / {
	runs = $0
	sub(/^    \/\/ positions /, "", runs)
	sub(/ in SRAM.*$/, "", runs)
	gsub(/\.\./, "-", runs)
	gsub(/ /, "", runs)
}
name != "" && /sl_fifo_seg #\(\.W\([0-9]+\), \.DEPTH\([0-9]+\)\)/ {
	w = $0; sub(/^.*\.W\(/, "", w); sub(/\).*$/, "", w)
	d = $0; sub(/^.*\.DEPTH\(/, "", d); sub(/\).*$/, "", d)
	i = $0; sub(/^.*\)\) /, "", i); sub(/ .*$/, "", i)
	shape[i] = d "x" w
	if (!packfifo)
		print name " sram " runs " " d "x" w
	packfifo = 0
}
END {
	for (k = 1; k <= nmember; k++)
		print member[k] (member_inst[k] in shape ? shape[member_inst[k]] : "no-fifo-" member_inst[k])
}' "$verilog" | sort > "$TMP/verilog"

# Every delay chain of buffers.txt has its layout line.
chains=$(grep -cE '^  storage (registers|delay_chain)$' "$buffers")
if [ "$(grep -c ' registers ' "$TMP/dump")" != "$chains" ]; then
	echo "FAIL $name: buffers.txt has $chains delay chains but not a layout line for each"
	exit 1
fi
if ! diff -u "$TMP/verilog" "$TMP/dump" > "$TMP/diff"; then
	echo "FAIL $name: buffers.txt (+) does not describe the layout of the Verilog (-):"
	cat "$TMP/diff"
	exit 1
fi
echo "ok   $name: $chains delay chains, $(wc -l < "$TMP/dump") layout parts of buffers.txt match the Verilog"
