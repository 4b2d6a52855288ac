#!/bin/sh
# Install what sluice needs to build and test, from Debian packages, and
# onnxruntime-node (the ONNX tests' reference) from the npm registry.
# Idempotent: when everything is present it does nothing (no apt or npm calls).
set -eu

PKGS="build-essential cmake pkg-config libisl-dev libpng-dev zlib1g-dev \
verilator yosys iverilog nextpnr-ice40 fpga-icestorm googletest libgtest-dev \
clang libclang-rt-14-dev python3 ccache chromium-headless-shell strace \
libonnx-dev protobuf-c-compiler libprotobuf-c-dev libonnx-testdata parallel"

missing=""
for p in $PKGS; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done

# onnxruntime-node, the reference of the ONNX network tests (tests/onnx/
# networks.sh), from the npm registry with the machine's Node.js: its CPU
# binaries are bundled, so no install script runs.  Present: nothing done.
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
	SUDO="sudo"
fi
ORT_DIR=${SLUICE_ORT_DIR:-/opt/sluice-ort}
ORT_VERSION=1.30.0
install_ort() {
	if grep -q "\"version\": \"$ORT_VERSION\"" \
	    "$ORT_DIR/node_modules/onnxruntime-node/package.json" 2>/dev/null; then
		return 0
	fi
	if ! command -v npm > /dev/null; then
		echo "install-deps: no npm: the ONNX network tests will be skipped"
		return 0
	fi
	echo "install-deps: installing onnxruntime-node@$ORT_VERSION into $ORT_DIR"
	$SUDO mkdir -p "$ORT_DIR"
	$SUDO npm install --prefix "$ORT_DIR" --ignore-scripts --no-audit --no-fund \
		"onnxruntime-node@$ORT_VERSION" > /dev/null
}

if [ -z "$missing" ]; then
	install_ort
	exit 0
fi

echo "install-deps: installing:$missing"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing
install_ort
