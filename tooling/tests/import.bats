#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# tooling/import: a posted series taken into a new topic; a corrupt mbox
# or one that does not apply changes nothing.

load helpers

setup_file() {
	setup_base_and_topics
}

setup() {
	setup_test_copy
}

# assert_imported NAME: topics/NAME is complete, its branch holds the
# imported patch on top of the previous topic, and it applies again.
assert_imported() {
	local dir=$TOPICS_DIR/$1

	[ -f "$dir/series.mbox" ] && [ -f "$dir/config" ] && [ -f "$dir/topic.conf" ] ||
		fail_with "$dir incomplete: $(ls -A "$dir" 2>&1)"
	[ ! -e "$dir.tmp" ]
	assert_file_has "$dir/topic.conf" "status: draft"
	assert_file_has "$dir/series.mbox" "Subject: [PATCH 0/1] "
	assert_file_has "$dir/series.mbox" "Subject: [PATCH 1/1] ref_tracker: declare ref_tracker_extra()"
	[ "$(git -C "$WORK" rev-parse "topic/$1~1")" = "$(branch_id 02-tests)" ]
	[ "$(git -C "$WORK" log -1 --format=%s "topic/$1")" = "ref_tracker: declare ref_tracker_extra()" ]
	assert_work_clean
	# The written topic is a topic like the others: it applies.
	run "$REPO/tooling/apply"
	assert_status 0
	assert_output_has "applied up to $1"
}

@test "import: a posted series becomes a new topic 03-x with its branch" {
	run "$REPO/tooling/import" "$TOPICS_DIR.extra/03-extra.mbox" 03-extra
	assert_status 0
	assert_output_has "created topic $TOPICS_DIR/03-extra"
	assert_output_has "03-extra: wrote $TOPICS_DIR/03-extra/series.mbox (1 patches)"
	assert_imported 03-extra
	# The cover letter of the posting is kept.
	assert_file_has "$TOPICS_DIR/03-extra/series.mbox" "Subject: [PATCH 0/1] ref_tracker: an extra"
	head -n 1 "$TOPICS_DIR/03-extra/series.mbox" | grep -q '^From [0-9a-f]\{40\} '
}

@test "import: an mbox without Message-Ids (b4 finds no series) is applied as it is" {
	run "$REPO/tooling/import" "$TOPICS_DIR.extra/03-extra-unthreaded.mbox" 03-extra
	assert_status 0
	assert_output_has "created topic $TOPICS_DIR/03-extra"
	assert_imported 03-extra
}

@test "import: a corrupt mbox exits 1 and leaves topics/ byte-identical" {
	local before
	printf 'From nobody\nno headers, no patch\n' >"$BATS_TEST_TMPDIR/corrupt.mbox"
	before=$(tree_sum "$TOPICS_DIR")
	run "$REPO/tooling/import" "$BATS_TEST_TMPDIR/corrupt.mbox" 03-extra
	assert_status 1
	assert_output_has "$BATS_TEST_TMPDIR/corrupt.mbox: corrupt mbox"
	[ "$(tree_sum "$TOPICS_DIR")" = "$before" ]
	[ ! -e "$TOPICS_DIR/03-extra" ]
	[ ! -e "$TOPICS_DIR/03-extra.tmp" ]
	[ -z "$(branch_id 03-extra)" ]
}

@test "import: a series that does not apply exits 1 and leaves topics/ byte-identical" {
	local before bad=$BATS_TEST_TMPDIR/bad.mbox
	sed -e 's/^ int ref_tracker_decl_09(void);$/ int ref_tracker_decl_99(void);/' \
		-e 's/^index [0-9a-f]*\.\.[0-9a-f]* 100644$/index 1111111..2222222 100644/' \
		"$TOPICS_DIR.extra/03-extra.mbox" >"$bad"
	grep -q 'decl_99' "$bad"
	before=$(tree_sum "$TOPICS_DIR")
	run "$REPO/tooling/import" "$bad" 03-extra
	assert_status 1
	assert_output_has "$bad does not apply onto topic/02-tests; topics/ is unchanged"
	[ "$(tree_sum "$TOPICS_DIR")" = "$before" ]
	[ ! -e "$TOPICS_DIR/03-extra" ]
	[ ! -e "$TOPICS_DIR/03-extra.tmp" ]
	[ -z "$(branch_id 03-extra)" ]
	[ "$(git -C "$WORK" rev-parse HEAD)" = "$(base_commit)" ]
	assert_work_clean
}

@test "import: a bad topic name or a missing argument exits 2" {
	local before
	before=$(tree_sum "$TOPICS_DIR")
	run "$REPO/tooling/import" "$TOPICS_DIR.extra/03-extra.mbox" Extra
	assert_status 2
	assert_output_has "topic name 'Extra' must look like NN-name"
	run "$REPO/tooling/import" "$TOPICS_DIR.extra/03-extra.mbox" 3-extra
	assert_status 2
	run "$REPO/tooling/import" "$TOPICS_DIR.extra/03-extra.mbox"
	assert_status 2
	assert_output_has "usage:"
	run "$REPO/tooling/import" "$BATS_TEST_TMPDIR/no-such.mbox" 03-extra
	assert_status 2
	assert_output_has "no-such.mbox: no such file"
	[ "$(tree_sum "$TOPICS_DIR")" = "$before" ]
}
