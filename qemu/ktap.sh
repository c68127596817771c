# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# ktap.sh - KTAP output for guest scenarios (POSIX sh, sourced by init).
#
# A scenario defines one shell function per test and lists them, in
# order, in TESTS. ktap_run prints "KTAP version 1", the plan "1..N" and
# then "ok K name" or "not ok K name" for each, with the test's output as
# "# " diagnostic lines. A test passes when its function returns 0 and
# is skipped ("ok K name # SKIP reason") when it returns 4 after
# printing the reason on its last line.
#
# Helpers for tests: expect_dmesg ERE (the kernel log since the test
# started matches), dmesg_since (that part of the log), fail MSG.
# Each test runs in a subshell under `set -e`, so `cmd || fail MSG`
# ends the test at the first failed step.

ktap_dmesg_mark=0

# busybox sh runs its own applets before searching PATH; the scenarios
# want the host's iproute2, which knows veth peers, netns, vlan, bridge.
ip() { /sbin/ip "$@"; }
bridge() { /sbin/bridge "$@"; }
ss() { /sbin/ss "$@"; }

# dmesg_since: the kernel log lines printed since the current test began.
dmesg_since() {
	dmesg | tail -n +"$((ktap_dmesg_mark + 1))"
}

# expect_dmesg ERE [WHAT]: succeed when the log since the test began
# matches ERE; otherwise say what was missing.
expect_dmesg() {
	if dmesg_since | grep -Eq -- "$1"; then
		return 0
	fi
	echo "kernel log lacks: ${2:-$1}"
	return 1
}

fail() {
	echo "$*"
	return 1
}

ktap_run() {
	n=0
	for t in $TESTS; do
		n=$((n + 1))
	done
	echo "KTAP version 1"
	echo "1..$n"
	i=0
	for t in $TESTS; do
		i=$((i + 1))
		ktap_dmesg_mark=$(dmesg | wc -l)
		out=$(set -e; "$t" 2>&1)
		rc=$?
		if [ -n "$out" ]; then
			printf '%s\n' "$out" | sed 's/^/# /'
		fi
		case $rc in
		0) echo "ok $i $t" ;;
		4) echo "ok $i $t # SKIP $(printf '%s\n' "$out" | tail -n 1)" ;;
		*) echo "not ok $i $t" ;;
		esac
	done
}
