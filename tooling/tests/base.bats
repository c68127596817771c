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

# --- BASE=7.2: a pinned package fetched with apt ---------------------------
#
# The archive is a local file:// repository built here (dpkg-deb, a
# Packages and a Release file, signed with a key made for the test), named
# by a stand-in for the machine's /etc/apt (APT_ETC). The real apt-get
# reads it; the network is never used.

# make_source_deb PACKAGE VERSION OUT [VARIANT]: a stand-in for Debian's
# linux-source-X.Y: /usr/src/PACKAGE.tar.xz holding a tiny kernel tree.
make_source_deb() {
	local pkg=$1 version=$2 out=$3 variant=${4:-plain} root

	root=$(mktemp -d "$BATS_FILE_TMPDIR/deb.XXXXXX")
	mkdir -p "$root/DEBIAN" "$root/usr/src"
	make_kernel_tarball "$root/usr/src/$pkg.tar.xz" "$variant"
	printf 'Package: %s\nVersion: %s\nArchitecture: all\nMaintainer: Test <test@example.org>\nSection: kernel\nPriority: optional\nDescription: stand-in kernel source\n' \
		"$pkg" "$version" >"$root/DEBIAN/control"
	SOURCE_DATE_EPOCH=946684800 dpkg-deb --root-owner-group -Zxz --build "$root" "$out" >/dev/null
	rm -rf "$root"
}

# make_repo DIR DEB...: a signed archive in DIR with suite unstable,
# component main, holding the DEBs.
make_repo() {
	local dir=$1 deb arch p
	shift

	arch=$(dpkg --print-architecture)
	p=main/binary-$arch
	rm -rf "$dir"
	mkdir -p "$dir/pool/main" "$dir/dists/unstable/$p"
	: >"$dir/dists/unstable/$p/Packages"
	for deb in "$@"; do
		cp "$deb" "$dir/pool/main/"
		{
			dpkg-deb -f "$deb"
			printf 'Filename: pool/main/%s\nSize: %s\nSHA256: %s\n\n' "$(basename "$deb")" \
				"$(stat -c %s "$deb")" "$(sha256sum "$deb" | cut -d' ' -f1)"
		} >>"$dir/dists/unstable/$p/Packages"
	done
	{
		printf 'Origin: reftrack-test\nSuite: unstable\nCodename: sid\n'
		printf 'Date: %s\nArchitectures: %s\nComponents: main\nSHA256:\n' "$(LC_ALL=C date -u -R)" "$arch"
		printf ' %s %s %s/Packages\n' "$(sha256sum "$dir/dists/unstable/$p/Packages" | cut -d' ' -f1)" \
			"$(stat -c %s "$dir/dists/unstable/$p/Packages")" "$p"
	} >"$dir/dists/unstable/Release"
	gpg --batch -q --yes --pinentry-mode loopback --passphrase '' --clearsign \
		-o "$dir/dists/unstable/InRelease" "$dir/dists/unstable/Release"
}

# use_repo DIR: the archive tooling/base finds through the stand-in
# /etc/apt: a deb822 source for this machine's release naming DIR.
use_repo() {
	mkdir -p "$APT_ETC/sources.list.d"
	printf 'Types: deb\nURIs: file://%s\nSuites: %s %s-updates\nComponents: main\nSigned-By: %s\n\nTypes: deb\nURIs: file:///nowhere/security\nSuites: %s-security\nComponents: main\n' \
		"$1" "$CODENAME" "$CODENAME" "$BASE_KEYRING" "$CODENAME" >"$APT_ETC/sources.list.d/debian.sources"
}

# write_pin DEB [DEB-SHA256] [TARBALL-SHA256]: tooling/bases/7.2.conf for
# DEB (the sums default to DEB's own).
write_pin() {
	local deb=$1 dsum=${2-} tsum=${3-} version

	version=$(dpkg-deb -f "$deb" Version)
	[ -n "$dsum" ] || dsum=$(sha256sum "$deb" | cut -d' ' -f1)
	[ -n "$tsum" ] || tsum=$(dpkg-deb --fsys-tarfile "$deb" | tar -xOf - ./usr/src/linux-source-7.2.tar.xz | sha256sum | cut -d' ' -f1)
	mkdir -p "$BASES_DIR"
	printf '# test pin\npackage: linux-source-7.2\nversion: %s\nsuite: unstable\ncomponent: main\ndeb-sha256: %s\ntarball: usr/src/linux-source-7.2.tar.xz\ntarball-sha256: %s\n' \
		"$version" "$dsum" "$tsum" >"$BASES_DIR/7.2.conf"
}

setup_file() {
	export GNUPGHOME=$BATS_FILE_TMPDIR/gnupg
	mkdir -m 700 "$GNUPGHOME"
	gpg --batch -q --pinentry-mode loopback --passphrase '' \
		--quick-gen-key 'reftrack test archive <archive@example.org>' ed25519 sign never
	gpg --batch -q --export >"$BATS_FILE_TMPDIR/archive-keyring.gpg"
	local d=$BATS_FILE_TMPDIR/debs
	mkdir -p "$d"
	make_source_deb linux-source-7.2 7.2.13-1 "$d/linux-source-7.2_7.2.13-1_all.deb"
	make_source_deb linux-source-7.2 7.2.14-1 "$d/linux-source-7.2_7.2.14-1_all.deb" changed
	make_source_deb linux-source-7.3 7.3.1-1 "$d/linux-source-7.3_7.3.1-1_all.deb" changed
	make_source_deb reftrack-unrelated 1.0 "$d/reftrack-unrelated_1.0_all.deb"
	D13=$d/linux-source-7.2_7.2.13-1_all.deb D14=$d/linux-source-7.2_7.2.14-1_all.deb
	D73=$d/linux-source-7.3_7.3.1-1_all.deb DOTHER=$d/reftrack-unrelated_1.0_all.deb
	export D13 D14 D73 DOTHER
}

teardown_file() {
	gpgconf --kill gpg-agent >/dev/null 2>&1 || true
}

# setup7: BASE=7.2 against a stand-in /etc/apt and the test's own key.
setup7() {
	export BASE=7.2 BASES_DIR=$BATS_TEST_TMPDIR/bases APT_ETC=$BATS_TEST_TMPDIR/etc-apt
	export BASE_KEYRING=$BATS_FILE_TMPDIR/archive-keyring.gpg
	CODENAME=$(sed -n 's/^VERSION_CODENAME=//p' /etc/os-release | tr -d '"')
	[ -n "$CODENAME" ] || skip "no VERSION_CODENAME in /etc/os-release"
	REPO_DIR=$BATS_TEST_TMPDIR/archive
	write_pin "$D13"
}

# host_apt_sum: one checksum over the machine's apt sources, lists and
# package database, to prove tooling/base left them alone.
host_apt_sum() {
	{
		tree_sum /etc/apt
		find /var/lib/apt/lists -maxdepth 1 -type f ! -name lock -printf '%p %s %T@\n' | LC_ALL=C sort
		sha256sum /var/lib/dpkg/status
	} | sha256sum | cut -d' ' -f1
}

@test "base 7.2: the pinned package comes from the machine's mirror through a private apt, verified, imported" {
	setup7
	make_repo "$REPO_DIR" "$D13" "$DOTHER"
	use_repo "$REPO_DIR"
	local before
	before=$(host_apt_sum)

	run "$REPO/tooling/base"
	assert_status 0
	assert_output_has "checking file://$REPO_DIR unstable for linux-source-7.2"
	assert_output_has "downloaded linux-source-7.2_7.2.13-1.deb"
	refute_output_has "warning"
	# Recorded for 7.2 only; 6.12's record is not written.
	[ -f "$CACHE_DIR/current-base-7.2" ] && [ ! -e "$CACHE_DIR/current-base" ]
	local w c tsum
	w=$(sed -n 1p "$CACHE_DIR/current-base-7.2")
	c=$(sed -n 2p "$CACHE_DIR/current-base-7.2")
	tsum=$(sed -n 's/^tarball-sha256: //p' "$BASES_DIR/7.2.conf" | cut -c1-16)
	[ "$w" = "$CACHE_DIR/base/$tsum/linux" ]
	[ "$(git -C "$w" rev-parse "debian/7.2.13-1^{commit}")" = "$c" ]
	[ "$(git -C "$w" rev-parse "base^{commit}")" = "$c" ]
	[ "$(git -C "$w" log -1 --format=%s "$c")" = "Import linux-source-7.2 7.2.13-1" ]
	git -C "$w" cat-file -e "$c:lib/ref_tracker.c"
	[ -z "$(git -C "$w" status --porcelain --ignored)" ]
	# The verified .deb is kept; no tarball or temporary file is left.
	cmp "$D13" "$CACHE_DIR/debs/linux-source-7.2_7.2.13-1.deb"
	[ -z "$(find "$CACHE_DIR/debs" "$CACHE_DIR/base" -maxdepth 1 -name '.*' -o -maxdepth 1 -name '*.tarball' -o -maxdepth 1 -name '*.tmp')" ]
	# The private apt: its own sources list, verified with the given keyring.
	assert_file_has "$CACHE_DIR/apt/unstable/etc/sources.list" \
		"deb [signed-by=$BASE_KEYRING] file://$REPO_DIR unstable main"
	assert_file_has "$CACHE_DIR/apt/unstable/apt.conf" 'Dir::Etc::Main "/dev/null";'
	# The machine's apt is untouched and nothing was installed.
	[ "$(host_apt_sum)" = "$before" ] || fail_with "the machine's apt state changed"
	if dpkg-query -W linux-source-7.2 >/dev/null 2>&1; then fail_with "linux-source-7.2 is installed"; fi

	# The same pin in another cache gives the same commit.
	CACHE_DIR=$BATS_TEST_TMPDIR/cache-b run "$REPO/tooling/base"
	assert_status 0
	[ "$(sed -n 2p "$BATS_TEST_TMPDIR/cache-b/current-base-7.2")" = "$c" ]
}

@test "base 7.2: the 6.12 and 7.2 imports live side by side; each base's commands see their own" {
	setup7
	make_repo "$REPO_DIR" "$D13"
	use_repo "$REPO_DIR"
	# A 6.12 tarball other than the one in the 7.2 .deb.
	make_kernel_tarball "$BASE_TARBALL" changed
	local sum6
	sum6=$(sha256sum "$BASE_TARBALL" | cut -c1-16)
	BASE=6.12 run "$REPO/tooling/base"
	assert_status 0
	run "$REPO/tooling/base"
	assert_status 0
	local w6 w7 c6 c7
	w6=$(sed -n 1p "$CACHE_DIR/current-base") c6=$(sed -n 2p "$CACHE_DIR/current-base")
	w7=$(sed -n 1p "$CACHE_DIR/current-base-7.2") c7=$(sed -n 2p "$CACHE_DIR/current-base-7.2")
	[ "$w6" = "$CACHE_DIR/base/$sum6/linux" ] && [ -n "$w7" ] && [ "$w6" != "$w7" ]
	# 6.12's import is reused, not replaced, after 7.2's.
	BASE=6.12 run "$REPO/tooling/base"
	assert_status 0
	assert_output_has "reusing base import for tarball sha256 $sum6"
	[ "$(sed -n 1p "$CACHE_DIR/current-base")" = "$w6" ]
	# load_work follows BASE: apply (no topics here) puts the work
	# repository of BASE back at its base and leaves the other alone.
	mkdir -p "$TOPICS_DIR"
	git -C "$w6" commit -q --allow-empty -m 'elsewhere 6'
	git -C "$w7" commit -q --allow-empty -m 'elsewhere 7'
	run "$REPO/tooling/apply"
	assert_status 0
	[ "$(git -C "$w7" rev-parse HEAD)" = "$c7" ]
	[ "$(git -C "$w6" rev-parse HEAD)" != "$c6" ]
	BASE=6.12 run "$REPO/tooling/apply"
	assert_status 0
	[ "$(git -C "$w6" rev-parse HEAD)" = "$c6" ]
	BASE=7.3 run "$REPO/tooling/apply"
	assert_status 2
	assert_output_has "no base imported yet; run 'make base BASE=7.3'"
	# clean-base keeps both current imports.
	run "$REPO/tooling/clean" base
	assert_status 0
	[ -d "$w6/.git" ] && [ -d "$w7/.git" ]
}

@test "base 7.2: the archive moved on: a warning names both versions, the pinned .deb comes from the cache" {
	setup7
	make_repo "$REPO_DIR" "$D13"
	use_repo "$REPO_DIR"
	run "$REPO/tooling/base"
	assert_status 0
	local c
	c=$(sed -n 2p "$CACHE_DIR/current-base-7.2")
	rm -rf "$CACHE_DIR/base"

	make_repo "$REPO_DIR" "$D14" "$D73"
	run "$REPO/tooling/base"
	assert_status 0
	assert_output_has "warning: unstable has linux-source-7.2 7.2.14-1; the pin"
	assert_output_has "says 7.2.13-1: using 7.2.13-1"
	assert_output_has "unstable also has linux-source-7.3 7.3.1-1, newer than this base (7.2)"
	assert_output_has "using the cached $CACHE_DIR/debs/linux-source-7.2_7.2.13-1.deb"
	refute_output_has "downloading"
	[ "$(sed -n 2p "$CACHE_DIR/current-base-7.2")" = "$c" ]
	# The pin file is not changed behind anyone's back.
	grep -qx 'version: 7.2.13-1' "$BASES_DIR/7.2.conf"
}

@test "base 7.2: the pinned version gone from the archive and not cached exits 2 saying how to repin" {
	setup7
	make_repo "$REPO_DIR" "$D14"
	use_repo "$REPO_DIR"
	run "$REPO/tooling/base"
	assert_status 2
	assert_output_has "the pinned linux-source-7.2 7.2.13-1 is no longer in unstable (it has 7.2.14-1)"
	assert_output_has "and is not in the cache ($CACHE_DIR/debs/linux-source-7.2_7.2.13-1.deb)"
	assert_output_has "'BASE=7.2 tooling/base --repin'"
	[ ! -e "$CACHE_DIR/current-base-7.2" ]
	[ -z "$(ls -A "$CACHE_DIR/debs")" ]
	[ -z "$(ls -A "$CACHE_DIR/base")" ]
}

@test "base 7.2: --repin moves the pin to the archive's version on purpose, then it imports" {
	setup7
	make_repo "$REPO_DIR" "$D14"
	use_repo "$REPO_DIR"
	run "$REPO/tooling/base" --repin
	assert_status 0
	assert_output_has "linux-source-7.2 7.2.13-1 -> 7.2.14-1"
	grep -qx 'version: 7.2.14-1' "$BASES_DIR/7.2.conf"
	grep -qx "deb-sha256: $(sha256sum "$D14" | cut -d' ' -f1)" "$BASES_DIR/7.2.conf"
	grep -qx '# test pin' "$BASES_DIR/7.2.conf"
	[ ! -e "$CACHE_DIR/current-base-7.2" ]
	run "$REPO/tooling/base"
	assert_status 0
	refute_output_has "downloading"
	local w
	w=$(sed -n 1p "$CACHE_DIR/current-base-7.2")
	git -C "$w" rev-parse -q --verify "debian/7.2.14-1^{commit}"
	# A second repin has nothing to do.
	run "$REPO/tooling/base" --repin
	assert_status 0
	assert_output_has "already pins linux-source-7.2 7.2.14-1"
}

@test "base 7.2: a .deb or tarball whose checksum is not the pinned one exits 1 and keeps nothing" {
	setup7
	make_repo "$REPO_DIR" "$D13"
	use_repo "$REPO_DIR"
	write_pin "$D13" "$(printf '%064d' 0)"
	run "$REPO/tooling/base"
	assert_status 1
	assert_output_has "checksum mismatch: linux-source-7.2 7.2.13-1 from file://$REPO_DIR unstable has sha256 $(sha256sum "$D13" | cut -d' ' -f1)"
	assert_output_has "Nothing was kept"
	[ -z "$(ls -A "$CACHE_DIR/debs")" ] && [ -z "$(ls -A "$CACHE_DIR/base")" ]
	[ ! -e "$CACHE_DIR/current-base-7.2" ]

	write_pin "$D13" '' "$(printf '%064d' 0)"
	run "$REPO/tooling/base"
	assert_status 1
	assert_output_has "checksum mismatch: usr/src/linux-source-7.2.tar.xz in linux-source-7.2_7.2.13-1.deb"
	assert_output_has "Nothing was imported"
	[ -z "$(ls -A "$CACHE_DIR/base")" ]
	[ ! -e "$CACHE_DIR/current-base-7.2" ]

	# A cached .deb that no longer matches is dropped and fetched again.
	write_pin "$D13"
	printf 'corrupt' >"$CACHE_DIR/debs/linux-source-7.2_7.2.13-1.deb"
	run "$REPO/tooling/base"
	assert_status 0
	assert_output_has "does not match the pinned sha256; removing it"
	cmp "$D13" "$CACHE_DIR/debs/linux-source-7.2_7.2.13-1.deb"
}

@test "base 7.2: a package the archive does not have exits 2 (one-line sources.list)" {
	setup7
	make_repo "$REPO_DIR" "$DOTHER"
	mkdir -p "$APT_ETC"
	printf '# the machine'"'"'s mirror\ndeb [signed-by=%s] file://%s %s main\n' \
		"$BASE_KEYRING" "$REPO_DIR" "$CODENAME" >"$APT_ETC/sources.list"
	run "$REPO/tooling/base"
	assert_status 2
	assert_output_has "linux-source-7.2 is not in file://$REPO_DIR unstable"
	[ ! -e "$CACHE_DIR/current-base-7.2" ]
}

@test "base 7.2: an unreachable or unverifiable archive exits 2 unless the pin is cached" {
	setup7
	use_repo "$BATS_TEST_TMPDIR/no-such-archive"
	run "$REPO/tooling/base"
	assert_status 2
	assert_output_has "could not read file://$BATS_TEST_TMPDIR/no-such-archive unstable"
	assert_output_has "cannot fetch linux-source-7.2 7.2.13-1: the archive is unreachable"

	# Signed, but not by the keyring given: apt refuses it.
	make_repo "$REPO_DIR" "$D13"
	use_repo "$REPO_DIR"
	BASE_KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg run "$REPO/tooling/base"
	assert_status 2
	assert_output_has "could not read file://$REPO_DIR unstable"
	[ -z "$(ls -A "$CACHE_DIR/debs")" ]

	# Once the import is cached, an unreachable archive is only a warning.
	run "$REPO/tooling/base"
	assert_status 0
	use_repo "$BATS_TEST_TMPDIR/no-such-archive"
	run "$REPO/tooling/base"
	assert_status 0
	assert_output_has "could not check unstable (see above); the pinned import is cached"
}

@test "base 7.2: no apt source for this machine's release, an unknown or malformed BASE exit 2" {
	setup7
	mkdir -p "$APT_ETC/sources.list.d"
	printf 'Types: deb\nURIs: file:///elsewhere\nSuites: %s-security\nComponents: main\n' \
		"$CODENAME" >"$APT_ETC/sources.list.d/debian.sources"
	run "$REPO/tooling/base"
	assert_status 2
	assert_output_has "no apt source for '$CODENAME' in $APT_ETC"

	BASE=9.9 run "$REPO/tooling/base"
	assert_status 2
	assert_output_has "BASE=9.9: no pin file $BASES_DIR/9.9.conf; the bases are: 6.12 7.2"
	BASE='7.2/../x' run "$REPO/tooling/base"
	assert_status 2
	assert_output_has "not a base name"
	run "$REPO/tooling/base" --bogus
	assert_status 2
}

# add_sparse_source DIR: a stand-in for Debian's sparse source package,
# version 9.9-1, in the archive DIR (made by make_repo), indexed in a
# Sources file and the re-signed Release. Its "build" writes a sparse
# that says "9.9 pinned" for --version and runs the installed one
# otherwise. Sets SPARSE_ORIG_SUM.
add_sparse_source() {
	local dir=$1 tmp f p=main/source
	tmp=$(mktemp -d "$BATS_TEST_TMPDIR/sparse.XXXXXX")
	mkdir -p "$tmp/sparse-9.9" "$dir/dists/unstable/$p"
	# shellcheck disable=SC2016 # make's and the stand-in's $, not ours
	printf 'sparse:\n\tprintf '"'"'#!/bin/sh\\ncase "$$1" in --version) echo "9.9 pinned" ;; *) exec /usr/bin/sparse "$$@" ;; esac\\n'"'"' >sparse\n\tchmod +x sparse\n' \
		>"$tmp/sparse-9.9/Makefile"
	tar -czf "$dir/pool/main/sparse_9.9.orig.tar.gz" -C "$tmp" sparse-9.9
	printf 'Format: 1.0\nSource: sparse\nBinary: sparse\nVersion: 9.9-1\nMaintainer: Test <test@example.org>\nArchitecture: any\n' \
		>"$dir/pool/main/sparse_9.9-1.dsc"
	{
		printf 'Package: sparse\nBinary: sparse\nVersion: 9.9-1\nMaintainer: Test <test@example.org>\n'
		printf 'Architecture: any\nFormat: 1.0\nDirectory: pool/main\nChecksums-Sha256:\n'
		for f in sparse_9.9-1.dsc sparse_9.9.orig.tar.gz; do
			printf ' %s %s %s\n' "$(sha256sum "$dir/pool/main/$f" | cut -d' ' -f1)" \
				"$(stat -c %s "$dir/pool/main/$f")" "$f"
		done
		printf '\n'
	} >"$dir/dists/unstable/$p/Sources"
	printf ' %s %s %s/Sources\n' "$(sha256sum "$dir/dists/unstable/$p/Sources" | cut -d' ' -f1)" \
		"$(stat -c %s "$dir/dists/unstable/$p/Sources")" "$p" >>"$dir/dists/unstable/Release"
	gpg --batch -q --yes --pinentry-mode loopback --passphrase '' --clearsign \
		-o "$dir/dists/unstable/InRelease" "$dir/dists/unstable/Release"
	SPARSE_ORIG_SUM=$(sha256sum "$dir/pool/main/sparse_9.9.orig.tar.gz" | cut -d' ' -f1)
}

@test "base 7.2: a pinned sparse is built from Debian's source package, verified, once; a wrong checksum builds nothing" {
	setup7
	make_repo "$REPO_DIR" "$D13"
	add_sparse_source "$REPO_DIR"
	use_repo "$REPO_DIR"
	local before
	before=$(host_apt_sum)
	printf 'sparse: 9.9-1\nsparse-sha256: %064d\n' 0 >>"$BASES_DIR/7.2.conf"
	run "$REPO/tooling/base"
	assert_status 1
	assert_output_has "checksum mismatch: sparse_9.9.orig.tar.gz has sha256 $SPARSE_ORIG_SUM"
	assert_output_has "Nothing was built"
	[ ! -e "$CACHE_DIR/tools/sparse-9.9-1" ] || fail_with "a sparse was kept"
	[ -z "$(find "$CACHE_DIR" -maxdepth 1 -name 'tools.*')" ] || fail_with "a temporary directory was left"

	sed -i "s/^sparse-sha256: .*/sparse-sha256: $SPARSE_ORIG_SUM/" "$BASES_DIR/7.2.conf"
	run "$REPO/tooling/base"
	assert_status 0
	assert_output_has "building sparse 9.9-1"
	assert_output_has "sparse 9.9-1 built: $CACHE_DIR/tools/sparse-9.9-1/sparse"
	[ "$("$CACHE_DIR/tools/sparse-9.9-1/sparse" --version)" = '9.9 pinned' ]
	# Fetched through a deb-src configuration of its own; the machine's
	# apt is untouched.
	assert_file_has "$CACHE_DIR/apt/unstable-src/etc/sources.list" "deb-src [signed-by=$BASE_KEYRING] file://$REPO_DIR unstable main"
	assert_file_has "$CACHE_DIR/apt/unstable/etc/sources.list" "deb [signed-by=$BASE_KEYRING] file://$REPO_DIR unstable main"
	[ "$(host_apt_sum)" = "$before" ] || fail_with "the machine's apt state changed"
	# Built once: with the archive gone, the next run still passes.
	rm -rf "$REPO_DIR"
	run "$REPO/tooling/base"
	assert_status 0
	refute_output_has "building sparse"
}

@test "use_kernel_sparse: a tree whose kbuild refuses the installed sparse gets the pinned one, or exit 2 saying how" {
	local tree=$BATS_TEST_TMPDIR/tree bases=$BATS_TEST_TMPDIR/bases dir
	mkdir -p "$tree/scripts" "$bases"
	# The stand-in of kbuild's checker test: only "pinned" sparses pass.
	# shellcheck disable=SC2016 # the stand-in's $
	printf '#!/bin/sh\ncase "$("$1" --version 2>&1)" in *pinned*) echo 1 ;; *) echo 0 ;; esac\n' \
		>"$tree/scripts/checker-valid.sh"
	printf 'sparse: 9.9~rc1-1\n' >"$bases/9.9.conf"
	# shellcheck disable=SC2016 # expanded by the inner shell
	local probe='. "$REPO/tooling/lib/common.sh"; use_kernel_sparse "$1"; command -v sparse'
	run env REPO="$REPO" CACHE_DIR="$CACHE_DIR" BASES_DIR="$bases" BASE=9.9 bash -c "$probe" _ "$tree"
	assert_status 2
	assert_output_has "fails $tree/scripts/checker-valid.sh"
	assert_output_has 'it builds sparse 9.9~rc1-1'
	dir=$CACHE_DIR/tools/sparse-9.9_rc1-1
	mkdir -p "$dir"
	printf '#!/bin/sh\necho "9.9 pinned"\n' >"$dir/sparse"
	chmod +x "$dir/sparse"
	run env REPO="$REPO" CACHE_DIR="$CACHE_DIR" BASES_DIR="$bases" BASE=9.9 bash -c "$probe" _ "$tree"
	assert_status 0
	[ "${lines[-1]}" = "$dir/sparse" ] || fail_with "the pinned sparse is not first in PATH: $output"
	# A pinned sparse the tree refuses as well: exit 2, not a silent pass.
	printf '#!/bin/sh\necho 0\n' >"$tree/scripts/checker-valid.sh"
	run env REPO="$REPO" CACHE_DIR="$CACHE_DIR" BASES_DIR="$bases" BASE=9.9 bash -c "$probe" _ "$tree"
	assert_status 2
	assert_output_has "$dir/sparse (sparse 9.9~rc1-1, pinned for BASE=9.9) fails"
	# A tree without the test (6.12): the installed sparse.
	rm "$tree/scripts/checker-valid.sh"
	run env REPO="$REPO" CACHE_DIR="$CACHE_DIR" BASES_DIR="$bases" BASE=9.9 bash -c "$probe" _ "$tree"
	assert_status 0
	[ "${lines[-1]}" = "$(command -v sparse)" ] || fail_with "$output"
}

@test "base 7.2: the committed pin names a package, a version and both checksums" {
	local pin=$REPO/tooling/bases/7.2.conf
	grep -qx 'package: linux-source-7.2' "$pin"
	grep -qE '^version: 7\.2\.[0-9]+-[0-9]+$' "$pin"
	grep -qx 'suite: unstable' "$pin"
	grep -qE '^deb-sha256: [0-9a-f]{64}$' "$pin"
	grep -qE '^tarball-sha256: [0-9a-f]{64}$' "$pin"
	# 7.2's kbuild refuses bookworm's sparse: the pin names one.
	grep -qE '^sparse: [0-9][A-Za-z0-9.+~:_-]*$' "$pin"
	grep -qE '^sparse-sha256: [0-9a-f]{64}$' "$pin"
	# No mirror is written into the project: it comes from the machine.
	if grep -iE 'https?://|ftp://|debian\.org' "$pin" "$REPO/tooling/base"; then
		fail_with "a mirror is written into the project"
	fi
}
