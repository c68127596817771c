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
# (IEEE 802.15.4 sockets and legacy netlink on mac802154_hwsim, and a
# 6LoWPAN link); their long-lived holders are checked in the live view
# the same way.
# Addresses are from the documentation ranges (RFC 5737, RFC 3849).

TESTS="setup_network traffic packet_sockets socket_options netconf
tclass_dump netlink_tap icmp6_error_source icmp_probe fib_nexthop
multicast_routing ethtool_dump pktgen_device llc_sockets mctp_device
l2tp_session_view tipc_bearer
x25_neighbour appletalk_iface
batman_adv_mesh
can_sockets can_unregister vsock_tap
wpan_sockets wpan_legacy_iface lowpan_link
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
	live_view d5 >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	! grep -E "$local_nh" /tmp/top ||
		fail "the local route's nexthop still holds d5" || return 1
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
	n=0
	while [ -e /proc/net/pktgen/v0 ]; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "pktgen did not remove v0" || return 1
		sleep 1
	done
	rmmod pktgen || fail "rmmod pktgen failed" || return 1
	live_view v0 >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	! grep -E "$pg_nh" /tmp/top ||
		fail "pktgen still holds v0 after rem_device_all" || return 1
	ip link del d6 || return 1
	no_untracked
}

# LLC sockets (type 2 is init_net only: a veth pair l1 -> l0 here). A
# datagram socket bound to l1's address, one autobound on l1 by a
# sendto() after SO_BINDTODEVICE, a listener on l0 and a connection from
# l1 to it: each socket holds its device on llc->dev_tracker until it is
# closed.
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
	[ ! -e "/sys/class/net/$mdev" ] || fail "$mdev was not unregistered" || return 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "$mdev waited for its references" || return 1
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
	live_view v0 >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	! grep -E "$tipc_nh" /tmp/top ||
		fail "the disabled TIPC bearer still holds v0" || return 1
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
	live_view a0 >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	cat /tmp/top
	grep -E "$atif_top" /tmp/top ||
		fail "no tracker of a0 from the AppleTalk interface" || return 1
	grep -E "$atrt_top" /tmp/top ||
		fail "no tracker of a0 from an AppleTalk route" || return 1
	wait "$pid" || fail "oldref atalk failed: $(cat /tmp/atalk.log)" || return 1
	cat /tmp/atalk.log
	live_view a0 >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	! grep -E "$atif_top|$atrt_top" /tmp/top ||
		fail "a0 still has an AppleTalk tracker after SIOCDIFADDR" || return 1
	ip link del a0 || return 1
	sleep 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "a0 or a1 waited for its references" || return 1
	no_untracked
}

# batman-adv makes a struct batadv_hard_iface for every Ethernet device
# when it registers, which holds the device from
# batadv_hardif_add_interface() until it unregisters; enslaving it to a
# mesh interface (bat0) makes it hold bat0 from
# batadv_hardif_enable_interface() until it is released. Both meshes
# (here and in peer) run over the veth pair; their generic netlink dumps
# (batref) look the mesh and hard interfaces up by ifindex, and enslaving
# v0 looks its peer v1 up across the namespaces (the real device of a
# veth). Bridging bat0 with a LAN veth makes the multicast worker hold
# the bridge for a moment every half second. The pings send frames
# through bat0 but need no reply (ARP over this two-node mesh did not
# resolve in the guest, with or without the conversions); the dumps
# need the originator and neighbour that the OGMs across the veth make.
# Addresses: 203.0.113.16/28.
# top_has DEV ERE: a tracker of DEV was taken by the function ERE names
# (the first frame of its stack); print the top frames that match.
top_has() {
	live_view "$1" >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	grep -E "$2" /tmp/top || fail "no tracker of $1 taken in $2" || return 1
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
	until /plan/bin/batref dump bat0 v0 >/tmp/batref.log 2>&1; do
		n=$((n + 1))
		[ "$n" -le 15 ] || fail "batref dump bat0 v0 failed: $(cat /tmp/batref.log)" || return 1
		sleep 1
	done
	cat /tmp/batref.log
	ip netns exec peer /plan/bin/batref dump bat0 v1 ||
		fail "batref dump in peer failed" || return 1
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
	/plan/bin/batref dump bat0 v0 || fail "batref dump of the bridged mesh failed" || return 1
	ip link set bat0 nomaster || return 1
	ip link del brb || return 1
	ip link del b0 || return 1
	ip netns del lan
	ip link set v0 nomaster || return 1
	live_view bat0 >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	! grep -E "$bat_soft" /tmp/top ||
		fail "v0 still holds bat0 after it was released" || return 1
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
	[ ! -e /sys/class/net/vcan0 ] || fail "vcan0 was not unregistered" || return 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "vcan0 waited for its references" || return 1
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
	[ ! -e /sys/class/net/vsockmon0 ] || fail "vsockmon0 was not unregistered" || return 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "vsockmon0 waited for its references" || return 1
	no_untracked
}

# IEEE 802.15.4 (mac802154_hwsim's wpan0, wpanref.c): PAN id and short
# address set with SIOCSIFADDR, AF_IEEE802154 raw and datagram sockets
# bound by extended and by short address and sending, and the legacy
# "802.15.4 MAC" netlink requests that name a device. Each holds wpan0
# for one call, on a local tracker: strict mode stays silent and no
# tracker of theirs is left in wpan0's view. (The sockets are bound: an
# unbound one sends on dev_getfirstbyhwtype()'s untracked reference.)
wpan_short_lived='[^a-z_](ieee802154_get_dev|ieee802154_dev_ioctl|ieee802154_sock_ioctl|raw_bind|raw_sendmsg|dgram_bind|dgram_sendmsg|ieee802154_nl_get_dev|ieee802154_[a-z_]*_(req|resp|iface|macparams|getparams|setparams)|ieee802154_nl_llsec_change)\+0x'
wpan_sockets() {
	[ -e /sys/class/net/wpan0 ] || fail "no wpan0 (mac802154_hwsim)" || return 1
	ip link set wpan0 down
	/plan/bin/wpanref setaddr wpan0 0x0777 0x0001 ||
		fail "wpanref setaddr wpan0 failed" || return 1
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
	[ ! -e /sys/class/net/wpan9 ] || fail "wpan9 was not unregistered" || return 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "wpan9 waited for its references" || return 1
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
	live_view wpan0 >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	! grep -E "$lp_nh" /tmp/top ||
		fail "the deleted lowpan0 still holds wpan0" || return 1
	no_untracked
}

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
