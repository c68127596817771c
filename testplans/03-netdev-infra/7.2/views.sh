# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2154 # leak, dbg: set in ../common.sh
#
# Testplan 03-netdev-infra on 7.2, views.sh: the tests of ../views.sh
# written for 7.2 (../scenario-7.2.sh says what differs and why).

# Three devices named eth0, in the init namespace and in two others:
# three links, each with its namespace's cookie and inode number, to
# three files. A namespace move renames the link, keeping its target.
netns_scoped_names() {
	ip netns add nsa || return 1
	ip netns add nsb || return 1
	ip link add eth0 type dummy || return 1
	ip -n nsa link add eth0 type dummy || return 1
	ip -n nsb link add eth0 type dummy || return 1
	i0=$(netns_inum) ia=$(netns_inum nsa) ib=$(netns_inum nsb)
	echo "namespaces: init $i0, nsa $ia, nsb $ib"
	[ -n "$ia" ] && [ "$ia" != "$i0" ] && [ "$ib" != "$ia" ] ||
		fail "namespace inode numbers not distinct" || return 1
	# The namespace's cookie: the same in the links of its two devices,
	# another in each namespace. (The project's kernels do not enable
	# NET_NS_REFCNT_TRACKER, so there is no netns-COOKIE-INUM-refcnt
	# link to compare with.)
	c0=$(cookie_of eth0) && ca=$(cookie_of eth0 nsa) && cb=$(cookie_of eth0 nsb) ||
		return 1
	echo "cookies: init $c0, nsa $ca, nsb $cb"
	[ "$c0" != "$ca" ] && [ "$ca" != "$cb" ] && [ "$c0" != "$cb" ] ||
		fail "two namespaces share a cookie" || return 1
	[ "$(cookie_of lo)" = "$c0" ] && [ "$(cookie_of lo nsa)" = "$ca" ] &&
		[ "$(cookie_of lo nsb)" = "$cb" ] ||
		fail "lo and eth0 of one namespace differ in cookie" || return 1
	t0=$(dir_of eth0) && ta=$(dir_of eth0 nsa) && tb=$(dir_of eth0 nsb) ||
		return 1
	for ns in "" nsa nsb; do
		l=$(link_of eth0 "$ns") || return 1
		echo "debugfs: $l -> $(readlink "$l")"
		shows_itself "$dbg/$(readlink "$l")" ||
			fail "$l's file does not show its own directory" || return 1
	done
	[ "$t0" != "$ta" ] && [ "$ta" != "$tb" ] && [ "$t0" != "$tb" ] ||
		fail "two eth0 share a file" || return 1
	ip -n nsa link set eth0 name eth1 || return 1
	ip -n nsa link set eth1 netns nsb || return 1
	lm=$(link_of eth1 nsb) || return 1
	echo "moved: $lm"
	[ "$(cookie_of eth1 nsb)" = "$cb" ] || fail "${lm##*/} lacks nsb's cookie" ||
		return 1
	[ "$(readlink "$lm")" = "$ta" ] ||
		fail "${lm##*/} points to $(readlink "$lm"), not to $ta" || return 1
	[ -z "$(links_with "netdev-*-$ia-eth*")" ] ||
		fail "an eth link of nsa remains after the move: $(links_with "netdev-*-$ia-eth*")" ||
		return 1
	f0=$(view_file eth0) || return 1
	ip link del eth0 || return 1
	freed eth0 "$f0" || return 1
	ip netns del nsa || return 1
	ip netns del nsb || return 1
	n=0
	while [ -n "$(links_with "net*-*-$ib-*")" ] || [ -e "$dbg/$ta" ] ||
		[ -e "$dbg/$tb" ]; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "files or links of nsb remain: $(links_with "net*-*-$ib-*")" ||
			return 1
		sleep 1
	done
	! dmesg_since | grep -E "unregister_netdevice: waiting|ref_tracker: ($t0|$ta|$tb)[ :]" ||
		fail "a report for a device of the namespaces"
}

# The loopback device, registered before the ref_tracker debugfs
# directory existed, got its file and link from topic 03's late
# initcall; and every device file has its link.
boot_devices_linked() {
	ls -l "$dbg"
	t=$(dir_of lo) || return 1
	echo "lo: $t"
	# Not topic 03's: upstream's init_net_debugfs() (net/, linked
	# before lib/) runs before ref_tracker's own late initcall, so the
	# init namespace's trackers have no file.
	echo "init_net's own files: $(cd "$dbg" && echo net_*)"
	grep -q "^$t counters: taken=" "$dbg/$t" ||
		fail "lo's file does not start with its counters" || return 1
	for f in "$dbg"/netdev@*; do
		[ -f "$f" ] && [ ! -L "$f" ] || continue
		[ -n "$(find "$dbg" -maxdepth 1 -type l -name 'netdev-*' |
			while read -r l; do [ "$(readlink "$l")" = "${f##*/}" ] && echo "$l"; done)" ] ||
			fail "no link to ${f##*/}" || return 1
	done
}

view_queues() {
	ip link add c6q0 numtxqueues 3 numrxqueues 4 type dummy || return 1
	ls /sys/class/net/c6q0/queues
	for q in rx-0 rx-3 tx-0 tx-2; do
		[ -d "/sys/class/net/c6q0/queues/$q" ] || fail "no queues/$q" || return 1
	done
	g=$(holder c6q0 'rx_queue_add_kobject|net_rx_queue_update_kobjects') ||
		{ echo "$g"; return 1; }
	echo "$g"
	echo "$g" | grep -q ' has 4/' || fail "the rx queue group does not hold 4 references" || return 1
	g=$(holder c6q0 'netdev_queue_add_kobject|netdev_queue_update_kobjects') ||
		{ echo "$g"; return 1; }
	echo "$g"
	echo "$g" | grep -q ' has 3/' || fail "the tx queue group does not hold 3 references" || return 1
	f=$(view_file c6q0) || return 1
	ip link del c6q0 || return 1
	freed c6q0 "$f"
}

# dst_entry: routes and traffic across a veth pair hold it; a dst still
# used by a socket when the device goes away moves its reference to
# blackhole_netdev (dst_dev_put()), so that the device can be freed
# while the socket lives.
view_dst_blackhole() {
	ip netns add c6p || return 1
	ip link add c6d0 type veth peer name c6d1 netns c6p || return 1
	ip addr add 192.0.2.33/28 dev c6d0 || return 1
	ip -n c6p addr add 192.0.2.34/28 dev c6d1 || return 1
	no_ipv6 c6d0 || return 1
	ip link set c6d0 up && ip -n c6p link set c6d1 up || return 1
	ping -c 2 -W 2 192.0.2.34 || fail "IPv4 ping across the veth failed" || return 1
	holder c6d0 'dst_init|dst_alloc' || return 1
	/plan/bin/refholder udp 192.0.2.34 >/tmp/udp.log 2>&1 &
	pid=$!
	wait_ready /tmp/udp.log || return 1
	f=$(view_file c6d0) || return 1
	ip link del c6d0 || return 1
	freed c6d0 "$f" || return 1
	# The socket still holds its dst: dst_dev_put() moved the dst's
	# reference to blackhole_netdev, which has no view on 7.2 (see the
	# header; boot_devices_linked shows every device file is linked).
	kill -0 "$pid" || fail "the socket holding the dst exited early" || return 1
	kill "$pid"
	wait "$pid"
	ip netns del c6p
}

# struct vif_device: a multicast routing vif (ipmr) and mif (ip6mr) on a
# device hold it until the routing socket is closed.
view_mroute_vifs() {
	ip link add c6m0 type dummy || return 1
	no_ipv6 c6m0 || return 1
	ip link set c6m0 up || return 1
	ip addr add 192.0.2.49/28 dev c6m0 || return 1
	x=$(cat /sys/class/net/c6m0/ifindex)
	f=$(view_file c6m0) || return 1
	/plan/bin/refholder vif "$x" >/tmp/vif.log 2>&1 &
	pid4=$!
	/plan/bin/refholder mif "$x" >/tmp/mif.log 2>&1 &
	pid6=$!
	wait_ready /tmp/vif.log && wait_ready /tmp/mif.log || return 1
	# vif_add() is inlined into its caller in some configurations
	# (7.2 with the irqsoff tracer).
	holder c6m0 'vif_add|ip_mroute_setsockopt' || return 1
	# mif6_add() is inlined into its one caller.
	holder c6m0 'mif6_add|ip6_mroute_setsockopt' || return 1
	kill "$pid4" "$pid6"
	wait "$pid4" "$pid6"
	sleep 1
	! groups_with "$f" 'vif_add|ip_mroute_setsockopt|mif6_add|ip6_mroute_setsockopt' ||
		fail "vif or mif references left after the sockets closed" ||
		return 1
	ip link del c6m0 || return 1
	freed c6m0 "$f"
}

# struct netpoll: netconsole holds its device from netpoll_setup();
# deleting the device makes netconsole let go. This 6.12 sets
# IFF_DISABLE_NETPOLL on veth, so netconsole must refuse a veth and is
# bound to a dummy device instead.
view_netconsole() {
	ip link add c6n2 type veth peer name c6n3 || return 1
	ip link set c6n3 up && ip link set c6n2 up || return 1
	! insmod /lib/modules/netconsole.ko \
		netconsole=6665@192.0.2.65/c6n2,6666@192.0.2.66/ ||
		fail "netconsole accepted a veth" || return 1
	expect_dmesg "netpoll: netconsole: c6n2 doesn't support polling" || return 1
	ip link del c6n2 || return 1
	ip link add c6n0 type dummy || return 1
	no_ipv6 c6n0 || return 1
	ip link set c6n0 up || return 1
	ip addr add 192.0.2.65/28 dev c6n0 || return 1
	insmod /lib/modules/netconsole.ko \
		netconsole=6665@192.0.2.65/c6n0,6666@192.0.2.66/ ||
		fail "insmod netconsole failed" || return 1
	expect_dmesg 'netconsole: network logging started' || return 1
	holder c6n0 'netpoll_setup' || return 1
	f=$(view_file c6n0) || return 1
	ip link del c6n0 || return 1
	freed c6n0 "$f" || return 1
	rmmod netconsole || fail "rmmod netconsole failed"
}
