// SPDX-License-Identifier: GPL-2.0
/*
 * tsc-khz - print this machine's TSC frequency in kHz, measured against
 * CLOCK_MONOTONIC over 200 ms (the median of three).
 *
 * QEMU's TCG gives a guest the host's TSC, but a guest without HPET or
 * an ACPI PM timer cannot calibrate it, falls back to jiffies and times
 * everything in 1/HZ steps. tooling/irqsoff passes this figure to the
 * guest as tsc_early_khz= so that the irqsoff tracer measures in
 * nanoseconds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <x86intrin.h>

static double ns_of(const struct timespec *a, const struct timespec *b)
{
	return (b->tv_sec - a->tv_sec) * 1e9 + (b->tv_nsec - a->tv_nsec);
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(void)
{
	const struct timespec nap = { 0, 200000000 };
	struct timespec t0, t1;
	unsigned long long c0, c1;
	double khz[3];
	int i;

	for (i = 0; i < 3; i++) {
		clock_gettime(CLOCK_MONOTONIC, &t0);
		c0 = __rdtsc();
		nanosleep(&nap, NULL);
		c1 = __rdtsc();
		clock_gettime(CLOCK_MONOTONIC, &t1);
		khz[i] = (c1 - c0) / ns_of(&t0, &t1) * 1e6;
	}
	qsort(khz, 3, sizeof(khz[0]), cmp);
	if (khz[1] < 1e5) {
		fprintf(stderr, "tsc-khz: %.0f kHz is not a TSC frequency\n", khz[1]);
		return 1;
	}
	printf("%.0f\n", khz[1]);
	return 0;
}
