#!/usr/bin/env bash
# tests/bench/limits_bench.sh: how sluice scales with program size and how
# it refuses data too large for memory: wall time, peak RSS and exit code
# per case, for one or more sluice binaries side by side (e.g. a build of
# main and build/driver/sluice).
#   limits_bench.sh [LABEL=]SLUICE... [--cases a,b] [--timeout S] [--vmem KB] [--keep DIR]
# The cases (generated in a temporary directory):
#   chain2k, chain5k, chain20k  compile of a chain of N funcs, each over 10 lines
#                               (20,000 funcs: 200,004 lines)
#   chain20k_check              check of the 20,000-func chain
#   flat20k                     check of 20,000 funcs each reading `in`
#   line10m                     check of 10 MB of funcs on one line
#   at10m                       check of a 10 MB line of '@' (50 lexical errors)
#   huge_in                     run with `in : u8[1000000][1000000]` and --seed 1
#   huge_pgm                    run with a 24-byte PGM claiming 10^6 x 10^6
#   zero_prog                   check /dev/zero
#   sum2p31                     sim of sum(r in 0..2147483647) over 4 points
# Each run is under `timeout S` (default 300) and `ulimit -v KB` (default
# 4194304, 4 GiB); "timeout" or "signal N" replaces the exit code when the
# run did not finish.  CPU time (user + system) is the figure to compare on
# a loaded machine; wall time shows what a user waits.  Prints a Markdown table on stdout; progress on
# stderr.  Needs bash, coreutils, GNU time (/usr/bin/time) and python3.
set -u
usage() {
	echo "usage: $0 [LABEL=]SLUICE... [--cases a,b] [--timeout S] [--vmem KB] [--keep DIR]" >&2
	exit 2
}
BINS=() LABELS=() CASES= TIMEOUT=300 VMEM=4194304 KEEP=
while [ $# -gt 0 ]; do
	case $1 in
	--cases) [ $# -ge 2 ] || usage; CASES=$2; shift 2 ;;
	--timeout) [ $# -ge 2 ] || usage; TIMEOUT=$2; shift 2 ;;
	--vmem) [ $# -ge 2 ] || usage; VMEM=$2; shift 2 ;;
	--keep) [ $# -ge 2 ] || usage; KEEP=$2; shift 2 ;;
	-*) usage ;;
	*=*) LABELS+=("${1%%=*}"); set -- "${1#*=}" "${@:2}" ;&
	*) [ -x "$1" ] || { echo "$0: '$1' is not executable" >&2; exit 2; }
	   [ ${#LABELS[@]} -gt ${#BINS[@]} ] || LABELS+=("$(basename "$1")")
	   BINS+=("$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"); shift ;;
	esac
done
[ ${#BINS[@]} -ge 1 ] || usage
[ -x /usr/bin/time ] || { echo "$0: needs GNU time (/usr/bin/time)" >&2; exit 2; }
ALL=chain2k,chain5k,chain20k,chain20k_check,flat20k,line10m,at10m,huge_in,huge_pgm,zero_prog,sum2p31
CASES=${CASES:-$ALL}
if [ -n "$KEEP" ]; then
	W=$KEEP
	mkdir -p "$W"
else
	W=$(mktemp -d "${TMPDIR:-/tmp}/sluice_limits.XXXXXX")
	trap 'rm -rf "$W"' EXIT
fi

python3 - "$W" <<'PY'
import sys
w = sys.argv[1]

def chain(n, path):
    with open(path, 'w') as f:
        f.write('input in : u8[4][5];\n')
        for i in range(n):
            src = 'in' if i == 0 else 'h%d' % (i - 1)
            f.write('# stage %d of the chain\n' % i)
            f.write('func h%d(y, x)\n' % i)
            f.write('    : u8\n')
            f.write('    =\n')
            f.write('    %s(\n' % src)
            f.write('        y,\n')
            f.write('        x)\n')
            f.write('    +\n')
            f.write('    1;\n')
            f.write('\n')
        f.write('output h%d[4][5];\n' % (n - 1))

for n in (2000, 5000, 20000):
    chain(n, '%s/chain%dk.sl' % (w, n // 1000))
with open(w + '/flat20k.sl', 'w') as f:
    f.write('input in : u8[4][5];\n')
    for i in range(20000):
        f.write('func h%d(y, x) : u8 = in(y, x);\n' % i)
    f.write('output h0[4][5];\n')
with open(w + '/line10m.sl', 'w') as f:
    parts, size, i = [], 0, 0
    parts.append('input in : u8[4][5]; ')
    while size < 10 * 1024 * 1024:
        s = 'func h%d(y, x) : u8 = in(y, x); ' % i
        parts.append(s)
        size += len(s)
        i += 1
    parts.append('output h0[4][5];\n')
    f.write(''.join(parts))
with open(w + '/at10m.sl', 'w') as f:
    f.write('@' * 10485760 + '\n')
with open(w + '/huge.sl', 'w') as f:
    f.write('input in : u8[1000000][1000000];\nfunc f(y, x) : u8 = in(y, x);\n'
            'output f[4][5];\n')
with open(w + '/huge.pgm', 'wb') as f:
    f.write(b'P5\n1000000 1000000\n255\nabc')
with open(w + '/sum.sl', 'w') as f:
    f.write('input in : u8[4];\nfunc f(x) : u64 = sum(r in 0..2147483647) u64(in(x));\n'
            'output f[4];\n')
PY

# The command line of case $1 for binary $2, in the work directory.
case_cmd() {
	case $1 in
	chain2k | chain5k | chain20k) echo "$2 compile $1.sl -o out/$1" ;;
	chain20k_check) echo "$2 check chain20k.sl" ;;
	flat20k) echo "$2 check flat20k.sl" ;;
	line10m) echo "$2 check line10m.sl" ;;
	at10m) echo "$2 check at10m.sl" ;;
	huge_in) echo "$2 run huge.sl --seed 1 -o out/huge" ;;
	huge_pgm) echo "$2 run huge.sl --input in=huge.pgm -o out/huge" ;;
	zero_prog) echo "$2 check /dev/zero" ;;
	sum2p31) echo "$2 sim sum.sl --seed 1 -o out/sum" ;;
	*) echo "$0: unknown case '$1'" >&2; exit 2 ;;
	esac
}

printf '| case |'
for l in "${LABELS[@]}"; do printf ' %s: wall s | CPU s | peak RSS MB | exit | stderr KB |' "$l"; done
printf '\n|---|'
for b in "${BINS[@]}"; do printf -- '---:|---:|---:|---:|---:|'; done
printf '\n'
IFS=, read -ra LIST <<<"$CASES"
for c in "${LIST[@]}"; do
	printf '| %s |' "$c"
	for b in "${BINS[@]}"; do
		cmd=$(case_cmd "$c" "$b") || exit 2
		echo "limits_bench: $c: $cmd" >&2
		(cd "$W" && ulimit -v "$VMEM" && /usr/bin/time -f '%e %U %S %M %x' -o "$W/time.txt" \
			timeout "$TIMEOUT" $cmd >/dev/null 2>"$W/stderr.txt")
		read -r secs usr sys kb status < <(tail -n 1 "$W/time.txt")
		cpu=$(awk -v u="$usr" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
		sig=$(sed -n 's/^Command terminated by signal \([0-9]*\)$/\1/p' "$W/time.txt")
		[ -n "$sig" ] && status="signal $sig"
		[ "$status" = 124 ] && status=timeout
		errkb=$(( $(stat -c %s "$W/stderr.txt") / 1024 ))
		printf ' %s | %s | %d | %s | %d |' "$secs" "$cpu" $((kb / 1024)) "$status" "$errkb"
	done
	printf '\n'
done
