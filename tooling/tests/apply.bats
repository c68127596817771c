#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# tooling/apply: topics/NN-name/series.mbox reassembled as stacked
# topic/NN-name branches on a fake base, and the failure paths (corrupt
# mbox, a patch that does not apply, a `git am` left by an interrupted
# run) leaving topics/ untouched and the work repository clean.

load helpers

setup_file() {
	setup_base_and_topics
}

setup() {
	setup_test_copy
}

# subjects RANGE: the commit subjects in RANGE of the work repository.
subjects() { git -C "$WORK" log --format=%s --reverse "$1"; }

@test "apply: creates topic branches stacked in NN order" {
	run "$REPO/tooling/apply"
	assert_status 0
	assert_output_has "applying 01-core (4 messages) onto $(base_commit)"
	assert_output_has "applying 02-tests (3 messages) onto topic/01-core"
	assert_output_has "applied up to 02-tests"

	# 01 sits on the base with its three patches (the cover letter dropped).
	[ "$(git -C "$WORK" rev-parse topic/01-core~3)" = "$(base_commit)" ]
	run subjects "$(base_commit)..topic/01-core"
	[ "$output" = "lib/ref_tracker: make line 3 explicit
ref_tracker: declare ref_tracker_new_decl()
lib: build test_ref_tracker" ] || fail_with "wrong commits on topic/01-core"
	# 02's parent chain holds 01's commits, then its own two.
	git -C "$WORK" merge-base --is-ancestor topic/01-core topic/02-tests
	[ "$(git -C "$WORK" rev-parse topic/02-tests~2)" = "$(branch_id 01-core)" ]
	run subjects "$(base_commit)..topic/02-tests"
	[ "${#lines[@]}" -eq 5 ] && [ "${lines[3]}" = "lib: add test_ref_tracker" ] &&
		[ "${lines[4]}" = "lib/ref_tracker: build on line 3" ] ||
		fail_with "wrong commits on topic/02-tests"
	# The content is the topics' content.
	git -C "$WORK" show topic/02-tests:lib/ref_tracker.c | grep -q 'return 3 + 0 + 0;'
	# Authorship comes from the patches; the work repository is left at
	# the base, clean.
	[ "$(git -C "$WORK" log -1 --format='%an %ad' --date=iso-strict topic/01-core)" = \
		"Test Author 2024-01-03T12:00:00+00:00" ]
	[ "$(git -C "$WORK" rev-parse HEAD)" = "$(base_commit)" ]
	assert_work_clean
}

@test "apply: applying again gives the same commit ids" {
	run "$REPO/tooling/apply"
	assert_status 0
	local one two
	one=$(branch_id 01-core) two=$(branch_id 02-tests)
	run "$REPO/tooling/apply"
	assert_status 0
	[ "$(branch_id 01-core)" = "$one" ] && [ "$(branch_id 02-tests)" = "$two" ] ||
		fail_with "commit ids changed on re-apply"
}

@test "apply: TOPICS stops at the last selected topic" {
	TOPICS=01 run "$REPO/tooling/apply"
	assert_status 0
	assert_output_has "applied up to 01-core"
	branch_id 01-core >/dev/null
	[ -z "$(branch_id 02-tests)" ]
}

@test "apply: a garbage mbox exits 1 naming the file; topics/ and the work repo untouched" {
	local mbox=$TOPICS_DIR/02-tests/series.mbox before
	printf 'this is not a mail\nat all\n' >"$mbox"
	before=$(tree_sum "$TOPICS_DIR")
	run "$REPO/tooling/apply"
	assert_status 1
	assert_output_has "$mbox: not an mbox"
	[ "$(tree_sum "$TOPICS_DIR")" = "$before" ]
	[ -z "$(branch_id 02-tests)" ]
	assert_work_clean
}

@test "apply: an mbox with a From separator but no Subject exits 1 naming the file" {
	local mbox=$TOPICS_DIR/01-core/series.mbox before
	# A real patch with its Subject: header lost.
	sed -n '/^From [0-9a-f]* Mon Sep 17/,$p' "$mbox" | sed '/^Subject: /d' >"$mbox.new"
	mv "$mbox.new" "$mbox"
	head -n 1 "$mbox" | grep -q '^From '
	before=$(tree_sum "$TOPICS_DIR")
	run "$REPO/tooling/apply"
	assert_status 1
	assert_output_has "$mbox: corrupt mbox"
	[ "$(tree_sum "$TOPICS_DIR")" = "$before" ]
	[ -z "$(branch_id 01-core)" ]
	assert_work_clean
}

@test "apply: a patch that does not apply exits 1 naming topic and patch; a good mbox then applies" {
	local mbox=$TOPICS_DIR/02-tests/series.mbox before
	cp "$mbox" "$BATS_TEST_TMPDIR/good.mbox"
	# Patch 2/2 of 02-tests: context that is not in the tree, and blob ids
	# that do not exist, so no three-way merge can rescue it. (Patch 1/2
	# creates a file: its index line has no mode, so only 2/2's matches.)
	sed -i -e 's/^-\treturn 3 + 0;$/-\treturn 33;/' \
		-e 's/^index [0-9a-f]*\.\.[0-9a-f]* 100644$/index 1111111..2222222 100644/' "$mbox"
	grep -q '^index 1111111..2222222 100644$' "$mbox"
	before=$(tree_sum "$TOPICS_DIR")
	run "$REPO/tooling/apply"
	assert_status 1
	assert_output_has "topic 02-tests does not apply:"
	assert_output_has "lib/ref_tracker: build on line 3"
	assert_output_has "topics/ is unchanged"
	[ "$(tree_sum "$TOPICS_DIR")" = "$before" ]
	[ -z "$(branch_id 02-tests)" ]
	[ "$(git -C "$WORK" rev-parse HEAD)" = "$(base_commit)" ]
	assert_work_clean

	cp "$BATS_TEST_TMPDIR/good.mbox" "$mbox"
	run "$REPO/tooling/apply"
	assert_status 0
	assert_output_has "applied up to 02-tests"
	branch_id 02-tests >/dev/null
	assert_work_clean
}

@test "apply: a git am left by an interrupted run is aborted and the topics apply" {
	# An am stopped halfway: the second topic's series has no base for its
	# second patch here, so git am stops with .git/rebase-apply in place.
	git -C "$WORK" checkout -q --detach "$(base_commit)"
	run git -C "$WORK" am "$TOPICS_DIR/02-tests/series.mbox"
	[ "$status" -ne 0 ]
	[ -d "$WORK/.git/rebase-apply" ]

	run "$REPO/tooling/apply"
	assert_status 0
	assert_output_has "aborting a 'git am' left in $WORK"
	assert_output_has "applied up to 02-tests"
	[ "$(git -C "$WORK" rev-list --count "$(base_commit)..topic/02-tests")" -eq 5 ]
	assert_work_clean
}

@test "apply: no base imported exits 2 saying to run make base" {
	export CACHE_DIR=$BATS_TEST_TMPDIR/empty-cache
	run "$REPO/tooling/apply"
	assert_status 2
	assert_output_has "no base imported yet; run 'make base'"
}
