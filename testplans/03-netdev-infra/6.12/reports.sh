# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2154 # leak, dbg: set in ../common.sh
#
# Testplan 03-netdev-infra on 6.12, reports.sh: the tests of
# ../reports.sh written for 6.12.

# leak_dir DEV: an ERE for the tracker directory of DEV in reports.
leak_dir() {
	idx=$(cat "/sys/class/net/$1/ifindex") || return 1
	echo "$1/$idx@[^ ]+"
}

tracked_leak_report() {
	ip link add d0 type dummy || return 1
	idx=$(cat /sys/class/net/d0/ifindex)
	echo d0 >"$leak/hold" || fail "hold failed" || return 1
	! dmesg_since | grep 'untracked .*netdev_ref_leak_hold_tracked' ||
		fail "strict mode reported a tracked reference" || return 1
	delete_leaked d0 || return 1
	report_block d0 | grep -A 1 -E "ref_tracker: d0/$idx@[^ ]+ next group: 1 users, oldest taken [0-9]+ ms ago$" |
		grep -E "ref_tracker: d0/$idx@[^ ]+ has 1/1 users at$" ||
		fail "no tracker group with its age for d0/$idx" || return 1
	report_block d0 | grep -q netdev_ref_leak_hold_tracked ||
		fail "the report does not name netdev_ref_leak_hold_tracked" || return 1
	report_block d0 | grep 'unregister_netdevice: d0: references tracked=1 no_stack=0 (no_tracker=0 untracked=0 unsampled=0)$' ||
		fail "no tracked=1 no_stack=0 line" || return 1
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
	delete_leaked d0 || return 1
	report_block d0 | grep -E "ref_tracker: d0/$idx@[^ ]+ counters: .* no_tracker=1 " ||
		fail "no counters line for d0/$idx with no_tracker=1" || return 1
	report_block d0 | grep 'unregister_netdevice: d0: references tracked=0 no_stack=1 (no_tracker=1 untracked=0 unsampled=0)$' ||
		fail "no tracked=0 no_stack=1 line" || return 1
	report_block d0 | grep -E "ref_tracker: d0/$idx@[^ ]+ references without a tracker, paired by function \(a heuristic: " ||
		fail "no heuristic pairing line for d0/$idx" || return 1
	report_block d0 | grep -E "ref_tracker: d0/$idx@[^ ]+ without a tracker, held more than released in: netdev_ref_leak_hold_untracked( \[[a-z_]+\])? x1$" ||
		fail "the report does not name netdev_ref_leak_hold_untracked" || return 1
	report_block d0 | grep 'unregister_netdevice: d0: references taken with dev_hold() have no stack; the tracker'"'"'s "without a tracker" lines above count their holds and releases by function, and the "netdev: untracked dev_hold()" lines name' ||
		fail "no hint about the reference without a stack" || return 1
	echo d0 >"$leak/release_untracked" || fail "release_untracked failed" || return 1
	wait_deleted d0 10
}

# double OP WHAT CASE: OP on a fresh d0 must say its refcount stayed
# balanced ("WHAT on d0: ... (balanced)"), and the tracker must report
# exactly one double release, in d0's directory, of the kind CASE; then
# d0 is deleted without waiting.
double() {
	quiet_dummy d0 || return 1
	idx=$(cat /sys/class/net/d0/ifindex)
	echo d0 >"$leak/$1" || fail "$1 says the refcount is unbalanced" || return 1
	dmesg_since | grep -E "$2 on d0: .*\((balanced|UNBALANCED)\)"
	expect_dmesg "$2 on d0: .* \(balanced\)$" || return 1
	one_double_release "d0/$idx@[^ ]+" "$3" || return 1
	del_in_background d0
	wait_deleted d0 5 || return 1
	sleep 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "d0 waited for a reference after $1"
}

# double_private OP WHAT CASE: as double, on p0, a device the module
# allocates and frees without registering it, so that no other holder
# can move the refcount it compares. Its directory is plain "p0".
double_private() {
	echo p0 >"$leak/$1" || fail "$1 says the refcount is unbalanced" || return 1
	dmesg_since | grep -E "$2 on p0: .*\((balanced|UNBALANCED)\)"
	expect_dmesg "$2 on p0: .* \(balanced\)$" || return 1
	one_double_release "p0@[^ ]+" "$3" || return 1
	[ ! -e /sys/class/net/p0 ] || fail "p0 was registered"
}

# Linkwatch's reference, released behind its back: whichever release
# comes second is the double one; the reference was taken for the event.
double_release_linkwatch_balanced() {
	double double_release_linkwatch "double linkwatch release" \
		"double release of a quarantined reference$" || return 1
	stacks 'linkwatch_add_event|linkwatch_fire_event' \
		'netdev_ref_leak_(double_release_linkwatch|write)|linkwatch_do_dev|__linkwatch_run_queue|linkwatch_sync_dev'
}

rename_names_tracker() {
	ip link add d0 type dummy || return 1
	idx=$(cat /sys/class/net/d0/ifindex)
	ip link set d0 name d1 || return 1
	set -- "$dbg/net$(netns_inum)_d1_$idx"-*
	[ -e "$1" ] || fail "no debugfs file net*_d1_$idx-* for the renamed device" ||
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
