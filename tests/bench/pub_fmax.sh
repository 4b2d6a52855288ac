#!/usr/bin/env bash
# tests/bench/pub_fmax.sh: Fmax and cells of the push-memory tile (sl_pub,
# docs/pub.md "Synthesis") on the iCE40 UP5K: per tile configuration, Yosys
# synth_ice40 -spram (SPRAM = 1) and nextpnr-ice40 --up5k over a few seeds.
# Run by hand (minutes per configuration), never from make test.
#   pub_fmax.sh [--lib DIR] [--seeds "1 2 3"] [--freq MHz] [--out DIR]
#               [--markdown] ["W FW DEPTH NI NO LEVELS CW" ...]
# --lib: the library holding sl_pub*.v (default rtlgen/lib of this tree; give
# another tree's to measure before and after a change).  Without a
# configuration it measures the two UP5K tiles of docs/pub.md:
# "16 1 16384 1 1 4 16" and "16 2 2048 1 1 3 16".  The tile sits in a
# wrapper whose only pins are clk, din and dout: a shift register from din
# drives every input of the tile, dout is the parity of its outputs, so
# nothing is optimized away and no path starts or ends at a pin.  Columns:
# SB_SPRAM256KA, SB_RAM40_4K, SB_LUT4, the tile's flip-flops (every SB_DFF*
# but the wrapper's), SB_CARRY, logic cells (nextpnr's ICESTORM_LC, the
# wrapper's included: its flip-flops and the parity's LUT4s, under 100
# cells), Fmax per seed and their median (MHz).  Progress on stderr, the table on stdout.  Exit 0; 1 when a
# tool fails; 2 on usage.
set -u
usage() {
	echo "usage: $0 [--lib DIR] [--seeds \"1 2 3\"] [--freq MHz] [--out DIR]" \
		"[--markdown] [\"W FW DEPTH NI NO LEVELS CW\" ...]" >&2
	exit 2
}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
LIB=$ROOT/rtlgen/lib SEEDS="1 2 3" FREQ=48 OUT='' MD=''
CONFIGS=()
while [ $# -gt 0 ]; do
	case $1 in
	--lib) [ $# -ge 2 ] || usage; LIB=$(cd "$2" && pwd) || exit 2; shift 2 ;;
	--seeds) [ $# -ge 2 ] || usage; SEEDS=$2; shift 2 ;;
	--freq) [ $# -ge 2 ] || usage; FREQ=$2; shift 2 ;;
	--out) [ $# -ge 2 ] || usage; OUT=$2; shift 2 ;;
	--markdown) MD=1; shift ;;
	-*) usage ;;
	*) CONFIGS+=("$1"); shift ;;
	esac
done
[ ${#CONFIGS[@]} -gt 0 ] || CONFIGS=("16 1 16384 1 1 4 16" "16 2 2048 1 1 3 16")
for cfg in "${CONFIGS[@]}"; do
	echo "$cfg" | grep -Eq '^ *[0-9]+( +[0-9]+){6} *$' ||
		{ echo "pub_fmax.sh: configuration '$cfg' is not 7 numbers" >&2; exit 2; }
done
for t in yosys nextpnr-ice40; do
	command -v $t >/dev/null || { echo "pub_fmax.sh: $t not found" >&2; exit 1; }
done
if [ -z "$OUT" ]; then
	OUT=$(mktemp -d)
	trap 'rm -rf "$OUT"' EXIT
fi
mkdir -p "$OUT" || exit 1

# wrapper W FW DEPTH NI NO LEVELS CW: the Verilog of pub_fmax_top.
wrapper() {
	cat <<EOF
module pub_fmax_top (input clk, input din, output reg dout);
  localparam W = $1, FW = $2, DEPTH = $3, NI = $4, NO = $5, LEVELS = $6, CW = $7;
  localparam NC = 2 * (NI + NO);
  localparam CA = (NC > 1 ? \$clog2(NC) : 1) + \$clog2(3 * LEVELS + 3);
  localparam N = 4 + CA + CW + NI * W + NO + NO * W;
  reg [N-1:0] sh;
  wire [NI-1:0] in_en;
  wire [NO-1:0] out_valid;
  wire [NO*W-1:0] out_data;
  wire busy;
  always @(posedge clk) begin
    sh <= {sh[N-2:0], din};
    dout <= ^{in_en, out_valid, out_data, busy};
  end
  sl_pub #(.W(W), .FW(FW), .DEPTH(DEPTH), .NI(NI), .NO(NO), .LEVELS(LEVELS),
           .CW(CW), .SPRAM(1))
    u (.clk(clk), .rst(sh[0]), .clk_en(sh[1]), .flush(sh[2]), .cfg_we(sh[3]),
       .cfg_addr(sh[4 +: CA]), .cfg_data(sh[4 + CA +: CW]),
       .in_data(sh[4 + CA + CW +: NI * W]), .in_en(in_en),
       .out_valid(out_valid), .out_data(out_data),
       .chain_valid(sh[4 + CA + CW + NI * W +: NO]),
       .chain_data(sh[4 + CA + CW + NI * W + NO +: NO * W]), .busy(busy));
endmodule
EOF
}

# count LOG CELL: the number of CELL in Yosys' last stat of LOG (0 if none).
count() {
	awk -v c="$2" '$1 == c { n = $2 } END { print n + 0 }' "$1"
}

clog2() {
	local b=0
	while [ $((1 << b)) -lt "$1" ]; do b=$((b + 1)); done
	echo $b
}

median() {
	tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 }
		END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2];
		      else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

if [ -n "$MD" ]; then
	echo "| W FW DEPTH NI NO LEVELS CW | SPRAM | RAM4K | SB_LUT4 | flip-flops | SB_CARRY | logic cells | Fmax per seed (MHz) | median |"
	echo "|---|---|---|---|---|---|---|---|---|"
else
	printf '%-22s %5s %5s %7s %6s %6s %11s  %-22s %s\n' config SPRAM RAM4K LUT4 FF CARRY "cells" "Fmax/seed" median
fi
status=0
for cfg in "${CONFIGS[@]}"; do
	# shellcheck disable=SC2086
	set -- $cfg
	dir=$OUT/$(echo "$cfg" | tr ' ' '_')
	mkdir -p "$dir"
	wrapper "$@" >"$dir/top.v"
	echo "pub_fmax.sh: $cfg: yosys" >&2
	if ! yosys -q -l "$dir/yosys.log" -p "read_verilog $LIB/sl_pub.v $LIB/sl_pub_ctrl.v $LIB/sl_pub_follow.v \
	     $LIB/sl_pub_sram.v $dir/top.v; synth_ice40 -spram -top pub_fmax_top \
	     -json $dir/top.json; stat" >/dev/null 2>&1; then
		echo "pub_fmax.sh: $cfg: yosys failed ($dir/yosys.log)" >&2; status=1; continue
	fi
	# the wrapper's flip-flops: its shift register and dout
	nc=$((2 * ($4 + $5)))
	ca=$(($(clog2 $nc) + $(clog2 $((3 * $6 + 3)))))
	wff=$((4 + ca + $7 + $4 * $1 + $5 + $5 * $1 + 1))
	ff=$(awk -v w=$wff '$1 ~ /^SB_DFF/ { n[$1] = $2 } END { for (c in n) s += n[c]; print s - w }' "$dir/yosys.log")
	fmaxes='' cells=-
	for s in $SEEDS; do
		echo "pub_fmax.sh: $cfg: nextpnr seed $s" >&2
		if ! nextpnr-ice40 --up5k --package sg48 --json "$dir/top.json" \
		     --pcf-allow-unconstrained --timing-allow-fail --freq "$FREQ" \
		     --seed "$s" >"$dir/pnr_$s.log" 2>&1; then
			echo "pub_fmax.sh: $cfg: nextpnr failed ($dir/pnr_$s.log)" >&2; status=1; continue
		fi
		f=$(grep "Max frequency for clock" "$dir/pnr_$s.log" | tail -1 |
			sed 's/.*: \([0-9.]*\) MHz.*/\1/')
		cells=$(grep -m1 "ICESTORM_LC:" "$dir/pnr_$s.log" | sed 's/.*ICESTORM_LC: *\([0-9]*\).*/\1/')
		fmaxes="$fmaxes $f"
	done
	med=$(echo "$fmaxes" | median)
	row=("$cfg" "$(count "$dir/yosys.log" SB_SPRAM256KA)" "$(count "$dir/yosys.log" SB_RAM40_4K)"
		"$(count "$dir/yosys.log" SB_LUT4)" "$ff" "$(count "$dir/yosys.log" SB_CARRY)" "$cells")
	if [ -n "$MD" ]; then
		echo "| ${row[0]} | ${row[1]} | ${row[2]} | ${row[3]} | ${row[4]} | ${row[5]} | ${row[6]} |$fmaxes | $med |"
	else
		printf '%-22s %5s %5s %7s %6s %6s %11s  %-22s %s\n' "${row[@]}" "${fmaxes# }" "$med"
	fi
done
exit $status
