# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2034 # leak, dbg: read by the files the scenario sources after this one
#
# Testplan 03-netdev-infra, common.sh: the helpers: IPv6 off on a
# device, a deletion in the background and its end, the wait report of a device, a namespace's
# inode number, a holder in a device's view, the module's readiness, the
# stacks of a report.
#
# Written once for both bases; 6.12/common.sh and 7.2/common.sh hold
# what each base does differently. The scenario of each base sources
# this file (see scenario.sh).

leak=/sys/kernel/debug/netdev_ref_leak
dbg=/sys/kernel/debug/ref_tracker

# no_ipv6 DEV: no IPv6 on DEV, so that addrconf (inet6_dev, multicast,
# routes) holds nothing on it: a view shows the 16 oldest groups of
# holders only, and a test comparing refcounts must be alone to move
# them.
no_ipv6() {
	echo 1 >"/proc/sys/net/ipv6/conf/$1/disable_ipv6" ||
		fail "cannot disable IPv6 on $1"
}

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

# stacks ALLOC FREE: the double release printed its acquire stack through
# ALLOC and its release stack through FREE (EREs).
stacks() {
	dmesg_since | grep -A 12 'allocated in:' | grep -Eq "$1" ||
		fail "no acquire stack naming $1" || return 1
	dmesg_since | grep -A 12 'freed in:' | grep -Eq "$2" ||
		fail "no release stack naming $2"
}
