# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154 # tooling/check's globals (C, P, NAME, WORK, scratch, bad, ...: README.md)
#
# fixes (NIPA: verify_fixes) - Fixes: tags well formed, each naming a
# commit that exists with that subject (in the base, or, the base
# having no upstream history, in tooling/upstream-commits).

# upstream_subject SHA: the subject tooling/upstream-commits gives the
# upstream commit whose id starts with SHA; fails when none does.
upstream_subject() {
	local id subj

	while read -r id subj; do
		[[ "$id" == "$1"* ]] || continue
		printf '%s\n' "$subj"
		return 0
	done < <(grep -E '^[0-9a-f]{40} ' "$REPO/tooling/upstream-commits")
	return 1
}

check_fixes() {
	local line sha subj real bad=()

	while IFS= read -r line; do
		if [[ ! "$line" =~ ^Fixes:\ ([0-9a-f]{12,40})\ \(\"(.*)\"\)$ ]]; then
			bad+=("malformed: $line (want: Fixes: <12+ hex> (\"subject\"))")
			continue
		fi
		sha=${BASH_REMATCH[1]} subj=${BASH_REMATCH[2]}
		if ! real=$(git -C "$WORK" log -1 --format=%s "$sha" -- 2>/dev/null) &&
			! real=$(upstream_subject "$sha"); then
			bad+=("$sha: no such commit in the base, nor in tooling/upstream-commits")
		elif [ "$real" != "$subj" ]; then
			bad+=("$sha: subject is \"$real\", tag says \"$subj\"")
		fi
	done < <(git -C "$WORK" log -1 --format=%B "$C" | grep -i '^Fixes:' || true)
	if [ ${#bad[@]} -eq 0 ]; then
		echo pass
	else
		echo fail
		printf '%s\n' "${bad[@]}"
	fi
}
