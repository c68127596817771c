# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 04-netdev-conversions on 7.2, routing.sh: the tests of
# ../routing.sh that are written differently for 7.2 (../scenario-7.2.sh
# says why).

# A local route's nexthop holds its device from fib_create_info(),
# through netdev_get_by_index(), while the address exists (the prefix
# route's nexthop holds it from fib_check_nh(), unconverted).
fib_nexthop() {
	local_nh=' netdev_get_by_index\+0x[^ ]* fib_create_info\+0x'
	ip link add d5 type dummy || return 1
	ip link set d5 up
	ip addr add 198.18.0.1/24 dev d5 || return 1
	live_view d5 partial >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	grep -E "$local_nh" /tmp/top ||
		fail "no tracker of d5 from netdev_get_by_index() in fib_create_info()$(truncated)" || return 1
	ip addr del 198.18.0.1/24 dev d5 || return 1
	sleep 1
	top_lacks d5 "$local_nh" "the local route's nexthop still holds d5" || return 1
	ip link del d5 || return 1
	no_untracked
}

# On 7.2 the vifs are on two new dummies, mr0 (vif 0 by ifindex, mif 0)
# and mr1 (vif 1 by its address), not on v0 and br0, whose views are
# full (see the header).
multicast_routing() {
	for d in mr0 mr1; do
		ip link add $d type dummy || return 1
		quiet $d || return 1
		ip link set $d up || return 1
	done
	ip addr add 198.18.1.1/24 dev mr1 || return 1
	/plan/bin/sockets mroute mr0 198.18.1.1 5 >/tmp/mroute.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'vifs added' /tmp/mroute.log; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "sockets mroute did not add its vifs: $(cat /tmp/mroute.log)" || return 1
		sleep 1
	done
	echo "--- mr0"
	view_has mr0 '[^a-z_]vif_add\+0x' || return 1
	view_has mr0 '[^a-z_](mif6_add|ip6_mroute_setsockopt)\+0x' || return 1
	echo "--- mr1"
	view_has mr1 '[^a-z_]vif_add\+0x' || return 1
	echo "--- pimreg"
	view_has pimreg '[^a-z_](ipmr_reg_vif|vif_add)\+0x' || return 1
	echo "--- pim6reg"
	view_has pim6reg '[^a-z_](ip6mr_reg_vif|mif6_add|ip6_mroute_setsockopt)\+0x' || return 1
	wait "$pid" || fail "sockets mroute failed: $(cat /tmp/mroute.log)" || return 1
	cat /tmp/mroute.log
	live_view mr0 >/tmp/view || return 1
	! grep -E '[^a-z_](vif_add|mif6_add|ip6_mroute_setsockopt)\+0x' /tmp/view ||
		fail "mr0 still has a vif tracker after the vifs were deleted" || return 1
	live_view mr1 >/tmp/view || return 1
	! grep -E '[^a-z_]vif_add\+0x' /tmp/view ||
		fail "mr1 still has a vif tracker after the vifs were deleted" || return 1
	sleep 1
	[ ! -e /sys/class/net/pimreg ] || fail "pimreg was not unregistered" || return 1
	[ ! -e /sys/class/net/pim6reg ] || fail "pim6reg was not unregistered" || return 1
	ip link del mr0 || return 1
	ip link del mr1 || return 1
	sleep 1
	gone_at_once mr0 mr1 || return 1
	no_untracked
}

# A pktgen device holds its output device from pktgen_setup_dev(), through
# netdev_get_by_name(), until it is removed. Adding a device that is down
# takes and drops the reference on the error path.
# On 7.2 the output device is a new dummy, pg0, not v0, whose view is
# full (see the header).
pktgen_device() {
	pg_nh=' netdev_get_by_name\+0x[^ ]* (pktgen_dev_get_by_name|pktgen_setup_dev|pktgen_add_device|pktgen_thread_write)\+0x'
	ip link add pg0 type dummy || return 1
	quiet pg0 || return 1
	ip link set pg0 up || return 1
	insmod /lib/modules/pktgen.ko || fail "insmod pktgen failed" || return 1
	pg=/proc/net/pktgen/kpktgend_0
	[ -e "$pg" ] || fail "no $pg" || return 1
	echo "add_device pg0" >"$pg" || fail "pktgen add_device pg0 failed" || return 1
	live_view pg0 partial >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	grep -E "$pg_nh" /tmp/top ||
		fail "no tracker of pg0 from netdev_get_by_name() in pktgen$(truncated)" || return 1
	ip link add d6 type dummy || return 1
	! echo "add_device d6" >"$pg" ||
		fail "pktgen added d6, which is down" || return 1
	grep 'Result: ERROR' "$pg" || fail "pktgen gave no error for d6" || return 1
	echo "rem_device_all" >"$pg" || return 1
	wait_until 10 "pktgen did not remove pg0" test ! -e /proc/net/pktgen/pg0 || return 1
	rmmod pktgen || fail "rmmod pktgen failed" || return 1
	top_lacks pg0 "$pg_nh" "pktgen still holds pg0 after rem_device_all" || return 1
	ip link del d6 || return 1
	ip link del pg0 || return 1
	sleep 1
	gone_at_once pg0 || return 1
	no_untracked
}
