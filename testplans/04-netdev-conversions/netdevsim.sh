# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 04-netdev-conversions, netdevsim.sh: netdevsim.
#
# UDP tunnel port offload: each port device holds itself from
# udp_tunnel_nic_register() on its table's tracker; a geneve and a vxlan
# port are offloaded and the vxlan one must leave every table. L3
# offload statistics enabled by ifindex hold the device until disabled.
# The helpers nsim_netdevs, utn_tables, utn_vxlan_port and utn_gone
# serve the port offload test on both bases.
#
# The tests below are the same on both bases; 6.12/netdevsim.sh and
# 7.2/netdevsim.sh hold the ones that differ. The scenario of each base
# sources this file (see scenario.sh).

nsim_bus=/sys/bus/netdevsim
nsim_dbg=/sys/kernel/debug/netdevsim

# nsim_netdevs ID: the net devices of netdevsim device ID, one a line.
nsim_netdevs() {
	for n in "$nsim_bus/devices/netdevsim$1/net"/*; do
		[ -e "$n" ] && echo "${n##*/}"
	done
}

# utn_tables: each port device's two netdevsim port tables (table0
# vxlan's, table1 geneve's), printed and kept in /tmp/utn.tables.
utn_tables() {
	for n in 41/0 42/0 42/1; do
		t=$nsim_dbg/netdevsim${n%/*}/ports/${n#*/}/udp_ports
		echo "udp_tunnel: netdevsim${n%/*} port ${n#*/}: $(cat "$t/table0") / $(cat "$t/table1")"
	done >/tmp/utn.tables
	cat /tmp/utn.tables
}

# utn_vxlan_port: how many of the three port devices have the vxlan port
# 4789 (port << 16 | type 1: 313851905) in their table0 (none is a
# count, not a failure: grep -c's status is not the test's).
utn_vxlan_port() {
	utn_tables >/dev/null
	grep -cE ': ([0-9]+ )*313851905( [0-9]+)* / ' /tmp/utn.tables || :
}

# utn_gone DEV: DEV was unregistered without waiting for a reference.
utn_gone() {
	gone_at_once "$1" || return 1
	echo "udp_tunnel: $1 unregistered at once"
}

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
