# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2154 # leak, dbg: set in common.sh
#
# Testplan 03-netdev-infra, reports.sh: the reports of topic 03's
# selftest module (test_netdev_ref_leak, loaded by load_module): a
# tracked, an untracked and an unsampled reference left on a device
# being deleted, strict mode's call sites, a second release on every
# release path (netdev_put(), netdev_ref_replace(), linkwatch's, a copy
# of an unsampled slot) reported without unbalancing the refcount, a
# rename, the module's exit, and the selftest script.
#
# Written once for both bases; 6.12/reports.sh and 7.2/reports.sh hold
# what each base does differently. The scenario of each base sources
# this file (see scenario.sh).

load_module() {
	insmod /lib/modules/test_netdev_ref_leak.ko || fail "insmod failed" || return 1
	for f in hold release hold_untracked release_untracked untracked_pair \
		double_release double_replace double_release_linkwatch \
		double_release_copy; do
		[ -e "$leak/$f" ] || fail "$leak/$f missing" || return 1
	done
	echo 1 >/proc/sys/net/core/netdev_unregister_timeout_secs ||
		fail "cannot set netdev_unregister_timeout_secs"
}

# sampled_out_report: per-object sampling at its sparsest
# (ref_tracker.sample_dirs=4294967295, written at runtime: one directory
# in 2^32 - 1 is picked) leaves d0 out, and a reference the module takes
# on it leaks: the unregister wait says the device was left untracked,
# ref_tracker's report of its directory says it tracks none of its
# references, and no stack or count is printed for it.
sampled_out_report() {
	p=/sys/module/ref_tracker/parameters/sample_dirs
	[ -w "$p" ] || fail "$p missing" || return 1
	echo 4294967295 >"$p" || fail "cannot write $p" || return 1
	ip link add d0 type dummy
	rc=$?
	echo 1 >"$p" || fail "cannot reset $p" || return 1
	[ "$rc" = 0 ] || return 1
	a=$(leak_dir d0) || return 1
	echo "d0: $a"
	echo d0 >"$leak/hold" || fail "hold failed" || return 1
	delete_leaked d0 || return 1
	report_block d0 | grep -E "ref_tracker: $a tracks none of its references: left out by per-object sampling \(ref_tracker\.sample_dirs\)$" ||
		fail "no 'tracks none' line for $a" || return 1
	report_block d0 | grep 'unregister_netdevice: d0: references tracked=0 no_stack=0 (no_tracker=0 untracked=0 unsampled=0)$' ||
		fail "no tracked=0 no_stack=0 line" || return 1
	report_block d0 | grep 'unregister_netdevice: d0: per-object sampling (ref_tracker.sample_dirs) left this device untracked: none of its references has a stack or a count' ||
		fail "the unregister report does not say d0 was left untracked" || return 1
	! report_block d0 | grep -E "ref_tracker: $a has [0-9]+/[0-9]+ users at$" ||
		fail "a stack group for a device left untracked" || return 1
	echo d0 >"$leak/release" || fail "release failed" || return 1
	wait_deleted d0 10
}

# delete_leaked DEV: delete DEV in the background while the module holds
# one reference on it: its unregister must wait, and report.
delete_leaked() {
	del_in_background "$1"
	sleep 3
	expect_dmesg "unregister_netdevice: waiting for $1 to become free\\. Usage count = 2"
}

# quiet_dummy NAME: a dummy device, up, with IPv6 off on it, so that
# nothing but the test holds it for long: with IPv6 on, bringing it up
# sends router solicitations and MLD reports, whose routes and neighbour
# entries hold the device and drop it later, from another CPU while a
# test compares the refcount before and after its own operation.
quiet_dummy() {
	ip link add "$1" type dummy || return 1
	no_ipv6 "$1" || return 1
	ip link set "$1" up
}

# one_double_release DIR CASE: the tracker reported exactly one double
# release, in the directory DIR (an ERE), of the kind CASE.
one_double_release() {
	[ "$(dmesg_since | grep -c 'ref_tracker: reference already released\.$')" -eq 1 ] ||
		fail "not one 'reference already released.'" || return 1
	dmesg_since | grep -E "ref_tracker: [^ ]+@[^ ]+: "
	[ "$(dmesg_since | grep -cE "ref_tracker: [^ ]+@[^ ]+: ")" -eq 1 ] ||
		fail "not one line naming the directory of a double release" || return 1
	expect_dmesg "ref_tracker: $1: $2"
}

double_release_balanced() {
	double_private double_release "double release" \
		"double release of a quarantined reference$" || return 1
	stacks netdev_ref_leak_hold_tracked netdev_ref_leak_release_tracked
}

# netdev_ref_replace() through a released slot, as dst_dev_put(),
# rt_flush_dev() and rt6_uncached_list_flush_dev() call it.
double_replace_balanced() {
	double_private double_replace "double replace" \
		"double release of a quarantined reference$" || return 1
	stacks netdev_ref_leak_hold_tracked netdev_ref_leak_release_tracked
}

# With ref_tracker.sample=1000 a new directory's first reference is
# tracked and the next 999 only counted: of the module's two on its
# private device the second is unsampled, and a release through a copy
# of its slot must be refused.
double_release_copy_balanced() {
	echo 1000 >/sys/module/ref_tracker/parameters/sample ||
		fail "cannot set ref_tracker.sample" || return 1
	rc=0
	double_private double_release_copy "release through a copy" \
		"release of a reference that was not sampled through a copy of its slot, no stacks were saved$" ||
		rc=1
	echo 1 >/sys/module/ref_tracker/parameters/sample ||
		fail "cannot reset ref_tracker.sample" || return 1
	[ "$(cat /sys/module/ref_tracker/parameters/sample)" = 1 ] ||
		fail "ref_tracker.sample is $(cat /sys/module/ref_tracker/parameters/sample)" ||
		return 1
	return "$rc"
}

# Strict mode names each call site of an untracked reference once: a
# dev_hold() and a dev_put() in one function are two sites, both named
# (a key taken from _THIS_IP_, which GCC merges within a function, gave
# them one).
untracked_pair_sites() {
	ip link add d0 type dummy || return 1
	idx=$(cat /sys/class/net/d0/ifindex)
	echo d0 >"$leak/untracked_pair" || fail "untracked_pair failed" || return 1
	dmesg_since | grep 'netdev: untracked dev_'
	expect_dmesg "netdev: untracked dev_hold\(\) on d0/$idx from netdev_ref_leak_untracked_pair\+" ||
		return 1
	expect_dmesg "netdev: untracked dev_put\(\) on d0/$idx from netdev_ref_leak_untracked_pair\+" ||
		return 1
	del_in_background d0
	wait_deleted d0 5
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

# The kernel selftest net/ref_tracker (topic 03 adds it with its module;
# tooling/build builds the module out of tree and qemu/mkinitramfs packs
# the selftest as /selftests/net/ref_tracker/): it must exit 0 with each
# of its five tests passed, none skipped. Run after module_exit_releases:
# the selftest loads and unloads the module itself.
selftest_netdev_ref_leak() {
	st=/selftests/net/ref_tracker/netdev_ref_leak.sh
	[ -f "$st" ] || fail "$st is not in the initramfs" || return 1
	st_rc=0
	sh "$st" >/tmp/selftest.out 2>&1 || st_rc=$?
	cat /tmp/selftest.out
	[ "$st_rc" -eq 0 ] || fail "netdev_ref_leak.sh exited with $st_rc" || return 1
	for st_t in tracked_hold_listed unregister_names_holder \
		many_groups_listed double_release_balanced \
		double_replace_balanced; do
		grep -Eq "^ok [0-9]+ $st_t\$" /tmp/selftest.out ||
			fail "netdev_ref_leak.sh: $st_t did not pass" || return 1
	done
	[ ! -d /sys/kernel/debug/netdev_ref_leak ] ||
		fail "netdev_ref_leak.sh left test_netdev_ref_leak loaded" || return 1
	# A scenario that lists the directories reported on purpose by
	# address (7.2's `reported`: netdev@ADDR lines carry no device
	# name) gets those of the selftest's devices, which come and go
	# inside it: the ones its part of the log names.
	if command -v reported >/dev/null 2>&1; then
		dmesg_since | sed -n 's/.*ref_tracker: \(netdev@[^ :]*\)[ :].*/\1/p' |
			sort -u | while read -r st_r; do reported "$st_r"; done
	fi
}

# unsampled_leak_report: with ref_tracker.sample=1000, written at
# runtime, d0's directory (leak_dir: its name differs by base) tracks
# its first reference and only counts the next 999 at the function that
# took each. The module's reference, one of those, leaks: the unregister
# report names the function that took it on the tracker's "still held,
# by acquire site" line, and nowhere else (it has no stack group).
unsampled_leak_report() {
	p=/sys/module/ref_tracker/parameters/sample
	[ -w "$p" ] || fail "$p missing" || return 1
	echo 1000 >"$p" || fail "cannot write $p" || return 1
	if ! ip link add d0 type dummy || ! echo d0 >"$leak/hold"; then
		echo 1 >"$p"
		fail "d0 or its reference failed"
		return 1
	fi
	echo 1 >"$p" || fail "cannot reset $p" || return 1
	del_pid=
	rc=0
	unsampled_leak_named || { rc=1; report_block d0; }
	# Released whatever the checks found: a device left waiting for
	# its reference would stop the guest until the plan's timeout.
	echo d0 >"$leak/release" || fail "release failed" || rc=1
	[ -n "$del_pid" ] || del_in_background d0
	wait_deleted d0 10 || rc=1
	return "$rc"
}

# unsampled_leak_named: d0, deleted while its unsampled reference is
# held, waits with a report that names the function that took it.
unsampled_leak_named() {
	a=$(leak_dir d0) || return 1
	echo "d0: $a"
	delete_leaked d0 || return 1
	# One copy of the log for every check: a report printed between two
	# reads would make their counts differ.
	block=$(report_block d0)
	site="by acquire site: netdev_ref_leak_hold_tracked\+0x[0-9a-f]+/0x[0-9a-f]+( \[[a-z_]+\])? x1$"
	printf '%s\n' "$block" | grep -E "ref_tracker: $a unsampled references still held, $site" ||
		fail "the report does not name netdev_ref_leak_hold_tracked as the site of d0's unsampled reference" || return 1
	printf '%s\n' "$block" | grep -E 'unregister_netdevice: d0: references tracked=[0-9]+ no_stack=[1-9][0-9]* \(no_tracker=0 untracked=0 unsampled=[1-9][0-9]*\)$' ||
		fail "no unsampled count in the unregister report" || return 1
	printf '%s\n' "$block" | grep 'unregister_netdevice: d0: references that sampled mode did not track (ref_tracker.sample) have no stack; the tracker'"'"'s "still held, by acquire site" lines above name the functions' ||
		fail "no hint about the unsampled reference" || return 1
	all=$(printf '%s\n' "$block" | grep -c netdev_ref_leak_hold_tracked)
	sites=$(printf '%s\n' "$block" | grep -cE "$site")
	[ "$all" = "$sites" ] ||
		fail "netdev_ref_leak_hold_tracked in $all report lines, $sites of them site lines: a stack group for an unsampled reference"
}
