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
#
# KTAP_TEST_TIMEOUT (seconds, default 120; 0: none; a scenario may set
# its own): a test still running after that long is not ok, and its
# processes are printed first, each with its state, wait channel and
# kernel stack, then killed. A test blocked in the kernel then ends with
# where it is blocked, and the tests after it still run, where it would
# otherwise hold the guest until the plan's timeout with nothing said.

ktap_dmesg_mark=0
ktap_skip_file=${KTAP_SKIP_FILE:-/tmp/ktap.skip}
ktap_out_file=${KTAP_OUT_FILE:-/tmp/ktap.out}
: "${KTAP_REARM:=0}"
: "${KTAP_TEST_TIMEOUT:=120}"

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

# ktap_family PID: PID and every process descended from it, by PPid.
ktap_family() {
	kf_list=" $1 "
	kf_more=1
	while [ "$kf_more" = 1 ]; do
		kf_more=0
		for kf_d in /proc/[0-9]*; do
			kf_p=${kf_d#/proc/}
			case "$kf_list" in *" $kf_p "*) continue ;; esac
			kf_pp=$(sed -n 's/^PPid:[[:space:]]*//p' "$kf_d/status" 2>/dev/null) ||
				continue
			case "$kf_list" in
			*" $kf_pp "*)
				kf_list="$kf_list$kf_p "
				kf_more=1
				;;
			esac
		done
	done
	echo "$kf_list"
}

# ktap_watchdog PID NAME: once a second, until PID (test NAME) is gone;
# after KTAP_TEST_TIMEOUT seconds, print its processes and kill them.
# Elapsed time is read from the clock, not counted in passes: on a
# loaded guest a pass takes longer than its sleep.
ktap_watchdog() {
	kw_t0=$(ktap_uptime)
	while kill -0 "$1" 2>/dev/null; do
		if [ $(($(ktap_uptime) - kw_t0)) -ge $((KTAP_TEST_TIMEOUT * 100)) ]; then
			kw_family=$(ktap_family "$1")
			# The walk over /proc takes a while: a test that ended
			# meanwhile was reported already, and its pids may be reused.
			kill -0 "$1" 2>/dev/null || return 0
			echo "# ktap: $2 still running after ${KTAP_TEST_TIMEOUT}s (KTAP_TEST_TIMEOUT); its processes:"
			for kw_p in $kw_family; do
				kw_state=$(sed -n 's/^State:[[:space:]]*//p' "/proc/$kw_p/status" 2>/dev/null) ||
					continue
				echo "# ktap: $kw_p [$kw_state] $(tr '\0' ' ' <"/proc/$kw_p/cmdline" 2>/dev/null)(wchan $(cat "/proc/$kw_p/wchan" 2>/dev/null))"
				sed 's/^/# ktap:     /' "/proc/$kw_p/stack" 2>/dev/null || true
			done
			# shellcheck disable=SC2086 # one pid per word
			kill -9 $kw_family 2>/dev/null
			echo "# ktap: $2 killed"
			return
		fi
		sleep 1
	done
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
		(set -e; "$t") >"$ktap_out_file" 2>&1 </dev/null &
		ktap_pid=$!
		[ "$KTAP_TEST_TIMEOUT" = 0 ] || ktap_watchdog "$ktap_pid" "$t" &
		wait "$ktap_pid" 2>/dev/null
		rc=$?
		out=$(cat "$ktap_out_file")
		ktap_t1=$(ktap_uptime)
		if [ -n "$out" ]; then
			printf '%s\n' "$out" | sed 's/^/# /'
		elif [ "$rc" -ne 0 ] && [ "$rc" -le 128 ]; then
			# Tests run under set -e: a command that fails outside a
			# condition ends the test with its status and no word.
			# (Above 128 a signal ended it: the watchdog says so.)
			echo "# ktap: $t ended with status $rc and printed nothing: a command failed under set -e"
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
