# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2154 # nsim_bus, nsim_dbg (../netdevsim.sh) and dbg (../common.sh): set in files the scenario sources
#
# Testplan 04-netdev-conversions on 7.2, netdevsim.sh: the tests of
# ../netdevsim.sh that are written differently for 7.2
# (../scenario-7.2.sh says why).

# UDP tunnel port offload (net/ipv4/udp_tunnel_nic.c): every netdevsim
# port device registers for it and holds itself from
# udp_tunnel_nic_register() (NETDEV_REGISTER; the compiler may inline it
# into udp_tunnel_nic_netdevice_event()) until it unregisters, on the
# tracker of its own struct udp_tunnel_nic (an unshared table) or of its
# struct udp_tunnel_nic_shared_node (udp_ports_shared: the ports of one
# netdevsim device share a table). netdevsim41 has one port with an
# unshared table, netdevsim42 two ports sharing one. A geneve port is
# offloaded to both and stays; a vxlan port is offloaded to both and
# must leave every table when its device goes down (on 6.12 the same
# test reproduces a sleep under vn->sock_lock; this tree's vxlan has no
# such lock).
# Each port device's view must name the registration while
# it exists, and each must unregister at once: the first port of the
# shared table leaves it to the second, which must keep its tracker,
# and the second frees the table.
utn_holder='^ +(udp_tunnel_nic_register|udp_tunnel_nic_netdevice_event)\+0x[0-9a-f]+/0x[0-9a-f]+$'

udp_tunnel_offload() {
	[ -w "$nsim_bus/new_device" ] || fail "no netdevsim bus" || return 1
	echo "41 1" >"$nsim_bus/new_device" || fail "cannot add netdevsim41" || return 1
	u0=$(nsim_netdevs 41) || fail "netdevsim41 has no port device" || return 1
	echo "42 1" >"$nsim_bus/new_device" || fail "cannot add netdevsim42" || return 1
	first=$(nsim_netdevs 42) || fail "netdevsim42 has no port device" || return 1
	first=$(view_link "$first") || fail "no view of netdevsim42's $first" || return 1
	first_file=$dbg/$(readlink "$first") || fail "cannot read the link $first" || return 1
	echo 0 >"$nsim_bus/devices/netdevsim42/del_port" ||
		fail "cannot delete netdevsim42's port 0" || return 1
	reaped "$first" "$first_file" || return 1
	echo 1 >"$nsim_dbg/netdevsim42/udp_ports_shared" ||
		fail "cannot share netdevsim42's port tables" || return 1
	echo 0 >"$nsim_bus/devices/netdevsim42/new_port" ||
		fail "cannot add netdevsim42's port 0" || return 1
	s0=$(nsim_netdevs 42) || fail "netdevsim42 has no port device" || return 1
	s0_link=$(view_link "$s0") || return 1
	echo "udp_tunnel: port 0 of netdevsim42 was ${first##*/} -> ${first_file##*/}, is now ${s0_link##*/} -> $(readlink "$s0_link")"
	echo 1 >"$nsim_bus/devices/netdevsim42/new_port" ||
		fail "cannot add netdevsim42's port 1" || return 1
	s1=$(nsim_netdevs 42 | grep -vx "$s0") || fail "netdevsim42 has no second port device" || return 1
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
