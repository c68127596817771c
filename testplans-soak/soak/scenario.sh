# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan soak: the guest half of tooling/soak (make soak). Workers run
# side by side for soak.seconds of guest time while allocations fail:
#   netns    (two)  namespaces with a veth pair, a bridge, a vlan, a
#                   macvlan moved into the namespace and back, vxlan,
#                   ipip and gre tunnels, a rename; torn down in a random
#                   order (namespace first or devices first)
#   devs     (one)  dummy devices sd0..sd3 in init_net created, deleted,
#                   renamed, moved to a namespace and back, set up/down
#   sock     (one)  /plan/bin/soak-sock: sockets bound to those devices,
#                   packet sockets, multicast memberships, mroute vifs,
#                   opened and closed while the devices come and go
#   debugfs  (one)  every /sys/kernel/debug/ref_tracker file read in a loop
#   sample   (one)  ref_tracker.sample and sample_dirs switched at run time
#                   (kernels with those knobs)
# Fault injection (debugfs, CONFIG_FAILSLAB, CONFIG_FAIL_PAGE_ALLOC):
#   phase 1 (first half): failslab on the tracker's slab cache alone
#     (ref_tracker; on a kernel without one, kmalloc-32, where upstream's
#     trackers live), atomic allocations, soak.percent (5) percent;
#   phase 2 (second half): every slab cache and the page allocator, for
#     the workers' processes only (task-filter, make-it-fail), 1 percent.
# soak.seed (command line) seeds every worker's choices: a run replays
# the same workload, not the same interleaving or the same faults.
#
# Tests: soak_churn (the run, with the fault counters: the injection
# must have hit), soak_teardown (everything deleted; every device and
# namespace gone within two minutes), soak_books (every ref_tracker
# debugfs file's books add up: taken - released = the references it
# lists; skipped on a kernel without those files or their counters
# line: upstream's). Lines
# "# soak: SOAK KEY VALUE" carry the figures tooling/soak tabulates.

# RANDOM: busybox's ash has it, and assigning it seeds it (soak_churn
# checks both before it relies on them).
# shellcheck disable=SC3028
# shellcheck disable=SC2034 # TESTS is read by qemu/ktap.sh
# Runs as long as it is asked to: no per-test timeout (qemu/ktap.sh).
KTAP_TEST_TIMEOUT=0
TESTS="soak_churn soak_teardown soak_books"

soak_dbg=/sys/kernel/debug
soak_rt=$soak_dbg/ref_tracker
soak_knobs=/sys/module/ref_tracker/parameters
soak_big=1000000000

# soak_param NAME DEFAULT: soak.NAME from the kernel command line.
soak_param() {
	_v=$(tr ' ' '\n' </proc/cmdline | sed -n "s/^soak\.$1=\([0-9][0-9]*\)\$/\1/p")
	echo "${_v:-$2}"
}

# soak_w FILE VALUE: write a control file, failing loudly if it refuses.
soak_w() {
	echo "$2" >"$1" 2>/dev/null || fail "writing $2 to $1 failed" || return 1
}

soak_fig() {
	echo "soak: SOAK $1 $2"
}

soak_now() {
	_u=$(ktap_uptime)
	echo $((_u / 100))
}

# soak_fault_cache: the slab cache phase 1 singles out.
soak_fault_cache() {
	if [ -d /sys/kernel/slab/ref_tracker ]; then
		echo ref_tracker
	else
		echo kmalloc-32
	fi
}

# soak_attr DIR PROBABILITY: arm a fault attribute (failslab or
# fail_page_alloc) with PROBABILITY percent and a fault budget of
# $soak_big; each injected fault decrements "times".
soak_attr() {
	soak_w "$soak_dbg/$1/verbose" 0 &&
		soak_w "$soak_dbg/$1/interval" 1 &&
		soak_w "$soak_dbg/$1/times" "$soak_big" &&
		soak_w "$soak_dbg/$1/probability" "$2"
}

# soak_injected DIR: faults injected since soak_attr.
soak_injected() {
	echo $((soak_big - $(cat "$soak_dbg/$1/times")))
}

soak_phase1() {
	c=$(soak_fault_cache)
	soak_w "/sys/kernel/slab/$c/failslab" 1 || return 1
	soak_w "$soak_dbg/failslab/cache-filter" Y &&
		soak_w "$soak_dbg/failslab/task-filter" N &&
		soak_w "$soak_dbg/failslab/ignore-gfp-wait" Y &&
		soak_attr failslab "$(soak_param percent 5)"
}

soak_phase2() {
	p1=$(soak_injected failslab)
	soak_w "$soak_dbg/failslab/probability" 0 || return 1
	soak_w "/sys/kernel/slab/$(soak_fault_cache)/failslab" 0 &&
		soak_w "/proc/$soak_sock_pid/make-it-fail" 1 &&
		soak_w "$soak_dbg/failslab/cache-filter" N &&
		soak_w "$soak_dbg/failslab/task-filter" Y &&
		soak_w "$soak_dbg/failslab/ignore-gfp-wait" N &&
		soak_w "$soak_dbg/fail_page_alloc/task-filter" Y &&
		soak_w "$soak_dbg/fail_page_alloc/ignore-gfp-wait" Y &&
		soak_w "$soak_dbg/fail_page_alloc/ignore-gfp-highmem" Y &&
		soak_w "$soak_dbg/fail_page_alloc/min-order" 0 &&
		soak_attr failslab 1 && soak_attr fail_page_alloc 1 || return 1
	echo "$p1"
}

soak_faults_off() {
	for a in failslab fail_page_alloc; do
		soak_w "$soak_dbg/$a/probability" 0 || return 1
	done
	soak_w "/sys/kernel/slab/$(soak_fault_cache)/failslab" 0
}

# soak_count NAME: one more iteration of worker NAME.
soak_count() {
	_c=$(cat "/tmp/soak.iter.$1" 2>/dev/null || echo 0)
	echo $((_c + 1)) >"/tmp/soak.iter.$1"
}

soak_fail_count() {
	_c=$(cat "/tmp/soak.fail.$1" 2>/dev/null || echo 0)
	echo $((_c + 1)) >"/tmp/soak.fail.$1"
}

# soak_ipb NAME [IP OPTION...]: the batch on stdin through one ip process
# open to phase 2's faults (ip -force -b: every command is tried). ip is
# made to fail only once it has exec'd (its comm is "ip"), so that the
# faults hit ip's own work, not the fork and exec of the worker's shell
# (a batch ip finishes before that runs without faults).
soak_ipb() {
	_w=$1
	shift
	_f=/tmp/soak.batch.$_w
	cat >"$_f"
	/sbin/ip "$@" -force -b "$_f" >/dev/null 2>&1 &
	_p=$!
	echo "$_p ip $*" >"/tmp/soak.ip.$_w"
	_k=0
	while [ "$_k" -lt 500 ]; do
		case $(cat "/proc/$_p/comm" 2>/dev/null || echo gone) in
		ip | gone) break ;;
		esac
		_k=$((_k + 1))
		usleep 5000
	done
	echo 1 >"/proc/$_p/make-it-fail" 2>/dev/null || true
	# At most 120 s: under injected faults netlink can lose the reply
	# ip waits for (seen on 00-base and with the topics: ip asleep in
	# netlink_recvmsg for good). Such an ip is killed and counted, with
	# where it slept and the command it was on, not left to hang the
	# worker.
	_t=0
	while [ "$_t" -lt 1200 ]; do
		read -r _ _ _st _ <"/proc/$_p/stat" 2>/dev/null || break
		[ "$_st" != Z ] || break
		_t=$((_t + 1))
		usleep 100000
	done
	if [ "$_t" -ge 1200 ]; then
		echo "$_w $(cat "/proc/$_p/wchan" 2>/dev/null) ip $*: $(head -n 1 "$_f")" >>/tmp/soak.timeouts
		kill -9 "$_p" 2>/dev/null || true
	fi
	wait "$_p" || soak_fail_count "$_w"
}

soak_worker_netns() {
	id=$1
	n=ns$id
	ns=soakns$id
	while [ "$(soak_now)" -lt "$soak_end" ]; do
		soak_ipb "$n" <<-EOF
			netns add $ns
			link add sv$id type veth peer name sp$id netns $ns
			link add sb$id type bridge
			link set sv$id master sb$id
			link add link sv$id name sv$id.10 type vlan id 10
			link add link sv$id name sm$id type macvlan mode bridge
			addr add 10.$id.0.1/24 dev sb$id
			link add sx$id type vxlan id $((100 + id)) dstport 4789 local 10.$id.0.1 dev sb$id
			link add si$id type ipip local 10.$id.0.1 remote 10.$id.1.1
			link add sg$id type gre local 10.$id.0.1 remote 10.$id.1.2
			link set sb$id up
			link set sv$id up
			link set sv$id.10 up
			link set sx$id up
			link set si$id up
			link set sg$id up
			link set sm$id netns $ns
			link set sg$id down
			link set sg$id name sr$id
		EOF
		soak_ipb "$n" -n "$ns" <<-EOF
			link set lo up
			addr add 10.$id.0.2/24 dev sp$id
			link set sp$id up
			link set sm$id up
			link set sm$id netns 1
		EOF
		# Tear down in a random order: the namespace first takes the
		# veth pair (and sm if it stayed) with it.
		if [ $((RANDOM % 2)) = 0 ]; then
			echo "netns del $ns" | soak_ipb "$n"
		fi
		soak_ipb "$n" <<-EOF
			link del sx$id
			link del si$id
			link del sr$id
			link del sg$id
			link del sm$id
			link del sv$id.10
			link del sv$id
			link del sb$id
		EOF
		[ ! -e "/run/netns/$ns" ] || echo "netns del $ns" | soak_ipb "$n"
		soak_count "$n"
	done
}

soak_worker_devs() {
	while [ "$(soak_now)" -lt "$soak_end" ]; do
		k=$((RANDOM % 4))
		d=sd$k
		case $((RANDOM % 6)) in
		0 | 1) printf 'link add %s type dummy\naddr add 10.9.%d.1/24 dev %s\nlink set %s up\n' "$d" "$k" "$d" "$d" | soak_ipb devs ;;
		2) echo "link del $d" | soak_ipb devs ;;
		3) printf 'link set %s down\nlink set %s name sdx%d\nlink set sdx%d name %s\nlink set %s up\n' "$d" "$d" "$k" "$k" "$d" "$d" | soak_ipb devs ;;
		4)
			printf 'netns add soakmv\nlink set %s netns soakmv\n' "$d" | soak_ipb devs
			echo "link set $d netns 1" | soak_ipb devs -n soakmv
			printf 'netns del soakmv\nlink set %s up\n' "$d" | soak_ipb devs
			;;
		5) echo "link set $d down" | soak_ipb devs ;;
		esac
		soak_count devs
	done
}

soak_worker_debugfs() {
	while [ "$(soak_now)" -lt "$soak_end" ]; do
		for f in "$soak_rt"/*; do
			[ -f "$f" ] || continue
			# "NAME taken alloc_failures" per read, for the maxima.
			sed -n "s/.* counters: taken=\([0-9]*\) .* alloc_failures=\([0-9]*\) .*/${f##*/} \1 \2/p" \
				"$f" 2>/dev/null | head -n 1 >>/tmp/soak.dbg
		done
		soak_count debugfs
		usleep 200000
	done
}

soak_worker_sample() {
	while [ "$(soak_now)" -lt "$soak_end" ]; do
		case $((RANDOM % 4)) in
		0 | 1) s=1 ;;
		2) s=4 ;;
		3) s=64 ;;
		esac
		case $((RANDOM % 3)) in
		0 | 1) sd=1 ;;
		2) sd=8 ;;
		esac
		echo "$s" >"$soak_knobs/sample" && echo "$sd" >"$soak_knobs/sample_dirs" ||
			soak_fail_count sample
		soak_count sample
		sleep 2
	done
	echo 1 >"$soak_knobs/sample"
	echo 1 >"$soak_knobs/sample_dirs"
}

# soak_worker_ended STATUS: a worker's EXIT trap.
soak_worker_ended() {
	_t=$(soak_now)
	echo "$1 $_t" >"/tmp/soak.ended.$soak_who"
	soak_progress "worker $soak_who ended ($1) at $((_t - start)) s"
}

# soak_spawn SEED NAME CMD...: worker NAME in the background, its
# choices seeded. The shell itself stays out of phase 2's faults (a fork that
# fails would end it): only its ip batches (soak_ipb) and soak-sock
# are made to fail.
soak_spawn() {
	(
		RANDOM=$1
		soak_who=$2
		shift 2
		# Every worker says when it ended and how: soak_churn fails on
		# one that ended early or with an error (set -e).
		trap 'soak_worker_ended $?' EXIT
		"$@"
	) >"/tmp/soak.log.$2" 2>&1 &
	# Not the test's stdout: a worker that hangs must not keep the test
	# (ktap.sh reads its output to the end) from ending.
	echo "$!" >"/tmp/soak.pid.$2"
}

# soak_stuck PID: what a process that does not end is doing.
soak_stuck() {
	echo "  pid $1 ($(cat "/proc/$1/comm" 2>/dev/null)), state $(sed -n 's/^State:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null), wchan $(cat "/proc/$1/wchan" 2>/dev/null)"
	sed 's/^/    /' "/proc/$1/stack" 2>/dev/null || true
}

# soak_wait_workers: wait until every worker has said it ended, 300 s
# at most past the end (an ip batch under KASAN can take a while). A
# worker still running then is stuck: what it and its ip are doing is
# printed, with the kernel's blocked tasks, and the run fails.
soak_wait_workers() {
	_n=0
	while [ "$_n" -lt 300 ]; do
		_left=
		for _w in $soak_workers; do
			[ -f "/tmp/soak.ended.$_w" ] || _left="$_left $_w"
		done
		kill -0 "$soak_sock_pid" 2>/dev/null && _left="$_left soak-sock"
		[ -n "$_left" ] || return 0
		sleep 1
		_n=$((_n + 1))
	done
	echo "soak: still running 300 s after the end:$_left"
	for _w in $_left; do
		if [ "$_w" = soak-sock ]; then
			soak_stuck "$soak_sock_pid"
			continue
		fi
		echo "worker $_w:"
		soak_stuck "$(cat "/tmp/soak.pid.$_w")"
		if [ -f "/tmp/soak.ip.$_w" ]; then
			read -r _p _rest <"/tmp/soak.ip.$_w"
			echo "its last $_rest, on the batch:"
			sed 's/^/    /' "/tmp/soak.batch.$_w" 2>/dev/null || true
			soak_stuck "$_p"
		fi
	done
	[ ! -w /proc/sysrq-trigger ] || echo w >/proc/sysrq-trigger
	return 1
}

# soak_progress MSG: to the console now (a test's own output is only
# printed when it ends), with a time stamp.
soak_progress() {
	echo "soak: $*" >/dev/kmsg
}

# soak_main_ended STATUS: soak_churn's EXIT trap.
soak_main_ended() {
	soak_faults_off >/dev/null || true
	soak_progress "main loop ended ($1) at $(($(soak_now) - start)) s"
}

soak_churn() {
	seconds=$(soak_param seconds 600)
	seed=$(soak_param seed 1)
	[ -d "$soak_dbg/failslab" ] && [ -d "$soak_dbg/fail_page_alloc" ] ||
		fail "no fault injection in debugfs (CONFIG_FAILSLAB, CONFIG_FAIL_PAGE_ALLOC, CONFIG_FAULT_INJECTION_DEBUG_FS)" ||
		return 1
	[ -x /plan/bin/soak-sock ] || fail "/plan/bin/soak-sock missing" || return 1
	RANDOM=$seed
	r1=$RANDOM
	RANDOM=$seed
	[ -n "$r1" ] && [ "$r1" = "$RANDOM" ] || fail "this shell's RANDOM cannot be seeded: no replay" || return 1
	rm -f /tmp/soak.iter.* /tmp/soak.fail.* /tmp/soak.ended.* /tmp/soak.pid.* /tmp/soak.ip.* /tmp/soak.log.* /tmp/soak.timeouts /tmp/soak.dbg
	start=$(soak_now)
	soak_end=$((start + seconds))
	half=$((start + seconds / 2))
	echo "soak: seed $seed, $seconds s, phase 1 on slab cache $(soak_fault_cache)"
	soak_fig seed "$seed"
	soak_phase1 || return 1
	# However the loop ends, the faults end with it.
	trap 'soak_main_ended $?' EXIT
	soak_spawn "$seed" ns0 soak_worker_netns 0
	soak_spawn $((seed + 1)) ns1 soak_worker_netns 1
	soak_spawn $((seed + 2)) devs soak_worker_devs
	soak_spawn $((seed + 3)) debugfs soak_worker_debugfs
	soak_workers="ns0 ns1 devs debugfs"
	if [ -w "$soak_knobs/sample" ] && [ -w "$soak_knobs/sample_dirs" ]; then
		soak_spawn $((seed + 4)) sample soak_worker_sample
		soak_workers="$soak_workers sample"
	fi
	/plan/bin/soak-sock "$seconds" $((seed + 5)) sd0 sd1 sd2 sd3 lo >/tmp/soak.sock 2>&1 </dev/null &
	soak_sock_pid=$!
	p1=
	while [ "$(soak_now)" -lt "$soak_end" ]; do
		sleep 10
		if [ -z "$p1" ] && [ "$(soak_now)" -ge "$half" ]; then
			p1=$(soak_phase2) || { echo "$p1"; soak_faults_off || true; wait; return 1; }
			echo "soak: phase 2 at $(($(soak_now) - start)) s"
			soak_progress "phase 2: every slab cache and atomic page allocations, for ip and soak-sock"
		fi
		line="t=$(($(soak_now) - start)) s"
		for f in /tmp/soak.iter.*; do
			[ ! -f "$f" ] || line="$line ${f#/tmp/soak.iter.}=$(cat "$f")"
		done
		soak_progress "$line"
	done
	soak_wait_workers || return 1
	sock_rc=0
	wait "$soak_sock_pid" || sock_rc=$?
	wait
	[ -n "$p1" ] || p1=$(soak_phase2) || return 1
	p2slab=$(soak_injected failslab)
	p2page=$(soak_injected fail_page_alloc)
	soak_faults_off || return 1
	for f in /tmp/soak.iter.*; do
		w=${f#/tmp/soak.iter.}
		soak_fig "iterations_$w" "$(cat "$f")"
		soak_fig "batches_with_errors_$w" "$(cat "/tmp/soak.fail.$w" 2>/dev/null || echo 0)"
	done
	# Every worker ran to the end: a worker that died early would leave
	# the rest of the run testing less than it says.
	for w in $soak_workers; do
		[ -s "/tmp/soak.iter.$w" ] || fail "worker $w never finished an iteration" || return 1
		read -r wrc wt <"/tmp/soak.ended.$w" || fail "worker $w did not say how it ended" || return 1
		[ "$wrc" = 0 ] || fail "worker $w ended with status $wrc: $(cat "/tmp/soak.log.$w")" || return 1
		[ "$wt" -ge "$soak_end" ] || fail "worker $w ended at $((wt - start)) s, before the end" || return 1
	done
	[ "$sock_rc" = 0 ] || fail "soak-sock exited with status $sock_rc: $(cat /tmp/soak.sock)" || return 1
	# shellcheck disable=SC2046 # three numbers
	set -- $(sed -n 's/^soak-sock: \([0-9]*\) \([0-9]*\) \([0-9]*\)$/\1 \2 \3/p' /tmp/soak.sock)
	[ $# = 3 ] || fail "soak-sock: $(cat /tmp/soak.sock)" || return 1
	soak_fig iterations_sock "$1"
	soak_fig sockets_opened "$2"
	soak_fig sockets_failed "$3"
	touch /tmp/soak.timeouts
	soak_fig ip_timeouts "$(wc -l </tmp/soak.timeouts)"
	if [ -s /tmp/soak.timeouts ]; then
		echo "soak: ip processes killed after 120 s (worker, wait channel, batch's first command):"
		sed 's/^/soak:   /' /tmp/soak.timeouts
	fi
	soak_fig faults_phase1_tracker_cache "$p1"
	soak_fig faults_phase2_slab "$p2slab"
	soak_fig faults_phase2_page "$p2page"
	if [ -s /tmp/soak.dbg ]; then
		# Per directory the largest values read, summed.
		# shellcheck disable=SC2046 # three numbers
		set -- $(awk '{ if ($2 > t[$1]) t[$1] = $2; if ($3 > a[$1]) a[$1] = $3 }
			END { for (k in t) { n++; st += t[k]; sa += a[k] }; print n + 0, st + 0, sa + 0 }' /tmp/soak.dbg)
		soak_fig debugfs_dirs_seen "$1"
		soak_fig debugfs_taken_seen "$2"
		soak_fig debugfs_alloc_failures_seen "$3"
	fi
	# The injection must have hit, or the soak proved nothing.
	[ "$p1" -gt 0 ] || fail "phase 1 injected no fault into $(soak_fault_cache)" || return 1
	[ "$p2slab" -gt 0 ] || fail "phase 2 injected no slab fault" || return 1
	# That a tracker allocation failed: the plan's must line on
	# "unreliable refcount tracker" (printed once, early; the judge reads
	# the whole console, which the kernel's log buffer may not keep).
}

# soak_devs: the soak's devices still in init_net (not sit0 and other
# devices the kernel made itself).
soak_devs() {
	for d in /sys/class/net/*; do
		d=${d##*/}
		case $d in
		sv[0-9]* | sb[0-9]* | sm[0-9]* | sx[0-9]* | si[0-9]* | sg[0-9]* | sr[0-9]* | sp[0-9]* | sd[0-9]* | sdx[0-9]*)
			echo "$d"
			;;
		esac
	done
}

# soak_left: the soak's devices and namespaces still there.
soak_left() {
	soak_devs
	for n in /run/netns/soak*; do
		[ -e "$n" ] && echo "netns ${n##*/}"
	done
}

soak_teardown() {
	for n in /run/netns/soak*; do
		[ ! -e "$n" ] || ip netns del "${n##*/}" || true
	done
	# Deleting one device may take others with it (a veth's peer, a
	# vlan on it): a later del of those fails, and that is fine.
	for d in $(soak_devs); do
		ip link del "$d" 2>/dev/null || true
	done
	t=0
	while [ -n "$(soak_left)" ]; do
		t=$((t + 1))
		[ "$t" -le 120 ] || fail "still there after 120 s: $(soak_left | tr '\n' ' ')" || return 1
		sleep 1
	done
	# Namespaces die in a workqueue: give unregister's waits time to show.
	sleep 5
	echo "soak: every device and namespace gone after about $t s"
}

soak_books() {
	[ -d "$soak_rt" ] || skip "no $soak_rt: this kernel has no per-directory counters"
	dirs=0 bad=0 taken=0 released=0 held=0 failures=0 untracked=0
	for f in "$soak_rt"/*; do
		[ -f "$f" ] || continue
		c=$(sed -n 's/.* counters: taken=\([0-9]*\) released=\([0-9]*\) double_released=\([0-9]*\) alloc_failures=\([0-9]*\) untracked=\([0-9]*\) .*/\1 \2 \3 \4 \5/p' "$f" | head -n 1)
		[ -n "$c" ] || continue
		# shellcheck disable=SC2086 # five numbers
		set -- $c
		m=$(sed -n 's/.* has [0-9]*\/\([0-9]*\) users at$/\1/p' "$f" | head -n 1)
		m=${m:-0}
		dirs=$((dirs + 1))
		taken=$((taken + $1)) released=$((released + $2)) held=$((held + m))
		failures=$((failures + $4)) untracked=$((untracked + $5))
		if [ $(($1 - $2)) != "$m" ]; then
			echo "soak: ${f##*/}: taken $1 - released $2 = $(($1 - $2)), but it lists $m references"
			bad=$((bad + 1))
		fi
		if [ "$3" != 0 ]; then
			echo "soak: ${f##*/}: $3 double releases"
			bad=$((bad + 1))
		fi
	done
	[ "$dirs" -gt 0 ] || skip "no counters line in any file of $soak_rt"
	soak_fig books_dirs "$dirs"
	soak_fig books_taken "$taken"
	soak_fig books_released "$released"
	soak_fig books_held "$held"
	soak_fig books_alloc_failures "$failures"
	soak_fig books_untracked_held "$untracked"
	soak_fig books_unbalanced "$bad"
	[ "$bad" = 0 ] || fail "$bad directories whose books do not add up"
}
