# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 04-netdev-conversions on 7.2, families.sh: the tests of
# ../families.sh that are written differently for 7.2
# (../scenario-7.2.sh says why).

# LLC sockets (type 2 is init_net only: a veth pair l1 -> l0 here). A
# datagram socket bound to l1's address, one autobound on l1 by a
# sendto() after SO_BINDTODEVICE, one autobound with no device (on the
# first Ethernet device, netdev_getfirstbyhwtype()), a listener on l0
# and a connection from l1 to it: each socket holds its device on
# llc->dev_tracker until it is closed.
llc_sockets() {
	llc_stack='[^a-z_](llc_ui_bind|llc_ui_autobind|llc_ui_sendmsg|llc_create_incoming_sock|llc_conn_handler)\+0x'
	ip link add l0 type veth peer name l1 || return 1
	quiet l0 l1 || return 1
	ip link set l0 up
	ip link set l1 up
	/plan/bin/sockets llc l1 l0 5 >/tmp/llc.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'llc sockets bound' /tmp/llc.log; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "sockets llc did not bind: $(cat /tmp/llc.log)" || return 1
		sleep 1
	done
	echo "--- l1"
	view_has l1 '[^a-z_]llc_ui_bind\+0x' || return 1
	view_has l1 '[^a-z_](llc_ui_autobind|llc_ui_sendmsg)\+0x' || return 1
	echo "--- l0"
	view_has l0 '[^a-z_]llc_ui_bind\+0x' || return 1
	view_has l0 '[^a-z_](llc_create_incoming_sock|llc_conn_handler)\+0x' || return 1
	wait "$pid" || fail "sockets llc failed: $(cat /tmp/llc.log)" || return 1
	cat /tmp/llc.log
	for d in l0 l1; do
		live_view "$d" >/tmp/view || return 1
		! grep -E "$llc_stack" /tmp/view ||
			fail "$d still has an LLC socket tracker after close" || return 1
	done
	ip link del l0 || return 1
	sleep 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "l0 or l1 waited for its references" || return 1
	no_untracked
}

# A TIPC Ethernet bearer holds its device from tipc_enable_l2_media(),
# through netdev_get_by_name(), until it is disabled.
# On 7.2 the bearer is on a new dummy, tp0, not v0, whose view is full
# (see the header).
tipc_bearer() {
	tipc_nh=' netdev_get_by_name\+0x[^ ]* (tipc_enable_l2_media|tipc_enable_bearer|__tipc_nl_bearer_enable)\+0x'
	ip link add tp0 type dummy || return 1
	quiet tp0 || return 1
	ip link set tp0 up || return 1
	/plan/bin/sockets tipc tp0 3 >/tmp/tipc.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'tipc bearer enabled' /tmp/tipc.log; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "sockets tipc did not enable: $(cat /tmp/tipc.log)" || return 1
		sleep 1
	done
	live_view tp0 partial >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	grep -E "$tipc_nh" /tmp/top ||
		fail "no tracker of tp0 from netdev_get_by_name() in the TIPC bearer$(truncated)" || return 1
	wait "$pid" || fail "sockets tipc failed: $(cat /tmp/tipc.log)" || return 1
	cat /tmp/tipc.log
	top_lacks tp0 "$tipc_nh" "the disabled TIPC bearer still holds tp0" || return 1
	ip link del tp0 || return 1
	sleep 1
	gone_at_once tp0 || return 1
	no_untracked
}

batman_adv_mesh() {
	bat_hard='^ (batadv_hardif_add_interface|batadv_hard_if_event)\+0x'
	bat_soft='^ (batadv_hardif_enable_interface|batadv_meshif_slave_add)\+0x'
	ip link add bat0 type batadv || fail "ip link add bat0 type batadv failed" || return 1
	ip -n peer link add bat0 type batadv || fail "cannot add bat0 in peer" || return 1
	ip link set v0 master bat0 || fail "cannot enslave v0 to bat0" || return 1
	ip -n peer link set v1 master bat0 || fail "cannot enslave v1 to bat0 in peer" || return 1
	ip link set bat0 up
	ip -n peer link set bat0 up
	ip addr add 203.0.113.17/28 dev bat0 || return 1
	ip -n peer addr add 203.0.113.18/28 dev bat0 || return 1
	echo "--- v0"
	top_has v0 "$bat_hard" || return 1
	echo "--- bat0"
	top_has bat0 "$bat_soft" || return 1
	# The OGMs crossing the veth make each node the other's originator
	# and neighbour; batman-adv fails until they are there.
	n=0
	until /plan/bin/batman-adv query bat0 v0 EINVAL >/tmp/batman-adv.log 2>&1; do
		n=$((n + 1))
		[ "$n" -le 15 ] || fail "batman-adv query bat0 v0 failed: $(cat /tmp/batman-adv.log)" || return 1
		sleep 1
	done
	cat /tmp/batman-adv.log
	ip netns exec peer /plan/bin/batman-adv query bat0 v1 EINVAL ||
		fail "batman-adv query in peer failed" || return 1
	ping -c 2 -W 2 203.0.113.18 || true
	ip link add brb type bridge || return 1
	ip link set bat0 master brb || fail "cannot bridge bat0" || return 1
	ip netns add lan || return 1
	ip link add b0 type veth peer name b1 netns lan || return 1
	ip link set b0 master brb || return 1
	ip link set b0 up
	ip link set brb up
	ip -n lan link set b1 up
	ip -n lan addr add 203.0.113.19/28 dev b1 || return 1
	ip netns exec lan ping -c 2 -W 2 203.0.113.18 || true
	sleep 1
	/plan/bin/batman-adv query bat0 v0 EINVAL || fail "batman-adv query of the bridged mesh failed" || return 1
	ip link set bat0 nomaster || return 1
	ip link del brb || return 1
	ip link del b0 || return 1
	ip netns del lan
	ip link set v0 nomaster || return 1
	# bat0's addresses, routes and neighbours would fill its view on 7.2
	# (see the header); they hold nothing of v0's.
	ip addr flush dev bat0 || return 1
	ip neigh flush dev bat0 || return 1
	top_lacks bat0 "$bat_soft" "v0 still holds bat0 after it was released" || return 1
	ip link del bat0 || return 1
	ip -n peer link del bat0 || return 1
	ip link add d7 type dummy || return 1
	echo "--- d7"
	top_has d7 "$bat_hard" || return 1
	ip link del d7 || return 1
	sleep 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "a device waited for its references" || return 1
	ping -c 1 -W 2 203.0.113.2 || fail "v0 does not work after leaving bat0" || return 1
	no_untracked
}
