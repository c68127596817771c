#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# tooling/export: topic branches written back to topics/NN-name/
# series.mbox. An unchanged branch gives a byte-identical file; editing
# one commit changes only that patch's lines.

load helpers

setup_file() {
	setup_base_and_topics
}

setup() {
	setup_test_copy
}

# patch_span MBOX K: "FIRST LAST", the line range of the K-th message
# (0 = the cover letter) of MBOX.
patch_span() {
	awk -v k="$2" '
		/^From [0-9a-f]+ Mon Sep 17 00:00:00 2001$/ { m++ }
		m == k + 1 && !first { first = NR }
		m == k + 1 { last = NR }
		END { print first, last }
	' "$1"
}

@test "export: export, apply, export gives a byte-identical mbox and the same commits" {
	run "$REPO/tooling/apply"
	assert_status 0
	run "$REPO/tooling/export" 01-core
	assert_status 0
	assert_output_has "01-core: wrote $TOPICS_DIR/01-core/series.mbox (3 patches)"
	run "$REPO/tooling/export" 02-tests
	assert_status 0
	local t
	for t in 01-core 02-tests; do
		cp "$TOPICS_DIR/$t/series.mbox" "$BATS_TEST_TMPDIR/$t.exported"
	done
	# Exactly one cover letter and the patches once each, commit ids zeroed.
	[ "$(grep -c '^From [0-9a-f]\{40\} ' "$BATS_TEST_TMPDIR/01-core.exported")" -eq 4 ]
	[ "$(grep -c '^Subject: \[PATCH 0/3\] ref_tracker: core changes$' "$BATS_TEST_TMPDIR/01-core.exported")" -eq 1 ]
	[ "$(grep -c '^Subject: \[PATCH 1/3\]' "$BATS_TEST_TMPDIR/01-core.exported")" -eq 1 ]
	[ "$(grep -c '^From 0\{40\} ' "$BATS_TEST_TMPDIR/01-core.exported")" -eq 3 ]
	local one two
	one=$(branch_id 01-core) two=$(branch_id 02-tests)

	# What `make` does next: re-apply from the exported files.
	run "$REPO/tooling/apply"
	assert_status 0
	[ "$(branch_id 01-core)" = "$one" ] && [ "$(branch_id 02-tests)" = "$two" ] ||
		fail_with "re-applying the exported topics changed the commit ids"
	for t in 01-core 02-tests; do
		run "$REPO/tooling/export" "$t"
		assert_status 0
		assert_output_has "$t: series.mbox unchanged"
		cmp "$BATS_TEST_TMPDIR/$t.exported" "$TOPICS_DIR/$t/series.mbox"
	done
	[ -z "$(find "$TOPICS_DIR" -name '.series.mbox.*')" ]
}

@test "export: editing one commit changes only that patch's lines" {
	run "$REPO/tooling/apply"
	assert_status 0
	run "$REPO/tooling/export" 01-core
	assert_status 0
	local mbox=$TOPICS_DIR/01-core/series.mbox
	cp "$mbox" "$BATS_TEST_TMPDIR/old.mbox"

	# Edit patch 2/3 (the header) on the branch, keep 1/3 and 3/3, as
	# `git rebase -i` with an "edit" would.
	local tip
	tip=$(branch_id 01-core)
	git -C "$WORK" checkout -q --detach "$tip~2"
	git -C "$WORK" cherry-pick -n "$tip~1" >/dev/null
	sed -i '/ref_tracker_new_decl/a int ref_tracker_edited_decl(void);' \
		"$WORK/include/linux/ref_tracker.h"
	# (commit -a: Debian's top-level .gitignore "/*" makes a plain
	# `git add` refuse every path)
	git -C "$WORK" commit -q -a -C "$tip~1"
	git -C "$WORK" cherry-pick "$tip" >/dev/null
	git -C "$WORK" branch -f topic/01-core HEAD
	git -C "$WORK" checkout -q --detach "$(base_commit)"

	run "$REPO/tooling/export" 01-core
	assert_status 0
	assert_output_has "01-core: wrote $mbox (3 patches)"
	grep -q '^+int ref_tracker_edited_decl(void);$' "$mbox"

	# Every changed line lies inside patch 2 in both files.
	local old_span new_span
	old_span=$(patch_span "$BATS_TEST_TMPDIR/old.mbox" 2)
	new_span=$(patch_span "$mbox" 2)
	diff "$BATS_TEST_TMPDIR/old.mbox" "$mbox" >"$BATS_TEST_TMPDIR/diff" || true
	[ -s "$BATS_TEST_TMPDIR/diff" ]
	run awk -v os="$old_span" -v ns="$new_span" '
		BEGIN { split(os, o, " "); split(ns, n, " ") }
		/^[0-9]/ {
			split($0, side, /[acd]/)
			split(side[1], a, ","); split(side[2], b, ",")
			if (a[2] == "") a[2] = a[1]
			if (b[2] == "") b[2] = b[1]
			if (a[1] < o[1] || a[2] > o[2] || b[1] < n[1] || b[2] > n[2]) {
				print "outside patch 2: " $0; bad = 1
			}
		}
		END { exit bad }
	' "$BATS_TEST_TMPDIR/diff"
	[ "$status" -eq 0 ] || fail_with "export changed lines outside the edited patch (old patch 2: $old_span, new: $new_span)"
	# And the file still applies.
	run "$REPO/tooling/apply"
	assert_status 0
}

@test "export: a topic without a branch exits 2 saying to apply first" {
	run "$REPO/tooling/export" 01-core
	assert_status 2
	assert_output_has "branch topic/01-core missing; run 'make apply' first"
}

@test "export: no such topic exits 2; no argument is a usage error" {
	run "$REPO/tooling/export" 07-nothing
	assert_status 2
	assert_output_has "no topic directory $TOPICS_DIR/07-nothing"
	run "$REPO/tooling/export"
	assert_status 2
	assert_output_has "usage:"
}
