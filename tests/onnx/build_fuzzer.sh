#!/bin/sh
# tests/onnx/build_fuzzer.sh GEN OUTDIR: build the libFuzzer target of the
# ONNX importer (tests/onnx/fuzz_onnx.c) with clang under ASan + UBSan.
# GEN is the build's onnx/gen directory (the protoc-c output: onnx/
# onnx.pb-c.{c,h}); the C sources of base/, ir/, io/ and onnx/ are compiled here
# directly, as tests/fuzz/build_fuzzers.sh does for the front end.
# Produces OUTDIR/fuzz_onnx.  Run:
#   OUTDIR/fuzz_onnx -max_len=65536 -timeout=10 -max_total_time=600 WORK \
#       /usr/share/libonnx-testdata/data/node/test_qlinearconv ...
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
gen=$1
out=$2
cc=${CC_FUZZ:-clang}
mkdir -p "$out/obj"
cflags="-std=gnu11 -g -O1 -fno-omit-frame-pointer -I$src -I$gen -DSLUICE_SANITIZE=1
 -fsanitize=address,undefined -fno-sanitize-recover=undefined -Wall -Wno-unused-parameter
 $(pkg-config --cflags libpng libprotobuf-c)"
objs=""
for f in "$src"/base/*.c "$src"/ir/*.c "$src"/io/*.c "$src"/onnx/*.c "$gen"/onnx/onnx.pb-c.c; do
	o="$out/obj/$(basename "$(dirname "$f")")_$(basename "$f" .c).o"
	# shellcheck disable=SC2086
	$cc $cflags -w -fsanitize=fuzzer-no-link -c "$f" -o "$o"
	objs="$objs $o"
done
# shellcheck disable=SC2086
$cc $cflags -fsanitize=fuzzer "$src/tests/onnx/fuzz_onnx.c" $objs \
	$(pkg-config --libs libpng libprotobuf-c) -lm -o "$out/fuzz_onnx"
echo "built $out/fuzz_onnx"
