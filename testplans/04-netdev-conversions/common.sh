# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan 04-netdev-conversions, common.sh: how a test reads a device's
# trackers and strict mode's log.
#
# no_untracked: strict mode (CONFIG_NET_DEV_REFCNT_TRACKER_STRICT)
# reported no untracked dev_hold() or dev_put() since the test began;
# gone_at_once: devices unregistered without waiting for references;
# live_view, view_has, top_frames, top_has and top_lacks: a device's
# debugfs tracker view, the holders it names, and the first frames of
# each tracker's stack (the function that took the reference and its
# caller).
#
# These are the helpers both bases share word for word; 6.12/common.sh
# and 7.2/common.sh hold the ones that read the view differently (7.2's
# debugfs names, its 16-group limit).

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

# top_lacks DEV ERE MSG: no tracker of DEV was taken by a function ERE
# names (the first frame of its stack), or fail with MSG.
top_lacks() {
	live_view "$1" >/tmp/view || return 1
	top_frames </tmp/view >/tmp/top
	! grep -E "$2" /tmp/top || fail "$3" || return 1
}

# top_frames: the first two stack lines of each tracker group in a view
# (the function taking the reference and its caller), one group a line.
top_frames() {
	awk '/ has [0-9]+\/[0-9]+ users/ { n = 2; line = ""; next }
	     n > 0 { line = line " " $1; if (--n == 0) print line }'
}
