# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# ktap.sh - KTAP output for guest scenarios (POSIX sh, sourced by init).
#
# A scenario defines one shell function per test and lists them, in
# order, in TESTS. ktap_run prints "KTAP version 1", the plan "1..N" and
# then "ok K name" or "not ok K name" for each, with the test's output as
# "# " diagnostic lines. A test passes when its function returns 0, fails
# on any other status, and is skipped ("ok K name # SKIP reason") only
# when it calls `skip REASON`: no exit status means "skip". The host
# decides whether a skip is acceptable (the plan's `test NAME skip
# REASON` line; qemu/judge).
#
# Helpers for tests: expect_dmesg ERE (the kernel log since the test
# started matches), dmesg_since (that part of the log), fail MSG, skip
# REASON, wait_until SECONDS MSG CMD... (poll CMD once a second). Each test runs in a subshell under `set -e`, so `cmd || fail
# MSG` ends the test at the first failed step. POSIX sh turns `set -e`
# off inside a function called as `f || ...`: a helper's steps need
# their own `|| return 1`.
#
# With KTAP_REARM=1 (qemu/init sets it when the kernel has
# /sys/kernel/debug/clear_warn_once) the once-only warnings are re-armed
# before every test, so a WARN_ON_ONCE() a boot-time test or an earlier
# test already fired fires again for this one.

ktap_dmesg_mark=0
ktap_skip_file=${KTAP_SKIP_FILE:-/tmp/ktap.skip}
: "${KTAP_REARM:=0}"

# busybox sh runs its own applets before searching PATH; the scenarios
# want the host's iproute2, which knows veth peers, netns, vlan, bridge.
ip() { /sbin/ip "$@"; }
bridge() { /sbin/bridge "$@"; }
ss() { /sbin/ss "$@"; }
# Likewise every program of the plan's hostbins (qemu/mkinitramfs lists
# them in /etc/hostbins) whose name can be a function's.
if [ -f /etc/hostbins ]; then
	while read -r ktap_p; do
		case ${ktap_p##*/} in
		'' | *[!A-Za-z0-9_]*) continue ;;
		esac
		eval "${ktap_p##*/}() { $ktap_p \"\$@\"; }"
	done </etc/hostbins
fi

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

# wait_until SECONDS MSG CMD...: run CMD once a second until it succeeds;
# fail with MSG when it still has not after SECONDS tries.
wait_until() {
	_wu_tries=$1 _wu_msg=$2
	shift 2
	_wu_n=0
	until "$@"; do
		_wu_n=$((_wu_n + 1))
		[ "$_wu_n" -le "$_wu_tries" ] || fail "$_wu_msg" || return 1
		sleep 1
	done
}

# skip REASON: end the current test as skipped, saying why. It exits the
# test's subshell: call it from the test function itself, not from a
# pipeline or a command substitution.
skip() {
	printf '%s\n' "${*:-no reason given}" >"$ktap_skip_file"
	exit 0
}

# ktap_uptime: the guest's uptime in hundredths of a second.
ktap_uptime() {
	read -r ktap_up _ </proc/uptime
	echo "${ktap_up%.*}${ktap_up#*.}" | sed 's/^0*//; s/^$/0/'
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
		rm -f "$ktap_skip_file"
		if [ "$KTAP_REARM" = 1 ]; then
			echo 1 >/sys/kernel/debug/clear_warn_once ||
				echo "# ktap: could not re-arm the once-only warnings"
		fi
		ktap_dmesg_mark=$(dmesg | wc -l)
		ktap_t0=$(ktap_uptime)
		out=$(set -e; "$t" 2>&1)
		rc=$?
		ktap_t1=$(ktap_uptime)
		if [ -n "$out" ]; then
			printf '%s\n' "$out" | sed 's/^/# /'
		fi
		# How long the test took (guest clock): what qemu/run's split of
		# a plan among guests is balanced on.
		printf '# %s took %d.%02ds\n' "$t" $(((ktap_t1 - ktap_t0) / 100)) $(((ktap_t1 - ktap_t0) % 100))
		if [ "$rc" -ne 0 ]; then
			echo "not ok $i $t"
		elif [ -f "$ktap_skip_file" ]; then
			echo "ok $i $t # SKIP $(head -n 1 "$ktap_skip_file")"
		else
			echo "ok $i $t"
		fi
	done
}
