#!/bin/sh
# tests/fuzz/build_fuzzers.sh: build the libFuzzer targets with clang.
# Usage: tests/fuzz/build_fuzzers.sh [OUTDIR]   (default: build-fuzz/)
# The normal build uses gcc, which has no libFuzzer, so the C sources of
# ir/, frontend/ and sim/ are compiled here directly with clang under
# ASan + UBSan + libFuzzer coverage.  Produces OUTDIR/fuzz_frontend and
# OUTDIR/fuzz_npy.  Run them as in tests/fuzz/README.md.
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$src/build-fuzz}
cc=${CC_FUZZ:-clang}
mkdir -p "$out/obj"
out=$(cd "$out" && pwd)

cflags="-std=gnu11 -g -O1 -fno-omit-frame-pointer -I$src
 -DSLUICE_SOURCE_DIR=\"$src\" -DSLUICE_SANITIZE=1
 -fsanitize=address,undefined -fno-sanitize-recover=undefined
 -Wall -Wno-unused-parameter $(pkg-config --cflags isl libpng)"
libs="$(pkg-config --libs isl libpng) -lm"

objs=""
for f in "$src"/ir/*.c "$src"/frontend/*.c "$src"/sim/*.c; do
	o="$out/obj/$(basename "$(dirname "$f")")_$(basename "$f" .c).o"
	# shellcheck disable=SC2086
	$cc $cflags -fsanitize=fuzzer-no-link -c "$f" -o "$o"
	objs="$objs $o"
done

for t in fuzz_frontend fuzz_npy; do
	# shellcheck disable=SC2086
	$cc $cflags -fsanitize=fuzzer "$src/tests/fuzz/$t.c" $objs $libs -o "$out/$t"
	echo "built $out/$t"
done
