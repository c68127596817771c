# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2034 # TESTS is read by qemu/ktap.sh
#
# Testplan 04-netdev-conversions: the net device references the topic
# converts to tracked ones, exercised with topic 03's strict mode on
# (CONFIG_NET_DEV_REFCNT_TRACKER_STRICT=y), which prints one
# "netdev: untracked dev_hold()/dev_put()" line per call site that takes
# or drops an untracked reference on a registered device.
#
# Builds a small network (a veth pair across two namespaces, a dummy, a
# bridge and a VLAN), moves traffic over IPv4, IPv6 and AF_PACKET
# (netref packet: bind, send on the bound device, sendto by ifindex, a
# PACKET_TX_RING), sets the socket options that look a device up by
# ifindex (netref sockopt), reads the per-device netconf and one
# address (netref getaddr), dumps a
# device's traffic classes (netref tclass), runs netlink traffic with an
# nlmon tap up, makes the peer namespace route and answer with ICMPv6
# "no route" errors, sends it RFC 8335 PROBE requests (netref probe),
# adds IPv4 and IPv6 multicast routing interfaces
# (netref mroute), dumps every device's ethtool link state (netref
# ethtool), adds a device to pktgen, binds, autobinds and connects LLC
# sockets (netref llc), creates an MCTP serial device on a pty (netref
# mctp), reads an L2TP Ethernet session in debugfs, enables a TIPC
# bearer (netref tipc), changes carrier, renames a device and moves it
# between namespaces and back, then deletes everything. Each test fails when strict mode reported an
# untracked reference while it ran, and the last one checks the whole
# log. The multicast routing interfaces are the long-lived holders the
# topic converts: while they exist, each device's debugfs view must list
# a tracker whose stack names vif_add() or mif6_add() (ipmr_reg_vif()
# and ip6mr_reg_vif() for the register devices; the compiler may inline
# each into its caller, up to ip6_mroute_setsockopt()), and after they
# are deleted it must not. Likewise the nexthop of the local route an
# IPv4 address gets (fib_create_info()), a pktgen device's output device
# (pktgen_setup_dev()) and an LLC socket's device (llc_ui_bind(),
# llc_ui_autobind(), llc_create_incoming_sock()) and an MCTP device's
# struct mctp_dev (mctp_add_dev()) and a TIPC Ethernet bearer
# (tipc_enable_l2_media()). The other
# converted references live for one call (a sendmsg(), a setsockopt(),
# a netlink request) and cannot be caught in the view; for them the
# view is read afterwards to show that no tracker is left behind.
# The protocol families that follow have programs of their own:
# oldref (X.25 over lapbether, AppleTalk), batref (a batman-adv mesh over
# the veth pair), canref (CAN raw, BCM, ISO-TP and J1939 sockets on vcan,
# and a vsock loopback connection seen by a vsockmon tap) and wpanref
# (IEEE 802.15.4 sockets, nl802154 and legacy netlink on
# mac802154_hwsim, and a 6LoWPAN link), ax25ref (NET/ROM and ROSE over
# mkiss), hgref (tun, macvtap, a macvlan broadcast queue, PPPoE) and
# hhref (team, bonding, WireGuard netlink); the UDP tunnel offload test
# and the L3 offload statistics test drive netdevsim, and the BPQ, AMT
# and ipvlan tests bpqether.ko, an AMT gateway and ipvlans, from the
# shell. Their long-lived holders are checked in
# the live view the same way.
# Addresses are from the documentation ranges (RFC 5737, RFC 3849).

TESTS="setup_network traffic packet_sockets socket_options netconf
tclass_dump netlink_tap icmp6_error_source icmp_probe fib_nexthop
multicast_routing ethtool_dump pktgen_device llc_sockets mctp_device
l2tp_session_view tipc_bearer
x25_neighbour appletalk_iface atm_mpoa_lec
batman_adv_mesh
can_sockets can_unregister vsock_tap
wpan_sockets wpan_legacy_iface lowpan_link
udp_tunnel_offload nsim_hwstats
netrom_rose bpq_device amt_stream_dev ipvlan_multicast
tun_file macvtap_file macvlan_broadcast_queue pppoe_sockets
team_ports bond_tsinfo wireguard_requests
carrier_rename_netns
live_view_after teardown no_untracked_anywhere"

dbg=/sys/kernel/debug/ref_tracker

# no_untracked: strict mode reported nothing since the test began.
no_untracked() {
	if dmesg_since | grep 'netdev: untracked dev_'; then
		fail "strict mode reported the untracked references above"
		return 1
	fi
}

# gone_at_once DEV...: each DEV was unregistered, and no device waited
# for its references since the test began.
gone_at_once() {
	for g in "$@"; do
		[ ! -e "/sys/class/net/$g" ] || fail "$g was not unregistered" || return 1
	done
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "$* or another device waited for its references" || return 1
}

# live_view DEV: the debugfs tracker view of DEV (in this namespace).
live_view() {
	idx=$(cat "/sys/class/net/$1/ifindex") || return 1
	for f in "$dbg"/*; do
		case ${f##*/} in
		"$1_$idx"-* | *[!a-z0-9]"$1_$idx"-*) cat "$f"; return 0 ;;
		esac
	done
	fail "no tracker view for $1/$idx in $dbg"
}

setup_network() {
	ip link set lo up || return 1
	ip netns add peer || return 1
	ip -n peer link set lo up
	ip link add v0 type veth peer name v1 netns peer || return 1
	ip addr add 203.0.113.1/28 dev v0 || return 1
	ip -n peer addr add 203.0.113.2/28 dev v1 || return 1
	ip -6 addr add 2001:db8:2::1/64 dev v0 nodad || return 1
	ip -n peer -6 addr add 2001:db8:2::2/64 dev v1 nodad || return 1
	ip link set v0 up
	ip -n peer link set v1 up
	ip link add link v0 name v0.5 type vlan id 5 || return 1
	ip -n peer link add link v1 name v1.5 type vlan id 5 || return 1
	ip addr add 198.51.100.1/28 dev v0.5 || return 1
	ip -n peer addr add 198.51.100.2/28 dev v1.5 || return 1
	ip link set v0.5 up
	ip -n peer link set v1.5 up
	ip link add d0 type dummy || return 1
	ip link add br0 type bridge || return 1
	ip link set d0 master br0 || return 1
	ip addr add 192.0.2.1/24 dev br0 || return 1
	ip link set d0 up
	ip link set br0 up
	no_untracked
}

traffic() {
	ping -c 2 -W 2 203.0.113.2 || fail "IPv4 ping across the veth failed" || return 1
	ping -c 2 -W 2 2001:db8:2::2 || fail "IPv6 ping across the veth failed" || return 1
	ping -c 2 -W 2 198.51.100.2 || fail "ping over the VLAN failed" || return 1
	ping -c 1 -W 1 192.0.2.9 >/dev/null 2>&1 || true
	no_untracked
}

packet_sockets() {
	/plan/bin/netref packet v0 || fail "netref packet v0 failed" || return 1
	/plan/bin/netref packet br0 || fail "netref packet br0 failed" || return 1
	no_untracked
}

socket_options() {
	/plan/bin/netref sockopt v0 203.0.113.1 || fail "netref sockopt v0 failed" || return 1
	no_untracked
}

netconf() {
	ip netconf show dev v0 || fail "ip netconf show dev v0 failed" || return 1
	ip -6 netconf show dev v0 || fail "ip -6 netconf show dev v0 failed" || return 1
	/plan/bin/netref getaddr v0 2001:db8:2::1 || fail "netref getaddr failed" || return 1
	no_untracked
}

tclass_dump() {
	/plan/bin/netref tclass v0 || fail "netref tclass v0 failed" || return 1
	no_untracked
}

# Every netlink message is copied to a tap that is up.
netlink_tap() {
	ip link add nlmon0 type nlmon || return 1
	ip link set nlmon0 up || return 1
	ip link show >/dev/null
	ip addr show >/dev/null
	ip -s link show nlmon0
	ip -s link show nlmon0 | grep -A 1 'RX:' | tail -n 1 | grep -Eq '^ *[1-9]' ||
		fail "nlmon0 received no netlink copies" || return 1
	ip link del nlmon0 || return 1
	no_untracked
}

# The peer forwards IPv6 and has no route for 2001:db8:99::/48: each
# echo request it gets for it is answered by icmp6_send() with no
# source address given, which picks one on the incoming device.
icmp6_error_source() {
	ip netns exec peer sh -c 'echo 1 >/proc/sys/net/ipv6/conf/all/forwarding' ||
		fail "cannot enable forwarding in peer" || return 1
	ip -6 route add 2001:db8:99::/48 via 2001:db8:2::2 || return 1
	before=$(ip netns exec peer cat /proc/net/snmp6 | awk '$1 == "Icmp6OutDestUnreachs" { print $2 }')
	ping -c 2 -W 2 2001:db8:99::1 || true
	after=$(ip netns exec peer cat /proc/net/snmp6 | awk '$1 == "Icmp6OutDestUnreachs" { print $2 }')
	echo "peer Icmp6OutDestUnreachs: $before -> $after"
	[ "$after" -gt "$before" ] || fail "the peer sent no ICMPv6 unreachable" || return 1
	ip -6 route del 2001:db8:99::/48
	no_untracked
}

# The peer answers PROBE requests for its v1 by name, for ifindex 1
# (its lo) and for the owners of its IPv4 and IPv6 addresses.
icmp_probe() {
	ip netns exec peer sh -c 'echo 1 >/proc/sys/net/ipv4/icmp_echo_enable_probe' ||
		fail "cannot enable PROBE replies in peer" || return 1
	/plan/bin/netref probe v1 203.0.113.2 203.0.113.2 2001:db8:2::2 ||
		fail "netref probe failed" || return 1
	no_untracked
}

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

# view_has DEV ERE: DEV's tracker view has a stack line matching ERE;
# print the lines that match.
view_has() {
	live_view "$1" >/tmp/view || return 1
	grep -E "$2" /tmp/view || fail "no tracker of $1 names $2" || return 1
}

multicast_routing() {
	/plan/bin/netref mroute v0 192.0.2.1 5 >/tmp/mroute.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'vifs added' /tmp/mroute.log; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "netref mroute did not add its vifs: $(cat /tmp/mroute.log)" || return 1
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
	wait "$pid" || fail "netref mroute failed: $(cat /tmp/mroute.log)" || return 1
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

# Each device's reply holds it on a local tracker for the time of the
# reply; strict mode reports the hold if it is untracked.
ethtool_dump() {
	/plan/bin/netref ethtool v0 || fail "netref ethtool v0 failed" || return 1
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

# LLC sockets (type 2 is init_net only: a veth pair l1 -> l0 here). A
# datagram socket bound to l1's address, one autobound on l1 by a
# sendto() after SO_BINDTODEVICE, one autobound with no device (on the
# first Ethernet device, netdev_getfirstbyhwtype()), a listener on l0
# and a connection from l1 to it: each socket holds its device on
# llc->dev_tracker until it is closed.
llc_sockets() {
	llc_stack='[^a-z_](llc_ui_bind|llc_ui_autobind|llc_ui_sendmsg|llc_create_incoming_sock|llc_conn_handler)\+0x'
	ip link add l0 type veth peer name l1 || return 1
	ip link set l0 up
	ip link set l1 up
	/plan/bin/netref llc l1 l0 5 >/tmp/llc.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'llc sockets bound' /tmp/llc.log; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "netref llc did not bind: $(cat /tmp/llc.log)" || return 1
		sleep 1
	done
	echo "--- l1"
	view_has l1 '[^a-z_]llc_ui_bind\+0x' || return 1
	view_has l1 '[^a-z_](llc_ui_autobind|llc_ui_sendmsg)\+0x' || return 1
	echo "--- l0"
	view_has l0 '[^a-z_]llc_ui_bind\+0x' || return 1
	view_has l0 '[^a-z_](llc_create_incoming_sock|llc_conn_handler)\+0x' || return 1
	wait "$pid" || fail "netref llc failed: $(cat /tmp/llc.log)" || return 1
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

# An MCTP device (type ARPHRD_MCTP) gets a struct mctp_dev when it
# registers, which holds it until it unregisters: the MCTP serial line
# discipline on a pty master makes one.
mctp_device() {
	if ! grep -q devpts /proc/mounts; then
		mkdir -p /dev/pts
		mount -t devpts devpts /dev/pts || fail "cannot mount devpts" || return 1
	fi
	/plan/bin/netref mctp - 3 >/tmp/mctp.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'mctp serial device up' /tmp/mctp.log; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "netref mctp did not start: $(cat /tmp/mctp.log)" || return 1
		sleep 1
	done
	mdev=
	for d in /sys/class/net/mctpserial*; do
		[ -e "$d" ] && mdev=${d##*/} && break
	done
	[ -n "$mdev" ] || fail "no mctpserial device" || return 1
	echo "--- $mdev"
	view_has "$mdev" '[^a-z_](mctp_add_dev|mctp_register|mctp_ndo_notify)\+0x' || return 1
	wait "$pid" || fail "netref mctp failed: $(cat /tmp/mctp.log)" || return 1
	cat /tmp/mctp.log
	sleep 1
	gone_at_once "$mdev" || return 1
	no_untracked
}

# The L2TP debugfs view prints each Ethernet session's device, holding
# it on a local tracker while it does.
l2tp_session_view() {
	ip l2tp add tunnel tunnel_id 10 peer_tunnel_id 20 encap udp \
		local 127.0.0.1 remote 127.0.0.1 udp_sport 1701 udp_dport 1702 ||
		fail "ip l2tp add tunnel failed" || return 1
	ip l2tp add session name l2tpeth9 tunnel_id 10 session_id 1 \
		peer_session_id 2 || fail "ip l2tp add session failed" || return 1
	[ -e /sys/class/net/l2tpeth9 ] || fail "no l2tpeth9" || return 1
	grep 'interface l2tpeth9' /sys/kernel/debug/l2tp/tunnels ||
		fail "the L2TP debugfs view does not show l2tpeth9" || return 1
	ip l2tp del session tunnel_id 10 session_id 1 || return 1
	ip l2tp del tunnel tunnel_id 10 || return 1
	sleep 1
	[ ! -e /sys/class/net/l2tpeth9 ] || fail "l2tpeth9 was not unregistered" || return 1
	no_untracked
}

# A TIPC Ethernet bearer holds its device from tipc_enable_l2_media(),
# through netdev_get_by_name(), until it is disabled.
tipc_bearer() {
	tipc_nh=' netdev_get_by_name\+0x[^ ]* (tipc_enable_l2_media|tipc_enable_bearer|__tipc_nl_bearer_enable)\+0x'
	/plan/bin/netref tipc v0 3 >/tmp/tipc.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'tipc bearer enabled' /tmp/tipc.log; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "netref tipc did not enable: $(cat /tmp/tipc.log)" || return 1
		sleep 1
	done
	live_view v0 >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	grep -E "$tipc_nh" /tmp/top ||
		fail "no tracker of v0 from netdev_get_by_name() in the TIPC bearer" || return 1
	wait "$pid" || fail "netref tipc failed: $(cat /tmp/tipc.log)" || return 1
	cat /tmp/tipc.log
	top_lacks v0 "$tipc_nh" "the disabled TIPC bearer still holds v0" || return 1
	no_untracked
}

# X.25 over LAPB on Ethernet (lapbether, a module: loaded here, so that
# the other tests' Ethernet devices get no lapbN device). Each lapbN
# holds its Ethernet device from lapbeth_new_device(), and X.25 makes a
# neighbour for each lapbN that holds it from x25_link_device_up(), until
# the module is removed. oldref x25 runs the route and subscription
# ioctls, whose x25_dev_get() references are short-lived.
x25_neighbour() {
	lapb_stack='[^a-z_](lapbeth_new_device|lapbeth_device_event)\+0x'
	nb_stack='[^a-z_](x25_link_device_up|x25_device_event)\+0x'
	ip link add x0 type veth peer name x1 || return 1
	insmod /lib/modules/lapbether.ko || fail "insmod lapbether failed" || return 1
	ip link set x0 up
	ip link set x1 up
	# The lapbN device made last is x1's.
	lapb=
	max=0
	for d in /sys/class/net/lapb*; do
		[ -e "$d" ] || continue
		i=$(cat "$d/ifindex")
		[ "$i" -gt "$max" ] && max=$i && lapb=${d##*/}
	done
	[ -n "$lapb" ] || fail "lapbether made no lapbN device" || return 1
	ip link set "$lapb" up || return 1
	/plan/bin/oldref x25 "$lapb" 3 >/tmp/x25.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'x25 route added' /tmp/x25.log; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "oldref x25 did not add its route: $(cat /tmp/x25.log)" || return 1
		sleep 1
	done
	echo "--- x1"
	view_has x1 "$lapb_stack" || return 1
	echo "--- $lapb"
	view_has "$lapb" "$nb_stack" || return 1
	wait "$pid" || fail "oldref x25 failed: $(cat /tmp/x25.log)" || return 1
	cat /tmp/x25.log
	live_view "$lapb" >/tmp/view || return 1
	! grep -E '[^a-z_](x25_dev_get|x25_route_ioctl|x25_subscr_ioctl)\+0x' /tmp/view ||
		fail "an X.25 ioctl still holds $lapb" || return 1
	ip link set "$lapb" down
	rmmod lapbether || fail "rmmod lapbether failed" || return 1
	sleep 1
	[ ! -e "/sys/class/net/$lapb" ] || fail "$lapb was not unregistered" || return 1
	for d in x0 x1; do
		live_view "$d" >/tmp/view || return 1
		! grep -E "$lapb_stack" /tmp/view ||
			fail "$d still has a lapbether tracker after rmmod" || return 1
	done
	ip link del x0 || return 1
	sleep 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "a lapbN or x0/x1 waited for its references" || return 1
	no_untracked
}

# AppleTalk on a veth: an interface (atif_add_device()) and routes
# (atrtr_create(): the interface's direct route and a gateway route,
# updated once) hold the device until SIOCDELRT and SIOCDIFADDR.
appletalk_iface() {
	atif_top=' (atif_add_device|atif_ioctl)\+0x[^ ]* (atif_ioctl|atalk_ioctl)\+0x'
	atrt_top=' atrtr_create\+0x[^ ]* (atrtr_ioctl_addrt|atrtr_ioctl|atalk_ioctl|atif_ioctl)\+0x'
	ip link add a0 type veth peer name a1 || return 1
	ip link set a0 up
	ip link set a1 up
	/plan/bin/oldref atalk a0 3 >/tmp/atalk.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'atalk configured' /tmp/atalk.log; do
		n=$((n + 1))
		[ "$n" -le 15 ] || fail "oldref atalk did not configure: $(cat /tmp/atalk.log)" || return 1
		sleep 1
	done
	echo "--- a0"
	top_view a0 || return 1
	grep -E "$atif_top" /tmp/top ||
		fail "no tracker of a0 from the AppleTalk interface" || return 1
	grep -E "$atrt_top" /tmp/top ||
		fail "no tracker of a0 from an AppleTalk route" || return 1
	wait "$pid" || fail "oldref atalk failed: $(cat /tmp/atalk.log)" || return 1
	cat /tmp/atalk.log
	top_lacks a0 "$atif_top|$atrt_top" "a0 still has an AppleTalk tracker after SIOCDIFADDR" || return 1
	ip link del a0 || return 1
	sleep 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "a0 or a1 waited for its references" || return 1
	no_untracked
}

# ATM LAN Emulation and MPOA (built in): oldref mpoa makes lec0, a LANE
# v2 client, and attaches an MPOA daemon. The first attach registers
# MPOA's netdevice notifier, whose NETDEV_REGISTER replay makes the
# client for lec0 and holds it (mpoa_event_listener(); a later attach
# finds the client and holds it from its lookup by name,
# find_lec_by_itfnum()). The daemon closes at once; the client keeps
# the reference as long as it points at lec0. Moving lec0 to another
# namespace is NETDEV_UNREGISTER in init_net, where the client drops it
# (before the fix, a second time: mpoad_close() had dropped it
# already); deleting the namespace moves lec0 back, and the client
# holds it again from NETDEV_REGISTER, for good: a built-in LANE client
# is never unregistered.
atm_mpoa_lec() {
	mpc_top='[^a-z_](mpoa_event_listener|find_lec_by_itfnum|atm_mpoa_mpoad_attach|atm_mpoa_ioctl)\+0x'
	/plan/bin/oldref mpoa 0 >/tmp/mpoa.log 2>&1 ||
		fail "oldref mpoa failed: $(cat /tmp/mpoa.log)" || return 1
	cat /tmp/mpoa.log
	echo "--- lec0, the daemon closed"
	top_view lec0 || return 1
	# Go on when this fails: the move below is what a second drop hits.
	held=ok
	[ "$(grep -cE "$mpc_top" /tmp/top)" = 1 ] ||
		held="the MPOA client should hold lec0 once after its daemon closed"
	ip netns add atmns || return 1
	ip link set lec0 netns atmns || fail "lec0 cannot move to another namespace" || return 1
	ip netns del atmns
	wait_until 20 "lec0 did not come back to init_net" test -e /sys/class/net/lec0 || return 1
	echo "--- lec0, back in init_net"
	top_view lec0 || return 1
	[ "$(grep -cE "$mpc_top" /tmp/top)" = 1 ] ||
		fail "the MPOA client should hold lec0 once, from NETDEV_REGISTER" || return 1
	! dmesg_since | grep -E 'ref_tracker:|refcount_t:' ||
		fail "the MPOA client released lec0 once too often" || return 1
	[ "$held" = ok ] || fail "$held" || return 1
	no_untracked
}

# batman-adv makes a struct batadv_hard_iface for every Ethernet device
# when it registers, which holds the device from
# batadv_hardif_add_interface() until it unregisters; enslaving it to a
# mesh interface (bat0) makes it hold bat0 from
# batadv_hardif_enable_interface() until it is released. Both meshes
# (here and in peer) run over the veth pair; their generic netlink dumps
# and doit requests (batref) look the mesh and hard interfaces up by
# ifindex (a doit request holds the mesh interface from pre_doit to
# post_doit), and enslaving v0 looks its peer v1 up across the
# namespaces (the real device of a veth). Bridging bat0 with a LAN veth makes the multicast worker hold
# the bridge for a moment every half second. The pings send frames
# through bat0 but need no reply (ARP over this two-node mesh did not
# resolve in the guest, with or without the conversions); the dumps
# need the originator and neighbour that the OGMs across the veth make.
# Addresses: 203.0.113.16/28.
# top_view DEV: print the first frames of each of DEV's trackers and keep
# them in /tmp/top.
top_view() {
	live_view "$1" >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	cat /tmp/top
}
# top_has DEV ERE: a tracker of DEV was taken by the function ERE names
# (the first frame of its stack); print the top frames that match.
top_has() {
	live_view "$1" >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	grep -E "$2" /tmp/top || fail "no tracker of $1 taken in $2" || return 1
}
# top_lacks DEV ERE MSG: no tracker of DEV was taken by a function ERE
# names (the first frame of its stack), or fail with MSG.
top_lacks() {
	live_view "$1" >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	! grep -E "$2" /tmp/top || fail "$3" || return 1
}

batman_adv_mesh() {
	bat_hard='^ (batadv_hardif_add_interface|batadv_hard_if_event)\+0x'
	bat_soft='^ (batadv_hardif_enable_interface|batadv_softif_slave_add)\+0x'
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
	# and neighbour; batref fails until they are there.
	n=0
	until /plan/bin/batref query bat0 v0 >/tmp/batref.log 2>&1; do
		n=$((n + 1))
		[ "$n" -le 15 ] || fail "batref query bat0 v0 failed: $(cat /tmp/batref.log)" || return 1
		sleep 1
	done
	cat /tmp/batref.log
	ip netns exec peer /plan/bin/batref query bat0 v1 ||
		fail "batref query in peer failed" || return 1
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
	/plan/bin/batref query bat0 v0 || fail "batref query of the bridged mesh failed" || return 1
	ip link set bat0 nomaster || return 1
	ip link del brb || return 1
	ip link del b0 || return 1
	ip netns del lan
	ip link set v0 nomaster || return 1
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

# CAN sockets on a vcan device (canref can): a BCM receive op bound to
# the device (bcm_rx_setup(), which the compiler may inline into
# bcm_sendmsg()) and a bound ISO-TP socket (isotp_bind()) hold it until
# they are closed, as a bound CAN_RAW socket (raw_bind()) and the J1939
# instance of the device (j1939_netdev_start()) do; their trackers must
# be in vcan0's view while the sockets are open and gone after. The
# other converted references (BCM and ISO-TP transmit paths, raw and
# J1939 bind and sendmsg) live for one call: strict mode must stay
# silent, and vcan0 must unregister at once.
can_sockets() {
	can_stack='[^a-z_](bcm_rx_setup|bcm_sendmsg|isotp_bind|raw_bind|j1939_netdev_start)\+0x'
	ip link add vcan0 type vcan || fail "ip link add vcan0 failed" || return 1
	ip link set vcan0 up || return 1
	/plan/bin/canref can vcan0 4 >/tmp/can.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'can sockets bound' /tmp/can.log; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "canref can did not bind: $(cat /tmp/can.log)" || return 1
		sleep 1
	done
	echo "--- vcan0"
	view_has vcan0 '[^a-z_](bcm_rx_setup|bcm_sendmsg)\+0x' || return 1
	view_has vcan0 '[^a-z_]isotp_bind\+0x' || return 1
	view_has vcan0 '[^a-z_]raw_bind\+0x' || return 1
	view_has vcan0 '[^a-z_]j1939_netdev_start\+0x' || return 1
	wait "$pid" || fail "canref can failed: $(cat /tmp/can.log)" || return 1
	cat /tmp/can.log
	sleep 1
	live_view vcan0 >/tmp/view || return 1
	! grep -E "$can_stack" /tmp/view ||
		fail "a closed CAN socket still holds vcan0" || return 1
	ip link del vcan0 || return 1
	sleep 1
	gone_at_once vcan0 || return 1
	no_untracked
}

# The same sockets on vcan1, which is deleted while they are bound: the
# NETDEV_UNREGISTER notifiers of BCM (bcm_notify()), ISO-TP
# (isotp_notify()), CAN_RAW and J1939 drop the long-lived references,
# so vcan1 must unregister without waiting for the sockets to close and
# strict mode must stay silent.
can_unregister() {
	ip link add vcan1 type vcan || fail "ip link add vcan1 failed" || return 1
	ip link set vcan1 up || return 1
	/plan/bin/canref can vcan1 6 >/tmp/can1.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'can sockets bound' /tmp/can1.log; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "canref can did not bind: $(cat /tmp/can1.log)" || return 1
		sleep 1
	done
	echo "--- vcan1"
	view_has vcan1 '[^a-z_]isotp_bind\+0x' || return 1
	ip link del vcan1 || return 1
	[ ! -e /sys/class/net/vcan1 ] || fail "vcan1 was not unregistered" || return 1
	if grep -q 'can sockets closed' /tmp/can1.log; then
		fail "canref closed its sockets before vcan1 was deleted"
		return 1
	fi
	echo "vcan1 unregistered while its CAN sockets were open"
	wait "$pid" || fail "canref can failed: $(cat /tmp/can1.log)" || return 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "vcan1 waited for its references" || return 1
	no_untracked
}

# A vsockmon tap sees every packet of the vsock loopback transport
# (canref vsock), each one queued on it under a local tracker taken in
# __vsock_deliver_tap_skb() (which the compiler may inline into
# vsock_deliver_tap()): strict mode must stay silent, the tap must count
# the packets, no tracker may be left, and the tap must unregister at
# once.
vsock_tap() {
	ip link add vsockmon0 type vsockmon || fail "ip link add vsockmon0 failed" || return 1
	ip link set vsockmon0 up || return 1
	before=$(cat /sys/class/net/vsockmon0/statistics/rx_packets)
	/plan/bin/canref vsock || fail "canref vsock failed" || return 1
	after=$(cat /sys/class/net/vsockmon0/statistics/rx_packets)
	echo "vsockmon0 packets: $before -> $after"
	[ "$after" -gt "$before" ] || fail "vsockmon0 saw no vsock packet" || return 1
	live_view vsockmon0 >/tmp/view || return 1
	! grep -E '[^a-z_](__)?vsock_deliver_tap(_skb)?\+0x' /tmp/view ||
		fail "a tap delivery still holds vsockmon0" || return 1
	ip link del vsockmon0 || return 1
	sleep 1
	gone_at_once vsockmon0 || return 1
	no_untracked
}

# IEEE 802.15.4 (mac802154_hwsim's wpan0, wpanref.c): PAN id and short
# address set with SIOCSIFADDR, the nl802154 requests whose pre_doit
# holds the device until post_doit, AF_IEEE802154 raw and datagram
# sockets bound by extended and by short address and sending, and the
# legacy "802.15.4 MAC" netlink requests that name a device. Unbound
# raw and datagram sockets send on the first IEEE 802.15.4 device
# (netdev_getfirstbyhwtype()), wpan0. Each holds wpan0 for one call, on
# a local tracker: strict mode stays silent and no tracker of theirs is
# left in wpan0's view.
wpan_short_lived='[^a-z_](nl802154_pre_doit|netdev_getfirstbyhwtype|ieee802154_get_dev|ieee802154_dev_ioctl|ieee802154_sock_ioctl|raw_bind|raw_sendmsg|dgram_bind|dgram_sendmsg|ieee802154_nl_get_dev|ieee802154_[a-z_]*_(req|resp|iface|macparams|getparams|setparams)|ieee802154_nl_llsec_change)\+0x'
wpan_sockets() {
	[ -e /sys/class/net/wpan0 ] || fail "no wpan0 (mac802154_hwsim)" || return 1
	ip link set wpan0 down
	/plan/bin/wpanref setaddr wpan0 0x0777 0x0001 ||
		fail "wpanref setaddr wpan0 failed" || return 1
	/plan/bin/wpanref nl802154 wpan0 ||
		fail "wpanref nl802154 wpan0 failed" || return 1
	ip link set wpan0 up || return 1
	/plan/bin/wpanref sock wpan0 0x0777 0x0001 ||
		fail "wpanref sock wpan0 failed" || return 1
	/plan/bin/wpanref mac wpan0 || fail "wpanref mac wpan0 failed" || return 1
	live_view wpan0 >/tmp/view || return 1
	cat /tmp/view
	top_frames </tmp/view >/tmp/top
	! grep -E "$wpan_short_lived" /tmp/top ||
		fail "a converted IEEE 802.15.4 function still holds wpan0" || return 1
	no_untracked
}

# A legacy ADD_IFACE holds the new interface while it fills the reply,
# DEL_IFACE while it deletes it: the interface must unregister at once.
wpan_legacy_iface() {
	phy=
	for p in /sys/class/ieee802154/*; do
		[ -e "$p" ] && phy=${p##*/} && break
	done
	[ -n "$phy" ] || fail "no IEEE 802.15.4 PHY" || return 1
	/plan/bin/wpanref iface "$phy" wpan9 ||
		fail "wpanref iface $phy wpan9 failed" || return 1
	gone_at_once wpan9 || return 1
	no_untracked
}

# A 6LoWPAN link holds its wpan device from lowpan_newlink(), through
# netdev_get_by_index(), until it is deleted. Adding one on lo (not an
# IEEE 802.15.4 device) or a second one on wpan0 takes and drops the
# reference on the error paths.
lowpan_link() {
	lp_nh=' netdev_get_by_index\+0x[^ ]* lowpan_newlink\+0x'
	ip link add link wpan0 name lowpan0 type lowpan ||
		fail "cannot add lowpan0 on wpan0" || return 1
	echo "--- wpan0"
	live_view wpan0 >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	grep -E "$lp_nh" /tmp/top ||
		fail "no tracker of wpan0 from netdev_get_by_index() in lowpan_newlink()" || return 1
	! ip link add link lo name lowpan1 type lowpan 2>/dev/null ||
		fail "a lowpan link on lo was added" || return 1
	! ip link add link wpan0 name lowpan1 type lowpan 2>/dev/null ||
		fail "a second lowpan link on wpan0 was added" || return 1
	ip link del lowpan0 || return 1
	sleep 1
	[ ! -e /sys/class/net/lowpan0 ] || fail "lowpan0 was not unregistered" || return 1
	top_lacks wpan0 "$lp_nh" "the deleted lowpan0 still holds wpan0" || return 1
	no_untracked
}

# --- BEGIN hf ---
# UDP tunnel port offload (net/ipv4/udp_tunnel_nic.c): every netdevsim
# port device registers for it and holds itself from
# udp_tunnel_nic_register() (NETDEV_REGISTER; the compiler may inline it
# into udp_tunnel_nic_netdevice_event()) until it unregisters, on the
# tracker of its own struct udp_tunnel_nic (an unshared table) or of its
# struct udp_tunnel_nic_shared_node (udp_ports_shared: the ports of one
# netdevsim device share a table). netdevsim41 has one port with an
# unshared table, netdevsim42 two ports sharing one. A geneve port is
# offloaded to both and stays; a vxlan port is offloaded to both and
# must leave every table when its device goes down. The vxlan port is
# also a reproducer: 6.12.y (since 6.12.100) has upstream's
# udp_tunnel_nic mutex without upstream's vxlan change that goes with
# it, so vxlan_open() and vxlan_stop() took that mutex under
# vn->sock_lock ("BUG: sleeping function called from invalid context"
# in the log, which fails the boot) until the fork's vxlan patch.
# Each port device's view must name the registration while
# it exists, and each must unregister at once: the first port of the
# shared table leaves it to the second, which must keep its tracker,
# and the second frees the table.
utn_holder='^ +(udp_tunnel_nic_register|udp_tunnel_nic_netdevice_event)\+0x[0-9a-f]+/0x[0-9a-f]+$'
nsim_bus=/sys/bus/netdevsim
nsim_dbg=/sys/kernel/debug/netdevsim

# nsim_netdevs, utn_tables, utn_vxlan_port and utn_gone: both bases'
# scenarios share them.
# shellcheck source=/dev/null # common.sh, linted on its own
. /plan/common.sh

udp_tunnel_offload() {
	[ -w "$nsim_bus/new_device" ] || fail "no netdevsim bus" || return 1
	echo "41 1" >"$nsim_bus/new_device" || fail "cannot add netdevsim41" || return 1
	u0=$(nsim_netdevs 41)
	echo "42 1" >"$nsim_bus/new_device" || fail "cannot add netdevsim42" || return 1
	echo 0 >"$nsim_bus/devices/netdevsim42/del_port" || return 1
	echo 1 >"$nsim_dbg/netdevsim42/udp_ports_shared" || return 1
	echo 0 >"$nsim_bus/devices/netdevsim42/new_port" || return 1
	s0=$(nsim_netdevs 42)
	echo 1 >"$nsim_bus/devices/netdevsim42/new_port" || return 1
	s1=$(nsim_netdevs 42 | grep -vx "$s0")
	echo "udp_tunnel: unshared $u0, shared $s0 and $s1"
	[ -n "$u0" ] && [ -n "$s0" ] && [ -n "$s1" ] ||
		fail "netdevsim port devices missing" || return 1
	ip link add gnv0 type geneve id 42 remote 198.51.100.9 dstport 6081 ||
		fail "ip link add gnv0 failed" || return 1
	ip link set gnv0 up || return 1
	sleep 1
	# netdevsim's tables hold port << 16 | type: geneve 6081 (type 2)
	# is 398524418 in table1 (table0 is vxlan's).
	utn_tables
	grep 'netdevsim41 port 0: .* / .*398524418' /tmp/utn.tables ||
		fail "geneve port not offloaded to $u0" || return 1
	grep 'netdevsim42 .* / .*398524418' /tmp/utn.tables ||
		fail "geneve port not offloaded to the shared table" || return 1
	ip link add vx0 type vxlan id 42 remote 198.51.100.9 dstport 4789 ||
		fail "ip link add vx0 failed" || return 1
	ip link set vx0 up || fail "ip link set vx0 up failed" || return 1
	n=$(utn_vxlan_port)
	cat /tmp/utn.tables
	[ "$n" = 3 ] || fail "vxlan port 4789 offloaded to $n of 3 port devices" || return 1
	echo "udp_tunnel: vxlan port 4789 offloaded to 3 port devices"
	ip link set vx0 down || fail "ip link set vx0 down failed" || return 1
	n=$(utn_vxlan_port)
	[ "$n" = 0 ] || fail "vxlan port 4789 still in $n port devices' tables after vx0 went down" || return 1
	echo "udp_tunnel: vxlan port 4789 left every table with vx0"
	ip link del vx0 || return 1
	for d in "$u0" "$s0" "$s1"; do
		echo "--- $d"
		view_has "$d" "$utn_holder" || return 1
	done
	# The first device of the shared table leaves, the second keeps it.
	echo 0 >"$nsim_bus/devices/netdevsim42/del_port" || return 1
	utn_gone "$s0" || return 1
	echo "--- $s1"
	view_has "$s1" "$utn_holder" || return 1
	echo 1 >"$nsim_bus/devices/netdevsim42/del_port" || return 1
	utn_gone "$s1" || return 1
	echo 41 >"$nsim_bus/del_device" || return 1
	utn_gone "$u0" || return 1
	echo 42 >"$nsim_bus/del_device" || return 1
	ip link del gnv0 || return 1
	no_untracked
}
# --- END hf ---

# netdevsim's L3 offload statistics (hwstats.c): an ifindex written to
# hwstats/l3/enable_ifindex is looked up and held, on the tracker of its
# struct nsim_dev_hwstats_netdev, until it is disabled, the device
# unregisters or the netdevsim device is deleted. The tracker's stack
# is nsim_dev_hwstats_enable_ifindex()'s (the compiler may inline it
# into nsim_dev_hwstats_do_write()): each of hs0-hs2 must show it while
# enabled, and lose it on each of the three ways out.
nsim_hwstats() {
	hs_stack='[^a-z_](nsim_dev_hwstats_enable_ifindex|nsim_dev_hwstats_do_write)\+0x'
	echo "43 1" >"$nsim_bus/new_device" || fail "cannot add netdevsim43" || return 1
	l3=$nsim_dbg/netdevsim43/hwstats/l3
	[ -w "$l3/enable_ifindex" ] || fail "no $l3/enable_ifindex" || return 1
	for d in hs0 hs1 hs2; do
		ip link add $d type dummy || return 1
		cat /sys/class/net/$d/ifindex >"$l3/enable_ifindex" ||
			fail "cannot enable L3 stats on $d" || return 1
		echo "--- $d"
		view_has $d "$hs_stack" || return 1
	done
	# No such device: nothing is held.
	! echo 99999 >"$l3/enable_ifindex" 2>/dev/null ||
		fail "ifindex 99999 was enabled" || return 1
	cat /sys/class/net/hs0/ifindex >"$l3/disable_ifindex" || return 1
	top_lacks hs0 "$hs_stack" "hs0 is still held after disable_ifindex" || return 1
	ip link del hs1 || return 1
	sleep 1
	gone_at_once hs1 || return 1
	echo 43 >"$nsim_bus/del_device" || return 1
	top_lacks hs2 "$hs_stack" "hs2 is still held after netdevsim43 went away" || return 1
	ip link del hs0 || return 1
	ip link del hs2 || return 1
	no_untracked
}

# --- BEGIN he ---
# NET/ROM and ROSE (ax25ref.c) on the devices their modules make (nr0,
# rose0) and an AX.25 device, mkiss on a pty, for the NET/ROM route
# ioctls (nr_ax25_dev_get(), nr_add_node()). ax25ref binds, listens,
# connects over each protocol's loopback (nr_loopback_timer(),
# rose_loopback_timer()) and accepts, and routes a NET/ROM connect to a
# node behind the neighbour (nr_route_frame()). A ROSE socket keeps its
# device on rose->dev_tracker from rose_bind() or rose_connect()'s
# autobind, an accepted one from rose_rx_call_request(): each must be in
# rose0's view while the sockets are open and gone after they close.
# The NET/ROM references and the other ROSE ones live for one call (a
# bound NET/ROM socket keeps nr->device without a reference): strict
# mode stays silent, none is left in the views, and the devices
# unregister at once when the pty is closed and the modules removed.
ax25_short_lived='[^a-z_](nr_dev_get|nr_dev_first|nr_ax25_dev_get|nr_rt_ioctl|nr_add_node|nr_bind|nr_connect|nr_route_frame|nr_loopback_timer|rose_loopback_timer|rose_route_frame)\+0x'
netrom_rose() {
	for m in netrom rose mkiss; do
		insmod /lib/modules/$m.ko || fail "insmod $m failed" || return 1
	done
	/plan/bin/ax25ref run 3 >/tmp/ax25.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'ax25ref: sockets open' /tmp/ax25.log; do
		n=$((n + 1))
		if [ "$n" -gt 15 ] || ! kill -0 "$pid" 2>/dev/null; then
			cat /tmp/ax25.log
			fail "ax25ref did not open its sockets" || return 1
		fi
		sleep 1
	done
	kiss=$(sed -n 's/^ax25ref: kiss device //p' /tmp/ax25.log)
	# Checked while ax25ref holds its sockets; judged once it is done.
	held=1
	echo "--- rose0"
	view_has rose0 '[^a-z_]rose_bind\+0x' || held=
	view_has rose0 '[^a-z_]rose_connect\+0x' || held=
	view_has rose0 '[^a-z_]rose_rx_call_request\+0x' || held=
	# The accepted socket's tracker is taken in rose_rx_call_request(),
	# called by rose_loopback_timer(): that one is long-lived.
	top_frames </tmp/view | grep -vE '^ *rose_rx_call_request\+' >/tmp/top
	! grep -E "$ax25_short_lived" /tmp/top ||
		fail "a short-lived ROSE reference is still held" || held=
	echo "--- nr0"
	live_view nr0 >/tmp/view || held=
	top_frames </tmp/view >/tmp/top
	! grep -E "$ax25_short_lived" /tmp/top ||
		fail "a converted NET/ROM function still holds nr0" || held=
	wait "$pid" || fail "ax25ref failed" || held=
	cat /tmp/ax25.log
	[ -n "$held" ] || return 1
	for d in rose0 nr0; do
		echo "--- $d after close"
		live_view "$d" >/tmp/view || return 1
		cat /tmp/view
		! grep -E '[^a-z_](rose_bind|rose_connect|rose_rx_call_request)\+0x' /tmp/view ||
			fail "a closed ROSE socket still holds $d" || return 1
		top_frames </tmp/view >/tmp/top
		! grep -E "$ax25_short_lived" /tmp/top ||
			fail "a converted function still holds $d" || return 1
	done
	[ -n "$kiss" ] && [ ! -e "/sys/class/net/$kiss" ] ||
		fail "the mkiss device ${kiss:-?} was not unregistered" || return 1
	# A closed ROSE or NET/ROM socket lingers (and keeps its module)
	# until the loopback has carried its clear or disconnect exchange.
	for m in rose netrom mkiss; do
		n=0
		until rmmod $m 2>/dev/null; do
			n=$((n + 1))
			[ "$n" -le 20 ] || fail "rmmod $m failed" || return 1
			sleep 1
		done
	done
	gone_at_once nr0 rose0 || return 1
	no_untracked
}
# --- END he ---

# A BPQ device (bpqether.ko) holds the Ethernet device it carries AX.25
# over, on the tracker in its struct bpqdev, from bpq_new_device() (the
# compiler may inline it into bpq_device_event()) when that device comes
# up, until bpq_free_device() when it is unregistered or the module is
# removed. While bq0's and bq1's BPQ devices exist their views must list
# that tracker; bq0's goes when bq0 is deleted (bq0 unregisters at
# once), bq1's when the module is removed.
bpq_device() {
	bpq_stack='[^a-z_](bpq_new_device|bpq_device_event)\+0x'
	insmod /lib/modules/bpqether.ko || fail "insmod bpqether failed" || return 1
	for d in bq0 bq1; do
		ip link add $d type dummy || return 1
		ip link set $d up || return 1
	done
	cat /proc/net/bpqether
	for d in bq0 bq1; do
		awk -v d=$d '$2 == d { f = 1 } END { exit !f }' /proc/net/bpqether ||
			fail "no BPQ device over $d" || return 1
		echo "--- $d"
		view_has $d "$bpq_stack" || return 1
	done
	ip link del bq0 || return 1
	sleep 1
	gone_at_once bq0 || return 1
	rmmod bpqether || fail "rmmod bpqether failed" || return 1
	top_lacks bq1 "$bpq_stack" "bq1 is still held by a removed BPQ device" || return 1
	ip link del bq1 || return 1
	no_untracked
}

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

# An ipvlan port in L2 mode queues multicast and broadcast frames on its
# backlog, those an ipvlan sends and those the lower device receives,
# holding the frame's device on a tracker in ipvlan's skb control block
# until ipvlan_process_multicast() has delivered the frame. ipvl0 and
# ipvl1 share iv0, whose peer iv1 is in the peer namespace: ARP
# broadcasts from ipvl0 reach ipvl1 through the backlog, and those from
# iv1 reach both. The references last until the work item runs: strict
# mode must stay silent, ipvl1 must count the broadcasts, and iv0 must
# unregister at once.
ipvlan_multicast() {
	ip link add iv0 type veth peer name iv1 netns peer || return 1
	ip link add ipvl0 link iv0 type ipvlan mode l2 ||
		fail "ip link add ipvl0 type ipvlan failed" || return 1
	ip link add ipvl1 link iv0 type ipvlan mode l2 || return 1
	ip addr add 203.0.113.65/28 dev ipvl0 || return 1
	ip -n peer addr add 203.0.113.66/28 dev iv1 || return 1
	for d in iv0 ipvl0 ipvl1; do ip link set $d up || return 1; done
	ip -n peer link set iv1 up || return 1
	m0=$(cat /sys/class/net/ipvl1/statistics/multicast)
	ping -c 2 -W 1 -I ipvl0 203.0.113.70 >/dev/null 2>&1 || true
	sleep 1
	m1=$(cat /sys/class/net/ipvl1/statistics/multicast)
	ip netns exec peer ping -c 2 -W 1 203.0.113.71 >/dev/null 2>&1 || true
	sleep 1
	m2=$(cat /sys/class/net/ipvl1/statistics/multicast)
	echo "ipvlan: ipvl1 multicast $m0 -> $m1 (sent by ipvl0) -> $m2 (received)"
	[ "$m1" -gt "$m0" ] ||
		fail "ipvl0's broadcasts did not reach ipvl1 through the backlog" || return 1
	[ "$m2" -gt "$m1" ] ||
		fail "iv1's broadcasts did not reach ipvl1 through the backlog" || return 1
	ip link del iv0 || return 1
	sleep 1
	gone_at_once iv0 ipvl0 ipvl1 || return 1
	no_untracked
}

# --- BEGIN hg ---
# tun, macvtap, macvlan and PPPoE (hgref.c). Short-lived references:
# tun_get() holds a tun device for one read, write, poll or ioctl,
# dev_get_by_tap_file() a macvtap for its open, tap_get_tap_dev() for
# one ioctl, and a queued broadcast its source macvlan until the port's
# work item has flooded it; strict mode must stay silent, no tracker of
# theirs may be left in the view, and each device must go away at once.
# A connected PPPoE socket holds its device (long-lived): its tracker
# must be in the view while connected and gone after.
tun_file() {
	[ -e /dev/net/tun ] || { mkdir -p /dev/net && mknod /dev/net/tun c 10 200; } ||
		fail "no /dev/net/tun" || return 1
	/plan/bin/hgref tun tunh0 || fail "hgref tun failed" || return 1
	# A non-persistent tun device is unregistered by the close itself,
	# which would wait for any reference left behind.
	[ ! -e /sys/class/net/tunh0 ] ||
		fail "tunh0 still exists after its file was closed" || return 1
	echo "tunh0 unregistered when its file was closed"
	no_untracked
}

macvtap_file() {
	ip link add dh0 type dummy || return 1
	ip link set dh0 up
	ip link add link dh0 name mvth0 type macvtap || return 1
	ip link set mvth0 up
	idx=$(cat /sys/class/net/mvth0/ifindex) || return 1
	devno=$(cat "/sys/class/net/mvth0/macvtap/tap$idx/dev") ||
		fail "no character device for mvth0" || return 1
	[ -e "/dev/tap$idx" ] ||
		mknod "/dev/tap$idx" c "${devno%:*}" "${devno#*:}" || return 1
	/plan/bin/hgref tap "/dev/tap$idx" || fail "hgref tap failed" || return 1
	top_lacks mvth0 '[^a-z_](dev_get_by_tap_file|tap_get_tap_dev|tap_open|tap_ioctl)\+0x' "a tap file operation still holds mvth0" || return 1
	start=$(date +%s)
	ip link del mvth0 || return 1
	ip link del dh0 || return 1
	end=$(date +%s)
	[ $((end - start)) -le 2 ] ||
		fail "deleting mvth0 and dh0 took $((end - start)) s" || return 1
	echo "mvth0 and dh0 unregistered in $((end - start)) s"
	no_untracked
}
# A broadcast coming back into a macvlan port with the source address of
# one of its macvlans (mh0, bridge mode) is queued for the port's work
# item with mh0 held as its source (macvlan_broadcast_enqueue()), which
# floods it to the VEPA macvlans only (mh1), then drops mh0. vh1 has IPv6
# off so that it sends nothing of its own.
macvlan_broadcast_queue() {
	ip link add vh0 type veth peer name vh1 || return 1
	echo 1 >/proc/sys/net/ipv6/conf/vh1/disable_ipv6
	ip link add link vh0 name mh0 type macvlan mode bridge || return 1
	ip link add link vh0 name mh1 type macvlan mode vepa || return 1
	for d in vh0 vh1 mh0 mh1; do ip link set "$d" up || return 1; done
	sleep 1
	mac=$(cat /sys/class/net/mh0/address) || return 1
	rx0=$(cat /sys/class/net/mh0/statistics/rx_packets)
	rx1=$(cat /sys/class/net/mh1/statistics/rx_packets)
	/plan/bin/hgref bcast vh1 "$mac" 20 || fail "hgref bcast failed" || return 1
	sleep 1
	rx0=$(($(cat /sys/class/net/mh0/statistics/rx_packets) - rx0))
	rx1=$(($(cat /sys/class/net/mh1/statistics/rx_packets) - rx1))
	echo "broadcasts from mh0's address: mh0 received $rx0, mh1 received $rx1"
	[ "$rx1" -ge 20 ] ||
		fail "the broadcast queue did not flood them to mh1" || return 1
	start=$(date +%s)
	ip link del vh0 || return 1
	end=$(date +%s)
	[ ! -e /sys/class/net/mh0 ] || fail "mh0 outlived vh0" || return 1
	[ $((end - start)) -le 2 ] ||
		fail "deleting vh0 and its macvlans took $((end - start)) s" || return 1
	echo "vh0, mh0 and mh1 unregistered in $((end - start)) s"
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
	/plan/bin/hgref pppoe vp0 vp1 3 >/tmp/hgref.out 2>&1 &
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
	cat /tmp/hgref.out
	[ "$held" -eq 1 ] ||
		fail "no tracker of vp0 from pppoe_connect() while connected" || return 1
	[ "$rc" -eq 0 ] || fail "hgref pppoe failed" || return 1
	top_lacks vp0 "$conn" "a PPPoE socket still holds vp0 after they were all unbound" || return 1
	start=$(date +%s)
	ip link del vp0 || return 1
	end=$(date +%s)
	[ $((end - start)) -le 2 ] ||
		fail "deleting vp0 took $((end - start)) s" || return 1
	echo "vp0 unregistered in $((end - start)) s"
	no_untracked
}
# --- END hg ---

# --- BEGIN hh ---
# A team device (team_core.c) is held by each of its ports, from
# team_port_enter() (which the compiler may inline into team_port_add()
# and that into team_add_slave()) until the port leaves: while tm0 and
# tm1 are ports of team0, team0's view must list their tracker, and once
# both have left it must not; a port left in team0 when it is deleted
# is released by team_uninit().
# The team generic netlink requests (hhref team) hold team0 from
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
	/plan/bin/hhref team team0 lo || fail "hhref team team0 lo failed" || return 1
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

# An active-backup bond (bonding; bnd0, as the driver makes a bond0 of
# its own when it loads) answers ETHTOOL_GET_TS_INFO (hhref tsinfo)
# with its active slave's capabilities, which
# bond_ethtool_get_ts_info() holds for the call on a local tracker:
# strict mode must stay silent, no tracker of it may be left on the
# slave, and the bond and its slaves must unregister at once.
bond_tsinfo() {
	ip link add bnd0 type bond mode active-backup ||
		fail "ip link add bnd0 type bond failed" || return 1
	ip link add bd0 type dummy || return 1
	ip link add bd1 type dummy || return 1
	ip link set bd0 master bnd0 || fail "cannot enslave bd0 to bnd0" || return 1
	ip link set bd1 master bnd0 || fail "cannot enslave bd1 to bnd0" || return 1
	ip link set bnd0 up || return 1
	grep -E 'Currently Active Slave: bd[01]' /proc/net/bonding/bnd0 ||
		fail "bnd0 has no active slave" || return 1
	active=$(sed -n 's/^Currently Active Slave: //p' /proc/net/bonding/bnd0)
	/plan/bin/hhref tsinfo bnd0 || fail "hhref tsinfo bnd0 failed" || return 1
	echo "--- $active"
	live_view "$active" >/tmp/view || return 1
	cat /tmp/view
	top_frames </tmp/view >/tmp/top
	! grep -E '[^a-z_]bond_ethtool_get_ts_info\+0x' /tmp/top ||
		fail "the timestamping query still holds $active" || return 1
	ip link del bnd0 || return 1
	ip link del bd0 || return 1
	ip link del bd1 || return 1
	sleep 1
	gone_at_once bnd0 || return 1
	no_untracked
}
# The WireGuard generic netlink requests (hhref wg) look wg0 up in
# lookup_interface(), by ifindex or by name: a GET_DEVICE dump holds it
# from wg_get_device_start() to wg_get_device_done() on its dump
# context's tracker (with no peers the dump ends in the first recvmsg()),
# SET_DEVICE for the request on a local one, and a device that is not a
# WireGuard interface (lo) is dropped at once: strict mode must stay
# silent, no tracker of theirs may be left, and wg0 must unregister at
# once.
wireguard_requests() {
	ip link add wg0 type wireguard || fail "ip link add wg0 type wireguard failed" || return 1
	/plan/bin/hhref wg wg0 lo || fail "hhref wg wg0 lo failed" || return 1
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
# --- END hh ---

carrier_rename_netns() {
	ip -n peer link set v1 down
	sleep 1
	grep -q 0 /sys/class/net/v0/carrier || fail "v0 kept its carrier" || return 1
	ip -n peer link set v1 up
	sleep 1
	ip link set d0 nomaster || return 1
	ip link set d0 down
	ip link set d0 name d9 || return 1
	ip link set d9 up
	ip addr add 192.0.2.1/24 dev d9 || return 1
	ip link set d9 netns peer || return 1
	ip -n peer link set d9 up
	ip -n peer link set d9 netns 1 || return 1
	[ -e /sys/class/net/d9 ] || fail "d9 did not come back" || return 1
	ip link set d9 up
	ping -c 1 -W 2 203.0.113.2 || fail "ping after the carrier change failed" || return 1
	no_untracked
}

# The functions converted to a local tracker, which must not hold a
# reference once they return.
short_lived='[^a-z_](packet_do_bind|packet_snd|tpacket_snd|packet_cached_dev_get|__ipv6_sock_mc_join|__ipv6_sock_mc_drop|ip6_mc_find_dev|do_ip_setsockopt|do_ipv6_setsockopt|inet_netconf_get_devconf|inet6_netconf_get_devconf|inet6_rtm_getaddr|tc_dump_tclass|__netlink_deliver_tap_skb|icmp6_send|icmp_build_probe|sock_timestamping_bind_phc|sock_set_timestamping|ethnl_default_dumpit|l2tp_eth_show)\+0x'

# top_frames: the first two stack lines of each tracker group in a view
# (the function taking the reference and its caller), one group a line.
top_frames() {
	awk '/ has [0-9]+\/[0-9]+ users/ { n = 2; line = ""; next }
	     n > 0 { line = line " " $1; if (--n == 0) print line }'
}

# After the traffic and the socket calls, no tracker of a converted
# function is left on the devices they used.
live_view_after() {
	for d in v0 br0; do
		echo "--- $d"
		live_view "$d" >/tmp/view || return 1
		cat /tmp/view
		top_frames </tmp/view >/tmp/top
		! grep -E "$short_lived" /tmp/top ||
			fail "a converted function still holds $d" || return 1
	done
	no_untracked
}

teardown() {
	ip link del br0 || return 1
	ip link del d9 || return 1
	ip link del v0.5 || return 1
	ip link del v0 || return 1
	ip netns del peer || return 1
	sleep 2
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "a device waited for its references" || return 1
	no_untracked
}

no_untracked_anywhere() {
	if dmesg | grep 'netdev: untracked dev_'; then
		fail "strict mode reported the untracked references above"
		return 1
	fi
	echo "no untracked reference reported since boot"
}
