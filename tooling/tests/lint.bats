#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# Every script passes shellcheck (bash on the host, POSIX sh in the
# guest; exceptions only as commented directives or in .shellcheckrc),
# and `make help` documents every target and variable of the Makefile.

load helpers

# bash_scripts: the host's bash files: those in tooling/ and qemu/ whose
# first line mentions bash, the libraries in tooling/lib/, the checks in
# tooling/checks/ (sourced by tooling/check), and the tests
# themselves. (tooling/project.conf is data, checked where common.sh
# sources it.)
bash_scripts() {
	local f

	for f in "$REPO"/tooling/* "$REPO"/qemu/*; do
		[ -f "$f" ] && head -n 1 "$f" | grep -q bash && printf '%s\n' "${f#"$REPO"/}"
	done
	for f in "$REPO"/tooling/lib/*.sh "$REPO"/tooling/checks/*.sh "$REPO"/tooling/tests/*.bats "$REPO"/tooling/tests/*.bash; do
		[ -f "$f" ] && printf '%s\n' "${f#"$REPO"/}"
	done
}

# sh_scripts: what runs in the guest under busybox sh.
sh_scripts() {
	local f

	for f in "$REPO"/qemu/init "$REPO"/qemu/ktap.sh "$REPO"/testplans/*/*.sh "$REPO"/testplans/*/*/*.sh \
		"$REPO"/testplans-bench/*/scenario.sh \
		"$REPO"/tooling/tests/fixtures/ktap/*.sh; do
		[ -f "$f" ] && printf '%s\n' "${f#"$REPO"/}"
	done
}

setup() {
	hermetic_env "$BATS_TEST_TMPDIR"
	command -v shellcheck >/dev/null || fail_with "shellcheck missing: apt-get install shellcheck"
	cd "$REPO" || return 1
}

@test "lint: shellcheck is clean on every bash script in tooling/ and qemu/" {
	local files
	mapfile -t files < <(bash_scripts)
	# The entry points must be among them, or the selection is broken.
	printf '%s\n' "${files[@]}" | grep -qx tooling/apply
	printf '%s\n' "${files[@]}" | grep -qx tooling/lib/common.sh
	printf '%s\n' "${files[@]}" | grep -qx qemu/judge
	run shellcheck "${files[@]}"
	assert_status 0
}

@test "lint: shellcheck -s sh is clean on the guest scripts and scenarios" {
	local files
	mapfile -t files < <(sh_scripts)
	printf '%s\n' "${files[@]}" | grep -qx qemu/init
	printf '%s\n' "${files[@]}" | grep -qx qemu/ktap.sh
	printf '%s\n' "${files[@]}" | grep -q '^testplans/.*/scenario\.sh$'
	# the files a plan's scenario sources, and a base's
	printf '%s\n' "${files[@]}" | grep -qx testplans/04-netdev-conversions/virtual.sh
	printf '%s\n' "${files[@]}" | grep -qx testplans/04-netdev-conversions/7.2/common.sh
	run shellcheck -s sh "${files[@]}"
	assert_status 0
}

@test "lint: every host script starts with a shebang and an SPDX line" {
	local f bad=()
	while IFS= read -r f; do
		case $f in *.bash | tooling/lib/* | tooling/checks/*) continue ;; esac
		head -n 1 "$f" | grep -q '^#!' || bad+=("$f: no shebang")
		sed -n 2p "$f" | grep -q 'SPDX-License-Identifier: ' || bad+=("$f: no SPDX line")
	done < <(bash_scripts)
	[ ${#bad[@]} -eq 0 ] || fail_with "$(printf '%s\n' "${bad[@]}")"
}

# phony_targets: the .PHONY targets of the Makefile, one a line.
phony_targets() {
	sed -e ':a' -e '/\\$/N; s/\\\n//; ta' Makefile |
		sed -n 's/^\.PHONY:[[:space:]]*//p' | tr -s ' \t' '\n' | grep . | sort -u
}

@test "lint: make help lists every .PHONY target of the Makefile" {
	local t missing=()
	run make --no-print-directory -s help
	assert_status 0
	[ "$(phony_targets | wc -l)" -gt 5 ] || fail_with "could not read .PHONY"
	while IFS= read -r t; do
		grep -qE "^  $t( |$)" <<<"$output" || missing+=("$t")
	done < <(phony_targets)
	[ ${#missing[@]} -eq 0 ] || fail_with "not in make help: ${missing[*]}"
}

@test "lint: every target make help lists is .PHONY, and every Makefile variable is documented" {
	local t v missing=()
	run make --no-print-directory -s help
	assert_status 0
	while IFS= read -r t; do
		phony_targets | grep -qx -- "$t" || missing+=("target $t")
	done < <(sed -n '/^Targets:/,/^$/s/^  \([a-z-]*\) .*/\1/p' <<<"$output")
	while IFS= read -r v; do
		grep -qE "^  $v " <<<"$output" || missing+=("variable $v")
	done < <(sed -n 's/^\([A-Z_]*\) ?=.*/\1/p' Makefile)
	[ ${#missing[@]} -eq 0 ] || fail_with "$(printf '%s\n' "${missing[@]}")"
}

# report_citations FILE: each `commit ID ("SUBJECT")` FILE cites (lines
# joined, as tooling/checks/03-fixes.sh reads commit messages), checked
# against tooling/upstream-commits: prints "ok ID" or "bad ID: why".
report_citations() {
	local c id subj want

	while IFS= read -r c; do
		[[ "$c" =~ ^commit\ ([0-9a-f]{12,40})\ \(\"(.*)\"\)$ ]] || continue
		id=${BASH_REMATCH[1]} subj=${BASH_REMATCH[2]}
		want=$(grep -E "^${id}[0-9a-f]* " "$REPO/tooling/upstream-commits" | cut -d' ' -f2-)
		if [ -z "$want" ]; then
			echo "bad $id: not in tooling/upstream-commits"
		elif [ "$want" != "$subj" ]; then
			echo "bad $id: the report says \"$subj\", upstream \"$want\""
		else
			echo "ok $id"
		fi
	done < <(tr -s ' \n' '  ' <"$1" | grep -oE 'commit [0-9a-f]{12,40} \("[^"]*"\)')
}

@test "lint: every commit a report in reports/ cites is upstream, with the subject it gives" {
	local f out n=0

	# The checker fails a wrong subject and an unknown id.
	printf 'see commit df5425b3bd85 ("vxlan: keep\nsock_lock") and commit 0123456789ab ("x")\n' >"$BATS_TEST_TMPDIR/bad.eml"
	out=$(report_citations "$BATS_TEST_TMPDIR/bad.eml")
	[ "$(grep -c '^bad ' <<<"$out")" = 2 ] || fail_with "the citation checker passed a bad report: $out"
	for f in "$REPO"/reports/*.eml; do
		[ -f "$f" ] || continue
		out=$(report_citations "$f")
		grep -q '^ok ' <<<"$out" || fail_with "${f#"$REPO"/} cites no upstream commit"
		! grep '^bad ' <<<"$out" || fail_with "${f#"$REPO"/}: a citation is wrong"
		n=$((n + 1))
	done
	[ "$n" -gt 0 ] || fail_with "no report in reports/"
}
