// SPDX-License-Identifier: GPL-2.0
/*
 * ref_tracker_bench - what reference tracking costs, measured in a guest.
 *
 * Loaded with mode=time (the default), it times acquire/release pairs with
 * ktime_get_ns() over @iters iterations, @rounds times, and prints the
 * median per figure:
 *
 *   untracked        ref_tracker_alloc(dir, NULL) + ref_tracker_free(dir,
 *                    NULL), what dev_hold()/dev_put() do in the tracker
 *   netdev_untracked netdev_hold(lo, NULL)/netdev_put(lo, NULL)
 *   netdev_tracked   netdev_hold(lo, &tracker)/netdev_put(lo, &tracker)
 *   tracked_q128     a tracked pair on a directory with a quarantine of 128,
 *                    as net devices have
 *   tracked_q0       the same without a quarantine
 *   sampled64        tracked_q128 with one reference in 64 tracked (only
 *                    where ref_tracker_dir_set_sample() exists)
 *   object_off       tracked_q128 on a directory that per-object sampling
 *                    left out, which tracks none of its references (only
 *                    where ref_tracker_dir_set_tracked() exists)
 *   unsampled        tracked_q128 on a directory whose interval is 2^32 - 1,
 *                    so that every pair timed is one that sampled mode
 *                    does not track: what the 63 pairs in 64 of sampled64
 *                    cost, counted at their acquire site (only where
 *                    ref_tracker_alloc_from() exists: the site tables)
 *   *_contended      the same on one directory from two kthreads bound to
 *                    CPUs 0 and 1 (ns per pair, averaged over the threads)
 *   tracker_bytes    ksize() of a live tracker: its slab object size
 *
 * and, to show where a tracked pair's time goes, the parts it is made of,
 * called directly (ns per call, same stack depth as the pairs):
 *
 *   part_stack_trace   stack_trace_save() of 16 entries
 *   part_depot_save    stack_depot_save() of a stack already in the depot
 *   part_slab_pair     kzalloc()/kfree() of a 32-byte object
 *   part_lock_pair     spin_lock_irqsave()/spin_unlock_irqrestore()
 *
 * Rounds are interleaved: every round times each figure once, in the same
 * order, so that a change of host load during the run moves all figures
 * alike instead of biasing the ones that happened to run then.
 *
 * Loaded with mode=depot, it takes @holders references, each from its own
 * call site, and keeps them until it is unloaded, so that the stack depot's
 * growth per call site can be read from /sys/kernel/debug/stackdepot/stats
 * before and after (the testplan does that).
 *
 * Every figure is printed twice: for people, and as one machine-readable
 * line "ref_tracker_bench: RTBENCH NAME VALUE UNIT".
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/ref_tracker.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/stackdepot.h>
#include <linux/stacktrace.h>
#include <net/net_namespace.h>

static unsigned int iters = 20000;
module_param(iters, uint, 0444);
MODULE_PARM_DESC(iters, "acquire/release pairs per round");

static unsigned int rounds = 7;
module_param(rounds, uint, 0444);
MODULE_PARM_DESC(rounds, "rounds per figure; the median is reported");

static char *mode = "time";
module_param(mode, charp, 0444);
MODULE_PARM_DESC(mode, "time: time the pairs; depot: hold references");

#define RTB_SITES	32
#define RTB_VIAS	8
#define RTB_MAX_HOLDERS	(RTB_SITES * RTB_VIAS)

static unsigned int holders = RTB_MAX_HOLDERS;
module_param(holders, uint, 0444);
MODULE_PARM_DESC(holders, "mode=depot: references from distinct call sites");

#define RTB_MAX_ROUNDS	31

enum rtb_kind {
	RTB_UNTRACKED,
	RTB_TRACKED,
	RTB_NETDEV_UNTRACKED,
	RTB_NETDEV_TRACKED,
	RTB_PART_STACK_TRACE,
	RTB_PART_DEPOT_SAVE,
	RTB_PART_SLAB_PAIR,
	RTB_PART_LOCK_PAIR,
};

struct rtb_job {
	struct ref_tracker_dir	*dir;
	enum rtb_kind		kind;
};

static DEFINE_SPINLOCK(rtb_lock);

/* One pass of @iters pairs; returns the elapsed nanoseconds. */
static u64 rtb_pass(const struct rtb_job *job)
{
	struct net_device *lo = init_net.loopback_dev;
	unsigned long entries[16];
	struct ref_tracker *tracker = NULL;
	netdevice_tracker ntracker;
	unsigned long flags;
	unsigned int i, nr;
	void *p;
	u64 t0;

	memset(&ntracker, 0, sizeof(ntracker));
	nr = stack_trace_save(entries, ARRAY_SIZE(entries), 1);
	t0 = ktime_get_ns();
	switch (job->kind) {
	case RTB_UNTRACKED:
		for (i = 0; i < iters; i++) {
			ref_tracker_alloc(job->dir, NULL, GFP_KERNEL);
			ref_tracker_free(job->dir, NULL);
		}
		break;
	case RTB_TRACKED:
		for (i = 0; i < iters; i++) {
			ref_tracker_alloc(job->dir, &tracker, GFP_KERNEL);
			ref_tracker_free(job->dir, &tracker);
		}
		break;
	case RTB_NETDEV_UNTRACKED:
		for (i = 0; i < iters; i++) {
			netdev_hold(lo, NULL, GFP_KERNEL);
			netdev_put(lo, NULL);
		}
		break;
	case RTB_NETDEV_TRACKED:
		for (i = 0; i < iters; i++) {
			netdev_hold(lo, &ntracker, GFP_KERNEL);
			netdev_put(lo, &ntracker);
		}
		break;
	case RTB_PART_STACK_TRACE:
		for (i = 0; i < iters; i++)
			nr = stack_trace_save(entries, ARRAY_SIZE(entries), 1);
		break;
	case RTB_PART_DEPOT_SAVE:
		for (i = 0; i < iters; i++)
			stack_depot_save(entries, nr, GFP_NOWAIT | __GFP_NOWARN);
		break;
	case RTB_PART_SLAB_PAIR:
		for (i = 0; i < iters; i++) {
			p = kzalloc(32, GFP_KERNEL);
			barrier();
			kfree(p);
		}
		break;
	case RTB_PART_LOCK_PAIR:
		for (i = 0; i < iters; i++) {
			spin_lock_irqsave(&rtb_lock, flags);
			spin_unlock_irqrestore(&rtb_lock, flags);
		}
		break;
	}
	return ktime_get_ns() - t0;
}

static int rtb_cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/* Print a figure in picoseconds per pair as ns with three decimals. */
static void rtb_report(const char *name, u64 *ps, unsigned int n)
{
	u64 med;

	sort(ps, n, sizeof(*ps), rtb_cmp_u64, NULL);
	med = ps[n / 2];
	pr_info("%-24s %llu.%03llu ns/pair (median of %u rounds of %u; min %llu.%03llu, max %llu.%03llu)\n",
		name, med / 1000, med % 1000, n, iters,
		ps[0] / 1000, ps[0] % 1000, ps[n - 1] / 1000, ps[n - 1] % 1000);
	pr_info("RTBENCH %s %llu.%03llu ns\n", name, med / 1000, med % 1000);
}

/* Two kthreads, one per CPU, run the same job on the same directory. */
struct rtb_thread {
	const struct rtb_job	*job;
	atomic_t		*ready;
	struct completion	done;
	u64			ns;
};

static int rtb_thread_fn(void *data)
{
	struct rtb_thread *t = data;

	/* Start together: both must contend from the first pair. */
	atomic_dec(t->ready);
	while (atomic_read(t->ready))
		cpu_relax();
	t->ns = rtb_pass(t->job);
	complete(&t->done);
	return 0;
}

/* One contended pass: ns per pair averaged over both threads, or -errno. */
static s64 rtb_pass_contended(const struct rtb_job *job)
{
	struct task_struct *p[2];
	struct rtb_thread th[2];
	unsigned int i;
	atomic_t ready;

	atomic_set(&ready, 2);
	/* Create both before either runs: the first one spins. */
	for (i = 0; i < 2; i++) {
		th[i].job = job;
		th[i].ready = &ready;
		init_completion(&th[i].done);
		p[i] = kthread_create(rtb_thread_fn, &th[i], "rtbench/%u", i);
		if (IS_ERR(p[i])) {
			if (i)
				kthread_stop(p[0]);
			return PTR_ERR(p[i]);
		}
		kthread_bind(p[i], i);
	}
	for (i = 0; i < 2; i++)
		wake_up_process(p[i]);
	for (i = 0; i < 2; i++)
		wait_for_completion(&th[i].done);
	return (th[0].ns + th[1].ns) / 2;
}

struct rtb_fig {
	const char	*name;
	struct rtb_job	job;
	bool		contended;
	u64		ps[RTB_MAX_ROUNDS];
};

/*
 * Time every figure once per round, rounds interleaved, after one pass of
 * each to warm up caches and the stack depot; report the medians.
 */
static int rtb_time_all(struct rtb_fig *figs, unsigned int n)
{
	unsigned int r, f;
	s64 ns;

	for (r = 0; r <= rounds; r++) {
		for (f = 0; f < n; f++) {
			if (figs[f].contended)
				ns = rtb_pass_contended(&figs[f].job);
			else
				ns = rtb_pass(&figs[f].job);
			if (ns < 0)
				return ns;
			/* Round 0 warms up. */
			if (r)
				figs[f].ps[r - 1] = div_u64(ns * 1000, iters);
			cond_resched();
		}
	}
	for (f = 0; f < n; f++)
		rtb_report(figs[f].name, figs[f].ps, rounds);
	return 0;
}

#define RTB_MAX_FIGS	16

static int rtb_run_time(void)
{
	struct ref_tracker *tracker = NULL;
	struct ref_tracker_dir *dirs;
	struct rtb_fig *figs;
	unsigned int n = 0;
	bool smp;
	int ret;

	dirs = kcalloc(5, sizeof(*dirs), GFP_KERNEL);
	figs = kcalloc(RTB_MAX_FIGS, sizeof(*figs), GFP_KERNEL);
	if (!dirs || !figs) {
		kfree(dirs);
		kfree(figs);
		return -ENOMEM;
	}
	ref_tracker_dir_init(&dirs[0], 128, "rtbench_q128");
	ref_tracker_dir_init(&dirs[1], 0, "rtbench_q0");
	ref_tracker_dir_init(&dirs[2], 128, "rtbench_sampled");
	ref_tracker_dir_init(&dirs[3], 128, "rtbench_object_off");
	ref_tracker_dir_init(&dirs[4], 128, "rtbench_unsampled");

	/* The slab object behind a live tracker. */
	ref_tracker_alloc(&dirs[0], &tracker, GFP_KERNEL);
	pr_info("tracker_bytes %zu (slab object size of a live tracker)\n",
		ksize(tracker));
	pr_info("RTBENCH tracker_bytes %zu bytes\n", ksize(tracker));
	ref_tracker_free(&dirs[0], &tracker);

#define RTB_FIG(nm, d, k, c) \
	(figs[n++] = (struct rtb_fig){ .name = nm, .job = { d, k }, .contended = c })
	RTB_FIG("untracked", &dirs[0], RTB_UNTRACKED, false);
	RTB_FIG("netdev_untracked", NULL, RTB_NETDEV_UNTRACKED, false);
	RTB_FIG("netdev_tracked", NULL, RTB_NETDEV_TRACKED, false);
	RTB_FIG("tracked_q128", &dirs[0], RTB_TRACKED, false);
	RTB_FIG("tracked_q0", &dirs[1], RTB_TRACKED, false);
#ifdef RT_BENCH_HAVE_SAMPLE
	ref_tracker_dir_set_sample(&dirs[2], 64);
	RTB_FIG("sampled64", &dirs[2], RTB_TRACKED, false);
#else
	pr_info("sampled64: skipped, this kernel has no sampled mode\n");
#endif
#ifdef RT_BENCH_HAVE_OBJECTS
	ref_tracker_dir_set_tracked(&dirs[3], false);
	RTB_FIG("object_off", &dirs[3], RTB_TRACKED, false);
#else
	pr_info("object_off: skipped, this kernel has no per-object sampling\n");
#endif
#ifdef RT_BENCH_HAVE_SITES
	ref_tracker_dir_set_sample(&dirs[4], UINT_MAX);
	RTB_FIG("unsampled", &dirs[4], RTB_TRACKED, false);
#else
	pr_info("unsampled: skipped, this kernel has no acquire site tables\n");
#endif
	RTB_FIG("part_stack_trace", NULL, RTB_PART_STACK_TRACE, false);
	RTB_FIG("part_depot_save", NULL, RTB_PART_DEPOT_SAVE, false);
	RTB_FIG("part_slab_pair", NULL, RTB_PART_SLAB_PAIR, false);
	RTB_FIG("part_lock_pair", NULL, RTB_PART_LOCK_PAIR, false);
	smp = num_online_cpus() >= 2;
	if (smp) {
		RTB_FIG("untracked_contended", &dirs[0], RTB_UNTRACKED, true);
		RTB_FIG("tracked_q128_contended", &dirs[0], RTB_TRACKED, true);
		RTB_FIG("tracked_q0_contended", &dirs[1], RTB_TRACKED, true);
#ifdef RT_BENCH_HAVE_SAMPLE
		RTB_FIG("sampled64_contended", &dirs[2], RTB_TRACKED, true);
#endif
	} else {
		pr_info("contended figures: skipped, %u CPU online\n",
			num_online_cpus());
	}
#undef RTB_FIG

	ret = rtb_time_all(figs, n);

	ref_tracker_dir_exit(&dirs[4]);
	ref_tracker_dir_exit(&dirs[3]);
	ref_tracker_dir_exit(&dirs[2]);
	ref_tracker_dir_exit(&dirs[1]);
	ref_tracker_dir_exit(&dirs[0]);
	kfree(figs);
	kfree(dirs);
	return ret;
}

/*
 * mode=depot: RTB_VIAS x RTB_SITES distinct acquire stacks. Each site and
 * each via uses its own slot offset, so that no two of them compile to the
 * same code and the compiler cannot fold them into one function.
 */
static struct ref_tracker_dir rtb_depot_dir;
static struct ref_tracker **rtb_slots;

typedef int (*rtb_site_fn)(struct ref_tracker **slots);

#define RTB_SITE(n)							\
static noinline int rtb_site_##n(struct ref_tracker **slots)		\
{									\
	int ret = ref_tracker_alloc(&rtb_depot_dir, &slots[n],		\
				    GFP_KERNEL);			\
									\
	barrier();							\
	return ret;							\
}

#define RTB_VIA(m)							\
static noinline int rtb_via_##m(rtb_site_fn fn)				\
{									\
	int ret = fn(rtb_slots + (m) * RTB_SITES);			\
									\
	barrier();							\
	return ret;							\
}

RTB_SITE(0) RTB_SITE(1) RTB_SITE(2) RTB_SITE(3)
RTB_SITE(4) RTB_SITE(5) RTB_SITE(6) RTB_SITE(7)
RTB_SITE(8) RTB_SITE(9) RTB_SITE(10) RTB_SITE(11)
RTB_SITE(12) RTB_SITE(13) RTB_SITE(14) RTB_SITE(15)
RTB_SITE(16) RTB_SITE(17) RTB_SITE(18) RTB_SITE(19)
RTB_SITE(20) RTB_SITE(21) RTB_SITE(22) RTB_SITE(23)
RTB_SITE(24) RTB_SITE(25) RTB_SITE(26) RTB_SITE(27)
RTB_SITE(28) RTB_SITE(29) RTB_SITE(30) RTB_SITE(31)
RTB_VIA(0) RTB_VIA(1) RTB_VIA(2) RTB_VIA(3)
RTB_VIA(4) RTB_VIA(5) RTB_VIA(6) RTB_VIA(7)

static const rtb_site_fn rtb_sites[RTB_SITES] = {
	rtb_site_0, rtb_site_1, rtb_site_2, rtb_site_3,
	rtb_site_4, rtb_site_5, rtb_site_6, rtb_site_7,
	rtb_site_8, rtb_site_9, rtb_site_10, rtb_site_11,
	rtb_site_12, rtb_site_13, rtb_site_14, rtb_site_15,
	rtb_site_16, rtb_site_17, rtb_site_18, rtb_site_19,
	rtb_site_20, rtb_site_21, rtb_site_22, rtb_site_23,
	rtb_site_24, rtb_site_25, rtb_site_26, rtb_site_27,
	rtb_site_28, rtb_site_29, rtb_site_30, rtb_site_31,
};

static int (*const rtb_vias[RTB_VIAS])(rtb_site_fn fn) = {
	rtb_via_0, rtb_via_1, rtb_via_2, rtb_via_3,
	rtb_via_4, rtb_via_5, rtb_via_6, rtb_via_7,
};

static int rtb_run_depot(void)
{
	unsigned int i;

	holders = min_t(unsigned int, holders, RTB_MAX_HOLDERS);
	rtb_slots = kcalloc(RTB_MAX_HOLDERS, sizeof(*rtb_slots), GFP_KERNEL);
	if (!rtb_slots)
		return -ENOMEM;
	ref_tracker_dir_init(&rtb_depot_dir, 0, "rtbench_depot");
	for (i = 0; i < holders; i++)
		rtb_vias[i / RTB_SITES](rtb_sites[i % RTB_SITES]);
	pr_info("depot: holding %u references from %u call sites\n",
		holders, holders);
	return 0;
}

static void rtb_release_depot(void)
{
	unsigned int i;

	if (!rtb_slots)
		return;
	for (i = 0; i < holders; i++)
		ref_tracker_free(&rtb_depot_dir, &rtb_slots[i]);
	ref_tracker_dir_exit(&rtb_depot_dir);
	kfree(rtb_slots);
}

static int __init rtb_init(void)
{
	if (!strcmp(mode, "depot"))
		return rtb_run_depot();
	if (strcmp(mode, "time"))
		return -EINVAL;
	if (!iters || !rounds || rounds > RTB_MAX_ROUNDS)
		return -EINVAL;
#ifdef RT_BENCH_HAVE_SAMPLE
	pr_info("kernel: ref_tracker with sampled mode\n");
#else
	pr_info("kernel: ref_tracker without sampled mode\n");
#endif
	return rtb_run_time();
}

static void __exit rtb_exit(void)
{
	rtb_release_depot();
}

module_init(rtb_init);
module_exit(rtb_exit);

MODULE_DESCRIPTION("Cost of ref_tracker: ns per pair, bytes per tracker");
MODULE_LICENSE("GPL");
