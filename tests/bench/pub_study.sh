#!/bin/sh
# tests/bench/pub_study.sh: the push-memory studies of docs/pub_study.md.
#   pub_study.sh SLUICE OUTDIR [STUDY OPTIONS...]
# Runs `sluice study PROG --memory native,pub --fetch 1,2,4,8 --depth
# 256,512,2048` (12 tile configurations and today's mapping) on gaussian,
# harris and camera_pipeline (the 64x64 examples); the options after
# OUTDIR go to every run (e.g. --pub-ports 2x2).  The files are
# OUTDIR/pub_study_NAME/pub_study.{csv,json}; on stdout, per program, the
# command and one Markdown table made from the JSON (a port-rate
# refusal shortened to its cycle and controllers): the tile against the
# dual-port buffer of the same ports under the same area and energy table
# (tile/cost.c).  Exit 1 when a run fails.
set -u
sluice=${1:?usage: pub_study.sh SLUICE OUTDIR [STUDY OPTIONS...]}
out=${2:?usage: pub_study.sh SLUICE OUTDIR [STUDY OPTIONS...]}
shift 2
here=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
rc=0
for p in gaussian harris camera_pipeline; do
	dir="$out/pub_study_$p"
	"$sluice" study "$here/examples/$p.sl" --memory native,pub --fetch 1,2,4,8 \
		--depth 256,512,2048 "$@" -o "$dir" >"$dir.txt" 2>"$dir.log" || {
		echo "pub_study.sh: sluice study failed on $p:" >&2
		cat "$dir.log" >&2
		rc=1
		continue
	}
	echo "### $p"
	echo
	echo "    sluice study examples/$p.sl --memory native,pub --fetch 1,2,4,8 --depth 256,512,2048${*:+ $*}"
	echo
	python3 - "$dir/pub_study.json" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
print("%s cycles (every row)." % format(d["predicted_cycles"], ","))
print()
heads = ["memory", "FW", "DEPTH", "ports", "legal", "tiles", "on tiles / native", "SRAM bits",
         "register bits", "SRAM writes / reads", "PUB area (um^2)", "dual-port area (um^2)",
         "PUB / dual-port area", "PUB energy (pJ)", "dual-port energy (pJ)",
         "PUB / dual-port energy", "dual-port peak accesses"]
print("| " + " | ".join(heads) + " |")
print("|" + "---|" * len(heads))
for r in d["rows"]:
    why = r["why"]
    m = re.search(r"twice in cycle (\d+) \((\w+ and \w+)\).*the port-rate rule", why)
    if m:  # the port-rate rule's message, shortened to its facts
        why = "port-rate rule, cycle %s (%s)" % m.groups()
    legal = "yes" if r["legal"] == "yes" else "no: " + why.replace("|", "/")
    if r["legal"] != "yes":
        cells = [r["memory"], r["fw"], r["depth"], r["ports"], legal] + [""] * (len(heads) - 5)
    else:
        cells = [r["memory"], r["fw"], r["depth"], r["ports"], legal, r["tiles"],
                 "%s / %s" % (r["buffers_on_tiles"], r["buffers_native"]), r["sram_bits"],
                 r["register_bits"],
                 "-" if r["sram_writes"] == "-" else "%s / %s" % (r["sram_writes"], r["sram_reads"]),
                 r["area_um2"], r["dualport_area_um2"], r["area_vs_dualport"], r["energy_pj"],
                 r["dualport_energy_pj"], r["energy_vs_dualport"], r["dualport_peak_accesses"]]
    print("| " + " | ".join(str(c) for c in cells) + " |")
print()
PY
done
exit $rc
