# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2154 # leak, dbg: set in ../common.sh
#
# Testplan 03-netdev-infra on 6.12, views.sh: the tests of ../views.sh
# written for 6.12.

# Three devices named eth0, in the init namespace and in two others: the
# reports name each "eth0/IFINDEX", and their debugfs files differ by
# namespace. A namespace move renames the file, keeping its ID.
netns_scoped_names() {
	ip netns add nsa || return 1
	ip netns add nsb || return 1
	ip link add eth0 type dummy || return 1
	ip -n nsa link add eth0 type dummy || return 1
	ip -n nsb link add eth0 type dummy || return 1
	i0=$(netns_inum) ia=$(netns_inum nsa) ib=$(netns_inum nsb)
	echo "namespaces: init net$i0, nsa net$ia, nsb net$ib"
	[ -n "$ia" ] && [ "$ia" != "$i0" ] && [ "$ib" != "$ia" ] ||
		fail "namespace inode numbers not distinct" || return 1
	x0=$(cat /sys/class/net/eth0/ifindex)
	xa=$(ip netns exec nsa cat /sys/class/net/eth0/ifindex)
	xb=$(ip netns exec nsb cat /sys/class/net/eth0/ifindex)
	for f in "net${i0}_eth0_$x0" "net${ia}_eth0_$xa" "net${ib}_eth0_$xb"; do
		set -- "$dbg/$f"-*
		[ -e "$1" ] || fail "no debugfs file $f-*" || return 1
		echo "debugfs: $1"
		grep -q "eth0/[0-9]*@.* counters:" "$1" ||
			fail "$1 does not show the directory eth0/IFINDEX" || return 1
	done
	set -- "$dbg/net${ia}_eth0_$xa"-*
	id=${1##*-}
	ip -n nsa link set eth0 name eth1 || return 1
	ip -n nsa link set eth1 netns nsb || return 1
	x1=$(ip netns exec nsb cat /sys/class/net/eth1/ifindex)
	[ -e "$dbg/net${ib}_eth1_$x1-$id" ] ||
		fail "no net${ib}_eth1_$x1-$id after the move: $(scoped_files net)" ||
		return 1
	echo "moved: $dbg/net${ib}_eth1_$x1-$id"
	[ -z "$(scoped_files "net${ia}_eth")" ] ||
		fail "an eth file of nsa remains after the move" || return 1
	f0=$(view_file eth0) || return 1
	ip link del eth0 || return 1
	freed eth0 "$f0" || return 1
	ip netns del nsa || return 1
	ip netns del nsb || return 1
	n=0
	while [ -n "$(scoped_files "net${ib}_")" ]; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "files of nsb remain: $(scoped_files "net${ib}_")" ||
			return 1
		sleep 1
	done
	! dmesg_since | grep -E 'unregister_netdevice: waiting|ref_tracker: eth[01]/' ||
		fail "a report for a device of the namespaces"
}

# struct netdev_rx_queue and struct netdev_queue: one reference per
# queue kobject (rx-N, tx-N in sysfs), taken when the kobject is added.
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
# blackhole_netdev (dst_dev_put()), so that the device can be freed.
view_dst_blackhole() {
	ip netns add c6p || return 1
	ip link add c6d0 type veth peer name c6d1 netns c6p || return 1
	ip addr add 192.0.2.33/28 dev c6d0 || return 1
	ip -n c6p addr add 192.0.2.34/28 dev c6d1 || return 1
	ip -6 addr add 2001:db8:6:2::1/64 dev c6d0 nodad || return 1
	ip -n c6p -6 addr add 2001:db8:6:2::2/64 dev c6d1 nodad || return 1
	ip link set c6d0 up && ip -n c6p link set c6d1 up || return 1
	ping -c 2 -W 2 192.0.2.34 || fail "IPv4 ping across the veth failed" || return 1
	ping -c 2 -W 2 2001:db8:6:2::2 || fail "IPv6 ping across the veth failed" || return 1
	holder c6d0 'dst_init|dst_alloc' || return 1
	/plan/bin/refholder udp 192.0.2.34 >/tmp/udp.log 2>&1 &
	pid=$!
	wait_ready /tmp/udp.log || return 1
	f=$(view_file c6d0) || return 1
	ip link del c6d0 || return 1
	freed c6d0 "$f" || return 1
	set -- "$dbg"/blackhole_dev-*
	[ -e "$1" ] || fail "no debugfs view for blackhole_dev" || return 1
	bh=$1
	groups_with "$bh" 'dst_dev_put' ||
		fail "no holder of blackhole_dev through dst_dev_put: $(cat "$bh")" ||
		return 1
	kill "$pid"
	wait "$pid"
	n=0
	while groups_with "$bh" 'dst_dev_put' >/dev/null; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "the socket's dst still holds blackhole_dev" ||
			return 1
		sleep 1
	done
	ip netns del c6p
}

# struct vif_device: a multicast routing vif (ipmr) and mif (ip6mr) on a
# device hold it until the routing socket is closed.
view_mroute_vifs() {
	ip link add c6m0 type dummy || return 1
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
