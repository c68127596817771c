# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 04-netdev-conversions, families.sh: the protocol families
# that hold a device.
#
# LLC sockets bound, autobound and connected (sockets llc:
# llc_ui_bind(), llc_ui_autobind(), llc_create_incoming_sock()); an MCTP
# serial device on a pty (sockets mctp: mctp_add_dev()); an L2TP
# Ethernet session read in debugfs; a TIPC Ethernet bearer (sockets
# tipc: tipc_enable_l2_media()); X.25 over lapbether (x25-atalk-atm
# x25); a batman-adv mesh over the veth pair (batman-adv). On 6.12 only
# (upstream removed the code before 7.2): AppleTalk (x25-atalk-atm
# atalk), NET/ROM and ROSE over mkiss (netrom-rose) and a BPQ device;
# and ATM MPOA on a LANE client (x25-atalk-atm mpoa), which 7.2 has no
# more.
#
# The tests below are the same on both bases; 6.12/families.sh and
# 7.2/families.sh hold the ones that differ. The scenario of each base
# sources this file (see scenario.sh).

# An MCTP device (type ARPHRD_MCTP) gets a struct mctp_dev when it
# registers, which holds it until it unregisters: the MCTP serial line
# discipline on a pty master makes one.
mctp_device() {
	if ! grep -q devpts /proc/mounts; then
		mkdir -p /dev/pts
		mount -t devpts devpts /dev/pts || fail "cannot mount devpts" || return 1
	fi
	/plan/bin/sockets mctp - 3 >/tmp/mctp.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'mctp serial device up' /tmp/mctp.log; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "sockets mctp did not start: $(cat /tmp/mctp.log)" || return 1
		sleep 1
	done
	mdev=
	for d in /sys/class/net/mctpserial*; do
		[ -e "$d" ] && mdev=${d##*/} && break
	done
	[ -n "$mdev" ] || fail "no mctpserial device" || return 1
	echo "--- $mdev"
	view_has "$mdev" '[^a-z_](mctp_add_dev|mctp_register|mctp_ndo_notify)\+0x' || return 1
	wait "$pid" || fail "sockets mctp failed: $(cat /tmp/mctp.log)" || return 1
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

# X.25 over LAPB on Ethernet (lapbether, a module: loaded here, so that
# the other tests' Ethernet devices get no lapbN device). Each lapbN
# holds its Ethernet device from lapbeth_new_device(), and X.25 makes a
# neighbour for each lapbN that holds it from x25_link_device_up(), until
# the module is removed. x25-atalk-atm x25 runs the route and subscription
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
	/plan/bin/x25-atalk-atm x25 "$lapb" 3 >/tmp/x25.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'x25 route added' /tmp/x25.log; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "x25-atalk-atm x25 did not add its route: $(cat /tmp/x25.log)" || return 1
		sleep 1
	done
	echo "--- x1"
	view_has x1 "$lapb_stack" || return 1
	echo "--- $lapb"
	view_has "$lapb" "$nb_stack" || return 1
	wait "$pid" || fail "x25-atalk-atm x25 failed: $(cat /tmp/x25.log)" || return 1
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
