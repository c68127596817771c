# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154 # tooling/check's globals (C, P, NAME, WORK, scratch, bad, ...: README.md)
#
# kerneldoc (NIPA: kdoc) - scripts/kernel-doc -Wall on the touched
# files, before and after the patch, compared as sets of warnings with
# line numbers removed; kernel-doc failing to run (exit status not 0)
# before or after fails.
# kernel_doc FILE: kernel-doc -Wall -none on FILE, output on stdout;
# returns its exit status (0 whatever it warns: -none without -Werror).
# The tree's own kernel-doc: perl up to 6.x, python (tools/docs) on 7.2.

kernel_doc() {
	(
		cd "$WORK" || exit 2
		if head -n 1 scripts/kernel-doc | grep -q python; then
			"$PYTHON" scripts/kernel-doc -Wall -none "$1" 2>&1
		else
			perl scripts/kernel-doc -Wall -none "$1" 2>&1
		fi
	)
}

# kdoc_warnings REV FILE: kernel-doc -Wall warnings, line numbers
# removed. Fails, printing kernel-doc's output, when kernel-doc does not
# run to the end; a FILE not in REV (added by the patch) has none.
kdoc_warnings() {
	local out rc=0 tmp=$scratch/kdoc.${2##*.}

	git -C "$WORK" show "$1:$2" >"$tmp" 2>/dev/null || return 0
	out=$(kernel_doc "$tmp") || rc=$?
	if [ "$rc" -ne 0 ]; then
		printf 'kernel-doc did not run on %s at %s (exit %s): %s\n' "$2" "${1:0:12}" "$rc" \
			"$(tail -n 2 <<<"$out" | tr '\n' ' ')"
		return 1
	fi
	[ -n "$out" ] || return 0
	# perl: "FILE:LINE: warning: ..."; python: "Warning: FILE:LINE ...".
	sed -E -e "s|$tmp|$2|" -e 's/:[0-9]+(:| )/\1/' <<<"$out" | sort -u
}

check_kerneldoc() {
	local f new='' broken=''

	while IFS= read -r f; do
		[ -n "$f" ] || continue
		kdoc_warnings "$C^" "$f" >"$scratch/kd.before" || broken+=$(cat "$scratch/kd.before")$'\n'
		kdoc_warnings "$C" "$f" >"$scratch/kd.after" || broken+=$(cat "$scratch/kd.after")$'\n'
		new+=$(comm -13 "$scratch/kd.before" "$scratch/kd.after")
	done < <(git -C "$WORK" diff --name-only --diff-filter=AM "$C^" "$C" -- '*.c' '*.h')
	if [ -n "$broken" ]; then
		echo fail
		printf '%s' "$broken" | first 2
	elif [ -z "$new" ]; then
		echo pass
	else
		echo fail
		printf '%s\n' "$new" | first 5
	fi
}

# selftest_kerneldoc: the self-test of the tool(s) this check runs (see
# tooling/check); a finding goes in bad[].
selftest_kerneldoc() {
	local out rc

	ST_TOOLS+=(kernel-doc)
	# kernel-doc: a parameter without a description.
	printf '%s\n' '/**' ' * selftest_kdoc() - add two numbers' ' * @a: the first' ' *' \
		' * Return: the sum.' ' */' 'int selftest_kdoc(int a, int b)' '{' '	return a + b;' '}' >"$ST/kdoc.c"
	rc=0
	out=$(kernel_doc "$ST/kdoc.c") || rc=$?
	if [ "$rc" -ne 0 ] || ! grep -q "'b' not described" <<<"$out"; then
		bad+=("kernel-doc did not report an undescribed parameter (exit $rc): $(tail -n 2 <<<"$out" | tr '\n' ' ')($ST_SRC; package perl, or python3 for a python kernel-doc)")
	fi
}
