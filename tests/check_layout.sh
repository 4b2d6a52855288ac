#!/bin/sh
# Fail when a module includes a header of a module after it in the flow,
# or the private header of another module.
# Order (index = rank): ir io frontend ref scheduler ubuffer rtlgen sim
# flow report driver.  io/ (arrays and data files) sits just above ir/, so that the
# front end can read a const's file(...); ref/ (the CPU reference) needs
# only ir/ and io/ and comes after the front end whose programs it runs.
# boards/ feeds ubuffer and later stages, so it ranks with scheduler;
# target/ (prediction, fit, synthesis) follows rtlgen beside sim; report/
# (report.html) draws what flow/ and the driver hand it, beside flow/.
# onnx/ (ONNX models in) writes sluice source text and .npy weights, so
# it needs only ir/ and io/: it ranks with the front end, above io/.
set -u
top=${1:-.}
modules="ir io frontend onnx ref scheduler boards ubuffer rtlgen sim target flow report driver"
rank() {
	case $1 in
	ir) echo 0 ;; io) echo 1 ;; frontend|onnx) echo 2 ;; ref) echo 3 ;;
	scheduler|boards) echo 4 ;; ubuffer) echo 5 ;; rtlgen) echo 6 ;;
	sim|target) echo 7 ;; flow|report) echo 8 ;; driver) echo 9 ;;
	*) echo -1 ;;
	esac
}
sources() {
	find "$top/$1" -name '*.[ch]' -o -name '*.cpp' -o -name '*.hpp' | sort
}
bad=0
# Every folder that builds a library has a rank.
for d in "$top"/*/CMakeLists.txt; do
	mod=$(basename "$(dirname "$d")")
	if [ "$mod" != tests ] && [ "$(rank "$mod")" -lt 0 ]; then
		echo "$mod/: a module with no rank in tests/check_layout.sh"
		bad=1
	fi
done
for mod in $modules; do
	[ -d "$top/$mod" ] || continue
	me=$(rank "$mod")
	for f in $(sources "$mod"); do
		grep -o '#include "[a-z_]*/[a-z_]*\.h"' "$f" | sed 's/#include "\([a-z_]*\)\/.*/\1/' |
		while read -r dep; do
			r=$(rank "$dep")
			if [ "$r" -gt "$me" ]; then
				echo "$f: includes $dep/, which comes after $mod/ in the flow"
				exit 1
			fi
		done || bad=1
	done
done
# Only the module itself may include its private header.
for mod in $modules; do
	[ -d "$top/$mod" ] || continue
	for f in $(sources "$mod"); do
		for dep in $(grep -o '#include "[a-z_]*/[a-z_]*_private\.h"' "$f" | sed 's/#include "\([a-z_]*\)\/.*/\1/'); do
			if [ "$dep" != "$mod" ]; then
				echo "$f: includes the private header of $dep/"
				bad=1
			fi
		done
	done
done
[ $bad -eq 0 ] && echo "layout: every include follows the flow"
exit $bad
