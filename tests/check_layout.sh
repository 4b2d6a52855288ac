#!/bin/sh
# Fail when a module includes a header of a module after it in the flow.
# Order (index = rank): ir frontend scheduler ubuffer rtlgen sim flow driver.
# boards/ feeds ubuffer and later stages, so it ranks with scheduler;
# target/ (prediction, fit, synthesis) follows rtlgen beside sim.
set -u
top=${1:-.}
rank() {
	case $1 in
	ir) echo 0 ;; frontend) echo 1 ;; scheduler|boards) echo 2 ;;
	ubuffer) echo 3 ;; rtlgen) echo 4 ;; sim|target) echo 5 ;; flow) echo 6 ;; driver) echo 7 ;;
	*) echo -1 ;;
	esac
}
bad=0
for mod in ir frontend scheduler boards ubuffer rtlgen sim target flow driver; do
	[ -d "$top/$mod" ] || continue
	me=$(rank "$mod")
	for f in $(find "$top/$mod" -name '*.[ch]' -o -name '*.cpp' -o -name '*.hpp' | sort); do
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
for f in $(grep -rl '_private\.h"' "$top"/ir "$top"/frontend "$top"/sim "$top"/target "$top"/driver 2>/dev/null | sort); do
	mod=$(echo "$f" | sed "s|^$top/||; s|/.*||")
	for dep in $(grep -o '#include "[a-z_]*/[a-z_]*_private\.h"' "$f" | sed 's/#include "\([a-z_]*\)\/.*/\1/'); do
		if [ "$dep" != "$mod" ]; then
			echo "$f: includes the private header of $dep/"
			bad=1
		fi
	done
done
[ $bad -eq 0 ] && echo "layout: every include follows the flow"
exit $bad
