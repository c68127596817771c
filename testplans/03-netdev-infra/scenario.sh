# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2034 # TESTS and ktap_dmesg_mark are read by qemu/ktap.sh
#
# Testplan 03-netdev-infra: the net device reference reports.
#
# Uses test_netdev_ref_leak (CONFIG_TEST_NETDEV_REF_LEAK=m) to hold
# references on dummy devices and deletes them while a reference is
# held, with netdev_unregister_timeout_secs at 1, so that the unregister
# wait report shows within seconds: for a tracked reference it must name
# the holder (netdev_ref_leak_hold_tracked) under a tracker directory
# named "name/ifindex"; for a dev_hold() it must count one untracked
# reference, and strict mode (CONFIG_NET_DEV_REFCNT_TRACKER_STRICT=y)
# must have named the caller when the reference was taken. A double
# netdev_put() must be reported without unbalancing the refcount, a
# rename must rename the tracker directory, and unloading the module
# must drop what it holds; strict mode reports a call site only once.
# Each leak is released at the end of its test and the deletion must
# then finish.

TESTS="load_module tracked_leak_report untracked_leak_report
double_release_balanced rename_names_tracker module_exit_releases"

leak=/sys/kernel/debug/netdev_ref_leak

# del_in_background DEV: start `ip link del DEV`; it blocks while a
# reference is held. Its pid goes to $del_pid.
del_in_background() {
	ip link del "$1" >/tmp/del.log 2>&1 &
	del_pid=$!
}

# wait_deleted DEV SECONDS: the background deletion finished in time
# and the device is gone.
wait_deleted() {
	n=0
	while kill -0 "$del_pid" 2>/dev/null; do
		n=$((n + 1))
		[ "$n" -le "$2" ] || fail "ip link del $1 still blocked after ${2}s" || return 1
		sleep 1
	done
	wait "$del_pid" || fail "ip link del $1 failed: $(cat /tmp/del.log)" || return 1
	[ ! -e "/sys/class/net/$1" ] || fail "/sys/class/net/$1 still exists"
}

# report_block DEV: the lines that follow the first wait report for DEV.
report_block() {
	dmesg_since | grep -A 30 "unregister_netdevice: waiting for $1 to become free"
}

load_module() {
	insmod /lib/modules/test_netdev_ref_leak.ko || fail "insmod failed" || return 1
	for f in hold release hold_untracked release_untracked double_release; do
		[ -e "$leak/$f" ] || fail "$leak/$f missing" || return 1
	done
	echo 1 >/proc/sys/net/core/netdev_unregister_timeout_secs ||
		fail "cannot set netdev_unregister_timeout_secs"
}

tracked_leak_report() {
	ip link add d0 type dummy || return 1
	idx=$(cat /sys/class/net/d0/ifindex)
	echo d0 >"$leak/hold" || fail "hold failed" || return 1
	! dmesg_since | grep 'untracked .*netdev_ref_leak_hold_tracked' ||
		fail "strict mode reported a tracked reference" || return 1
	del_in_background d0
	sleep 3
	expect_dmesg "unregister_netdevice: waiting for d0 to become free\. Usage count = 2" ||
		return 1
	report_block d0 | grep -E "ref_tracker: d0/$idx@.* has 1/1 users, oldest [0-9]+ ms ago, at" ||
		fail "no tracker group for d0/$idx" || return 1
	report_block d0 | grep -q netdev_ref_leak_hold_tracked ||
		fail "the report does not name netdev_ref_leak_hold_tracked" || return 1
	report_block d0 | grep 'unregister_netdevice: d0: references tracked=1 untracked=0 ' ||
		fail "no tracked=1 untracked=0 line" || return 1
	echo d0 >"$leak/release" || fail "release failed" || return 1
	wait_deleted d0 10
}

untracked_leak_report() {
	ip link add d0 type dummy || return 1
	idx=$(cat /sys/class/net/d0/ifindex)
	echo d0 >"$leak/hold_untracked" || fail "hold_untracked failed" || return 1
	expect_dmesg "netdev: untracked dev_hold\(\) on d0/$idx from netdev_ref_leak_hold_untracked" \
		"strict mode line naming netdev_ref_leak_hold_untracked" || return 1
	dmesg_since | grep 'netdev: untracked dev_hold() on d0/'
	del_in_background d0
	sleep 3
	expect_dmesg "unregister_netdevice: waiting for d0 to become free\. Usage count = 2" ||
		return 1
	report_block d0 | grep 'unregister_netdevice: d0: references tracked=0 untracked=1 (NULL tracker=1, failed tracker allocation=0)' ||
		fail "no tracked=0 untracked=1 line" || return 1
	report_block d0 | grep 'unregister_netdevice: d0: the holders of 1 untracked references' ||
		fail "no hint about the untracked reference" || return 1
	echo d0 >"$leak/release_untracked" || fail "release_untracked failed" || return 1
	wait_deleted d0 10
}

double_release_balanced() {
	ip link add d0 type dummy || return 1
	idx=$(cat /sys/class/net/d0/ifindex)
	echo d0 >"$leak/double_release" || fail "double_release says the refcount is unbalanced" || return 1
	expect_dmesg "ref_tracker: d0/$idx@.*: reference already released" || return 1
	expect_dmesg "double release on d0: .* \(balanced\)" || return 1
	dmesg_since | grep -A 12 'allocated in:' | grep -q netdev_ref_leak_hold_tracked ||
		fail "no acquire stack naming netdev_ref_leak_hold_tracked" || return 1
	dmesg_since | grep -A 12 'freed in:' | grep -q netdev_ref_leak_release_tracked ||
		fail "no release stack naming netdev_ref_leak_release_tracked" || return 1
	del_in_background d0
	wait_deleted d0 5 || return 1
	sleep 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "d0 waited for a reference after the double release"
}

rename_names_tracker() {
	ip link add d0 type dummy || return 1
	idx=$(cat /sys/class/net/d0/ifindex)
	ip link set d0 name d1 || return 1
	set -- /sys/kernel/debug/ref_tracker/"d1_$idx"-*
	[ -e "$1" ] || fail "no debugfs file d1_$idx-* for the renamed device" ||
		return 1
	echo "debugfs: $1"
	echo d1 >"$leak/hold" || fail "hold failed" || return 1
	del_in_background d1
	sleep 3
	report_block d1 | grep -E "ref_tracker: d1/$idx@.* has 1/1 users" ||
		fail "the report does not name d1/$idx" || return 1
	echo d1 >"$leak/release" || fail "release failed" || return 1
	wait_deleted d1 10
}

module_exit_releases() {
	ip link add d2 type dummy || return 1
	echo d2 >"$leak/hold" || return 1
	echo d2 >"$leak/hold_untracked" || return 1
	! dmesg_since | grep 'netdev: untracked dev_hold() .*netdev_ref_leak_hold_untracked' ||
		fail "strict mode reported the same call site twice" || return 1
	rmmod test_netdev_ref_leak || fail "rmmod failed" || return 1
	del_in_background d2
	wait_deleted d2 5 || return 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "d2 still had references after rmmod"
}
