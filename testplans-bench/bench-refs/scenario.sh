# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Testplan bench-refs: the guest half of tooling/bench-refs (make bench).
# Loads the ref_tracker_bench module (tooling/bench-module/) twice: once
# to time acquire/release pairs, once to hold references from distinct
# call sites while the stack depot's counters are read before and after. Every
# figure ends up as a KTAP diagnostic line; the machine-readable ones read
# "# ref_tracker_bench: RTBENCH NAME VALUE UNIT".

# shellcheck disable=SC2034 # TESTS is read by qemu/ktap.sh
# Runs as long as it is asked to: no per-test timeout (qemu/ktap.sh).
KTAP_TEST_TIMEOUT=0
TESTS="bench_pairs bench_depot"

rtb_ko=/lib/modules/ref_tracker_bench.ko
rtb_stats=/sys/kernel/debug/stackdepot/stats

# rtb_params: the module's parameters given on the kernel command line
# (ref_tracker_bench.iters=N ref_tracker_bench.rounds=N, set by
# tooling/bench-refs from BENCH_ITERS and BENCH_ROUNDS), as modprobe
# would pass them; the kernel itself ignores them.
rtb_params() {
	tr ' ' '\n' </proc/cmdline | sed -n 's/^ref_tracker_bench\.\(iters=[0-9]*\)$/\1/p; s/^ref_tracker_bench\.\(rounds=[0-9]*\)$/\1/p' | tr '\n' ' '
}

bench_pairs() {
	[ -f "$rtb_ko" ] || fail "$rtb_ko missing"
	params=$(rtb_params)
	echo "ref_tracker_bench: insmod parameters: ${params:-none (module defaults)}"
	# shellcheck disable=SC2086 # one word per parameter
	insmod "$rtb_ko" $params || fail "insmod $rtb_ko $params failed"
	dmesg_since | grep -o 'ref_tracker_bench: .*'
	rmmod ref_tracker_bench || fail "rmmod failed"
	dmesg_since | grep -q 'RTBENCH untracked ' || fail "no figures"
}

# rtb_depot_bytes: the stack depot's persistent_bytes counter.
rtb_depot_bytes() {
	sed -n 's/^persistent_bytes: //p' "$rtb_stats"
}

bench_depot() {
	n=256
	if [ ! -r "$rtb_stats" ]; then
		skip "$rtb_stats missing: no depot figures"
	fi
	before=$(rtb_depot_bytes)
	insmod "$rtb_ko" mode=depot holders=$n || fail "insmod mode=depot failed"
	after=$(rtb_depot_bytes)
	dmesg_since | grep -o 'ref_tracker_bench: .*'
	rmmod ref_tracker_bench || fail "rmmod failed"
	echo "ref_tracker_bench: depot grew by $((after - before)) bytes for $n call sites"
	echo "ref_tracker_bench: RTBENCH depot_bytes_per_site $(((after - before) / n)) bytes"
}
