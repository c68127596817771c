# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 04-netdev-conversions, can-vsock.sh: CAN and vsock.
#
# CAN raw, BCM, ISO-TP and J1939 sockets on vcan0 (can-vsock can), a
# vcan device unregistered under its sockets, and a vsock loopback
# connection seen by a vsockmon tap (can-vsock vsock).
#
# The tests below are the same on both bases. The scenario of each base
# sources this file (see scenario.sh).

# CAN sockets on a vcan device (can-vsock can): a BCM receive op bound to
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
	/plan/bin/can-vsock can vcan0 4 >/tmp/can.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'can sockets bound' /tmp/can.log; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "can-vsock can did not bind: $(cat /tmp/can.log)" || return 1
		sleep 1
	done
	echo "--- vcan0"
	view_has vcan0 '[^a-z_](bcm_rx_setup|bcm_sendmsg)\+0x' || return 1
	view_has vcan0 '[^a-z_]isotp_bind\+0x' || return 1
	view_has vcan0 '[^a-z_]raw_bind\+0x' || return 1
	view_has vcan0 '[^a-z_]j1939_netdev_start\+0x' || return 1
	wait "$pid" || fail "can-vsock can failed: $(cat /tmp/can.log)" || return 1
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
	/plan/bin/can-vsock can vcan1 6 >/tmp/can1.log 2>&1 &
	pid=$!
	n=0
	until grep -q 'can sockets bound' /tmp/can1.log; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "can-vsock can did not bind: $(cat /tmp/can1.log)" || return 1
		sleep 1
	done
	echo "--- vcan1"
	view_has vcan1 '[^a-z_]isotp_bind\+0x' || return 1
	ip link del vcan1 || return 1
	[ ! -e /sys/class/net/vcan1 ] || fail "vcan1 was not unregistered" || return 1
	if grep -q 'can sockets closed' /tmp/can1.log; then
		fail "can-vsock closed its sockets before vcan1 was deleted"
		return 1
	fi
	echo "vcan1 unregistered while its CAN sockets were open"
	wait "$pid" || fail "can-vsock can failed: $(cat /tmp/can1.log)" || return 1
	! dmesg_since | grep 'unregister_netdevice: waiting' ||
		fail "vcan1 waited for its references" || return 1
	no_untracked
}

# A vsockmon tap sees every packet of the vsock loopback transport
# (can-vsock vsock), each one queued on it under a local tracker taken in
# __vsock_deliver_tap_skb() (which the compiler may inline into
# vsock_deliver_tap()): strict mode must stay silent, the tap must count
# the packets, no tracker may be left, and the tap must unregister at
# once.
vsock_tap() {
	ip link add vsockmon0 type vsockmon || fail "ip link add vsockmon0 failed" || return 1
	ip link set vsockmon0 up || return 1
	before=$(cat /sys/class/net/vsockmon0/statistics/rx_packets)
	/plan/bin/can-vsock vsock || fail "can-vsock vsock failed" || return 1
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
