# SPDX-License-Identifier: GPL-2.0
#
# The front door. Every target runs one tooling command; the logic lives
# in tooling/ and qemu/. `make help` lists targets and variables.

TOPICS ?=
CACHE_DIR ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/reftrack
# out/ for the default base, out/base-BASE/ for another one.
OUT ?= $(CURDIR)/out$(if $(filter-out 6.12,$(BASE)),/base-$(BASE))
BASE ?= 6.12
BASE_TARBALL ?= /usr/src/linux-source-6.12.tar.xz
BASE_TREE ?=
JOBS ?= $(shell nproc)
QEMU_TIMEOUT ?= 300
QEMU_ACCEL ?= tcg
DRY_RUN ?= 0
V ?= 0
STRICT ?= 0
TOPIC ?=
MBOX ?=
REPLACE ?=
REPIN ?=
KEEP ?=

export TOPICS CACHE_DIR OUT BASE BASE_TARBALL BASE_TREE JOBS QEMU_TIMEOUT \
	QEMU_ACCEL DRY_RUN V STRICT

.DEFAULT_GOAL := all

.PHONY: all help deps base apply build boot check bench-check test \
	test-tooling export import series send-test kasan irqsoff selftests soak census bench bench-netns bench-paths bench-pipeline \
	clean clean-base distclean

all: ## the main job: deps, base, apply, build, boot-test, check, series
	tooling/pipeline

help: ## list targets and variables
	@tooling/help Makefile

deps: ## install missing Debian packages (root) or print the apt-get line
	tooling/deps

base: ## import the BASE kernel tree (deterministic commit, reused; REPIN=1 moves a pin)
	tooling/base $(if $(filter 1,$(REPIN)),--repin)

apply: ## reassemble topics/ onto the base as topic/NN-name branches
	tooling/apply

build: ## build 00-base and every topic (incremental, ccache)
	tooling/pipeline build

boot: ## boot-test 00-base and every topic already built
	tooling/pipeline boot

check: ## per-patch checks (checkpatch, ..., cc, shellcheck, selftest, yamllint, per-patch build, W=1/sparse by identity)
	tooling/check

bench-check: ## time the non-build checks on a 15-patch series against the 60 s target
	tooling/check-bench

test: ## the project's tests: tooling tests, then every boot test
	tooling/test

test-tooling: ## only the tooling tests (bats)
	tooling/test --tooling-only

export: ## write topic/TOPIC back to topics/TOPIC/series.mbox
	tooling/export $(TOPIC)

import: ## take MBOX into TOPIC (new or existing; REPLACE=1 replaces its patches)
	tooling/import $(if $(filter 1,$(REPLACE)),--replace) $(MBOX) $(TOPIC)

series: ## out/series/NAME[-partK]/: mails for TOPICS (default all) via b4; never sends, needs make check
	tooling/series

send-test: ## send out/series through a local SMTP server into a local public-inbox, b4 am each part back by Message-ID
	tooling/send-test $(if $(filter 1,$(KEEP)),--keep)

kasan: ## build and boot-test TOPICS (default: all) with KASAN on (VARIANT=kasan)
	VARIANT=kasan NO_BASE=1 QEMU_MEM=2048 QEMU_TIMEOUT_SCALE=3 tooling/pipeline build boot

irqsoff: ## measure how long a tracker's debugfs read keeps interrupts off (irqsoff tracer; TOPICS default 03-netdev-infra)
	tooling/irqsoff

selftests: ## upstream's net selftests (selftests/list) in the guest on 00-base and the last topic, compared (out/selftests/)
	tooling/selftests

soak: ## KASAN+lockdep kernels of 00-base and the last topic under churn with failing allocations, DURATION s each (out/soak/)
	QEMU_MEM=2048 tooling/soak

census: ## count untracked dev_hold/dev_put call sites per directory, base vs topics
	tooling/census

bench: ## cost of tracking: upstream's ref_tracker vs ours, namespace churn, then topic 04's per-packet paths (out/bench/)
	tooling/bench-refs
	tooling/bench-netns
	tooling/bench-paths

bench-netns: ## only the namespace churn: tracking compiled out vs upstream's vs ours in three modes (out/bench/netns/)
	tooling/bench-netns

bench-paths: ## only topic 04's per-packet paths: topic 03's tree vs 04's, same debug config (out/bench/paths/)
	tooling/bench-paths

bench-pipeline: ## wall time of every stage: cold run, then warm re-run after one edit
	tooling/bench-pipeline

clean: ## remove out/ (logs, kernels, results)
	tooling/clean out

clean-base: ## remove base imports other than each base's current one
	tooling/clean base

distclean: ## remove out/ and the whole cache (base imports, trees)
	tooling/clean all
