#!/bin/sh
# tests/fuzz/build_fuzzers.sh: build the libFuzzer targets with clang.
# Usage: tests/fuzz/build_fuzzers.sh [OUTDIR]   (default: build-fuzz/)
# The normal build uses gcc, which has no libFuzzer, so the C sources of
# the modules the targets reach (ir/, io/, frontend/, ref/) are compiled
# here directly with clang under ASan + UBSan + libFuzzer coverage, one
# static archive per module.  Produces OUTDIR/fuzz_frontend and
# OUTDIR/fuzz_npy.  Run them as in tests/fuzz/README.md.  FUZZ_CFLAGS adds
# flags, e.g. FUZZ_CFLAGS=-fno-sanitize=nonnull-attribute to fuzz past a
# known, reported crasher until it is fixed.
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$src/build-fuzz}
cc=${CC_FUZZ:-clang}
mkdir -p "$out/obj"
out=$(cd "$out" && pwd)

cflags="-std=gnu11 -g -O1 -fno-omit-frame-pointer -I$src
 -DSLUICE_SOURCE_DIR=\"$src\" -DSLUICE_SANITIZE=1
 -fsanitize=address,undefined -fno-sanitize-recover=undefined
 -Wall -Wno-unused-parameter ${FUZZ_CFLAGS:-} $(pkg-config --cflags isl libpng)"
libs="$(pkg-config --libs isl libpng) -lm"

# Modules in reverse flow order, as the linker wants the archives.
archives=""
for m in ref frontend io ir; do
	[ -d "$src/$m" ] || continue
	objs=""
	for f in "$src/$m"/*.c; do
		[ -e "$f" ] || continue
		o="$out/obj/${m}_$(basename "$f" .c).o"
		# shellcheck disable=SC2086
		$cc $cflags -fsanitize=fuzzer-no-link -c "$f" -o "$o"
		objs="$objs $o"
	done
	[ -n "$objs" ] || continue
	rm -f "$out/obj/lib$m.a"
	# shellcheck disable=SC2086
	ar rcs "$out/obj/lib$m.a" $objs
	archives="$archives $out/obj/lib$m.a"
done

for t in fuzz_frontend fuzz_npy; do
	# shellcheck disable=SC2086
	$cc $cflags -fsanitize=fuzzer "$src/tests/fuzz/$t.c" $archives $libs -o "$out/$t"
	echo "built $out/$t"
done
