# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 04-netdev-conversions on 6.12, routing.sh: the tests of
# ../routing.sh that are written differently for 6.12 or run on it only
# (../scenario.sh says why).

# A local route's nexthop holds its device from fib_create_info(),
# through netdev_get_by_index(), while the address exists (the prefix
# route's nexthop holds it from fib_check_nh(), unconverted).
fib_nexthop() {
	local_nh=' netdev_get_by_index\+0x[^ ]* fib_create_info\+0x'
	ip link add d5 type dummy || return 1
	ip link set d5 up
	ip addr add 198.18.0.1/24 dev d5 || return 1
	live_view d5 >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	grep -E "$local_nh" /tmp/top ||
		fail "no tracker of d5 from netdev_get_by_index() in fib_create_info()" || return 1
	ip addr del 198.18.0.1/24 dev d5 || return 1
	sleep 1
	top_lacks d5 "$local_nh" "the local route's nexthop still holds d5" || return 1
	ip link del d5 || return 1
	no_untracked
}

multicast_routing() {
	/plan/bin/sockets mroute v0 192.0.2.1 5 >/tmp/mroute.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'vifs added' /tmp/mroute.log; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "sockets mroute did not add its vifs: $(cat /tmp/mroute.log)" || return 1
		sleep 1
	done
	echo "--- v0"
	view_has v0 '[^a-z_]vif_add\+0x' || return 1
	view_has v0 '[^a-z_](mif6_add|ip6_mroute_setsockopt)\+0x' || return 1
	echo "--- br0"
	view_has br0 '[^a-z_]vif_add\+0x' || return 1
	echo "--- pimreg"
	view_has pimreg '[^a-z_](ipmr_reg_vif|vif_add)\+0x' || return 1
	echo "--- pim6reg"
	view_has pim6reg '[^a-z_](ip6mr_reg_vif|mif6_add|ip6_mroute_setsockopt)\+0x' || return 1
	wait "$pid" || fail "sockets mroute failed: $(cat /tmp/mroute.log)" || return 1
	cat /tmp/mroute.log
	live_view v0 >/tmp/view || return 1
	! grep -E '[^a-z_](vif_add|mif6_add|ip6_mroute_setsockopt)\+0x' /tmp/view ||
		fail "v0 still has a vif tracker after the vifs were deleted" || return 1
	live_view br0 >/tmp/view || return 1
	! grep -E '[^a-z_]vif_add\+0x' /tmp/view ||
		fail "br0 still has a vif tracker after the vifs were deleted" || return 1
	sleep 1
	[ ! -e /sys/class/net/pimreg ] || fail "pimreg was not unregistered" || return 1
	[ ! -e /sys/class/net/pim6reg ] || fail "pim6reg was not unregistered" || return 1
	no_untracked
}

# A pktgen device holds its output device from pktgen_setup_dev(), through
# netdev_get_by_name(), until it is removed. Adding a device that is down
# takes and drops the reference on the error path.
pktgen_device() {
	pg_nh=' netdev_get_by_name\+0x[^ ]* (pktgen_dev_get_by_name|pktgen_setup_dev|pktgen_add_device|pktgen_thread_write)\+0x'
	insmod /lib/modules/pktgen.ko || fail "insmod pktgen failed" || return 1
	pg=/proc/net/pktgen/kpktgend_0
	[ -e "$pg" ] || fail "no $pg" || return 1
	echo "add_device v0" >"$pg" || fail "pktgen add_device v0 failed" || return 1
	live_view v0 >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	grep -E "$pg_nh" /tmp/top ||
		fail "no tracker of v0 from netdev_get_by_name() in pktgen" || return 1
	ip link add d6 type dummy || return 1
	! echo "add_device d6" >"$pg" ||
		fail "pktgen added d6, which is down" || return 1
	grep 'Result: ERROR' "$pg" || fail "pktgen gave no error for d6" || return 1
	echo "rem_device_all" >"$pg" || return 1
	wait_until 10 "pktgen did not remove v0" test ! -e /proc/net/pktgen/v0 || return 1
	rmmod pktgen || fail "rmmod pktgen failed" || return 1
	top_lacks v0 "$pg_nh" "pktgen still holds v0 after rem_device_all" || return 1
	ip link del d6 || return 1
	no_untracked
}
