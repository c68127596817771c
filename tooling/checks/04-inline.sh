# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154 # tooling/check's globals (C, P, NAME, WORK, scratch, bad, ...: README.md)
#
# inline (NIPA: source_inline, header_inline) - no `inline` added in .c
# files; no static function added in a .h file without inline.

check_inline() {
	local c h

	c=$(added_lines '*.c' | grep -nE '(^|[^_a-z])inline([^_a-z]|$)' | grep -v '^\s*[0-9]*:\s*\*' || true)
	h=$(added_lines '*.h' | grep -E '^static ' | grep -v inline | grep -vE ';\s*$|=' || true)
	if [ -z "$c$h" ]; then
		echo pass
		return
	fi
	echo fail
	[ -n "$c" ] && printf 'inline in .c: %s\n' "$(head -n 1 <<<"$c" | cut -d: -f2-)"
	[ -n "$h" ] && printf 'static without inline in .h: %s\n' "$(head -n 1 <<<"$h")"
	return 0
}
