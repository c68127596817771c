# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 04-netdev-conversions, virtual.sh: virtual drivers.
#
# An AMT gateway's stream device (amt_newlink()); ipvlan's multicast
# backlog; tun and macvtap character devices, the macvlan broadcast
# queue and PPPoE sockets (tuntap-pppoe); team ports and team requests,
# bonding's timestamping query and WireGuard's device requests
# (team-bond-wg). Their long-lived holders are checked in the views, and
# each device must unregister at once.
#
# The tests below are the same on both bases; 6.12/virtual.sh and
# 7.2/virtual.sh hold the ones that differ. The scenario of each base
# sources this file (see scenario.sh).

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

# tun, macvtap, macvlan and PPPoE (tuntap-pppoe.c). Short-lived references:
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
	/plan/bin/tuntap-pppoe tun tunh0 || fail "tuntap-pppoe tun failed" || return 1
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
	/plan/bin/tuntap-pppoe tap "/dev/tap$idx" || fail "tuntap-pppoe tap failed" || return 1
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
	/plan/bin/tuntap-pppoe bcast vh1 "$mac" 20 || fail "tuntap-pppoe bcast failed" || return 1
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

# An active-backup bond (bonding; bnd0, as the driver makes a bond0 of
# its own when it loads) answers ETHTOOL_GET_TS_INFO (team-bond-wg tsinfo)
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
	/plan/bin/team-bond-wg tsinfo bnd0 || fail "team-bond-wg tsinfo bnd0 failed" || return 1
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
