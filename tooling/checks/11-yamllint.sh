# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154 # tooling/check's globals (C, P, NAME, WORK, scratch, bad, ...: README.md)
#
# yamllint (NIPA: yamllint) - the YAML files (netlink specs) the patch
# adds or changes, yamllint's default rules, before and after: more
# errors fail, more warnings warn.
# NIPA's yamllint: the YAML files (netlink specs) the patch adds or
# changes, yamllint's default rules, before and after: more errors fail,
# more warnings warn.

check_yamllint() {
	local f e0=0 w0=0 e1=0 w1=0 first=''
	local -a files

	mapfile -t files < <(git -C "$WORK" diff --name-only --diff-filter=AM "$C^" "$C" -- '*.yaml' '*.yml')
	if [ ${#files[@]} -eq 0 ]; then
		printf 'pass\nno YAML file touched\n'
		return
	fi
	for f in "${files[@]}"; do
		yl_run "$C^" "$f" >"$scratch/y.before"
		e0=$((e0 + $(grep -c ' \[error\] ' "$scratch/y.before" || true)))
		w0=$((w0 + $(grep -c ' \[warning\] ' "$scratch/y.before" || true)))
		yl_run "$C" "$f" >"$scratch/y.after"
		e1=$((e1 + $(grep -c ' \[error\] ' "$scratch/y.after" || true)))
		w1=$((w1 + $(grep -c ' \[warning\] ' "$scratch/y.after" || true)))
		[ -n "$first" ] || first=$(grep -m 1 -E ' \[(error|warning)\] ' "$scratch/y.after" | sed "s|^y\.yaml|$f|" || true)
	done
	count_verdict "$e0" "$w0" "$e1" "$w1" "${first:+; $first}"
}

# yl_run REV FILE: yamllint's findings (parsable format) on FILE as REV
# has it; nothing when REV lacks it.
yl_run() {
	git -C "$WORK" show "$1:$2" >"$scratch/y.yaml" 2>/dev/null || return 0
	(cd "$scratch" && yamllint -f parsable y.yaml) 2>&1 || true
}

# selftest_yamllint: the self-test of the tool(s) this check runs (see
# tooling/check); a finding goes in bad[].
selftest_yamllint() {
	local out rc

	ST_TOOLS+=(yamllint)
	# yamllint: a key given twice.
	printf 'a: 1\na: 2\n' >"$ST/y.yaml"
	rc=0
	out=$(cd "$ST" && yamllint -f parsable y.yaml 2>&1) || rc=$?
	if ! command -v yamllint >/dev/null 2>&1; then
		bad+=("yamllint: not found (package yamllint)")
	elif ! grep -q ' \[error\] .*duplicat' <<<"$out"; then
		bad+=("yamllint did not report a duplicated key (exit $rc): $(head -n 2 <<<"$out" | tr '\n' ' ')(package yamllint)")
	fi
}
