# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154 # tooling/check's globals (C, P, NAME, WORK, scratch, bad, ...: README.md)
#
# "shellcheck" (NIPA: shellcheck; quoted here because shellcheck reads a
# comment starting with its name as a directive) - the .sh files the
# patch adds or changes, `shellcheck -x` in their directory before and
# after: more errors fail, more warnings warn, a new script or one that
# was clean must stay clean of every severity.
# sc_run ROOT FILE: shellcheck as NIPA runs it (-x; SC2317 and SC2329
# off: test cases defined as functions look unreachable) on ROOT/FILE,
# from its directory; its findings on stdout.

sc_run() {
	(cd "$1/$(dirname "$2")" && shellcheck -x -e SC2317 -e SC2329 "$(basename "$2")") 2>&1 || true
}

# sc_counts OUT: "errors warnings others" in shellcheck's output OUT.
sc_counts() {
	printf '%s %s %s\n' "$(grep -c ' (error):' "$1" || true)" "$(grep -c ' (warning):' "$1" || true)" \
		"$(grep -cE ' \((info|style)\):' "$1" || true)"
}

# NIPA's shellcheck: the shell scripts the patch adds or changes, with
# `shellcheck -x` (SC2317 and SC2329 off, as NIPA: test cases defined as
# functions look unreachable), run in the script's directory as the tree
# has it before and after the patch (with its parent, for sourced
# libraries). More errors than before fail, more warnings warn; a new
# script, or one that was clean, must stay clean of every severity.
check_shellcheck() {
	local f d dirs=() old=$scratch/sc/old new=$scratch/sc/new e0=0 w0=0 e1=0 w1=0 notes=() e w o e0f w0f
	local -a files

	mapfile -t files < <(git -C "$WORK" diff --name-only --diff-filter=AM "$C^" "$C" -- '*.sh')
	if [ ${#files[@]} -eq 0 ]; then
		printf 'pass\nno shell script touched\n'
		return
	fi
	rm -rf "$scratch/sc"
	# Each script's directory with its parent (for ../lib.sh and the
	# like); a script at the top of the tree alone.
	mapfile -t dirs < <(for f in "${files[@]}"; do
		d=$(dirname "$f")
		if [ "$d" = . ]; then
			echo "$f"
		elif [ "$(dirname "$d")" = . ]; then
			echo "$d"
		else
			dirname "$d"
		fi
	done | LC_ALL=C sort -u)
	at_commit "$C^" "$old" "${dirs[@]}"
	at_commit "$C" "$new" "${dirs[@]}"
	for f in "${files[@]}"; do
		sc_run "$new" "$f" >"$scratch/sc.after"
		read -r e w o < <(sc_counts "$scratch/sc.after")
		e1=$((e1 + e)) w1=$((w1 + w))
		if [ -f "$old/$f" ]; then
			sc_run "$old" "$f" >"$scratch/sc.before"
			read -r e0f w0f _ < <(sc_counts "$scratch/sc.before")
			e0=$((e0 + e0f)) w0=$((w0 + w0f))
			# Findings before: only the counts compare.
			[ ! -s "$scratch/sc.before" ] || continue
		fi
		[ -s "$scratch/sc.after" ] || continue
		# New, or clean before: every finding counts as an error.
		[ -f "$old/$f" ] && notes+=("$f was shellcheck clean, not any more") ||
			notes+=("$f is new and not shellcheck clean")
		e1=$((e1 + w + o))
		notes+=("$(grep -m 2 -E '^\s*\^-- SC[0-9]+' "$scratch/sc.after" | sed 's/^\s*^-- //' | paste -sd';' -)")
	done
	count_verdict "$e0" "$w0" "$e1" "$w1" ", in ${files[*]}"
	[ ${#notes[@]} -eq 0 ] || printf '%s\n' "${notes[@]}"
}

# selftest_shellcheck: the self-test of the tool(s) this check runs (see
# tooling/check); a finding goes in bad[].
selftest_shellcheck() {
	local out rc

	ST_TOOLS+=(shellcheck)
	# The shellcheck program: an unquoted expansion (SC2086).
	# shellcheck disable=SC2016 # the script under test expands it
	printf '#!/bin/sh\necho $1\n' >"$ST/sc.sh"
	rc=0
	out=$(cd "$ST" && shellcheck -x sc.sh 2>&1) || rc=$?
	if ! command -v shellcheck >/dev/null 2>&1; then
		bad+=("shellcheck: not found (package shellcheck)")
	elif ! grep -q 'SC2086' <<<"$out"; then
		bad+=("shellcheck did not flag an unquoted \$1 (exit $rc): $(head -n 2 <<<"$out" | tr '\n' ' ')(package shellcheck)")
	fi
}
