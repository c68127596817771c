# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154 # tooling/check's globals (C, P, NAME, WORK, scratch, bad, ...: README.md)
#
# fixes (NIPA: verify_fixes) - Fixes: tags well formed, each naming a
# commit that exists with that subject (in the base, or, the base
# having no upstream history, in tooling/upstream-commits); the same
# for every commit the message cites as commit <id> ("subject"), which
# checkpatch cannot verify without that history (its
# UNKNOWN_COMMIT_ID is ignored for this reason: 01-checkpatch.sh).

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

# cited SHA SUBJ WHAT: add to bad unless SHA is a commit, of the base or
# listed upstream, whose subject is SUBJ.
cited() {
	local real

	if ! real=$(git -C "$WORK" log -1 --format=%s "$1" -- 2>/dev/null) &&
		! real=$(upstream_subject "$1"); then
		bad+=("$1: no such commit in the base, nor in tooling/upstream-commits")
	elif [ "$real" != "$2" ]; then
		bad+=("$1: subject is \"$real\", $3 says \"$2\"")
	fi
}

check_fixes() {
	local line msg bad=()

	msg=$(git -C "$WORK" log -1 --format=%B "$C")
	while IFS= read -r line; do
		if [[ ! "$line" =~ ^Fixes:\ ([0-9a-f]{12,40})\ \(\"(.*)\"\)$ ]]; then
			bad+=("malformed: $line (want: Fixes: <12+ hex> (\"subject\"))")
			continue
		fi
		cited "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" tag
	done < <(grep -i '^Fixes:' <<<"$msg" || true)
	# Citations in the text, which may be wrapped: lines joined first.
	while IFS= read -r line; do
		[[ "$line" =~ ^commit\ ([0-9a-f]{12,40})\ \(\"(.*)\"\)$ ]] || continue
		cited "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" text
	done < <(grep -iv '^Fixes:' <<<"$msg" | tr -s ' \n' '  ' |
		grep -oE 'commit [0-9a-f]{12,40} \("[^"]*"\)' || true)
	if [ ${#bad[@]} -eq 0 ]; then
		echo pass
	else
		echo fail
		printf '%s\n' "${bad[@]}"
	fi
}
