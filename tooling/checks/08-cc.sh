# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154 # tooling/check's globals (C, P, NAME, WORK, scratch, bad, ...: README.md)
#
# cc (NIPA: cc_maintainers) - scripts/get_maintainer.pl (from the base
# tree, no git) on the patch against topic.conf's to:, cc: and list: a
# mailing list missing fails, a maintainer or reviewer missing warns
# (make series adds them with b4 --auto-to-cc, but the topic should say
# whom it writes to).
# addresses TEXT...: the e-mail addresses in TEXT, lower case, one a line.

addresses() {
	printf '%s\n' "$@" | grep -oE '[A-Za-z0-9._%+=-]+@[A-Za-z0-9.-]+' | tr '[:upper:]' '[:lower:]' | sort -u
}

check_cc() {
	local out line addr role missing_list=() missing_person=() have

	# get_maintainer.pl lists sections of equal rank in perl's hash order,
	# which changes from run to run: a fixed seed makes the detail (and so
	# the table) the same every time.
	if ! out=$(cd "$WORK" && PERL_HASH_SEED=0 PERL_PERTURB_KEYS=0 perl scripts/get_maintainer.pl \
		--no-git --no-git-fallback --no-git-chief-penguins --rolestats "$P" 2>&1); then
		echo fail
		echo "get_maintainer.pl failed: $(head -n 2 <<<"$out" | tr '\n' ' ')"
		return
	fi
	have=$(addresses "$(topic_meta "$NAME" to)" "$(topic_meta "$NAME" cc)" "$(topic_meta "$NAME" list)")
	while IFS= read -r line; do
		[ -n "$line" ] || continue
		addr=$(addresses "${line%% (*}" | first 1)
		[ -n "$addr" ] || continue
		grep -qxF "$addr" <<<"$have" && continue
		# The role is everything in the outer parentheses: a section
		# name may have its own, as in "open list:XDP SOCKETS (AF_XDP)".
		role=''
		[[ "$line" == *" ("*")" ]] && { role=${line#* (}; role=${role%)}; }
		case $role in
		*list*) missing_list+=("$addr ($role)") ;;
		*maintainer* | *reviewer* | *supporter* | *"odd fixer"*) missing_person+=("$addr ($role)") ;;
		esac
	done <<<"$out"
	if [ ${#missing_list[@]} -gt 0 ]; then
		echo fail
		printf 'mailing list not in to:/cc:/list:: %s\n' "$(printf '%s, ' "${missing_list[@]}" | sed 's/, $//')"
	elif [ ${#missing_person[@]} -gt 0 ]; then
		echo warn
		printf 'not in to:/cc: (make series adds them via b4 --auto-to-cc): %s\n' \
			"$(printf '%s, ' "${missing_person[@]}" | sed 's/, $//')"
	else
		echo pass
	fi
}

# selftest_cc: the self-test of the tool(s) this check runs (see
# tooling/check); a finding goes in bad[].
selftest_cc() {
	local out rc

	ST_TOOLS+=(get_maintainer.pl)
	# get_maintainer.pl: someone for the file the project is about.
	rc=0
	out=$(cd "$WORK" && perl scripts/get_maintainer.pl --no-git --no-git-fallback \
		--no-git-chief-penguins -f lib/ref_tracker.c 2>&1) || rc=$?
	if [ "$rc" -ne 0 ] || [ -z "$(addresses "$out")" ]; then
		bad+=("get_maintainer.pl named nobody for lib/ref_tracker.c (exit $rc): $(head -n 2 <<<"$out" | tr '\n' ' ')($ST_SRC and its MAINTAINERS; package perl)")
	fi
}
