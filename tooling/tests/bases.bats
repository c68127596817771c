#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# One topic, one series per base: topics/NN-name/series.mbox on the
# default base (6.12), series-BASE.mbox on another (BASE=7.2). apply,
# export and import read and write the file of the selected base and
# never the other one; a topic with no series for the selected base is
# refused by name. The second base's import is faked by a second record
# (current-base-7.2) pointing at its own copy of the fake work repository.

load helpers

setup_file() {
	setup_base_and_topics
}

setup() {
	setup_test_copy
	# Base "7.2": a copy of the fake base's work repository, recorded as
	# tooling/base records a second base.
	local w7=$CACHE_DIR/base72/linux
	mkdir -p "$(dirname "$w7")"
	git clone -q "$WORK" "$w7"
	printf '%s\n%s\n' "$w7" "$(base_commit)" >"$CACHE_DIR/current-base-7.2"
	W7=$w7
}

@test "bases: a topic without a series for BASE=7.2 is refused by name, exit 1" {
	run env BASE=7.2 "$REPO/tooling/apply"
	assert_status 1
	assert_output_has "topic 01-core has no series for base 7.2 ($TOPICS_DIR/01-core/series-7.2.mbox)"
	# The default base's branches were not touched.
	run git -C "$W7" branch --list 'topic/*'
	[ -z "$output" ] || fail_with "branches made on 7.2: $output"
}

@test "bases: BASE=7.2 applies series-7.2.mbox, export writes it back, series.mbox untouched" {
	local t sum
	for t in 01-core 02-tests; do
		cp "$TOPICS_DIR/$t/series.mbox" "$TOPICS_DIR/$t/series-7.2.mbox"
	done
	# The 7.2 copy of 02 gets one more line in its last patch's subject
	# (a different series), to tell the bases' branches apart.
	sed -i 's/^Subject: \(.*\)build on line 3$/Subject: \1build on line 3 (7.2)/' \
		"$TOPICS_DIR/02-tests/series-7.2.mbox"
	grep -q 'build on line 3 (7.2)' "$TOPICS_DIR/02-tests/series-7.2.mbox" ||
		fail_with "fixture edit did not take"
	sum=$(sha256sum "$TOPICS_DIR"/*/series.mbox)
	run env BASE=7.2 "$REPO/tooling/apply"
	assert_status 0
	[ "$(git -C "$W7" log -1 --format=%s topic/02-tests)" = "lib/ref_tracker: build on line 3 (7.2)" ] ||
		fail_with "7.2's branch does not hold series-7.2.mbox"
	# The default base has no branches yet: it was not touched.
	[ -z "$(git -C "$WORK" branch --list 'topic/*')" ] || fail_with "6.12 work repo touched"
	# An amended commit on 7.2 goes to series-7.2.mbox only.
	git -C "$W7" checkout -q topic/02-tests
	git -C "$W7" commit -q --amend -m "lib/ref_tracker: build on line 3 (7.2, v2)"
	git -C "$W7" checkout -q --detach "$(base_commit)"
	run env BASE=7.2 "$REPO/tooling/export" 02-tests
	assert_status 0
	assert_output_has "series-7.2.mbox"
	assert_file_has "$TOPICS_DIR/02-tests/series-7.2.mbox" "build on line 3 (7.2, v2)"
	[ "$(sha256sum "$TOPICS_DIR"/*/series.mbox)" = "$sum" ] || fail_with "series.mbox changed by a 7.2 export"
}

@test "bases: import BASE=7.2 into an existing topic writes its first series-7.2.mbox, not series.mbox" {
	local sum
	cp "$TOPICS_DIR/01-core/series.mbox" "$TOPICS_DIR/01-core/series-7.2.mbox"
	sum=$(sha256sum "$TOPICS_DIR/02-tests/series.mbox")
	run env BASE=7.2 "$REPO/tooling/import" "$TOPICS_DIR/02-tests/series.mbox" 02-tests
	assert_status 0
	[ -f "$TOPICS_DIR/02-tests/series-7.2.mbox" ] || fail_with "no series-7.2.mbox written"
	grep -q '^Subject: \[PATCH 2/2\]' "$TOPICS_DIR/02-tests/series-7.2.mbox" ||
		fail_with "series-7.2.mbox lacks the two patches"
	[ "$(sha256sum "$TOPICS_DIR/02-tests/series.mbox")" = "$sum" ] || fail_with "series.mbox changed"
	git -C "$W7" merge-base --is-ancestor topic/01-core topic/02-tests ||
		fail_with "02 not stacked on 01 on base 7.2"
}

@test "bases: results of another base go to out/base-BASE, never over the default's" {
	# shellcheck disable=SC2016 # expanded by the inner shell
	run env -u OUT BASE=7.2 bash -c '. "$0/tooling/lib/common.sh"; echo "$OUT"' "$REPO"
	assert_status 0
	[ "$output" = "$REPO/out/base-7.2" ] || fail_with "OUT for 7.2 is $output"
	# shellcheck disable=SC2016
	run env -u OUT BASE=6.12 bash -c '. "$0/tooling/lib/common.sh"; echo "$OUT"' "$REPO"
	[ "$output" = "$REPO/out" ] || fail_with "OUT for 6.12 is $output"
	# shellcheck disable=SC2016 # a make variable
	run env -u OUT make -s -C "$REPO" --eval 'print-out: ; @echo $(OUT)' print-out BASE=7.2
	assert_status 0
	[ "$output" = "$REPO/out/base-7.2" ] || fail_with "make's OUT for 7.2 is $output"
}

# topic_configs: topic_config of 01-core, plain and compile, as the
# tooling sees them under the caller's BASE.
topic_configs() {
	# shellcheck disable=SC2016 # expanded by the inner bash
	BASE=${BASE:-6.12} bash -c '. "$1/tooling/lib/common.sh"; topic_config 01-core; topic_config 01-core compile' _ "$REPO"
}

@test "bases: a topic's config-7.2 and compile-7.2.config replace config and compile.config on 7.2 only" {
	local d=$TOPICS_DIR/01-core
	echo 'CONFIG_A=y' >"$d/config"
	echo 'CONFIG_C=y' >"$d/compile.config"
	run topic_configs
	[ "$output" = "$d/config"$'\n'"$d/compile.config" ] || fail_with "6.12 without 7.2 files: $output"
	BASE=7.2 run topic_configs
	[ "$output" = "$d/config"$'\n'"$d/compile.config" ] || fail_with "7.2 falls back to the 6.12 files: $output"
	echo 'CONFIG_B=y' >"$d/config-7.2"
	echo 'CONFIG_D=y' >"$d/compile-7.2.config"
	BASE=7.2 run topic_configs
	[ "$output" = "$d/config-7.2"$'\n'"$d/compile-7.2.config" ] || fail_with "7.2: $output"
	run topic_configs
	[ "$output" = "$d/config"$'\n'"$d/compile.config" ] || fail_with "6.12 reads the 7.2 files: $output"
	rm "$d/config" "$d/compile.config" "$d/config-7.2" "$d/compile-7.2.config"
	run topic_configs
	[ -z "$output" ] || fail_with "no fragment prints nothing: $output"
}
