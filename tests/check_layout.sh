#!/bin/sh
# Fail when a module includes a header of a module after it in the flow,
# or the private header of another module.
# Order (index = rank): base|arith ir io|values frontend|onnx ref
# scheduler|boards|storage ubuffer|tile pub rtlgen verilator sim fpga
# flow|report|explore driver.  base/ (the context, diagnostics, files,
# processes) stands below everything, and beside it arith/ (the language's
# types, operators and exact arithmetic, which know nothing of programs),
# below ir/ whose ir.h includes it; io/ (arrays and data files) sits just
# above ir/, so that the front end can read a const's file(...); ref/ (the
# CPU reference) needs only ir/ and io/ and comes after the front end whose
# programs it runs.  boards/ feeds ubuffer and later stages, so it ranks
# with scheduler, and so does storage/ (the storage forms of a buffer and
# the delay-chain layout rule, which know nothing of schedules), below
# ubuffer/ whose ubuffer.h includes it; tile/ (the push-memory tile itself,
# which needs no buffer) ranks with ubuffer/, and pub/ (the tile as a way
# of mapping a buffer) follows both; verilator/ (the Verilated run)
# follows rtlgen; sim/ (the checks against the reference) uses it, and
# fpga/ (prediction, fit, synthesis, the netlist check) comes after sim/;
# report/ (report.html) draws what flow/ and the driver hand it, beside
# flow/; explore/ (design-space exploration) searches over the designs
# flow/ builds and writes through report/, beside both.  onnx/ (ONNX
# models in) writes sluice source text and .npy weights, so it needs only
# ir/ and io/: it ranks with the front end.
set -u
top=${1:-.}
modules="base arith ir io values frontend onnx ref scheduler boards storage ubuffer tile pub rtlgen verilator sim fpga flow report explore driver"
rank() {
	case $1 in
	base|arith) echo 0 ;; ir) echo 1 ;; io|values) echo 2 ;; frontend|onnx) echo 3 ;; ref) echo 4 ;;
	scheduler|boards|storage) echo 5 ;; ubuffer|tile) echo 6 ;; pub) echo 7 ;; rtlgen) echo 8 ;;
	verilator) echo 9 ;; sim) echo 10 ;; fpga) echo 11 ;;
	flow|report|explore) echo 12 ;; driver) echo 13 ;;
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
# Every module's banner (its header NAME/NAME.h, the driver's main.c)
# names its rank, and README.md's layout table has a row for it.
for mod in $modules; do
	[ -d "$top/$mod" ] || continue
	banner=$top/$mod/$mod.h
	[ "$mod" = driver ] && banner=$top/driver/main.c
	if ! head -n 15 "$banner" 2>/dev/null | grep -q "Rank $(rank "$mod") (tests/check_layout.sh)"; then
		echo "$banner: the banner does not name the module's rank, $(rank "$mod") (tests/check_layout.sh)"
		bad=1
	fi
	if ! grep -q "^| \`$mod/\` |" "$top/README.md"; then
		echo "README.md: the layout table has no row for $mod/"
		bad=1
	fi
done
[ $bad -eq 0 ] && echo "layout: every include follows the flow; every module names its rank and has a README row"
exit $bad
