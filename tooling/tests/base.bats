#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# tooling/base: the deterministic import of the base kernel tree, on a
# tiny stand-in for Debian's linux-source-6.12 tarball.

load helpers

setup() {
	hermetic_env "$BATS_TEST_TMPDIR"
	export BASE_TARBALL=$BATS_TEST_TMPDIR/linux-source-6.12.tar.xz
	make_kernel_tarball "$BASE_TARBALL"
	SUM=$(sha256sum "$BASE_TARBALL" | cut -c1-16)
}

@test "base: the same tarball gives the same commit in two caches, every file committed" {
	CACHE_DIR=$BATS_TEST_TMPDIR/cache-a run "$REPO/tooling/base"
	assert_status 0
	local a b
	a=$(sed -n 2p "$BATS_TEST_TMPDIR/cache-a/current-base")
	assert_output_has "base $a in $BATS_TEST_TMPDIR/cache-a/base/$SUM/linux"

	CACHE_DIR=$BATS_TEST_TMPDIR/cache-b run "$REPO/tooling/base"
	assert_status 0
	b=$(sed -n 2p "$BATS_TEST_TMPDIR/cache-b/current-base")
	[ -n "$a" ] && [ "$a" = "$b" ] || fail_with "commit ids differ: $a vs $b"

	# Every file of the tarball is in the commit, though .gitignore says /*,
	# and the script keeps its executable bit.
	local w=$BATS_TEST_TMPDIR/cache-a/base/$SUM/linux
	[ "$(sed -n 1p "$BATS_TEST_TMPDIR/cache-a/current-base")" = "$w" ]
	tar -tf "$BASE_TARBALL" | sed -n 's|^linux-source-6\.12/||p' | grep -v '/$' | grep . |
		LC_ALL=C sort >"$BATS_TEST_TMPDIR/want"
	git -C "$w" ls-files | LC_ALL=C sort >"$BATS_TEST_TMPDIR/have"
	diff -u "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/have"
	grep -qx '.gitignore' "$BATS_TEST_TMPDIR/have"
	grep -qx 'lib/ref_tracker.c' "$BATS_TEST_TMPDIR/have"
	git -C "$w" ls-files -s scripts/check.sh | grep -q '^100755 '
	[ -z "$(git -C "$w" status --porcelain --ignored)" ]
	# One commit, tagged base and debian/<version> (no such package here).
	[ "$(git -C "$w" rev-list --count HEAD)" -eq 1 ]
	[ "$(git -C "$w" rev-parse "base^{commit}")" = "$a" ]
	[ "$(git -C "$w" rev-parse "debian/unpackaged-$SUM^{commit}")" = "$a" ]
}

@test "base: a second run reuses the import and gives the same commit" {
	run "$REPO/tooling/base"
	assert_status 0
	local first
	first=$(base_commit)
	run "$REPO/tooling/base"
	assert_status 0
	assert_output_has "reusing base import for tarball sha256 $SUM"
	refute_output_has "unpacking"
	[ "$(base_commit)" = "$first" ]
}

@test "base: a changed tarball gives a new import and keeps the old one" {
	run "$REPO/tooling/base"
	assert_status 0
	local old_commit old_dir new_sum
	old_commit=$(base_commit)
	old_dir=$(work_repo)

	make_kernel_tarball "$BASE_TARBALL" changed
	new_sum=$(sha256sum "$BASE_TARBALL" | cut -c1-16)
	[ "$new_sum" != "$SUM" ]
	run "$REPO/tooling/base"
	assert_status 0
	refute_output_has "reusing"
	[ "$(work_repo)" = "$CACHE_DIR/base/$new_sum/linux" ]
	[ "$(base_commit)" != "$old_commit" ]
	# The old import is untouched.
	[ "$old_dir" = "$CACHE_DIR/base/$SUM/linux" ]
	[ "$(git -C "$old_dir" rev-parse HEAD)" = "$old_commit" ]
	[ "$(find "$CACHE_DIR/base" -mindepth 1 -maxdepth 1 -type d | wc -l)" -eq 2 ]
}

@test "base: a missing tarball exits 2 naming the tarball and the package" {
	local missing=$BATS_TEST_TMPDIR/nowhere/linux-source-6.12.tar.xz
	BASE_TARBALL=$missing run "$REPO/tooling/base"
	assert_status 2
	assert_output_has "base tarball $missing not found"
	assert_output_has "apt-get install $BASE_PACKAGE"
	[ ! -e "$CACHE_DIR/current-base" ]
}

@test "base: a half-made import left by an interrupted run is discarded" {
	local dest=$CACHE_DIR/base/$SUM/linux
	mkdir -p "$dest.tmp/.git" "$dest.tmp/lib"
	echo 'half unpacked' >"$dest.tmp/lib/junk-from-interrupted-run.c"
	run "$REPO/tooling/base"
	assert_status 0
	[ ! -e "$dest.tmp" ] || fail_with "$dest.tmp is still there"
	[ "$(work_repo)" = "$dest" ]
	[ ! -e "$dest/lib/junk-from-interrupted-run.c" ]
	[ "$(git -C "$dest" ls-files | grep -c junk)" -eq 0 ]
	git -C "$dest" cat-file -e HEAD:lib/ref_tracker.c
}

@test "base: a tarball without lib/ref_tracker.c exits 1 with a clear message" {
	make_kernel_tarball "$BASE_TARBALL" no-ref-tracker
	SUM=$(sha256sum "$BASE_TARBALL" | cut -c1-16)
	run "$REPO/tooling/base"
	assert_status 1
	assert_output_has "$BASE_TARBALL does not hold a kernel tree with lib/ref_tracker.c"
	[ ! -e "$CACHE_DIR/base/$SUM/linux" ]
	[ ! -e "$CACHE_DIR/current-base" ]
}

@test "base: BASE_TREE that is not a git checkout exits 2" {
	mkdir -p "$BATS_TEST_TMPDIR/not-git"
	BASE_TREE=$BATS_TEST_TMPDIR/not-git run "$REPO/tooling/base"
	assert_status 2
	assert_output_has "BASE_TREE=$BATS_TEST_TMPDIR/not-git is not a git checkout"
	[ ! -e "$CACHE_DIR/current-base" ]
}

@test "base: BASE_TREE uses that checkout's HEAD and leaves it untouched" {
	local tree=$BATS_TEST_TMPDIR/net-next head before
	mkdir -p "$tree/lib"
	echo 'int x;' >"$tree/lib/ref_tracker.c"
	git -C "$tree" init -q
	git -C "$tree" add lib/ref_tracker.c
	git -C "$tree" commit -q -m 'net-next tip'
	head=$(git -C "$tree" rev-parse HEAD)
	before=$(tree_sum "$tree")
	BASE_TREE=$tree run "$REPO/tooling/base"
	assert_status 0
	[ "$(base_commit)" = "$head" ]
	[ "$(git -C "$(work_repo)" rev-parse HEAD)" = "$head" ]
	[ "$(tree_sum "$tree")" = "$before" ]
}
