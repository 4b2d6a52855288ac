#!/usr/bin/env python3
# tests/check_test_limits.py: the registered tests hold under load.
#   check_test_limits.py CTEST BUILD_DIR
# Reads `ctest --show-only=json-v1` of BUILD_DIR and checks the two rules
# of tests/CMakeLists.txt (docs/testing.md):
#   - every test has a TIMEOUT of at least 60 s (a limit that only
#     catches hangs, never a busy machine);
#   - a test that runs Verilator (its name, labels or command say so)
#     builds with one compiler job (SLUICE_VERILATOR_JOBS=1 in its
#     environment), or declares PROCESSORS >= 2 or RUN_SERIAL (a user's
#     Verilator build runs two jobs); Yosys and nextpnr take one.
# Prints each offending test; exit 1 if there is one.
import json
import subprocess
import sys

MIN_TIMEOUT = 60


def props(test):
    return {p['name']: p['value'] for p in test.get('properties', [])}


def runs_verilator(test, p):
    """Whether the test builds a Verilated model: its name or labels say
    so, or its command asks for the Verilator engine or a netlist check
    (a lint, --lint-only, is one process and not counted)."""
    named = ' '.join([test['name']] + p.get('LABELS', []))
    cmd = test.get('command', [])
    return ('verilator' in named or 'netlist' in named or 'verilator' in cmd
            or '--check-netlist' in cmd)


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: check_test_limits.py CTEST BUILD_DIR')
    out = subprocess.run([sys.argv[1], '--show-only=json-v1'], cwd=sys.argv[2],
                         capture_output=True, text=True, check=True).stdout
    tests = json.loads(out)['tests']
    bad = []
    for t in tests:
        p = props(t)
        name = t['name']
        tmo = p.get('TIMEOUT', 0)
        if tmo < MIN_TIMEOUT:
            bad.append('%s: TIMEOUT %s (want at least %d s)' % (name, tmo, MIN_TIMEOUT))
        one_job = 'SLUICE_VERILATOR_JOBS=1' in p.get('ENVIRONMENT', [])
        if runs_verilator(t, p) and not one_job and p.get('PROCESSORS', 1) < 2 \
                and not p.get('RUN_SERIAL'):
            # A netlist test that is refused before Verilator runs says so
            # by its name.
            if not name.endswith('_bram_bad'):
                bad.append('%s: runs two-job Verilator builds with PROCESSORS %s (want '
                           'SLUICE_VERILATOR_JOBS=1, PROCESSORS 2 or RUN_SERIAL)'
                           % (name, p.get('PROCESSORS', 1)))
    for b in bad:
        print(b)
    print('%d tests, %d break the limits' % (len(tests), len(bad)))
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
