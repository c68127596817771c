# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2154 # leak, dbg: set in common.sh
#
# Testplan 03-netdev-infra, views.sh: the seed series' conversions seen
# in a device's debugfs view: the per-namespace names, rx and tx queue
# kobjects, dst entries and the move to blackhole_dev, in_device, a
# pending linkwatch event, ipmr and ip6mr vifs (refholder.c), netpoll
# through netconsole, and how long reading a view keeps interrupts off
# (make irqsoff).
#
# Written once for both bases; 6.12/views.sh and 7.2/views.sh hold what
# each base does differently. The scenario of each base sources this
# file (see scenario.sh).

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
