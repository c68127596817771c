# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2154 # leak, dbg: set in ../common.sh
#
# Testplan 03-netdev-infra on 7.2, common.sh: the helpers of
# ../common.sh written for 7.2 (../scenario-7.2.sh says what differs and
# why).

# link_of DEV [NETNS]: the debugfs link of DEV, in the init namespace or
# in NETNS: netdev-COOKIE-INUM-DEV-IFINDEX. There must be exactly one.
link_of() {
	lo_inum=$(netns_inum "${2:-}") || return 1
	if [ -n "${2:-}" ]; then
		lo_idx=$(ip netns exec "$2" cat "/sys/class/net/$1/ifindex") || return 1
	else
		lo_idx=$(cat "/sys/class/net/$1/ifindex") || return 1
	fi
	lo_dev=$1
	set -- "$dbg"/netdev-*-"$lo_inum-$lo_dev-$lo_idx"
	[ $# -eq 1 ] && [ -L "$1" ] ||
		{ echo "not one link netdev-*-$lo_inum-$lo_dev-$lo_idx: $*" >&2; return 1; }
	echo "$1"
}

# cookie_of DEV [NETNS]: the COOKIE of DEV's link.
cookie_of() {
	co_l=$(link_of "$@") || return 1
	co_l=${co_l#"$dbg"/netdev-}
	echo "${co_l%%-*}"
}

# dir_of DEV [NETNS]: the name of DEV's tracker directory, netdev@ADDR:
# the target of its link, the name of its file, the start of its report
# lines.
dir_of() {
	do_l=$(link_of "$@") || return 1
	do_t=$(readlink "$do_l") || return 1
	case "$do_t" in
	netdev@*) ;;
	*) echo "$do_l points to $do_t" >&2; return 1 ;;
	esac
	[ -f "$dbg/$do_t" ] || { echo "$do_l dangles" >&2; return 1; }
	echo "$do_t"
}

# view_file DEV: the debugfs file of DEV in the init namespace.
view_file() {
	vf_t=$(dir_of "$1") || return 1
	echo "$dbg/$vf_t"
}

# shows_itself FILE: FILE starts with the counters line of the directory
# it is named after.
shows_itself() {
	si_line=$(head -n 1 "$1") || return 1
	case "$si_line" in
	"${1##*/} counters: taken="*) return 0 ;;
	esac
	echo "$1 starts with: $si_line"
	return 1
}

# links_with PATTERN: the names of the links matching the glob PATTERN.
links_with() {
	for lw in "$dbg"/$1; do
		if [ -L "$lw" ]; then
			echo "${lw##*/}"
		fi
	done
}

# groups_with FILE ERE: print the holder groups of the view FILE whose
# acquire site, the first function of the stack, matches ERE; fail if
# there is none. A group starts with its age line ("next group: ...").
# A reference taken through netdev_get_by_index() or netdev_get_by_name()
# (topic 04's conversions) is taken at that function's caller.
groups_with() {
	awk -v re="^[[:space:]]*(${2})[+]0x" '
		function flush() {
			if (first ~ re) { print g; found = 1 }
		}
		/ next group: [0-9]+ users/ { flush(); g = $0; first = ""; next }
		{
			g = g "\n" $0
			if (first == "" && $0 ~ /[+]0x/ &&
			    $0 !~ /^[[:space:]]*netdev_get_by_(index|name)(_lock)?[+]0x/)
				first = $0
		}
		END { flush(); exit !found }' "$1"
}

# freed DEV FILE: DEV, just deleted from the init namespace, is gone,
# its view FILE and its link went with it, and nothing was reported for
# it.
freed() {
	n=0
	while [ -e "/sys/class/net/$1" ] || [ -e "$2" ] ||
		[ -n "$(links_with "netdev-*-$(netns_inum)-$1-*")" ]; do
		n=$((n + 1))
		[ "$n" -le 10 ] || fail "$1, its view $2 or its link still there after 10s" ||
			return 1
		sleep 1
	done
	! dmesg_since | grep -E "unregister_netdevice: waiting for $1 |ref_tracker: ${2##*/}[ :]" ||
		fail "a report for $1"
}

# reported DIR: DIR (netdev@ADDR) belongs to a device a test leaks a
# reference of or releases twice on purpose: its report lines are
# expected (reports_name_leaked_devices_only).
reported() {
	echo "$1" >>/tmp/reported
}
