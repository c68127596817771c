# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2154 # leak, dbg: set in ../common.sh
#
# Testplan 03-netdev-infra on 7.2, reports.sh: the tests of
# ../reports.sh written for 7.2 (../scenario-7.2.sh says what differs
# and why).

# leak_dir DEV: the tracker directory of DEV (netdev@ADDR), whose report
# lines are expected (reported).
leak_dir() {
	d=$(dir_of "$1") || return 1
	reported "$d"
	echo "$d"
}

tracked_leak_report() {
	ip link add d0 type dummy || return 1
	a=$(dir_of d0) || return 1
	reported "$a"
	echo "d0: $a"
	echo d0 >"$leak/hold" || fail "hold failed" || return 1
	! dmesg_since | grep 'untracked .*netdev_ref_leak_hold_tracked' ||
		fail "strict mode reported a tracked reference" || return 1
	delete_leaked d0 || return 1
	report_block d0 | grep -A 1 -E "ref_tracker: $a next group: 1 users, oldest taken [0-9]+ ms ago$" |
		grep -E "ref_tracker: $a has 1/1 users at$" ||
		fail "no tracker group with its age for $a" || return 1
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
	a=$(dir_of d0) || return 1
	reported "$a"
	echo d0 >"$leak/hold_untracked" || fail "hold_untracked failed" || return 1
	expect_dmesg "netdev: untracked dev_hold\(\) on d0/$idx from netdev_ref_leak_hold_untracked" \
		"strict mode line naming netdev_ref_leak_hold_untracked" || return 1
	dmesg_since | grep 'netdev: untracked dev_hold() on d0/'
	delete_leaked d0 || return 1
	report_block d0 | grep -E "ref_tracker: $a counters: .* no_tracker=1 " ||
		fail "no counters line for $a with no_tracker=1" || return 1
	report_block d0 | grep 'unregister_netdevice: d0: references tracked=0 no_stack=1 (no_tracker=1 untracked=0 unsampled=0)$' ||
		fail "no tracked=0 no_stack=1 line" || return 1
	report_block d0 | grep -E "ref_tracker: $a references without a tracker, paired by function \(a heuristic: " ||
		fail "no heuristic pairing line for $a" || return 1
	report_block d0 | grep -E "ref_tracker: $a without a tracker, held more than released in: netdev_ref_leak_hold_untracked( \[[a-z_]+\])? x1$" ||
		fail "the report does not name netdev_ref_leak_hold_untracked" || return 1
	report_block d0 | grep 'unregister_netdevice: d0: references taken with dev_hold() have no stack; the tracker'"'"'s "without a tracker" lines above count their holds and releases by function, and the "netdev: untracked dev_hold()" lines name' ||
		fail "no hint about the reference without a stack" || return 1
	echo d0 >"$leak/release_untracked" || fail "release_untracked failed" || return 1
	wait_deleted d0 10
}

# double_private OP WHAT CASE: as double, on p0, a device the module
# allocates and frees without registering it, so that no other holder
# can move the refcount it compares. p0 has no link: its directory is
# the one the double release names, and no registered device's.
double_private() {
	echo p0 >"$leak/$1" || fail "$1 says the refcount is unbalanced" || return 1
	dmesg_since | grep -E "$2 on p0: .*\((balanced|UNBALANCED)\)"
	expect_dmesg "$2 on p0: .* \(balanced\)$" || return 1
	one_double_release "netdev@[^ ]+" "$3" || return 1
	a=$(dmesg_since | sed -n 's/.*ref_tracker: \(netdev@[^ :]*\): .*/\1/p')
	reported "$a"
	echo "p0: $a"
	[ ! -e /sys/class/net/p0 ] || fail "p0 was registered" || return 1
	for l in "$dbg"/netdev-*; do
		[ "$(readlink "$l")" != "$a" ] ||
			fail "$a is the directory of a registered device: ${l##*/}" || return 1
	done
	# Removed by upstream's reaper work, not at once.
	n=0
	while [ -e "$dbg/$a" ]; do
		n=$((n + 1))
		[ "$n" -le 5 ] || fail "$a's file outlived p0 by 5s" || return 1
		sleep 1
	done
}

# double OP WHAT CASE: OP on a fresh d0 must say its refcount stayed
# balanced ("WHAT on d0: ... (balanced)"), and the tracker must report
# exactly one double release, in d0's directory, of the kind CASE; then
# d0 is deleted without waiting. The directory's name goes to $a.
double() {
	quiet_dummy d0 || return 1
	a=$(dir_of d0) || return 1
	reported "$a"
	echo "d0: $a"
	echo d0 >"$leak/$1" || fail "$1 says the refcount is unbalanced" || return 1
	dmesg_since | grep -E "$2 on d0: .*\((balanced|UNBALANCED)\)"
	expect_dmesg "$2 on d0: .* \(balanced\)$" || return 1
	one_double_release "$a" "$3" || return 1
	del_in_background d0
	wait_deleted d0 5 || return 1
	sleep 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "d0 waited for a reference after $1"
}

# Linkwatch's reference, released behind its back: whichever release
# comes second is the double one; the reference was taken for the event.
double_release_linkwatch_balanced() {
	double double_release_linkwatch "double linkwatch release" \
		"double release of a quarantined reference$" || return 1
	stacks 'linkwatch_add_event|linkwatch_fire_event' \
		'netdev_ref_leak_(double_release_linkwatch|write)|linkwatch_do_dev|__linkwatch_run_queue|linkwatch_sync_dev|linkwatch_clean_dev'
}

rename_names_tracker() {
	ip link add d0 type dummy || return 1
	l0=$(link_of d0) || return 1
	a=$(dir_of d0) || return 1
	reported "$a"
	ip link set d0 name d1 || return 1
	l1=$(link_of d1) || return 1
	echo "link: ${l0##*/} -> ${l1##*/} -> $a"
	[ ! -e "$l0" ] && [ ! -L "$l0" ] || fail "${l0##*/} still there after the rename" ||
		return 1
	[ "$(readlink "$l1")" = "$a" ] || fail "${l1##*/} does not point to $a" || return 1
	echo d1 >"$leak/hold" || fail "hold failed" || return 1
	del_in_background d1
	sleep 3
	report_block d1 | grep -E "ref_tracker: $a has 1/1 users at$" ||
		fail "the report for d1 is not $a's" || return 1
	echo d1 >"$leak/release" || fail "release failed" || return 1
	wait_deleted d1 10
}

# Every line of a net device's tracker in the log (reports, counters,
# ages, double releases) names the directory of a device the leak tests
# hold or release twice on purpose: no other device was reported.
reports_name_leaked_devices_only() {
	ktap_dmesg_mark=0
	[ -s /tmp/reported ] || fail "the leak tests recorded no directory" || return 1
	dmesg | sed -n 's/.*ref_tracker: \(netdev@[^ :]*\)[ :].*/\1/p' | sort -u >/tmp/seen
	echo "reported on purpose: $(sort -u /tmp/reported | tr '\n' ' ')"
	echo "in the log: $(tr '\n' ' ' </tmp/seen)"
	while read -r r; do
		grep -qxF "$r" /tmp/reported || fail "lines for $r, not a leak test's device" ||
			return 1
	done </tmp/seen
}
