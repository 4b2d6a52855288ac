# tests/robust/common.sh: what every robustness script starts with.
# Sourced after "S=SLUICE SRC=SOURCE_DIR W=WORKDIR" are set: makes W an
# empty working directory and enters it, and gives "bad MESSAGE" (prints
# FAIL and marks the run failed; the script ends with "exit $fail").
rm -rf "$W"
mkdir -p "$W"
cd "$W" || exit 1
fail=0
bad() { echo "FAIL: $*"; fail=1; }
