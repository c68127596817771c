# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 04-netdev-conversions on 6.12, virtual.sh: the tests of
# ../virtual.sh that are written differently for 6.12 or run on it only
# (../scenario.sh says why).

# An AMT gateway (amt.c) holds the Ethernet device it tunnels over, its
# stream device, on the tracker in its struct amt_dev from amt_newlink()
# until amt_dellink(). While amt0 exists am0's view must list it, and
# after amt0 is deleted it must not. A gateway over lo (not Ethernet)
# is refused after the lookup: amt_newlink() drops the reference on the
# same tracker, so lo's view must not keep it either.
amt_stream_dev() {
	amt_stack='[^a-z_]amt_newlink\+0x'
	ip link add am0 type dummy || return 1
	ip link add amt0 type amt mode gateway local 192.0.2.60 \
		discovery 192.0.2.61 dev am0 ||
		fail "ip link add amt0 type amt failed" || return 1
	echo "--- am0"
	view_has am0 "$amt_stack" || return 1
	! ip link add amt1 type amt mode gateway local 192.0.2.60 \
		discovery 192.0.2.61 dev lo 2>/dev/null ||
		fail "an AMT gateway over lo was accepted" || return 1
	top_lacks lo "$amt_stack" "lo is still held by a refused AMT gateway" || return 1
	ip link del amt0 || return 1
	top_lacks am0 "$amt_stack" "am0 is still held by a deleted AMT gateway" || return 1
	ip link del am0 || return 1
	sleep 1
	gone_at_once am0 || return 1
	no_untracked
}

# PPPoE sockets connected to sessions on vp0 keep it, each on the
# tracker of its struct pppoe_opt (pppoe_connect()), until a disconnect,
# a PADT (from vp1, the other end of the veth), the close, or vp0 going
# down drops it; a connect to vp0 while it is down takes and drops it.
pppoe_sockets() {
	conn=' netdev_get_by_name\+0x[^ ]* pppoe_connect\+0x'
	ip link add vp0 type veth peer name vp1 || return 1
	ip link set vp0 up || return 1
	ip link set vp1 up || return 1
	/plan/bin/tuntap-pppoe pppoe vp0 vp1 3 >/tmp/tuntap-pppoe.out 2>&1 &
	pid=$!
	sleep 2
	held=0
	if live_view vp0 >/tmp/view; then
		top_frames </tmp/view >/tmp/top
		cat /tmp/view
		grep -E "$conn" /tmp/top && held=1
	fi
	wait "$pid"
	rc=$?
	cat /tmp/tuntap-pppoe.out
	[ "$held" -eq 1 ] ||
		fail "no tracker of vp0 from pppoe_connect() while connected" || return 1
	[ "$rc" -eq 0 ] || fail "tuntap-pppoe pppoe failed" || return 1
	top_lacks vp0 "$conn" "a PPPoE socket still holds vp0 after they were all unbound" || return 1
	start=$(date +%s)
	ip link del vp0 || return 1
	end=$(date +%s)
	[ $((end - start)) -le 2 ] ||
		fail "deleting vp0 took $((end - start)) s" || return 1
	echo "vp0 unregistered in $((end - start)) s"
	no_untracked
}

# A team device (team_core.c) is held by each of its ports, from
# team_port_enter() (which the compiler may inline into team_port_add()
# and that into team_add_slave()) until the port leaves: while tm0 and
# tm1 are ports of team0, team0's view must list their tracker, and once
# both have left it must not; a port left in team0 when it is deleted
# is released by team_uninit().
# The team generic netlink requests (team-bond-wg team) hold team0 from
# team_nl_team_get() until team_nl_team_put(), on the request's
# genl_info tracker, and drop it at once when the ifindex is not a team
# (lo): strict mode must stay silent, and team0 must unregister at once.
team_ports() {
	team_stack='[^a-z_](team_port_enter|team_port_add|team_add_slave)\+0x'
	ip link add team0 type team || fail "ip link add team0 type team failed" || return 1
	ip link add tm0 type dummy || return 1
	ip link add tm1 type dummy || return 1
	ip link set tm0 master team0 || fail "cannot add tm0 to team0" || return 1
	ip link set tm1 master team0 || fail "cannot add tm1 to team0" || return 1
	ip link set team0 up || return 1
	/plan/bin/team-bond-wg team team0 lo || fail "team-bond-wg team team0 lo failed" || return 1
	echo "--- team0"
	live_view team0 >/tmp/view || return 1
	cat /tmp/view
	top_frames </tmp/view >/tmp/top
	grep -E "$team_stack" /tmp/top ||
		fail "no tracker of team0 from a team port" || return 1
	# one group of two users: tm0's and tm1's (the same stack)
	awk '/ has [0-9]+\/[0-9]+ users/ { h = $0; getline f
		if (f ~ /[^a-z_](team_port_enter|team_port_add|team_add_slave)\+0x/ &&
		    h ~ / has 2\//) n++ }
		END { exit n != 1 }' /tmp/view ||
		fail "team0's view does not show the two ports' references" || return 1
	ip link set tm0 nomaster || return 1
	ip link set tm1 nomaster || return 1
	top_lacks team0 "$team_stack|[^a-z_]team_nl_team_get\+0x" "team0 is still held by a port or a request" || return 1
	ip link set tm0 master team0 || fail "cannot add tm0 to team0 again" || return 1
	ip link del team0 || return 1
	sleep 1
	gone_at_once team0 || return 1
	ip link del tm0 || return 1
	ip link del tm1 || return 1
	no_untracked
}

# The WireGuard generic netlink requests (team-bond-wg wg) look wg0 up in
# lookup_interface(), by ifindex or by name: a GET_DEVICE dump holds it
# from wg_get_device_start() to wg_get_device_done() on its dump
# context's tracker (with no peers the dump ends in the first recvmsg()),
# SET_DEVICE for the request on a local one, and a device that is not a
# WireGuard interface (lo) is dropped at once: strict mode must stay
# silent, no tracker of theirs may be left, and wg0 must unregister at
# once.
wireguard_requests() {
	ip link add wg0 type wireguard || fail "ip link add wg0 type wireguard failed" || return 1
	/plan/bin/team-bond-wg wg wg0 lo || fail "team-bond-wg wg wg0 lo failed" || return 1
	echo "--- wg0"
	live_view wg0 >/tmp/view || return 1
	cat /tmp/view
	top_frames </tmp/view >/tmp/top
	! grep -E '[^a-z_](lookup_interface|wg_get_device_start|wg_set_device)\+0x' /tmp/top ||
		fail "a WireGuard request still holds wg0" || return 1
	ip link del wg0 || return 1
	sleep 1
	gone_at_once wg0 || return 1
	no_untracked
}
