# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154 # tooling/check's globals (C, P, NAME, WORK, scratch, bad, ...: README.md)
#
# deprecated (NIPA: deprecated_api, module_param) - no more calls of
# dev_hold(, dev_put(, __dev_hold( or __dev_put( (untracked references)
# added than removed, counted per name as NIPA does (a call moved or
# rewritten passes); a new module_param( warns.
# untracked_calls: stdin's calls of dev_hold(, dev_put(, __dev_hold( and
# __dev_put(, one name a line: not in comments or string literals, not
# the helpers' own definitions.

untracked_calls() {
	grep -vE '^\s*(\*|//|/\*)' | sed -E 's/"([^"\\]|\\.)*"/""/g' |
		grep -vE 'void\s+(__)?dev_(hold|put)\(' |
		grep -oE '(^|[^_A-Za-z0-9])(__)?dev_(hold|put)\(' | sed -E 's/^[^_d]//; s/\($//' || true
}

check_deprecated() {
	local param over name first

	# NIPA's rule: per name, more calls added than removed. A call that
	# only moves, or whose line is rewritten, passes.
	over=$( {
		added_lines '*.c' '*.h' | untracked_calls | sed 's/^/+ /'
		removed_lines '*.c' '*.h' | untracked_calls | sed 's/^/- /'
	} | awk '{ if ($1 == "+") a[$2]++; else r[$2]++ }
		END { for (k in a) if (a[k] > r[k]) printf "%s %d %d\n", k, a[k], r[k] }' | LC_ALL=C sort)
	param=$(added_lines '*.c' | grep -E '(^|[^_a-z])module_param(_named)?\(' || true)
	if [ -n "$over" ]; then
		name=${over%% *}
		first=$(added_lines '*.c' '*.h' | grep -vE '^\s*(\*|//|/\*)' |
			grep -E "(^|[^_A-Za-z0-9])$name\(" | first 1 | sed 's/^\s*//')
		echo fail
		printf 'untracked reference: %s (use netdev_hold/netdev_put with a tracker); added/removed: %s\n' \
			"$first" "$(awk '{ printf "%s%s() %d/%d", sep, $1, $2, $3; sep = ", " }' <<<"$over")"
	elif [ -n "$param" ]; then
		echo warn
		echo "new module parameter: $(head -n 1 <<<"$param" | sed 's/^\s*//')"
	else
		echo pass
	fi
}
