# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2154 # nsim_bus, nsim_dbg: set by the scenario that sources this file
#
# Testplan 04-netdev-conversions: the functions scenario.sh (6.12) and
# scenario-7.2.sh share word for word; each scenario sources this file
# as /plan/common.sh (qemu/mkinitramfs packs it) and keeps what differs
# between the bases. So far: the UDP tunnel offload test's netdevsim
# helpers.

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
