# SPDX-License-Identifier: GPL-2.0
#
# kbuild.bash - a stand-in kernel tree for the tests of the per-patch
# builds (check-build.bats, check-wide.bats): topic 01-kbuild commits
# fixtures/kbuild/Makefile (real gcc and sparse on the objects
# lib/Kbuild.fake lists), a clean object and one with a W=1 warning;
# the patches under test are topic 02-t on top of it, written from the
# commits a test makes in $SCRATCH with put and commit.

sob='Signed-off-by: Test Author <test@example.org>'
day=0

# put FILE CONTENT: write FILE in the scratch clone.
put() {
	mkdir -p "$(dirname "$SCRATCH/$1")"
	printf '%s\n' "$2" >"$SCRATCH/$1"
	sgit add -f "$1"
}

# commit SUBJECT: commit what put staged (and edits to tracked files).
commit() {
	local date

	day=$((day + 1))
	date=$(printf '2024-03-%02dT12:00:00+0000' "$day")
	GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date \
		sgit commit -q -a -m "$1" -m "Explain why $1 is needed, in a body." -m "$sob"
}

kbuild_setup() {
	setup_test_copy
	# The stand-in builds take a lock of their own, not the machine's
	# kernel build lock: the flock path is exercised, hermetically.
	export BUILD_LOCK=$BATS_TEST_TMPDIR/kbuild.lock
	unset BISECT W1_HDR_OBJS CHECK_BUILDER CHECK_BUILDS WIDE WIDE_BISECT WIDE_ALLMOD_MAX CHECK_WIDE
	SCRATCH=$BATS_TEST_TMPDIR/scratch
	git clone -q "$WORK" "$SCRATCH"
	git -C "$SCRATCH" checkout -q --detach "$(base_commit)"
	rm -rf "${TOPICS_DIR:?}"/*
	mkdir -p "$TOPICS_DIR/01-kbuild" "$TOPICS_DIR/02-t"
	for t in 01-kbuild 02-t; do
		printf 'prefix: PATCH net-next\nlist: netdev@vger.kernel.org\n' >"$TOPICS_DIR/$t/topic.conf"
		: >"$TOPICS_DIR/$t/config"
	done
	# 01-kbuild: the stand-in kbuild, a clean object and one with a W=1
	# warning (no prototype) that sparse also reports.
	put Makefile "$(cat "$FIXTURES/kbuild/Makefile")"
	put scripts/kconfig/merge_config.sh "$(cat "$FIXTURES/kbuild/merge_config.sh")"
	chmod +x "$SCRATCH/scripts/kconfig/merge_config.sh"
	put lib/Kbuild.fake 'obj-y += lib/kb.o lib/warn.o'
	put include/linux/kb.h '/* SPDX-License-Identifier: GPL-2.0 */
int kb_get(void);'
	put lib/kb.c '// SPDX-License-Identifier: GPL-2.0
#include <linux/kb.h>

int kb_get(void)
{
	return 1;
}'
	put lib/warn.c '// SPDX-License-Identifier: GPL-2.0
int warn_old(void)
{
	return 1;
}'
	commit 'kbuild: a stand-in'
	sgit format-patch -q --stdout --cover-letter "$(base_commit)..HEAD" >"$TOPICS_DIR/01-kbuild/series.mbox"
	sgit tag kb
}

# apply_t: write 02-t from the scratch commits and apply the topics.
apply_t() {
	sgit format-patch -q --stdout --cover-letter kb..HEAD |
		sed 's/\*\*\* SUBJECT HERE \*\*\*/t/' >"$TOPICS_DIR/02-t/series.mbox"
	"$REPO/tooling/apply" >/dev/null 2>&1 || "$REPO/tooling/apply"
	RES=$BATS_TEST_TMPDIR/results.tsv
}

# run_cb [VAR=value...]: apply_t, then tooling/check-build on 02-t.
run_cb() {
	apply_t
	run env "$@" "$REPO/tooling/check-build" 02-t "$RES"
}

# res N CHECK: the verdict of CHECK for patch N; detail N CHECK: its detail.
res() {
	local c
	c=$(git -C "$WORK" rev-list --reverse topic/01-kbuild..topic/02-t | sed -n "$1p")
	awk -F'\t' -v c="$c" -v k="$2" '$1 == c && $2 == k { print $3 }' "$RES"
}
detail() {
	local c
	c=$(git -C "$WORK" rev-list --reverse topic/01-kbuild..topic/02-t | sed -n "$1p")
	awk -F'\t' -v c="$c" -v k="$2" '$1 == c && $2 == k { print $4 }' "$RES"
}

expect() { # N CHECK VERDICT
	[ "$(res "$1" "$2")" = "$3" ] || fail_with "patch $1 $2: want $3, got '$(res "$1" "$2")': $(detail "$1" "$2")"
}

