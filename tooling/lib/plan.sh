# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# plan.sh - a topic's posting plan (its parts, by target tree) and the
# sender's identity, shared by tooling/series and tooling/check.
#
# Sourced after lib/common.sh, never executed; sets no shell options.
#
# The plan lives in topics/NAME/topic.conf:
#
#   part: NAME | PREFIX | TO | DEPENDS [| CC]
#   patch: PART | SUBJECT
#
# `part:` lines, in posting order: NAME ([a-z0-9-]), the subject prefix
# ("PATCH bpf-next"), the To: addresses (comma-separated), the parts it
# applies on ("core", "core wpan", or "-": the topic's parent alone;
# only parts declared above it) and optionally Cc: addresses (b4
# --auto-to-cc adds get_maintainer.pl's).
#
# Two prefixes are not a tree's. "PATCH X.Y.y" (or "PATCH X.Y") is a
# stable part: fixes for the X.Y stable tree, each with a Fixes: tag,
# from any subsystem, applied on the packaged base itself (DEPENDS
# "-"; no part may depend on it); on another base it must be empty and
# is left out. "local" is a fork-only part: patches carried in the
# topic but never posted (their code is gone upstream, say); it may be
# empty on a base, and no posted part may depend on it (it may depend
# on any part: the fork carries them all). `patch:` lines put the patch
# whose subject (as `git log --format=%s` prints it, no [PATCH] prefix)
# is SUBJECT in PART. A part holds its patches in the topic's order;
# they need not be contiguous. Keyed by subject, not number, so that one
# plan serves every base (each base's series.mbox numbers the patches
# its own way) and survives reordering and inserted fixes: a patch
# nobody placed fails, a line whose subject this base's series does not
# have only warns (the other base may have it).
#
# The tree of a patch comes from the files it touches (PLAN_TREES
# below, first match wins; anything else is "net"). A patch touching
# "net" and other trees counts as "net" (an API change with its
# callers goes through the core tree, with the other tree's acks); one
# touching two other trees is mixed and fits no part.

PART_MAX=15

# The trees: NAME, the tree names a subject prefix may carry for it,
# then the paths (DIR/ is a prefix, anything else a glob).
PLAN_TREES=(
	'nf|nf-next nf|net/netfilter/ net/ipv4/netfilter/ net/ipv6/netfilter/ net/bridge/netfilter/ include/net/netfilter/ include/linux/netfilter* include/uapi/linux/netfilter*'
	'ipsec|ipsec-next ipsec|net/xfrm/ net/ipv4/xfrm* net/ipv6/xfrm* net/key/ include/net/xfrm.h'
	'wireless|wireless-next wireless|net/wireless/ net/mac80211/ drivers/net/wireless/ include/net/cfg80211.h include/net/mac80211.h include/uapi/linux/nl80211.h'
	'can|linux-can-next linux-can|net/can/ drivers/net/can/ include/linux/can/ include/net/can* include/uapi/linux/can*'
	'batman-adv|batman-adv|net/batman-adv/ include/uapi/linux/batadv*'
	'wpan|wpan-next wpan|net/ieee802154/ net/mac802154/ drivers/net/ieee802154/ net/6lowpan/ include/net/6lowpan.h include/net/ieee802154* include/net/cfg802154.h include/net/mac802154.h include/net/nl802154.h'
	'nfs|nfs-next nfs|net/sunrpc/ include/linux/sunrpc/ fs/nfs/ fs/nfsd/'
	'bpf|bpf-next bpf|kernel/bpf/ net/bpf/ net/xdp/ net/core/filter.c include/linux/bpf* include/net/xdp_sock* include/net/xsk_buff_pool.h include/uapi/linux/bpf* tools/lib/bpf/ tools/testing/selftests/bpf/'
)
PLAN_NET_NAMES='net-next net'

# plan_kind PREFIX: set REPLY to what a part with PREFIX is: "local",
# "stable:X.Y" or "tree".
plan_kind() {
	if [ "$1" = local ]; then
		REPLY=local
	elif [[ "$1" =~ ^(PATCH|RFC|RFC\ PATCH)(\ v[0-9]+)?\ ([0-9]+\.[0-9]+)(\.y)?$ ]]; then
		REPLY=stable:${BASH_REMATCH[3]}
	else
		REPLY=tree
	fi
}

# plan_file_tree PATH: set REPLY to the tree PATH belongs to (no
# subshell: it runs for every file of every patch).
plan_file_tree() {
	local row pat

	for row in "${PLAN_TREES[@]}"; do
		for pat in ${row##*|}; do
			# shellcheck disable=SC2053 # PLAN_TREES' paths are globs
			if [[ "$pat" == */ && "$1" == "$pat"* ]] || [[ "$1" == $pat ]]; then
				REPLY=${row%%|*}
				return
			fi
		done
	done
	REPLY=net
}

# plan_tree_names TREE: the tree names a prefix may carry for TREE.
plan_tree_names() {
	local row

	[ "$1" != net ] || { printf '%s\n' "$PLAN_NET_NAMES"; return; }
	for row in "${PLAN_TREES[@]}"; do
		[ "${row%%|*}" != "$1" ] || { row=${row#*|}; printf '%s\n' "${row%%|*}"; return; }
	done
}

# plan_commit_trees REPO COMMIT...: the tree of each COMMIT, one line
# each: "net", "bpf", ..., "mixed:A+B" when it touches two trees other
# than net (net and one other tree: "net").
plan_commit_trees() {
	local repo=$1 line c='' t
	local -A seen=()
	shift

	flush() {
		[ -n "$c" ] || return 0
		if [ -n "${seen[net]+x}" ] || [ ${#seen[@]} -eq 0 ]; then
			printf 'net\n'
		elif [ ${#seen[@]} -eq 1 ]; then
			printf '%s\n' "${!seen[@]}"
		else
			printf 'mixed:%s\n' "$(printf '%s\n' "${!seen[@]}" | sort | paste -sd+)"
		fi
	}
	while IFS= read -r line; do
		if [[ "$line" == @commit\ * ]]; then
			flush
			c=${line#@commit } seen=()
		elif [ -n "$line" ]; then
			plan_file_tree "$line"
			seen[$REPLY]=1
		fi
	done < <(git -C "$repo" show --no-walk=unsorted --format='@commit %H' --name-only "$@")
	flush
	unset -f flush
}

# plan_trim TEXT: set REPLY to TEXT without leading and trailing blanks.
plan_trim() {
	REPLY=${1#"${1%%[![:space:]]*}"}
	REPLY=${REPLY%"${REPLY##*[![:space:]]}"}
}

# plan_load NAME REPO COMMIT...: read topics/NAME/topic.conf's plan for
# the topic's COMMITs (in topic order) and judge it. Sets:
#   PLAN_PARTS       part names, in posting order (empty: no plan),
#                    without the parts this base leaves out (a local
#                    part with no patch here, another base's stable one)
#   PLAN_PREFIX[P] PLAN_TO[P] PLAN_CC[P] PLAN_DEPS[P]   as declared
#   PLAN_KIND[P]     "tree", "local" or "stable:X.Y" (plan_kind)
#   PLAN_IDX[P]      the part's patches: 0-based indexes into COMMIT...
#   PLAN_TREE[P]     the part's tree (of its patches; "?" when empty)
#   PLAN_ERRORS      what makes the plan unusable (a patch in no part or
#                    two, a part over PART_MAX, mixing trees or empty,
#                    a prefix for another tree, a bad line)
#   PLAN_WARNINGS    plan lines naming a subject this series lacks
# Returns 1 when PLAN_ERRORS is not empty.
plan_load() {
	local name=$1 repo=$2 line p f i subj part dep t names n ok kind
	shift 2
	local commits=("$@") subjects=() trees=() fields=() members=() fixes=() kept=()
	local -A where=() seen_subj=()

	PLAN_PARTS=() PLAN_ERRORS=() PLAN_WARNINGS=()
	declare -gA PLAN_PREFIX=() PLAN_TO=() PLAN_CC=() PLAN_DEPS=() PLAN_IDX=() PLAN_TREE=() PLAN_KIND=()
	while IFS= read -r line; do
		IFS='|' read -r -a fields <<<"$line"
		for f in "${!fields[@]}"; do
			plan_trim "${fields[f]}"
			fields[f]=$REPLY
		done
		p=${fields[0]}
		if [ ${#fields[@]} -lt 4 ] || [ ${#fields[@]} -gt 5 ] || [[ ! "$p" =~ ^[a-z0-9][a-z0-9-]*$ ]] ||
			[ -z "${fields[1]}" ] || [ -z "${fields[2]}" ]; then
			PLAN_ERRORS+=("bad line 'part: $line' (want 'part: NAME | PREFIX | TO | DEPENDS [| CC]')")
			continue
		fi
		[ -z "${PLAN_PREFIX[$p]+x}" ] || { PLAN_ERRORS+=("part $p declared twice"); continue; }
		plan_kind "${fields[1]}"
		kind=$REPLY
		for dep in ${fields[3]}; do
			[ "$dep" != - ] || continue
			if [ -z "${PLAN_PREFIX[$dep]+x}" ]; then
				PLAN_ERRORS+=("part $p depends on '$dep', which is not a part declared above it")
			elif [[ "$kind" == stable:* ]]; then
				PLAN_ERRORS+=("part $p, for the ${kind#stable:} stable tree, depends on '$dep': a stable part applies on the packaged base alone (DEPENDS '-')")
			elif [[ "${PLAN_KIND[$dep]}" == stable:* ]] && [ "$kind" != local ]; then
				PLAN_ERRORS+=("part $p depends on the stable part '$dep': stable fixes go to another tree; no part can wait for them")
			elif [ "${PLAN_KIND[$dep]}" = local ] && [ "$kind" != local ]; then
				PLAN_ERRORS+=("part $p depends on the local part '$dep', which is never posted: its recipients could not apply it")
			fi
		done
		PLAN_PARTS+=("$p")
		PLAN_KIND[$p]=$kind
		# shellcheck disable=SC2034 # PLAN_TO, PLAN_CC: for tooling/series
		PLAN_PREFIX[$p]=${fields[1]} PLAN_TO[$p]=${fields[2]} PLAN_CC[$p]=${fields[4]-}
		PLAN_DEPS[$p]=$(tr -s ' ' <<<" ${fields[3]} " | sed 's/ - / /g; s/^ *//; s/ *$//')
		PLAN_IDX[$p]=''
	done < <(topic_meta "$name" part)
	[ ${#PLAN_PARTS[@]} -gt 0 ] || [ -z "$(topic_meta "$name" patch)" ] ||
		PLAN_ERRORS+=("patch: lines but no part: line")
	[ ${#PLAN_PARTS[@]} -gt 0 ] || { [ ${#PLAN_ERRORS[@]} -eq 0 ]; return; }

	mapfile -t subjects < <(git -C "$repo" show --no-walk=unsorted --no-patch --format=%s "${commits[@]}")
	mapfile -t trees < <(plan_commit_trees "$repo" "${commits[@]}")
	mapfile -t fixes < <(git -C "$repo" show --no-walk=unsorted --no-patch \
		--format='x%(trailers:key=Fixes,valueonly,separator=%x20)' "${commits[@]}")
	[ ${#subjects[@]} -eq ${#commits[@]} ] && [ ${#trees[@]} -eq ${#commits[@]} ] &&
		[ ${#fixes[@]} -eq ${#commits[@]} ] ||
		{ PLAN_ERRORS+=("cannot read the subjects and files of the topic's commits in $repo"); return 1; }
	for i in "${!commits[@]}"; do
		[ -z "${seen_subj[${subjects[i]}]+x}" ] ||
			PLAN_ERRORS+=("two patches have the subject '${subjects[i]}' (#$((seen_subj[${subjects[i]}] + 1)) and #$((i + 1))): a plan keyed by subject cannot tell them apart")
		seen_subj[${subjects[i]}]=$i
	done
	while IFS= read -r line; do
		plan_trim "${line%%|*}"
		part=$REPLY
		plan_trim "${line#*|}"
		subj=$REPLY
		if [ "$part" = "$line" ] || [ -z "${PLAN_PREFIX[$part]+x}" ]; then
			PLAN_ERRORS+=("bad line 'patch: $line' (want 'patch: PART | SUBJECT', PART a declared part)")
			continue
		fi
		if [ -z "${seen_subj[$subj]+x}" ]; then
			PLAN_WARNINGS+=("the plan places '$subj' in $part; this series has no such patch")
			continue
		fi
		i=${seen_subj[$subj]}
		if [ -n "${where[$i]+x}" ]; then
			PLAN_ERRORS+=("#$((i + 1)) '$subj' is in two parts: ${where[$i]} and $part")
			continue
		fi
		where[$i]=$part
	done < <(topic_meta "$name" patch)
	for i in "${!commits[@]}"; do
		if [ -z "${where[$i]+x}" ]; then
			PLAN_ERRORS+=("#$((i + 1)) '${subjects[i]}' (${trees[i]}) is in no part: add 'patch: PART | ${subjects[i]}' to topic.conf")
			continue
		fi
		PLAN_IDX[${where[$i]}]+="$i "
	done
	for p in "${PLAN_PARTS[@]}"; do
		read -r -a members <<<"${PLAN_IDX[$p]}"
		kind=${PLAN_KIND[$p]}
		if [ ${#members[@]} -eq 0 ]; then
			# Declared for the other base: left out of this one.
			[ "$kind" = local ] || { [[ "$kind" == stable:* ]] && [ "${kind#stable:}" != "${BASE:-6.12}" ]; } ||
				{ PLAN_ERRORS+=("part $p has no patch"); kept+=("$p"); }
			PLAN_TREE[$p]='?'
			continue
		fi
		kept+=("$p")
		[ ${#members[@]} -le "$PART_MAX" ] ||
			PLAN_ERRORS+=("part $p has ${#members[@]} patches, more than $PART_MAX")
		if [ "$kind" = local ]; then
			PLAN_TREE[$p]=local
			continue
		fi
		if [[ "$kind" == stable:* ]]; then
			PLAN_TREE[$p]="${kind#stable:} stable"
			if [ "${kind#stable:}" != "${BASE:-6.12}" ]; then
				PLAN_ERRORS+=("part $p is for the ${kind#stable:} stable tree, but this series is on BASE=${BASE:-6.12}: its patches ($(for i in "${members[@]}"; do printf '#%d ' $((i + 1)); done | sed 's/ $//')) belong in a part of this base")
				continue
			fi
			for i in "${members[@]}"; do
				[ "${fixes[i]}" != x ] ||
					PLAN_ERRORS+=("#$((i + 1)) '${subjects[i]}' is in the stable part $p without a Fixes: tag: stable takes fixes, each naming what it fixes")
			done
			continue
		fi
		local -A pt=()
		for i in "${members[@]}"; do
			t=${trees[i]}
			if [[ "$t" == mixed:* ]]; then
				PLAN_ERRORS+=("#$((i + 1)) '${subjects[i]}' touches the trees ${t#mixed:}: it fits no part; split it")
			fi
			pt[$t]+="#$((i + 1)) "
		done
		if [ ${#pt[@]} -gt 1 ]; then
			line=''
			for t in $(printf '%s\n' "${!pt[@]}" | sort); do line+="$t: ${pt[$t]% }; "; done
			PLAN_ERRORS+=("part $p mixes trees (${line%; }): a part goes to one tree")
			PLAN_TREE[$p]='?'
		else
			PLAN_TREE[$p]=${!pt[*]}
		fi
		t=${PLAN_TREE[$p]}
		[ "$t" != '?' ] && [[ "$t" != mixed:* ]] || continue
		names=$(plan_tree_names "$t")
		ok=0
		if [[ "${PLAN_PREFIX[$p]}" =~ ^(PATCH|RFC|RFC\ PATCH)(\ v[0-9]+)?\ ([a-z0-9-]+)$ ]]; then
			for n in $names; do [ "$n" != "${BASH_REMATCH[3]}" ] || ok=1; done
		fi
		[ "$ok" = 1 ] ||
			PLAN_ERRORS+=("part $p (tree $t) has the prefix '[${PLAN_PREFIX[$p]}]'; its tree wants one of: $(for n in $names; do printf '[PATCH %s] ' "$n"; done)")
	done
	# The parts left out (empty here) are nobody's dependency: only
	# local parts can depend on a local part, and nothing on a stable one.
	PLAN_PARTS=("${kept[@]}")
	for p in "${PLAN_PARTS[@]}"; do
		line=''
		for dep in ${PLAN_DEPS[$p]}; do
			[ -z "${PLAN_IDX[$dep]}" ] || line+="$dep "
		done
		PLAN_DEPS[$p]=${line% }
	done
	[ ${#PLAN_ERRORS[@]} -eq 0 ]
}

# plan_closure PART: the parts PART stands on (its dependencies and
# theirs), in posting order, PART excluded.
plan_closure() {
	local -A need=()
	local p d k

	for d in ${PLAN_DEPS[$1]}; do need[$d]=1; done
	# Dependencies are declared above: one pass from the bottom up.
	for ((k = ${#PLAN_PARTS[@]} - 1; k >= 0; k--)); do
		p=${PLAN_PARTS[k]}
		[ -n "${need[$p]+x}" ] || continue
		for d in ${PLAN_DEPS[$p]}; do need[$d]=1; done
	done
	for p in "${PLAN_PARTS[@]}"; do
		[ -z "${need[$p]+x}" ] || printf '%s\n' "$p"
	done
}

# sender_identity: set SENDER_NAME, SENDER_EMAIL and SENDER_TEST (1 when
# it came from SERIES_IDENTITY) for the messages `make series` writes:
# SERIES_IDENTITY="Name <mail>" when set (test runs: make test, CI), or
# the git configuration of the project repository (git var
# GIT_COMMITTER_IDENT: user.name, user.email, or GIT_COMMITTER_* from
# the environment). Exits 2 when the identity is unset, is the project's
# placeholder (tooling/project.conf) or, from git, has a reserved or
# local domain (example.org/.com/.net, .example, .invalid, .test,
# .localhost, .local, localhost): none of them is a DCO identity.
sender_identity() {
	# shellcheck disable=SC2153 # REPO: lib/common.sh
	local ident domain how="set yours in the project repository: git config --global user.name 'Your Name' && git config --global user.email you@your.domain (or without --global, in $REPO)"

	SENDER_TEST=0
	if [ -n "${SERIES_IDENTITY:-}" ]; then
		[[ "$SERIES_IDENTITY" =~ ^([^\<\>]*[^\<\>\ ])\ +\<([^\<\>@\ ]+@[^\<\>@\ ]+)\>$ ]] ||
			die "$EXIT_USAGE" "SERIES_IDENTITY='$SERIES_IDENTITY' is not 'Name <mail@domain>'"
		SENDER_NAME=${BASH_REMATCH[1]} SENDER_EMAIL=${BASH_REMATCH[2]} SENDER_TEST=1
	else
		ident=$(git -C "$REPO" -c user.useConfigOnly=true var GIT_COMMITTER_IDENT 2>/dev/null) ||
			die "$EXIT_USAGE" "no sender identity: git has no user.name/user.email for $REPO; the messages are signed off (Signed-off-by:, DCO) and sent as you: $how"
		[[ "$ident" =~ ^(.*[^\ ])\ +\<([^\<\>]*)\>\ [0-9]+\ [-+][0-9]{4}$ ]] ||
			die "$EXIT_USAGE" "cannot read git's identity '$ident'; $how"
		SENDER_NAME=${BASH_REMATCH[1]} SENDER_EMAIL=${BASH_REMATCH[2]}
	fi
	if [ "${SENDER_EMAIL,,}" = "${PROJECT_EMAIL,,}" ] || [ "$SENDER_NAME" = "$PROJECT_NAME" ]; then
		die "$EXIT_USAGE" "the sender identity '$SENDER_NAME <$SENDER_EMAIL>' is the project's placeholder (tooling/project.conf), not a person who can sign off (DCO): $how"
	fi
	[ "$SENDER_TEST" = 0 ] || return 0
	domain=${SENDER_EMAIL##*@}
	domain=${domain,,}
	case $SENDER_EMAIL in *@*.*) ;; *) domain=localhost ;; esac
	case $domain in
	example.org | example.com | example.net | *.example.org | *.example.com | *.example.net | \
		*.example | *.invalid | *.test | *.localhost | localhost | *.local | *.localdomain | localdomain)
		die "$EXIT_USAGE" "the sender identity '$SENDER_NAME <$SENDER_EMAIL>' has a reserved or local domain ($domain), not an address one can sign off with (DCO): $how"
		;;
	esac
}

# sign_off_message AUTHOR: stdin, a commit message, to stdout with the
# placeholder's Signed-off-by: replaced by the sender's, and the
# sender's appended when it has none (the sender signs off what they
# send, after the author's).
sign_off_message() {
	local me="$SENDER_NAME <$SENDER_EMAIL>" ph="$PROJECT_NAME <$PROJECT_EMAIL>"

	awk -v ph="Signed-off-by: $ph" -v me="Signed-off-by: $me" '
		$0 == ph { $0 = me }
		$0 == me { if (seen++) next }
		{ print }
	' | git interpret-trailers --if-exists addIfDifferent --trailer "Signed-off-by: $me"
}
