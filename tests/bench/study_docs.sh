#!/bin/sh
# tests/bench/study_docs.sh: the configuration study of docs/study.md.
#   study_docs.sh SLUICE OUTDIR
# Runs `sluice study` on gaussian, harris and camera_pipeline (the 64x64
# examples) over every board and both schedules (circular buffers --ram
# auto), with the cycle-level model for measured cycles and place and
# route where the board has a flow (iCE40). Prints each table with its wall time; the files are
# OUTDIR/study_NAME/study.{csv,json}. Yosys runs one at a time.
set -u
sluice=${1:?usage: study_docs.sh SLUICE OUTDIR}
out=${2:?usage: study_docs.sh SLUICE OUTDIR}
here=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
for p in gaussian harris camera_pipeline; do
	t0=$(date +%s)
	"$sluice" study "$here/examples/$p.sl" --schedules stream,sequential \
		--sim --pnr -o "$out/study_$p" >"$out/study_$p.txt" \
		2>"$out/study_$p.log"
	rc=$?
	t1=$(date +%s)
	echo "## $p (exit $rc, $((t1 - t0)) s)"
	echo
	cat "$out/study_$p.txt"
	echo
done
