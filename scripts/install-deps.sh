#!/bin/sh
# Install what sluice needs to build and test, from Debian packages only.
# Idempotent: when every package is present it does nothing (no apt calls).
set -eu

PKGS="build-essential cmake pkg-config libisl-dev libpng-dev zlib1g-dev \
verilator yosys iverilog nextpnr-ice40 fpga-icestorm googletest libgtest-dev \
clang libclang-rt-14-dev python3 ccache chromium-headless-shell strace"

missing=""
for p in $PKGS; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done

if [ -z "$missing" ]; then
	exit 0
fi

echo "install-deps: installing:$missing"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
	SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing
