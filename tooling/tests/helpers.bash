# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# helpers.bash - shared setup and assertions for the tooling tests.
#
# Loaded by every tooling/tests/*.bats file with `load helpers`. Every
# test runs against temporary directories only: CACHE_DIR, OUT,
# TOPICS_DIR and PLANS_DIR point under $BATS_TEST_TMPDIR (or
# $BATS_FILE_TMPDIR for what setup_file prepares), git reads no user or
# system configuration, and the network is unreachable through a dead
# proxy. Nothing depends on an earlier run of the pipeline.

REPO=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
# shellcheck disable=SC2034 # used by the .bats files
FIXTURES=$BATS_TEST_DIRNAME/fixtures

# hermetic_env DIR: point every path the tooling writes under DIR, and
# cut git and the network off from the host's configuration.
hermetic_env() {
	local d=$1

	mkdir -p "$d"
	export CACHE_DIR=$d/cache OUT=$d/out TOPICS_DIR=$d/topics PLANS_DIR=$d/testplans
	export XDG_CACHE_HOME=$d/xdg-cache XDG_CONFIG_HOME=$d/xdg-config
	export TMPDIR=$d
	export BASE_PACKAGE=reftrack-test-no-such-package
	unset BASE_TREE TOPICS V DRY_RUN STRICT KUNIT_PY EXTRA_PACKAGES EXTRA_CONFIG \
		REFTRACK_LOCKED LOCK_WAIT SERIES_IDENTITY
	# git: no ~/.gitconfig or /etc/gitconfig (commit.gpgsign, am.threeWay,
	# format.signature... would change what the tooling does), a fixed
	# identity for the commits the tests make themselves.
	printf '[user]\n\tname = Test Author\n\temail = test@example.org\n[init]\n\tdefaultBranch = main\n' >"$d/gitconfig"
	export GIT_CONFIG_GLOBAL=$d/gitconfig GIT_CONFIG_NOSYSTEM=1
	unset GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL \
		GIT_AUTHOR_DATE GIT_COMMITTER_DATE GIT_DIR GIT_WORK_TREE
	# No network: b4 or anything else that tries gets a refused connection.
	export http_proxy=http://127.0.0.1:9 https_proxy=http://127.0.0.1:9
	export HTTP_PROXY=$http_proxy HTTPS_PROXY=$https_proxy no_proxy='' NO_PROXY=''
}

# fail_with MESSAGE: fail the test, showing the last `run` output.
fail_with() {
	{
		printf '%s\n' "$1"
		printf -- '--- status: %s; output:\n%s\n---\n' "${status-}" "${output-}"
	} >&2
	return 1
}

# assert_status N: the last `run` exited with N.
assert_status() {
	[ "$status" -eq "$1" ] || fail_with "expected exit $1, got $status"
}

# assert_output_has TEXT: the last `run` output contains TEXT (fixed string).
assert_output_has() {
	grep -qF -- "$1" <<<"$output" || fail_with "output lacks: $1"
}

# refute_output_has TEXT: the last `run` output does not contain TEXT.
refute_output_has() {
	! grep -qF -- "$1" <<<"$output" || fail_with "output unexpectedly has: $1"
}

# assert_file_has FILE TEXT: FILE contains TEXT (fixed string).
assert_file_has() {
	[ -f "$1" ] || fail_with "no file $1"
	grep -qF -- "$2" "$1" || fail_with "$1 lacks: $2"
}

# tree_sum DIR: one checksum over every name, type, mode and content
# under DIR, to prove a command left it byte-identical.
tree_sum() {
	(
		cd "$1" || exit 1
		find . -printf '%p %y %m\n' | LC_ALL=C sort
		find . -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum
	) | sha256sum | cut -d' ' -f1
}

# make_kernel_tarball OUTPUT [VARIANT]: a tiny stand-in for Debian's
# linux-source-6.12 tarball: top directory linux-source-6.12/ with a
# Makefile, lib/ref_tracker.c, a header, an executable script and
# Debian's top-level .gitignore ("/*", which ignores everything).
# VARIANT: "changed" (one file differs) or "no-ref-tracker" (no
# lib/ref_tracker.c). The archive is reproducible: same input, same bytes.
make_kernel_tarball() {
	local out=$1 variant=${2:-plain} src top i

	src=$(mktemp -d "${BATS_TEST_TMPDIR:-$BATS_FILE_TMPDIR}/ktree.XXXXXX")
	top=$src/linux-source-6.12
	mkdir -p "$top/lib" "$top/include/linux" "$top/scripts"
	printf 'VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 0\nEXTRAVERSION =\nNAME = Baby Opossum Posse\n' >"$top/Makefile"
	printf '/*\n' >"$top/.gitignore"
	# shellcheck disable=SC2016 # make syntax, not a shell expansion
	printf 'obj-$(CONFIG_REF_TRACKER) += ref_tracker.o\n' >"$top/lib/Makefile"
	{
		printf '// SPDX-License-Identifier: GPL-2.0-or-later\n\n'
		printf '#define pr_fmt(fmt) "ref_tracker: " fmt\n\n'
		printf '#include <linux/ref_tracker.h>\n\n'
		for i in $(seq 1 24); do
			printf 'static int ref_tracker_line_%02d(void)\n{\n\treturn %d;\n}\n\n' "$i" "$i"
		done
	} >"$top/lib/ref_tracker.c"
	{
		printf '// SPDX-License-Identifier: GPL-2.0-or-later\n'
		printf '#ifndef _LINUX_REF_TRACKER_H\n#define _LINUX_REF_TRACKER_H\n'
		for i in $(seq 1 12); do
			printf 'int ref_tracker_decl_%02d(void);\n' "$i"
		done
		printf '#endif /* _LINUX_REF_TRACKER_H */\n'
	} >"$top/include/linux/ref_tracker.h"
	printf '#!/bin/sh\n# SPDX-License-Identifier: GPL-2.0\necho checking\n' >"$top/scripts/check.sh"
	chmod 755 "$top/scripts/check.sh"
	case $variant in
	changed) printf 'EXTRAVERSION = -changed\n' >>"$top/Makefile" ;;
	no-ref-tracker) rm "$top/lib/ref_tracker.c" ;;
	esac
	tar --sort=name --mtime=@946684800 --owner=0 --group=0 --numeric-owner \
		-cJf "$out" -C "$src" linux-source-6.12
	rm -rf "$src"
}

# KERNEL_TARBALL: Debian's packaged kernel source; the tests use its tools.
KERNEL_TARBALL=/usr/src/linux-source-6.12.tar.xz

# kernel_files: print the directory holding what the tests need from
# $KERNEL_TARBALL (tools/testing/kunit for the judge; checkpatch.pl, its
# data files, kernel-doc and get_maintainer.pl for tooling/check), unpacked in one pass once
# per bats run and shared by the files that need it: decompressing the
# tarball is the dearest step of the suite. Fails when it is missing.
kernel_files() {
	local dir=$BATS_SUITE_TMPDIR/kernel-files kf_lock

	# Files run in parallel (tooling/test's BATS_JOBS) share the suite's
	# directory: one extracts, the others wait for it.
	exec {kf_lock}>"$BATS_SUITE_TMPDIR/kernel-files.lock"
	flock "$kf_lock"
	if [ ! -e "$dir/.complete" ]; then
		[ -f "$KERNEL_TARBALL" ] || {
			echo "$KERNEL_TARBALL missing: apt-get install linux-source-6.12" >&2
			exec {kf_lock}>&-
			return 1
		}
		rm -rf "$dir"
		mkdir -p "$dir"
		# xz -T0: the tarball has many blocks, so this takes half the
		# time of tar -J on two cores.
		tar -I 'xz -T0' -xf "$KERNEL_TARBALL" -C "$dir" --strip-components=1 \
			--wildcards 'linux-source-6.12/tools/testing/kunit/*' \
			linux-source-6.12/scripts/checkpatch.pl linux-source-6.12/scripts/spelling.txt \
			linux-source-6.12/scripts/const_structs.checkpatch \
			linux-source-6.12/scripts/kernel-doc \
			linux-source-6.12/scripts/get_maintainer.pl >&2 || {
			exec {kf_lock}>&-
			return 1
		}
		touch "$dir/.complete"
	fi
	exec {kf_lock}>&-
	printf '%s\n' "$dir"
}

# work_repo: the work repository of the current base import.
work_repo() { sed -n 1p "$CACHE_DIR/current-base"; }

# base_commit: the base commit of the current base import.
base_commit() { sed -n 2p "$CACHE_DIR/current-base"; }

# assert_work_clean: no `git am` left behind and nothing modified in the
# work repository.
assert_work_clean() {
	local w

	w=$(work_repo)
	[ ! -e "$w/.git/rebase-apply" ] || fail_with "$w/.git/rebase-apply left behind"
	[ -z "$(git -C "$w" status --porcelain)" ] ||
		fail_with "work repository not clean: $(git -C "$w" status --porcelain)"
}

# sgit ARGS...: git in the scratch clone where the tests write patches.
sgit() { git -C "$SCRATCH" "$@"; }

# scratch_commit N FILE SED-SCRIPT SUBJECT: edit FILE in the scratch clone
# with SED-SCRIPT (or create it when SED-SCRIPT is "new:CONTENT") and
# commit it with a fixed date (day N) and a kernel-style message.
scratch_commit() {
	local n=$1 file=$2 edit=$3 subject=$4 date

	date=$(printf '2024-01-%02dT12:00:00+0000' "$n")
	mkdir -p "$(dirname "$SCRATCH/$file")"
	case $edit in
	new:*) printf '%s\n' "${edit#new:}" >"$SCRATCH/$file" ;;
	*) sed -i "$edit" "$SCRATCH/$file" ;;
	esac
	sgit add -f "$file"
	GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date \
		sgit commit -q -m "$subject" -m "Body of '$subject', saying why." \
		-m "Signed-off-by: Test Author <test@example.org>"
}

# write_series FROM DEST TITLE [--thread]: the commits FROM..HEAD of the
# scratch clone as an mbox with a cover letter ("[PATCH 0/N] TITLE"), as
# a developer would post them (--thread: with Message-Id and In-Reply-To
# headers, as a list archive gives them).
write_series() {
	local from=$1 dest=$2 title=$3 fp=(format-patch -q --stdout --cover-letter)

	[ "${4-}" = --thread ] && fp+=(--thread)
	mkdir -p "$(dirname "$dest")"
	sgit "${fp[@]}" "$from..HEAD" |
		sed -e "s/\*\*\* SUBJECT HERE \*\*\*/$title/" \
			-e "s/\*\*\* BLURB HERE \*\*\*/What $title does, and why./" >"$dest"
}

# make_topics DIR: two topics in DIR, as topics/ holds them:
#   01-core   three patches (lib/ref_tracker.c, the header, lib/Makefile)
#   02-tests  two patches on top of 01-core (a new file, then an edit of
#             lib/ref_tracker.c that needs 01-core's change as context)
# and, in DIR.extra/, 03-extra.mbox: one patch on top of 02-tests, to
# import, as posted (threaded) and as format-patch --stdout writes it. Each topic has series.mbox, config and topic.conf.
make_topics() {
	local dir=$1 base

	SCRATCH=$(mktemp -d "${BATS_TEST_TMPDIR:-$BATS_FILE_TMPDIR}/scratch.XXXXXX")
	base=$(base_commit)
	git clone -q "$(work_repo)" "$SCRATCH"
	sgit checkout -q --detach "$base"

	scratch_commit 1 lib/ref_tracker.c 's/return 3;/return 3 + 0;/' \
		'lib/ref_tracker: make line 3 explicit'
	scratch_commit 2 include/linux/ref_tracker.h '/decl_06/a int ref_tracker_new_decl(void);' \
		'ref_tracker: declare ref_tracker_new_decl()'
	# shellcheck disable=SC2016 # sed and make syntax, not shell expansions
	scratch_commit 3 lib/Makefile '$a obj-$(CONFIG_REF_TRACKER_TEST) += test_ref_tracker.o' \
		'lib: build test_ref_tracker'
	write_series "$base" "$dir/01-core/series.mbox" 'ref_tracker: core changes'
	sgit tag t01

	scratch_commit 4 lib/test_ref_tracker.c 'new:// SPDX-License-Identifier: GPL-2.0
static int test_ref_tracker_init(void) { return 0; }' \
		'lib: add test_ref_tracker'
	scratch_commit 5 lib/ref_tracker.c 's/return 3 + 0;/return 3 + 0 + 0;/' \
		'lib/ref_tracker: build on line 3'
	write_series t01 "$dir/02-tests/series.mbox" 'ref_tracker: tests'
	sgit tag t02

	scratch_commit 6 include/linux/ref_tracker.h '/decl_10/a int ref_tracker_extra(void);' \
		'ref_tracker: declare ref_tracker_extra()'
	write_series t02 "$dir.extra/03-extra.mbox" 'ref_tracker: an extra' --thread
	write_series t02 "$dir.extra/03-extra-unthreaded.mbox" 'ref_tracker: an extra'

	local t
	for t in 01-core 02-tests; do
		printf 'CONFIG_REF_TRACKER=y\n' >"$dir/$t/config"
		printf 'prefix: PATCH net-next\nlist: netdev@vger.kernel.org\nstatus: draft\n' >"$dir/$t/topic.conf"
	done
}

# setup_base_and_topics: for setup_file: a fake base imported into
# $BATS_FILE_TMPDIR/cache and the two topics in $BATS_FILE_TMPDIR/topics.
setup_base_and_topics() {
	hermetic_env "$BATS_FILE_TMPDIR"
	export BASE_TARBALL=$BATS_FILE_TMPDIR/linux-source-6.12.tar.xz
	make_kernel_tarball "$BASE_TARBALL"
	"$REPO/tooling/base" >"$BATS_FILE_TMPDIR/base.log" 2>&1 ||
		{ cat "$BATS_FILE_TMPDIR/base.log" >&2; return 1; }
	make_topics "$BATS_FILE_TMPDIR/topics"
	export FILE_CACHE=$BATS_FILE_TMPDIR/cache FILE_TOPICS=$BATS_FILE_TMPDIR/topics
}

# setup_test_copy: for setup: this test's own copy of the base import and
# the topics, so tests cannot see each other's branches or edits.
setup_test_copy() {
	hermetic_env "$BATS_TEST_TMPDIR"
	cp -a "$FILE_CACHE" "$CACHE_DIR"
	sed -i "1s|^$FILE_CACHE/|$CACHE_DIR/|" "$CACHE_DIR/current-base"
	cp -a "$FILE_TOPICS" "$TOPICS_DIR"
	cp -a "$FILE_TOPICS.extra" "$TOPICS_DIR.extra"
	WORK=$(work_repo)
	export WORK
}

# branch_id NAME: the commit topic/NAME points at in the work repository.
branch_id() { git -C "$WORK" rev-parse --verify -q "refs/heads/topic/$1"; }

# setup_kernel_tools: setup_base_and_topics, plus the base tree's scripts
# (kernel_files) in the work repository, the top-level entries
# checkpatch looks for to recognise a kernel tree, and a MAINTAINERS
# entry for lib/ref_tracker.c (tooling/check's self-test asks
# get_maintainer.pl for it and fails when nobody is named).
setup_kernel_tools() {
	setup_base_and_topics
	local w kf
	kf=$(kernel_files)
	w=$(work_repo)
	cp "$kf"/scripts/* "$w/scripts/"
	(cd "$w" && touch COPYING CREDITS Kbuild README &&
		mkdir -p Documentation arch drivers fs init ipc kernel)
	printf '%s\n' 'REF TRACKER (TEST ENTRY)' 'M:	Ref Maintainer <ref@example.org>' \
		'L:	netdev@vger.kernel.org' 'S:	Maintained' 'F:	lib/ref_tracker.c' '' >"$w/MAINTAINERS"
}

# config_stubs: a kernel source whose merge_config.sh records the
# fragments it was given and merges them (the last value of each option
# wins), and a make whose tinyconfig writes an empty .config.
config_stubs() {
	local s=$BATS_TEST_TMPDIR/src
	mkdir -p "$s/scripts/kconfig" "$BATS_TEST_TMPDIR/build" "$BATS_TEST_TMPDIR/bin"
	cat >"$s/scripts/kconfig/merge_config.sh" <<-EOF
		#!/bin/bash
		# -m -O DIR BASECONFIG FRAGMENT...
		out=\$3
		shift 4
		echo "\$*" >"$BATS_TEST_TMPDIR/merged"
		cat "\$@" | sed -n 's/^\(CONFIG_[A-Z0-9_]*\)=.*/\1 &/p; s/^# \(CONFIG_[A-Z0-9_]*\) is not set\$/\1 &/p' |
			awk '{ k = \$1; sub(/^[^ ]* /, ""); v[k] = \$0; if (!(k in o)) { o[k] = ++n; ks[n] = k } }
				END { for (i = 1; i <= n; i++) print v[ks[i]] }' >"\$out/.config"
	EOF
	chmod +x "$s/scripts/kconfig/merge_config.sh"
	cat >"$BATS_TEST_TMPDIR/bin/make" <<-EOF
		#!/bin/sh
		for a; do case "\$a" in O=*) o=\${a#O=} ;; esac; done
		case "\$*" in *tinyconfig*) : >"\$o/.config" ;; esac
	EOF
	chmod +x "$BATS_TEST_TMPDIR/bin/make"
	export PATH=$BATS_TEST_TMPDIR/bin:$PATH
}

# survival CONFIG FRAGMENT...: run tooling/lib/common.sh's check_survival
# (every option a fragment sets must be in CONFIG as the last fragment
# that names it says) with bats' run.
survival() {
	run bash -c '. "$1/tooling/lib/common.sh"; shift; check_survival "$@"' _ "$REPO" "$@"
}

# assert_merge_order VARIANT FRAGMENT...: tooling/config for 00-base
# with VARIANT merges exactly these fragments of qemu/, in this order
# (through config_stubs' merge_config.sh).
assert_merge_order() {
	local v=$1 want='' f
	shift
	for f; do
		want+="${want:+ }$REPO/qemu/$f"
	done
	config_stubs
	VARIANT=$v run "$REPO/tooling/config" 00-base "$BATS_TEST_TMPDIR/src" "$BATS_TEST_TMPDIR/build"
	assert_status 0
	[ "$(cat "$BATS_TEST_TMPDIR/merged")" = "$want" ] || fail_with "merged: $(cat "$BATS_TEST_TMPDIR/merged")"
}
