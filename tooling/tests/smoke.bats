#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0
#
# tooling/smoke: the smoke runs make test adds for the targets it does
# not otherwise run end to end. bench runs tooling/bench-refs for real,
# qemu/run, qemu/mkinitramfs and qemu/judge (with the kernel's kunit.py)
# included, on stand-ins for what would need a kernel: a QEMU that
# prints a recorded console (fixtures/bench/run-*.console) and, like a
# kernel with KUnit's core, an empty KTAP document unless the command
# line says kunit.enable=0; a `make` that "builds" the module; kernels
# that are text files. census runs on a small work repository.

load helpers

setup_file() {
	local kf
	# The judge needs the kernel's KTAP parser: without it, a failure.
	kf=$(kernel_files)
	export KUNIT_DIR=$kf/tools/testing/kunit
	[ -f "$KUNIT_DIR/kunit.py" ]
}

setup() {
	hermetic_env "$BATS_TEST_TMPDIR"
	S=$BATS_TEST_TMPDIR/stand-ins
	mkdir -p "$S"
	W=$CACHE_DIR/base/test/linux
	mkdir -p "$W"
	git init -q "$W"
	printf '%s\nbase\n' "$W" >"$CACHE_DIR/current-base"
}

# bench_stand_ins: the two make test kernels, their trees, the module
# build and QEMU, all stand-ins. The consoles lack the contended
# figures, as those of make test's one-CPU kernels do; FAKE_QEMU_DROP=ERE
# leaves the figures it matches out instead.
bench_stand_ins() {
	local name label

	mkdir -p "$TOPICS_DIR/01-ref-tracker-core"
	for name in 00-base 01-ref-tracker-core; do
		label=ours
		[ "$name" = 00-base ] && label=base
		mkdir -p "$OUT/kernels/$name/modules" "$CACHE_DIR/base/test/trees/$name/build" \
			"$CACHE_DIR/base/test/trees/$name/src/tools/testing"
		ln -s "$KUNIT_DIR" "$CACHE_DIR/base/test/trees/$name/src/tools/testing/kunit"
		echo "$label" >"$OUT/kernels/$name/bzImage"
		echo "stand-in $name" >"$OUT/kernels/$name/commit"
		printf 'CONFIG_KUNIT=y\nCONFIG_NET_DEV_REFCNT_TRACKER=y\n' >"$OUT/kernels/$name/config"
		printf '#!/bin/sh\ncat >/dev/null\necho initramfs\n' >"$OUT/kernels/$name/gen_init_cpio"
		chmod +x "$OUT/kernels/$name/gen_init_cpio"
	done
	# The recorded consoles; ours' predates the acquire site tables, which
	# make test's kernels have: it gets an unsampled pair (120 ns) after
	# its sampled one, as a kernel with them prints it.
	mkdir -p "$BATS_TEST_TMPDIR/consoles"
	cp "$FIXTURES"/bench/run-base.console "$FIXTURES"/bench/netns-smoke-*.console "$BATS_TEST_TMPDIR/consoles/"
	sed -e 's/^\(.*RTBENCH \)sampled64 \([0-9.]*\) ns\(\r\?\)$/&\n\1unsampled 120.000 ns\3/' \
		"$FIXTURES/bench/run-ours.console" >"$BATS_TEST_TMPDIR/consoles/run-ours.console"
	grep -q 'RTBENCH unsampled 120.000 ns' "$BATS_TEST_TMPDIR/consoles/run-ours.console"
	# make -C BUILD M=DIR modules: the module; anything else: the real make.
	cat >"$S/make" <<-EOF
		#!/bin/sh
		for a; do case "\$a" in M=*) m=\${a#M=} ;; esac; done
		if [ -n "\${m:-}" ]; then echo module >"\$m/ref_tracker_bench.ko"; exit 0; fi
		exec $(command -v make) "\$@"
	EOF
	# QEMU: the recorded console of the kernel it is given.
	cat >"$S/qemu" <<-EOF
		#!/bin/sh
		# qemu/run keys its kept verdict on the version: not a boot.
		[ "\$1" != --version ] || { echo "QEMU emulator version 0 (stand-in)"; exit 0; }
		while [ \$# -gt 0 ]; do
			case "\$1" in
			-kernel) k=\$2; shift ;;
			-append) a=\$2; shift ;;
			esac
			shift
		done
		echo "\$a" >>"$BATS_TEST_TMPDIR/cmdlines"
		case "\$a" in
		*kunit.enable=0*) ;;
		*) printf '[    0.500000] KTAP version 1\r\n[    0.500001] 1..0\r\n' ;;
		esac
		case "\$a" in
		# The namespace churn plan (tooling/bench-netns): its own consoles.
		*rtnetns.*) grep -vE "RTNETNS (\${FAKE_NETNS_DROP:-none}) " "$BATS_TEST_TMPDIR/consoles/netns-smoke-\$(cat "\$k").console" ;;
		*) grep -vE "RTBENCH (\${FAKE_QEMU_DROP:-[a-z0-9_]*_contended}) " "$BATS_TEST_TMPDIR/consoles/run-\$(cat "\$k").console" ;;
		esac
	EOF
	chmod +x "$S/make" "$S/qemu"
	export PATH=$S:$PATH QEMU=$S/qemu
}

@test "smoke: usage errors exit 2; --list names every run" {
	run "$REPO/tooling/smoke"
	assert_status 2
	run "$REPO/tooling/smoke" nope
	assert_status 2
	assert_output_has "no smoke run 'nope'"
	run "$REPO/tooling/smoke" --list
	assert_status 0
	[ "$(tr '\n' ' ' <<<"$output")" = "clean census bench-check bench bench-paths selftests " ] || fail_with "list"
}

@test "smoke: bench-paths boots the paths plan on make test's topic 04 kernel, both sides, and reads the table" {
	local name=04-netdev-conversions
	mkdir -p "$TOPICS_DIR/$name" "$OUT/kernels/$name/modules" "$CACHE_DIR/base/test/trees/$name/src/tools/testing"
	ln -s "$KUNIT_DIR" "$CACHE_DIR/base/test/trees/$name/src/tools/testing/kunit"
	echo after >"$OUT/kernels/$name/bzImage"
	echo "stand-in $name" >"$OUT/kernels/$name/commit"
	echo "CONFIG_KUNIT=y" >"$OUT/kernels/$name/config"
	printf '#!/bin/sh\ncat >/dev/null\necho initramfs\n' >"$OUT/kernels/$name/gen_init_cpio"
	chmod +x "$OUT/kernels/$name/gen_init_cpio"
	# QEMU: a console recorded from the real kernel (2026-12-06).
	cat >"$S/qemu" <<-EOF
		#!/bin/sh
		[ "\$1" != --version ] || { echo "QEMU emulator version 0 (stand-in)"; exit 0; }
		while [ \$# -gt 0 ]; do
			case "\$1" in -append) echo "\$2" >>"$BATS_TEST_TMPDIR/cmdlines"; shift ;; esac
			shift
		done
		grep -v "RTPATH \${FAKE_QEMU_DROP:-none} " "$FIXTURES/bench-paths/run-after.console"
	EOF
	chmod +x "$S/qemu"
	export PATH=$S:$PATH QEMU=$S/qemu
	run "$REPO/tooling/smoke" bench-paths
	assert_status 0
	assert_output_has "smoke bench-paths: pass"
	grep -q "SMOKE RUN" "$OUT/smoke/bench-paths/paths/table.txt" || fail_with "table: $(cat "$OUT/smoke/bench-paths/paths/table.txt")"
	grep -q 'pathbench.iters=500 pathbench.rounds=1' "$BATS_TEST_TMPDIR/cmdlines" || fail_with "cmdline: $(cat "$BATS_TEST_TMPDIR/cmdlines")"
	# A path the console lacks fails the boot (the plan's must line).
	FAKE_QEMU_DROP=tap_write run "$REPO/tooling/smoke" bench-paths
	assert_status 1
	assert_output_has "smoke bench-paths: FAIL"
	# Without topic 04 in TOPICS: skipped, saying why.
	TOPICS=01 run "$REPO/tooling/smoke" bench-paths
	assert_status 4
	assert_output_has "leaves out 04-netdev-conversions"
}

@test "smoke: clean, clean-base and distclean through the Makefile on a scratch OUT and cache" {
	run "$REPO/tooling/smoke" clean
	assert_status 0
	assert_output_has "keeping current base"
	assert_output_has "smoke clean: pass"
}

@test "smoke: bench boots the bench plan with tiny rounds on make test's kernels and reads the table" {
	bench_stand_ins
	run "$REPO/tooling/smoke" bench
	assert_status 0
	assert_output_has "smoke bench: pass"
	grep -q "tracked_q128 (ns)" "$OUT/smoke/bench/table.txt"
	# One CPU: no contended figures, and the plan does not ask for them.
	if grep -q _contended "$OUT/smoke/bench/table.txt" "$OUT/smoke/bench/plans/bench-refs/expect"; then
		fail_with "contended figures in the table or the plan"
	fi
	# One boot each of each plan, with the plans' command lines and the
	# tiny rounds.
	[ "$(wc -l <"$BATS_TEST_TMPDIR/cmdlines")" -eq 4 ]
	grep -c 'kunit.enable=0 ref_tracker_bench.iters=1000 ref_tracker_bench.rounds=1' "$BATS_TEST_TMPDIR/cmdlines" |
		grep -qx 2 || fail_with "cmdlines: $(cat "$BATS_TEST_TMPDIR/cmdlines")"
	grep -c 'kunit.enable=0 rtnetns.count=2 rtnetns.rounds=1' "$BATS_TEST_TMPDIR/cmdlines" |
		grep -qx 2 || fail_with "cmdlines: $(cat "$BATS_TEST_TMPDIR/cmdlines")"
	[ -f "$OUT/smoke/bench/base/logs/bench-refs.1/console.log" ]
	[ -f "$OUT/smoke/bench/ours/logs/bench-refs.1/console.log" ]
	# The namespace churn: upstream's row and each of ours' modes.
	grep -q '^ours, per-object 1/64 ' "$OUT/smoke/bench/netns/table.txt" ||
		fail_with "churn table: $(cat "$OUT/smoke/bench/netns/table.txt")"
}

@test "smoke: bench fails when the namespace churn lacks one of ours' modes" {
	bench_stand_ins
	FAKE_NETNS_DROP=object64 run "$REPO/tooling/smoke" bench
	assert_status 1
	assert_output_has "no object64 rounds for ours"
	assert_output_has "smoke bench: FAIL"
}

@test "smoke: bench fails when the bench plan lacks kunit.enable=0 (issue 21's regression)" {
	local r=$BATS_TEST_TMPDIR/repo
	bench_stand_ins
	mkdir -p "$r"
	cp -r "$REPO/Makefile" "$REPO/tooling" "$REPO/qemu" "$REPO/testplans-bench" "$r/"
	sed -i '/^cmdline kunit.enable=0$/d' "$r/testplans-bench/bench-refs/expect"
	run "$r/tooling/smoke" bench
	assert_status 1
	assert_output_has "base: bench boot 1 failed"
	assert_output_has "smoke bench: FAIL"
	grep -q "0 tests run" "$OUT/smoke/bench/base/logs/bench-refs.1/judge/ktap.1.out" ||
		fail_with "the judge did not fail the empty KTAP document"
}

@test "smoke: bench fails when a figure is missing from a console" {
	bench_stand_ins
	FAKE_QEMU_DROP='tracked_q0|[a-z0-9_]*_contended' run "$REPO/tooling/smoke" bench
	assert_status 1
	assert_output_has "upstream:tracked_q0"
	assert_output_has "smoke bench: FAIL"
}

@test "smoke: bench without make test's kernels fails (exit 1 for the run), it does not pass" {
	mkdir -p "$TOPICS_DIR/01-ref-tracker-core"
	run "$REPO/tooling/smoke" bench
	assert_status 1
	assert_output_has "no kernel in $OUT/kernels/00-base; run make test first"
}

@test "smoke: a run whose subject TOPICS or NO_BASE left out is skipped (exit 4), saying why" {
	mkdir -p "$TOPICS_DIR/01-ref-tracker-core" "$TOPICS_DIR/02-more"
	TOPICS=02 run "$REPO/tooling/smoke" bench
	assert_status 4
	assert_output_has "smoke bench: skip (TOPICS=02 leaves out 01-ref-tracker-core"
	NO_BASE=1 run "$REPO/tooling/smoke" bench
	assert_status 4
	assert_output_has "smoke bench: skip (NO_BASE=1"
	TOPICS=01 run "$REPO/tooling/smoke" bench-check
	assert_status 4
	assert_output_has "smoke bench-check: skip (TOPICS=01 stops before the last topic"
	# Not skipped when selected: no kernels here, so a failure.
	TOPICS=01 run "$REPO/tooling/smoke" bench
	assert_status 1
	# A skip beside a pass is a pass.
	TOPICS=02 run "$REPO/tooling/smoke" bench clean
	assert_status 0
}

@test "smoke: census counts the work repository's base and topics; a missing base fails" {
	mkdir -p "$W/net/core" "$TOPICS_DIR/01-one"
	printf 'void f(struct net_device *d)\n{\n\tdev_hold(d);\n\tdev_put(d);\n}\n' >"$W/net/core/a.c"
	git -C "$W" add -A
	git -C "$W" commit -q -m base
	git -C "$W" tag base
	git -C "$W" checkout -q -b topic/01-one
	sed -i 's/dev_put(d)/netdev_put(d, NULL)/' "$W/net/core/a.c"
	git -C "$W" commit -q -am one
	run "$REPO/tooling/smoke" census
	assert_status 0
	grep -qx "$(printf 'all\t2\t1')" "$OUT/smoke/census/census.tsv" || fail_with "$(cat "$OUT/smoke/census/census.tsv")"

	rm "$CACHE_DIR/current-base"
	run "$REPO/tooling/smoke" census
	assert_status 1
	assert_output_has "no base imported yet"
}
