# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2154 # leak, dbg: set by the scenario that sources this file
#
# Testplan 03-netdev-infra: the functions scenario.sh (6.12) and
# scenario-7.2.sh share word for word, helpers and tests alike; each
# scenario sources this file as /plan/common.sh (qemu/mkinitramfs packs
# it) and keeps what differs between the bases.

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

# netns_inum [NETNS]: the inode number of the init network namespace,
# or of NETNS, as /proc/PID/ns/net shows it ("net:[4026531840]").
netns_inum() {
	if [ -n "${1:-}" ]; then
		ip netns exec "$1" readlink /proc/self/ns/net | tr -cd 0-9
	else
		readlink /proc/self/ns/net | tr -cd 0-9
	fi
}

# holder DEV ERE: the live view of DEV shows a holder taken in a function
# matching ERE; print that group, or the whole view if there is none.
holder() {
	h_f=$(view_file "$1") || return 1
	groups_with "$h_f" "$2" && return 0
	cat "$h_f"
	fail "no holder of $1 taken in $2"
}

# wait_ready FILE: a background refholder wrote "ready" to FILE.
wait_ready() {
	n=0
	until grep -q ready "$1" 2>/dev/null; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "refholder not ready: $(cat "$1")" || return 1
		sleep 1
	done
}

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

# stacks ALLOC FREE: the double release printed its acquire stack through
# ALLOC and its release stack through FREE (EREs).
stacks() {
	dmesg_since | grep -A 12 'allocated in:' | grep -Eq "$1" ||
		fail "no acquire stack naming $1" || return 1
	dmesg_since | grep -A 12 'freed in:' | grep -Eq "$2" ||
		fail "no release stack naming $2"
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

# struct in_device: held from inetdev_init() for the device's IPv4 life.
view_in_device() {
	ip link add c6i0 type dummy || return 1
	ip link set c6i0 up || return 1
	ip addr add 192.0.2.17/28 dev c6i0 || return 1
	ip -6 addr add 2001:db8:6:1::1/64 dev c6i0 nodad || return 1
	ip addr show dev c6i0
	holder c6i0 'inetdev_init' || return 1
	f=$(view_file c6i0) || return 1
	ip link del c6i0 || return 1
	freed c6i0 "$f"
}

# linkwatch: a pending link event holds the device until the linkwatch
# work runs. Events less than a second after the last run wait for the
# next, so toggling the carrier shows one while it waits.
view_linkwatch() {
	ip link add c6l0 type dummy || return 1
	ip link set c6l0 up || return 1
	f=$(view_file c6l0) || return 1
	n=0
	until groups_with "$f" 'linkwatch_add_event|linkwatch_fire_event'; do
		n=$((n + 1))
		[ "$n" -le 20 ] || fail "no pending linkwatch event held c6l0" ||
			return 1
		ip link set c6l0 carrier off
		groups_with "$f" 'linkwatch_add_event|linkwatch_fire_event' && break
		ip link set c6l0 carrier on
	done
	ip link del c6l0 || return 1
	freed c6l0 "$f"
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

# irq_max FILE READS: the longest section with interrupts off (the
# irqsoff tracer, already current) while FILE is read READS times, or
# while the guest sleeps 2 s when FILE is "-": "<us> us, from <site> to
# <site>".
irq_max() {
	echo 0 >/sys/kernel/tracing/tracing_max_latency
	echo 1 >/sys/kernel/tracing/tracing_on
	if [ "$1" = - ]; then
		sleep 2
	else
		im_n=0
		while [ "$im_n" -lt "$2" ]; do
			cat "$1" >/dev/null || return 1
			im_n=$((im_n + 1))
		done
	fi
	echo 0 >/sys/kernel/tracing/tracing_on
	im_from=$(sed -n 's/^#  => started at: *//p' /sys/kernel/tracing/trace)
	im_to=$(sed -n 's/^#  => ended at: *//p' /sys/kernel/tracing/trace)
	echo "$(cat /sys/kernel/tracing/tracing_max_latency) us, from ${im_from:-?} to ${im_to:-?}"
}

# Review item 4: how long a debugfs read of a tracker keeps interrupts
# off. Only kernels with the irqsoff tracer run it (make irqsoff,
# VARIANT=irqsoff); on the others it is skipped, as the plan declares.
# A device holding 64 references from 64 call chains (hold_groups: the
# largest report) against one holding one, and a 2 s sleep for the
# guest's own background; 20 reads each. The section must be the
# read's: it starts in ref_tracker_debugfs_show().
debugfs_read_irqsoff() {
	if [ ! -f /sys/kernel/tracing/available_tracers ]; then
		mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null || true
	fi
	grep -qw irqsoff /sys/kernel/tracing/available_tracers 2>/dev/null ||
		skip "no irqsoff tracer in this kernel (make irqsoff measures it)"
	insmod /lib/modules/test_netdev_ref_leak.ko || fail "insmod failed" || return 1
	ip link add i0 type dummy && ip link add i1 type dummy || return 1
	echo i0 >"$leak/hold_groups" || fail "hold_groups failed" || return 1
	echo i1 >"$leak/hold" || fail "hold failed" || return 1
	ir_many=$(grep -rl netdev_ref_leak_chain_ "$dbg" | head -n 1)
	ir_one=$(grep -rl netdev_ref_leak_hold_tracked "$dbg" | grep -vxF "$ir_many" | head -n 1)
	[ -n "$ir_many" ] && [ -n "$ir_one" ] ||
		fail "no debugfs file for i0 or i1" || return 1
	echo "64 groups: $ir_many ($(wc -c <"$ir_many") bytes); 1 group: $ir_one ($(wc -c <"$ir_one") bytes)"
	echo irqsoff >/sys/kernel/tracing/current_tracer || return 1
	ir_m=$(irq_max "$ir_many" 20) || return 1
	ir_o=$(irq_max "$ir_one" 20) || return 1
	ir_i=$(irq_max - 0) || return 1
	echo nop >/sys/kernel/tracing/current_tracer
	echo "irqsoff: 64 groups: $ir_m"
	echo "irqsoff: 1 group: $ir_o"
	echo "irqsoff: idle 2 s: $ir_i"
	rmmod test_netdev_ref_leak || fail "rmmod failed" || return 1
	ip link del i0 && ip link del i1 || return 1
	case $ir_m in
	*"from ref_tracker_debugfs_show"*) ;;
	*) fail "the longest section of the 64-group reads is not the read's" ;;
	esac
}
