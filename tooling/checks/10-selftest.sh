# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154 # tooling/check's globals (C, P, NAME, WORK, scratch, bad, ...: README.md)
#
# selftest (NIPA: check_selftest) - on files under
# tools/testing/selftests/ in a net directory: config options in order,
# Makefile lists one item a line, sorted, ended by a comment, one block
# per variable (tooling/lib/selftest_format.py); a new script named in
# its directory's Makefile, a new .c file in its Makefile and .gitignore.
# Files selftest Makefiles take with $(wildcard ...), never listed by name.

ST_WILDCARDS='drivers/net/hw/lib/py/*.py drivers/net/lib/py/*.py drivers/net/lib/sh/*.sh net/lib/py/*.py net/lib/sh/*.sh net/packetdrill/*.pkt'

# st_wildcard PATH: PATH (under tools/testing/selftests/) is one a
# Makefile picks up with a wildcard.
st_wildcard() {
	local p rel=${1#tools/testing/selftests/}

	for p in $ST_WILDCARDS; do
		# shellcheck disable=SC2053 # a glob, and make's * stays in a directory
		[ "$(dirname "$rel")" = "$(dirname "$p")" ] && [[ "$(basename "$rel")" == $(basename "$p") ]] && return 0
	done
	return 1
}

# at_has REV FILE TEXT: FILE at REV contains TEXT.
at_has() { git -C "$WORK" show "$1:$2" 2>/dev/null | grep -qF -- "$3"; }

# NIPA's check_selftest, on the files the patch adds or changes under
# tools/testing/selftests/ in a net directory: a config's options in
# order and a Makefile's lists in NIPA's layout (lib/selftest_format.py);
# a new script (.sh, .py) named in its directory's Makefile, a new C file
# (not .bpf.c) named in its directory's Makefile and .gitignore.
check_selftest() {
	local status f d n bad=() k=0

	while IFS=$'\t' read -r status f; do
		# The files NIPA looks at: a path under the selftests with a
		# "net" directory in it.
		[[ "$f" == tools/testing/selftests/* && "$f" == */net/* ]] || continue
		k=$((k + 1))
		d=$(dirname "$f")
		case ${f##*/} in
		config | .gitignore | Makefile)
			git -C "$WORK" show "$C:$f" >"$scratch/st.file"
			n=config
			[ "${f##*/}" != Makefile ] || n=makefile
			mapfile -t -O "${#bad[@]}" bad < <(python3 "$REPO/tooling/lib/selftest_format.py" \
				"$n" "$scratch/st.file" "$f" || true)
			;;
		esac
		[ "$status" = A ] || continue
		st_wildcard "$f" && continue
		case $f in
		*.sh | *.py)
			at_has "$C" "$d/Makefile" "${f##*/}" || bad+=("new $f is not in $d/Makefile")
			;;
		*.bpf.c) ;;
		*.c)
			n=${f##*/}
			n=${n%%.*}
			at_has "$C" "$d/Makefile" "$n" || bad+=("new $f: '$n' is not in $d/Makefile")
			at_has "$C" "$d/.gitignore" "$n" || bad+=("new $f: '$n' is not in $d/.gitignore")
			;;
		esac
	done < <(git -C "$WORK" diff --name-status --diff-filter=AM "$C^" "$C")
	if [ ${#bad[@]} -gt 0 ]; then
		echo fail
		printf '%s\n' "${bad[@]}" | first 6
	elif [ "$k" -eq 0 ]; then
		printf 'pass\nno net selftest file touched\n'
	else
		printf 'pass\n%d net selftest file(s): layout and listing as NIPA asks\n' "$k"
	fi
}
