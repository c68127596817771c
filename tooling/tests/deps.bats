#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# tooling/deps: missing packages are named with the exact apt-get line
# and exit 2. The host is never changed: apt-get and apt are stubs on
# PATH that record any call (and the tests fail if one happens), and
# EXTRA_PACKAGES adds a package that cannot exist.

load helpers

setup() {
	hermetic_env "$BATS_TEST_TMPDIR"
	STUBS=$BATS_TEST_TMPDIR/stubs
	mkdir -p "$STUBS"
	local c
	for c in apt-get apt; do
		printf '#!/bin/sh\necho "%s $*" >>"%s/called"\nexit 100\n' "$c" "$STUBS" >"$STUBS/$c"
		chmod +x "$STUBS/$c"
	done
	export PATH=$STUBS:$PATH
}

teardown() {
	[ ! -e "$STUBS/called" ] || fail_with "apt was run: $(cat "$STUBS/called")"
}

# stub_dpkg: a dpkg-query that reports every package installed except
# reftrack-no-such-*, so the tests do not depend on what this host has.
stub_dpkg() {
	cat >"$STUBS/dpkg-query" <<-'EOF'
		#!/bin/sh
		for p; do :; done
		case $p in
		reftrack-no-such-*)
			echo "dpkg-query: no packages found matching $p" >&2
			exit 1
			;;
		esac
		printf installed
	EOF
	chmod +x "$STUBS/dpkg-query"
}

@test "deps --check: nothing missing exits 0" {
	stub_dpkg
	run "$REPO/tooling/deps" --check
	assert_status 0
	assert_output_has "packages present"
	refute_output_has "missing"
}

@test "deps --check: a missing package exits 2 with the apt-get line" {
	stub_dpkg
	EXTRA_PACKAGES=reftrack-no-such-pkg run "$REPO/tooling/deps" --check
	assert_status 2
	assert_output_has "missing packages: reftrack-no-such-pkg"
	assert_output_has "apt-get install -y --no-install-recommends reftrack-no-such-pkg"
}

@test "deps --check: every missing package is on the one apt-get line" {
	stub_dpkg
	EXTRA_PACKAGES="reftrack-no-such-pkg git reftrack-no-such-other" run "$REPO/tooling/deps" --check
	assert_status 2
	assert_output_has "apt-get install -y --no-install-recommends reftrack-no-such-pkg reftrack-no-such-other"
	[ "$(grep -c 'apt-get install' <<<"$output")" -eq 1 ]
}

@test "deps --check: with the real dpkg-query, an unknown package is missing" {
	EXTRA_PACKAGES=reftrack-no-such-pkg run "$REPO/tooling/deps" --check
	assert_status 2
	assert_output_has "missing packages:"
	grep -qE '^deps: error: as root, run: apt-get update && apt-get install -y --no-install-recommends .*reftrack-no-such-pkg' <<<"$output" ||
		fail_with "no apt-get line naming reftrack-no-such-pkg"
}

@test "deps: not root, a missing package prints the apt-get line and exits 2 without installing" {
	stub_dpkg
	cat >"$STUBS/id" <<-'EOF'
		#!/bin/sh
		[ "$1" = -u ] && { echo 1000; exit 0; }
		exec /usr/bin/id "$@"
	EOF
	chmod +x "$STUBS/id"
	EXTRA_PACKAGES=reftrack-no-such-pkg run "$REPO/tooling/deps"
	assert_status 2
	assert_output_has "as root, run: apt-get update && apt-get install -y --no-install-recommends reftrack-no-such-pkg"
	refute_output_has "installing:"
}

@test "make test: packages are checked before the tooling tests, and one missing is a failure" {
	stub_dpkg
	# A bats that reports one passing test and notes that it ran.
	cat >"$STUBS/bats" <<-EOF2
		#!/bin/sh
		echo ran >>"$STUBS/bats-ran"
		printf '1..1\nok 1 stand-in\n'
	EOF2
	chmod +x "$STUBS/bats"
	EXTRA_PACKAGES=reftrack-no-such-pkg run "$REPO/tooling/test" --tooling-only
	# As root, deps tried apt-get (the stub refuses); the teardown
	# must not count that as the host being changed.
	rm -f "$STUBS/called"
	assert_status 1
	[ -e "$STUBS/bats-ran" ] || fail_with "the tooling tests did not run"
	assert_output_has "deps: packages missing"
	[ "${lines[-1]}" = "1 passed, 1 failed" ] || fail_with "last line: ${lines[-1]}"
	# The package check came first.
	local d b
	d=$(grep -n 'reftrack-no-such-pkg' <<<"$output" | sed -n "1s/:.*//p")
	b=$(grep -n 'tooling tests (bats' <<<"$output" | sed -n "1s/:.*//p")
	[ -n "$d" ] && [ -n "$b" ] && [ "$d" -lt "$b" ] || fail_with "deps at line ${d:-none}, bats at ${b:-none}"
}
