# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan bench-netns: the guest half of tooling/bench-netns (make
# bench's namespace churn). A round creates COUNT network namespaces,
# each with a veth pair (one end in the namespace, one in init_net), an
# IPv4 address on each end and both ends up, then deletes the
# namespaces and waits until the kernel has destroyed every pair: the
# device lifetime, with every reference netdev_hold() and dev_hold()
# take, from creation to the end of unregister. iproute2's ip, in batch
# mode where it can (one exec for the init_net side, one per namespace),
# so that exec costs little next to the kernel's work.
#
# On a kernel with our sampling knobs (/sys/module/ref_tracker/
# parameters/sample and sample_dirs) the rounds run in three modes, one
# after the other: full (sample=1 sample_dirs=1), sampled64 (sample=64)
# and object64 (sample_dirs=64); on others, one mode, "default"
# (tracking as the kernel was built: upstream's, or none). Each mode
# starts with an untimed round.
# Each timed round prints
#   # rtnetns: RTNETNS MODE ROUND COUNT CENTISECONDS
# and tooling/bench-netns turns them into namespaces per second.
# Kernel command line: rtnetns.count=N (32) and rtnetns.rounds=N (5,
# per mode); the kernel ignores both.

# shellcheck disable=SC2034 # TESTS is read by qemu/ktap.sh
# Runs as long as it is asked to: no per-test timeout (qemu/ktap.sh).
KTAP_TEST_TIMEOUT=0
TESTS="netns_churn"

rtn_knobs=/sys/module/ref_tracker/parameters

# rtn_param NAME DEFAULT: rtnetns.NAME from the kernel command line.
rtn_param() {
	_v=$(tr ' ' '\n' </proc/cmdline | sed -n "s/^rtnetns\.$1=\([0-9][0-9]*\)\$/\1/p")
	echo "${_v:-$2}"
}

# rtn_set KNOB VALUE: write one of ref_tracker's parameters and read it
# back (a knob that did not take would measure the wrong mode).
rtn_set() {
	echo "$2" >"$rtn_knobs/$1" || fail "writing $2 to $rtn_knobs/$1 failed" || return 1
	[ "$(cat "$rtn_knobs/$1")" = "$2" ] || fail "$rtn_knobs/$1 reads $(cat "$rtn_knobs/$1"), not $2"
}

rtn_mode() {
	case $1 in
	full) rtn_set sample 1 && rtn_set sample_dirs 1 ;;
	sampled64) rtn_set sample 64 && rtn_set sample_dirs 1 ;;
	object64) rtn_set sample 1 && rtn_set sample_dirs 64 ;;
	default) ;;
	*) fail "unknown mode $1" ;;
	esac
}

# rtn_addr I END: the /30 of pair I (END 1 in init_net, 2 in the namespace).
rtn_addr() {
	echo "10.$(($1 / 16384 % 256)).$(($1 / 64 % 256)).$((($1 % 64) * 4 + $2))"
}

# rtn_pairs_left: how many veth ends of ours init_net still has.
rtn_pairs_left() {
	_k=0
	for _d in /sys/class/net/rv*; do
		[ ! -e "$_d" ] || _k=$((_k + 1))
	done
	echo "$_k"
}

# rtn_round COUNT: one round; prints its length in hundredths of a second.
rtn_round() {
	_n=$1
	: >/tmp/rtn.up
	: >/tmp/rtn.down
	_i=0
	while [ "$_i" -lt "$_n" ]; do
		printf 'netns add rtn%d\nlink add rv%d type veth peer name rp%d netns rtn%d\naddr add %s/30 dev rv%d\nlink set rv%d up\n' \
			"$_i" "$_i" "$_i" "$_i" "$(rtn_addr "$_i" 1)" "$_i" "$_i" >>/tmp/rtn.up
		printf 'netns del rtn%d\n' "$_i" >>/tmp/rtn.down
		_i=$((_i + 1))
	done
	_t0=$(ktap_uptime)
	ip -b /tmp/rtn.up >/tmp/rtn.err 2>&1 || fail "ip -b: $(cat /tmp/rtn.err)" || return 1
	_i=0
	while [ "$_i" -lt "$_n" ]; do
		printf 'link set lo up\naddr add %s/30 dev rp%d\nlink set rp%d up\n' "$(rtn_addr "$_i" 2)" "$_i" "$_i" |
			ip -n "rtn$_i" -b - >/tmp/rtn.err 2>&1 || fail "ip -n rtn$_i -b: $(cat /tmp/rtn.err)" || return 1
		_i=$((_i + 1))
	done
	[ "$(rtn_pairs_left)" = "$_n" ] || fail "$(rtn_pairs_left) veth pairs up, not $_n" || return 1
	ip -b /tmp/rtn.down >/tmp/rtn.err 2>&1 || fail "ip -b (netns del): $(cat /tmp/rtn.err)" || return 1
	# Namespaces die in a workqueue: the round ends when the last pair is gone.
	_w=0
	while [ "$(rtn_pairs_left)" != 0 ]; do
		_w=$((_w + 1))
		[ "$_w" -le 6000 ] || fail "$(rtn_pairs_left) veth pairs still there 120 s after netns del" || return 1
		usleep 20000
	done
	_t1=$(ktap_uptime)
	echo $((_t1 - _t0))
}

netns_churn() {
	count=$(rtn_param count 32)
	rounds=$(rtn_param rounds 5)
	modes=default
	if [ -w "$rtn_knobs/sample" ] && [ -w "$rtn_knobs/sample_dirs" ]; then
		modes="full sampled64 object64"
	fi
	echo "rtnetns: $count namespaces a round, $rounds rounds per mode, modes: $modes"
	for m in $modes; do
		rtn_mode "$m" || return 1
		# Untimed: switching modes flips a static key, and under TCG
		# patching kernel text throws away translated code.
		cs=$(rtn_round "$count") || { echo "$cs"; return 1; }
		echo "rtnetns: $m: untimed first round: $cs cs"
		r=1
		while [ "$r" -le "$rounds" ]; do
			cs=$(rtn_round "$count") || { echo "$cs"; return 1; }
			echo "rtnetns: RTNETNS $m $r $count $cs"
			r=$((r + 1))
		done
	done
	[ "$modes" = default ] || rtn_mode full
}
