# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2154 # leak, dbg: set in ../common.sh
#
# Testplan 03-netdev-infra on 6.12, common.sh: the helpers of
# ../common.sh written for 6.12.

# view_file DEV: the debugfs file of DEV in the init namespace,
# net<inum>_DEV_<ifindex>-<id>.
view_file() {
	vf_idx=$(cat "/sys/class/net/$1/ifindex") || return 1
	set -- "$dbg/net$(netns_inum)_$1_$vf_idx"-*
	[ -e "$1" ] || { echo "no debugfs view for $1" >&2; return 1; }
	echo "$1"
}

# scoped_files PREFIX: the names of the debugfs files starting with PREFIX.
scoped_files() {
	for sf in "$dbg/$1"*; do
		if [ -e "$sf" ]; then
			echo "${sf##*/}"
		fi
	done
}

# groups_with FILE ERE: print the holder groups of the view FILE whose
# acquire site, the first function of the stack, matches ERE; fail if
# there is none. A reference taken through netdev_get_by_index() or
# netdev_get_by_name() (topic 04's conversions: make test boots this
# plan on the last topic's kernel) is taken at that function's caller.
groups_with() {
	awk -v re="^[[:space:]]*(${2})[+]0x" '
		function flush() {
			if (first ~ re) { print g; found = 1 }
		}
		/ has [0-9]+\/[0-9]+ users/ { flush(); g = $0; first = ""; next }
		{
			g = g "\n" $0
			if (first == "" && $0 ~ /[+]0x/ &&
			    $0 !~ /^[[:space:]]*netdev_get_by_(index|name)[+]0x/)
				first = $0
		}
		END { flush(); exit !found }' "$1"
}

# freed DEV FILE: DEV, just deleted, is gone, its view FILE went with it,
# and nothing was reported for it.
freed() {
	n=0
	while [ -e "/sys/class/net/$1" ] || [ -e "$2" ]; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "$1 or its view $2 still there after 10s" ||
			return 1
		sleep 1
	done
	! dmesg_since | grep -E "unregister_netdevice: waiting for $1 |ref_tracker: $1/" ||
		fail "a report for $1"
}
