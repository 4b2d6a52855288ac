# sluice: the two commands of the README.
#   make demo   install what is missing, build, run gaussian on the bundled chart
#   make test   install what is missing, build (plus a sanitizer build), run every test
# Both are safe to repeat: install-deps does nothing when all is present.

JOBS   ?= $(shell nproc 2>/dev/null || echo 2)
# Verilated models share their compiled run-time through ccache (verilated.mk
# prefixes compiler calls with $(OBJCACHE)).
export OBJCACHE ?= $(shell command -v ccache >/dev/null 2>&1 && echo ccache)
BUILD  ?= build
ASAN   ?= build-asan

.PHONY: all deps build build-asan demo test test-slow clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

build-asan: deps
	@cmake -S . -B $(ASAN) -DCMAKE_BUILD_TYPE=Debug -DSLUICE_SANITIZE=ON >/dev/null
	@cmake --build $(ASAN) -j $(JOBS) --target sluice_sanitizer_tests

demo: build
	$(BUILD)/driver/sluice check examples/gaussian.sl
	$(BUILD)/driver/sluice compile examples/gaussian.sl -o out/demo
	$(BUILD)/driver/sluice sim examples/gaussian.sl --engine verilator --input in=examples/data/chart64.pgm -o out/demo
	@echo "demo: input examples/data/chart64.pgm; Verilog, schedule, buffers, report.json and report.html in out/demo; output image out/demo/gaussian.png"

# The sanitizer run shares the normal run's compiled-reference cache
# (the kernels are the same C: no second compile of each), and its build
# is only what the unit, front-end, golden, flow and tile tests run
# (sluice_sanitizer_tests); of those, the ones that run Verilator or Yosys
# stay in the normal run (their time is the tools', not ours: 38 more tests
# take about 40 s under ASan).
# The "slow" label (1080p runs against the Python models) is left to
# `make test-slow`; the sanitizer build repeats its labels' tests
# at small sizes.
# make test installs the browser of the report.html tests (install-deps), so
# there they must run: SLUICE_REQUIRE_BROWSER turns their skip into a failure.
test: build build-asan
	cd $(BUILD) && SLUICE_REQUIRE_BROWSER=1 ctest -j $(JOBS) --output-on-failure -LE slow
	cd $(ASAN) && SLUICE_CACHE_DIR=$(CURDIR)/$(BUILD)/cref_cache \
	  ctest -j $(JOBS) --output-on-failure -L 'unit|frontend|golden|flow|pub' \
	  -LE 'slow|verilator|synth|yosys' -E '1080p'

test-slow: build
	cd $(BUILD) && SLUICE_REQUIRE_BROWSER=1 ctest -j $(JOBS) --output-on-failure -L slow

clean:
	rm -rf $(BUILD) $(ASAN) out
