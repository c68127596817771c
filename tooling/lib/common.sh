# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# common.sh - helpers shared by every tooling command.
#
# Sourced, never executed; sets no shell options. Provides logging
# (info, warn, die), the `run` wrapper that echoes every command it runs
# and honours DRY_RUN=1, stage timing with per-stage log files, and the
# project paths and variables every command agrees on.
#
# Exit codes used throughout the tooling:
#   0 pass, 1 fail, 2 usage error or missing prerequisite, 4 skip.

# Repository root (the directory holding Makefile and topics/).
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# The project identity lives in one place; see tooling/project.conf.
# shellcheck source=../project.conf
. "$REPO/tooling/project.conf"

: "${CACHE_DIR:=${XDG_CACHE_HOME:-$HOME/.cache}/reftrack}"
: "${BASE_TARBALL:=/usr/src/linux-source-6.12.tar.xz}"
: "${BASE_PACKAGE:=linux-source-6.12}"
: "${BASE_TREE:=}"
# BASE: which base kernel (6.12, the default: the installed
# $BASE_PACKAGE; others are pinned in $BASES_DIR/BASE.conf and fetched
# by tooling/base).
: "${BASE:=6.12}"
: "${BASES_DIR:=$REPO/tooling/bases}"
# OUT: results of the default base in out/, of another base in
# out/base-BASE/, so a run on one base never overwrites the other's.
if [ "$BASE" = 6.12 ]; then
	: "${OUT:=$REPO/out}"
else
	: "${OUT:=$REPO/out/base-$BASE}"
fi
: "${TOPICS_DIR:=$REPO/topics}"
: "${PLANS_DIR:=$REPO/testplans}"
: "${JOBS:=$(nproc 2>/dev/null || echo 2)}"
: "${DRY_RUN:=0}"
: "${V:=0}"
# PYTHON: the interpreter of the tooling's own Python (qemu/judge and
# qemu/ktap-parse, tooling/series, tooling/bench-refs) and of the kernel's
# Python scripts it runs. Debian's python3 (tooling/deps installs it,
# with python3-yaml) when present: a version manager's shim that comes
# first in PATH (pyenv's) costs ~0.3 s a start, 10x the interpreter's
# own, and the judge starts a few per boot.
if [ -z "${PYTHON:-}" ]; then
	PYTHON=python3
	[ ! -x /usr/bin/python3 ] || PYTHON=/usr/bin/python3
fi

# The work repository: a git import of the base with one branch per
# topic. `tooling/base` writes its path to $(current_base_file).
: "${BUILD_DIR:=$CACHE_DIR/build}"

EXIT_PASS=0
EXIT_FAIL=1
EXIT_USAGE=2
EXIT_SKIP=4
export EXIT_PASS EXIT_FAIL EXIT_USAGE EXIT_SKIP

if [ -t 2 ]; then
	_c_info=$'\e[1;34m' _c_warn=$'\e[1;33m' _c_err=$'\e[1;31m' _c_off=$'\e[0m'
else
	_c_info='' _c_warn='' _c_err='' _c_off=''
fi

PROG=$(basename "$0")

# first N: the first N lines of stdin. Unlike `head -n N` it reads to
# the end, so under `set -o pipefail` the command writing into it never
# dies of SIGPIPE (status 141) when its output outgrows a pipe buffer.
first() { awk -v n="$1" 'NR <= n'; }

info() { printf '%s%s:%s %s\n' "$_c_info" "$PROG" "$_c_off" "$*" >&2; }
warn() { printf '%s%s: warning:%s %s\n' "$_c_warn" "$PROG" "$_c_off" "$*" >&2; }
err() { printf '%s%s: error:%s %s\n' "$_c_err" "$PROG" "$_c_off" "$*" >&2; }

# die [CODE] MESSAGE...: print an error and exit (default code 1).
die() {
	local code=$EXIT_FAIL

	if [[ "${1-}" =~ ^[0-9]+$ ]]; then
		code=$1
		shift
	fi
	err "$*"
	exit "$code"
}

# run CMD...: print the command, then run it (or only print with DRY_RUN=1).
run() {
	printf '$ %s\n' "$*" >&2
	[ "$DRY_RUN" = 1 ] && return 0
	"$@"
}

# now: seconds since the epoch, as an integer.
now() { date +%s; }

# elapsed START: "1m23s" since START.
elapsed() {
	local s=$(($(now) - $1))

	printf '%dm%02ds' $((s / 60)) $((s % 60))
}

# stage NAME LOG CMD...: run CMD with all output to LOG, printing progress
# (stage name, elapsed time) and, on failure, the log's path and tail.
# Returns CMD's exit status.
stage() {
	local name=$1 log=$2 start rc=0
	shift 2

	mkdir -p "$(dirname "$log")" "$OUT"
	start=$(now)
	info "[$name] start (log: $log)"
	if [ "$V" = 1 ]; then
		# CMD's status whether or not the caller set pipefail.
		{ "$@" 2>&1 | tee "$log"; rc=${PIPESTATUS[0]}; } || true
	else
		"$@" >"$log" 2>&1 || rc=$?
	fi
	printf '%s\t%s\t%s\n' "$name" "$(($(now) - start))" "$rc" >>"$OUT/timings.tsv"
	if [ "$rc" -ne 0 ]; then
		err "[$name] FAILED after $(elapsed "$start") (exit $rc); log: $log"
		tail -n 25 "$log" | sed 's/^/    | /' >&2
		return "$rc"
	fi
	info "[$name] done in $(elapsed "$start")"
}

# need_cmd CMD...: exit 2 naming the package to install when a command is
# missing.
need_cmd() {
	local c

	for c in "$@"; do
		command -v "$c" >/dev/null 2>&1 ||
			die "$EXIT_USAGE" "'$c' not found; run 'make deps' (as root) or see README.md"
	done
}

# wgit: git with a fixed identity and no user configuration, for the
# work repository.
wgit() {
	git -C "$WORK" -c core.autocrlf=false -c advice.detachedHead=false \
		-c user.name="$PROJECT_NAME" -c user.email="$PROJECT_EMAIL" "$@"
}

# check_base: exit 2 unless $BASE is a base name (digits and dots).
check_base() {
	[[ "$BASE" =~ ^[0-9]+\.[0-9]+$ ]] ||
		die "$EXIT_USAGE" "BASE=$BASE: not a base name (6.12, 7.2, ...)"
}

# current_base_file: where the import of $BASE is recorded, so that each
# base keeps its own work repository: $CACHE_DIR/current-base for 6.12,
# $CACHE_DIR/current-base-BASE for the others.
current_base_file() {
	if [ "$BASE" = 6.12 ]; then
		printf '%s\n' "$CACHE_DIR/current-base"
	else
		printf '%s\n' "$CACHE_DIR/current-base-$BASE"
	fi
}

# load_work: set WORK (the work repository) and BASE_REF from the last
# import of $BASE; exit 2 when that base has not been imported yet.
load_work() {
	local cur make_base='make base'

	check_base
	[ "$BASE" = 6.12 ] || make_base="make base BASE=$BASE"
	cur=$(current_base_file)
	[ -f "$cur" ] || die "$EXIT_USAGE" "no base imported yet; run '$make_base'"
	WORK=$(sed -n 1p "$cur")
	BASE_REF=$(sed -n 2p "$cur")
	[ -d "$WORK/.git" ] || die "$EXIT_USAGE" "work repository $WORK is gone; run '$make_base'"
	export WORK BASE_REF
	# Only a command holding the cache lock may judge a lock stale.
	[ -z "${REFTRACK_LOCKED:-}" ] || clear_stale_locks "$WORK"
}

# clear_stale_locks REPO: remove the index.lock files a killed git left in
# REPO and its worktrees. The tooling never runs two pipelines on one
# cache at once, so a lock seen here is stale.
clear_stale_locks() {
	local lock

	for lock in "$1/.git/index.lock" "$1"/.git/worktrees/*/index.lock; do
		[ -f "$lock" ] || continue
		warn "removing $lock left by an interrupted git command"
		rm -f "$lock"
	done
}

# topic_list: the topic directories, in NN order, filtered by $TOPICS (a
# space-separated list of names or NN prefixes; empty means all).
topic_list() {
	local d n want

	for d in "$TOPICS_DIR"/[0-9][0-9]-*/; do
		[ -d "$d" ] || continue
		n=$(basename "$d")
		if [ -n "${TOPICS:-}" ]; then
			for want in $TOPICS; do
				case "$n" in
				"$want" | "$want"-*) printf '%s\n' "$n" ;;
				esac
			done
		else
			printf '%s\n' "$n"
		fi
	done
}

# topic_mbox NAME: the topic's series for $BASE. Each topic keeps one
# exported mbox per base in its directory: series.mbox for the default
# base (6.12), series-BASE.mbox for the others (series-7.2.mbox).
topic_mbox() {
	if [ "$BASE" = 6.12 ]; then
		printf '%s\n' "$TOPICS_DIR/$1/series.mbox"
	else
		printf '%s\n' "$TOPICS_DIR/$1/series-$BASE.mbox"
	fi
}

# topic_config NAME [compile]: the topic's kconfig fragment for $BASE:
# config (compile.config) on 6.12; config-BASE (compile-BASE.config) on
# another base when the topic has one, for options that base renamed or
# removed; else the 6.12 one. Prints nothing when the topic has none.
topic_config() {
	local d=$TOPICS_DIR/$1 f

	if [ "${2-}" = compile ]; then
		f=$d/compile-$BASE.config
		[ "$BASE" != 6.12 ] && [ -f "$f" ] || f=$d/compile.config
	else
		f=$d/config-$BASE
		[ "$BASE" != 6.12 ] && [ -f "$f" ] || f=$d/config
	fi
	[ ! -f "$f" ] || printf '%s\n' "$f"
}

# topic_mbox_shown NAME: topic_mbox as messages show it, from the topics
# directory's name down (topics/NAME/series.mbox), whatever TOPICS_DIR is.
topic_mbox_shown() {
	local m

	m=$(topic_mbox "$1")
	printf '%s/%s/%s\n' "${TOPICS_DIR##*/}" "$1" "${m##*/}"
}

# all_topics: every topic directory name, ignoring $TOPICS.
all_topics() { TOPICS='' topic_list; }

# topic_branch NAME: the branch a topic lives on in the work repository.
topic_branch() { printf 'topic/%s\n' "$1"; }

# topic_meta NAME KEY: the value of "KEY: value" in topics/NAME/topic.conf.
topic_meta() {
	local f=$TOPICS_DIR/$1/topic.conf

	[ -f "$f" ] || return 0
	sed -n "s/^$2:[[:space:]]*//p" "$f"
}

# send_email_args TO [FROM]: set SEND_EMAIL_ARGS, the git send-email
# options for a part's messages as b4 wrote them: make series prints
# them, send-test sends with them (and its local server). b4 threaded
# the messages already (In-Reply-To, References): git's own threading
# would add a second, wrong, pair (--no-thread). The recipients are in
# each message's To: and Cc:; --to names the list once more, as a
# reader of the command expects; FROM spares the sender's prompt.
send_email_args() {
	SEND_EMAIL_ARGS=(--no-thread --to="$1")
	[ -z "${2-}" ] || SEND_EMAIL_ARGS+=(--from="$2")
}

# prev_ref NAME: the ref a topic stacks on (the previous topic's branch,
# or the base).
prev_ref() {
	local prev='' t

	for t in $(all_topics); do
		[ "$t" = "$1" ] && break
		prev=$t
	done
	if [ -n "$prev" ]; then
		topic_branch "$prev"
	else
		printf '%s\n' "$BASE_REF"
	fi
}

# check_survival CONFIG FRAGMENT...: fail listing every option a fragment
# sets (or unsets) that the final CONFIG does not have as asked. When
# fragments disagree, the last one to name an option has the last word,
# as in merge_config.sh (qemu/bench.config turns off what base.config
# turns on).
check_survival() {
	local config=$1 f line opt want have lost=() i
	local -A owner=()
	shift

	for ((i = 1; i <= $#; i++)); do
		while IFS= read -r line; do
			[[ "$line" =~ ^(CONFIG_[A-Za-z0-9_]+)=|^#\ (CONFIG_[A-Za-z0-9_]+)\ is\ not\ set$ ]] &&
				owner[${BASH_REMATCH[1]}${BASH_REMATCH[2]}]=$i
		done <"${!i}"
	done
	for ((i = 1; i <= $#; i++)); do
		f=${!i}
		while IFS= read -r line; do
			case "$line" in
			CONFIG_*=n) # kconfig reads =n as "is not set"
				opt=${line%%=*}
				want="# $opt is not set"
				;;
			CONFIG_*=*)
				opt=${line%%=*}
				want=$line
				;;
			"# CONFIG_"*" is not set")
				opt=${line#\# }
				opt=${opt%% *}
				want="# $opt is not set"
				;;
			*) continue ;;
			esac
			[ "${owner[$opt]}" = "$i" ] || continue
			have=$(grep -E "^(# )?${opt}[= ]" "$config" || true)
			if [ "$want" = "# $opt is not set" ]; then
				case "$have" in "$opt=y" | "$opt=m") lost+=("$want (have: $have) from $f") ;; esac
			elif [ "$have" != "$want" ]; then
				lost+=("$want (have: ${have:-absent}) from $f")
			fi
		done <"$f"
	done
	if [ ${#lost[@]} -gt 0 ]; then
		err "requested options that did not survive olddefconfig (missing dependencies?):"
		printf '    %s\n' "${lost[@]}" >&2
		return 1
	fi
}

# sparse_dir VERSION: where tooling/base builds the sparse a pin names.
sparse_dir() { printf '%s/tools/sparse-%s\n' "$CACHE_DIR" "$(printf '%s' "$1" | tr '~:' '__')"; }

# use_kernel_sparse SRC: make `sparse` in PATH one that the kbuild of the
# kernel tree SRC accepts, or die. Trees with scripts/checker-valid.sh
# (6.15 and later) turn C=1 off, with only a make warning, when the
# checker fails it: a W=1 C=1 pass would then check nothing. When the
# installed sparse fails, the one BASE's pin names (built by tooling/base)
# is put first in PATH.
use_kernel_sparse() {
	local valid=$1/scripts/checker-valid.sh v dir='' hint

	need_cmd sparse
	[ -f "$valid" ] || return 0
	[ "$(sh "$valid" sparse -m64 -mlittle-endian 2>/dev/null)" = 1 ] && return 0
	v=$(sed -n 's/^sparse:[[:space:]]*//p' "$BASES_DIR/$BASE.conf" 2>/dev/null | first 1)
	[ -z "$v" ] || dir=$(sparse_dir "$v")
	if [ -n "$dir" ] && [ -x "$dir/sparse" ]; then
		PATH=$dir:$PATH
		[ "$(sh "$valid" sparse -m64 -mlittle-endian 2>/dev/null)" = 1 ] && return 0
		die "$EXIT_USAGE" "$dir/sparse (sparse $v, pinned for BASE=$BASE) fails $valid: C=1 would check nothing"
	fi
	if [ -n "$v" ]; then
		hint="Run \"make base BASE=$BASE\": it builds sparse $v, pinned in $BASES_DIR/$BASE.conf."
	else
		hint="Install a sparse built from its git tree, first in PATH."
	fi
	die "$EXIT_USAGE" "the installed sparse $(sparse --version 2>&1 | first 1) fails $valid" \
		"(it cannot parse __typeof_unqual__): this tree's kbuild would turn C=1 off and sparse would" \
		"check nothing. $hint"
}

# kselftest_targets SRC: the kselftest targets (directories under
# tools/testing/selftests/ whose Makefile includes lib.mk, relative to
# it) holding any of the paths read on stdin (relative to SRC), sorted,
# one a line.
kselftest_targets() {
	local st=tools/testing/selftests f d

	while IFS= read -r f; do
		d=$(dirname "$f")
		while [ "$d" != "$st" ] && [ "$d" != . ]; do
			if [ -f "$1/$d/Makefile" ] && grep -q 'lib\.mk' "$1/$d/Makefile"; then
				printf '%s\n' "${d#"$st"/}"
				break
			fi
			d=$(dirname "$d")
		done
	done | LC_ALL=C sort -u
}

# kselftest_mod_dirs DIR: the module directories (TEST_GEN_MODS_DIR) of
# the kselftest target in DIR, one a line.
kselftest_mod_dirs() {
	sed -nE 's/^TEST_GEN_MODS_DIR[[:space:]]*:?=[[:space:]]*//p' "$1/Makefile" |
		tr -s '[:blank:]' '\n' | sed '/^$/d'
}

# check_mbox FILE: fail with a clear message unless FILE looks like an
# mbox of patches (a "From " separator, then From:/Subject: headers and at
# least one diff).
check_mbox() {
	local f=$1

	[ -f "$f" ] || { err "$f: no such mbox"; return 1; }
	if ! head -n 1 "$f" | grep -q '^From '; then
		err "$f: not an mbox (first line is not a 'From ' separator)"
		return 1
	fi
	if ! grep -q '^Subject: ' "$f" || ! grep -q '^From: ' "$f"; then
		err "$f: corrupt mbox (no From:/Subject: headers)"
		return 1
	fi
	if ! grep -q '^diff --git ' "$f"; then
		err "$f: the mbox holds no patch (no 'diff --git' line)"
		return 1
	fi
}

# bench_boots_lock / bench_boots_unlock: a benchmark's boots run under
# BUILD_LOCK when it is set (fd 8), back to back: two TCG vCPUs keep both
# cores of a small machine as busy as a build, so no kernel build of a
# concurrent run may skew one kernel's figures.
bench_boots_lock() {
	[ -n "${BUILD_LOCK:-}" ] || return 0
	exec 8>"$BUILD_LOCK"
	info "waiting for $BUILD_LOCK (concurrent kernel builds) before booting"
	flock 8
}

bench_boots_unlock() {
	[ -z "${BUILD_LOCK:-}" ] || exec 8>&-
}

# take_lock: hold $CACHE_DIR/lock for the rest of this command and its
# children, so two runs never share a work repository; a second run
# waits up to LOCK_WAIT seconds (default 0) and then exits 2.
take_lock() {
	[ -z "${REFTRACK_LOCKED:-}" ] || return 0
	mkdir -p "$CACHE_DIR"
	exec 9>"$CACHE_DIR/lock"
	flock -w "${LOCK_WAIT:-0}" 9 ||
		die "$EXIT_USAGE" "another run holds $CACHE_DIR/lock; wait for it to finish"
	export REFTRACK_LOCKED=1
}

# stamp_branch NAME: record that topic/NAME was made from (or written
# to) its mbox (topic_mbox NAME) as it is now, on top of the previous
# topic's branch (or the base) as it is now: the mbox's blob id, the
# branch's commit and its parent ref's commit, in
# $WORK/.git/reftrack-stamps/NAME. tooling/apply and tooling/export
# write it; require_fresh_branch reads it.
stamp_branch() {
	local d=$WORK/.git/reftrack-stamps blob tip onto

	blob=$(git hash-object --no-filters "$(topic_mbox "$1")") || return 1
	tip=$(wgit rev-parse --verify -q "$(topic_branch "$1")^{commit}") || return 1
	onto=$(wgit rev-parse --verify -q "$(prev_ref "$1")^{commit}") || return 1
	mkdir -p "$d" || return 1
	printf 'mbox %s\ncommit %s\nonto %s\n' "$blob" "$tip" "$onto" >"$d/$1.tmp" &&
		mv "$d/$1.tmp" "$d/$1"
}

# posted_ref NAME: set REPLY to what a recipient of every posted part of
# NAME ends with, and POSTED_WHAT to its description: tag
# series/NAME/posted (tooling/series: the topic without its local parts)
# when it differs from the topic branch, else the topic branch.
# shellcheck disable=SC2034 # POSTED_WHAT: for roundtrip and send-test
posted_ref() {
	REPLY=$(topic_branch "$1") POSTED_WHAT="the topic's tree"
	if wgit rev-parse -q --verify "refs/tags/series/$1/posted" >/dev/null &&
		[ "$(wgit rev-parse "series/$1/posted^{tree}")" != "$(wgit rev-parse "$REPLY^{tree}")" ]; then
		REPLY=series/$1/posted POSTED_WHAT="the topic's tree without its local parts (tag series/$1/posted)"
	fi
}

# require_fresh_branch NAME: exit 1 unless topic/NAME and every topic
# branch below it are what topics/ holds now: each branch still at the
# commit its stamp names, each mbox unchanged since (same blob id), each
# stacked on the branch below as it is now. A branch left by an earlier
# run (an apply that failed since), an mbox edited or replaced after
# `make apply`, or a branch moved without `make export` is refused.
# Exit 2 when the branch does not exist.
require_fresh_branch() {
	local name=$1 t branch s blob tip onto want

	for t in $(all_topics); do
		branch=$(topic_branch "$t")
		s=$WORK/.git/reftrack-stamps/$t
		tip=$(wgit rev-parse --verify -q "$branch^{commit}") ||
			die "$EXIT_USAGE" "branch $branch missing; run 'make apply' first"
		[ -f "$s" ] ||
			die "$branch was not made by this tooling's 'make apply' (no stamp $s); run 'make apply'"
		want=$(sed -n 's/^mbox //p' "$s")
		blob=$(git hash-object --no-filters "$(topic_mbox "$t")" 2>/dev/null) || blob=none
		[ "$blob" = "$want" ] ||
			die "$branch is stale: $(topic_mbox_shown "$t") changed since it was applied (blob $blob, branch made from $want); run 'make apply'"
		want=$(sed -n 's/^commit //p' "$s")
		[ "$tip" = "$want" ] ||
			die "$branch moved since 'make apply' (now ${tip:0:12}, applied ${want:0:12}) and $(topic_mbox_shown "$t") does not hold it; run 'make export TOPIC=$t' to keep it, or 'make apply' to drop it"
		onto=$(wgit rev-parse --verify -q "$(prev_ref "$t")^{commit}") || onto=none
		want=$(sed -n 's/^onto //p' "$s")
		[ "$onto" = "$want" ] ||
			die "$branch is stale: it was applied onto ${want:0:12}, $(prev_ref "$t") is now ${onto:0:12}; run 'make apply'"
		[ "$t" = "$name" ] && return 0
	done
	die "$EXIT_USAGE" "no topic $name in $TOPICS_DIR"
}
