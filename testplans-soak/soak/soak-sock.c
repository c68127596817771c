// SPDX-License-Identifier: GPL-2.0
/*
 * soak-sock - the socket worker of make soak's guest loop.
 *
 * Usage: soak-sock SECONDS SEED IFNAME...
 *
 * Until SECONDS have passed, picks one of the IFNAMEs at random (SEED
 * seeds the choice, so that a run can be replayed) and, on that device,
 * opens what holds a reference to it: a UDP socket bound to it
 * (SO_BINDTODEVICE), a packet socket bound to its ifindex, a multicast
 * membership on it, and a multicast routing vif on it. Holds them a few
 * milliseconds, then closes them all. The shell's device workers delete,
 * rename and move the same devices meanwhile, so any of these calls may
 * fail (ENODEV, ENOMEM under fault injection, EADDRINUSE for the vif):
 * failures are counted, not fatal.
 *
 * Prints "soak-sock: ITER OPENED FAILED" at the end, after taking itself
 * out of fault injection. Exit 0, 1 if the summary could not be
 * written, 2 on usage.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <linux/if_packet.h>
#include <linux/mroute.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static long opened, failed;

static void count(int ok)
{
	if (ok)
		opened++;
	else
		failed++;
}

static int udp_bound(const char *ifname)
{
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	if (fd < 0)
		return -1;
	if (setsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, ifname,
		       strlen(ifname) + 1) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static int packet_bound(int ifindex)
{
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET,
		.sll_protocol = htons(ETH_P_ALL),
		.sll_ifindex = ifindex,
	};
	int fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));

	if (fd < 0)
		return -1;
	if (bind(fd, (struct sockaddr *)&sll, sizeof(sll)) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static int mcast_member(int ifindex)
{
	struct ip_mreqn mr = { .imr_ifindex = ifindex };
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	if (fd < 0)
		return -1;
	mr.imr_multiaddr.s_addr = inet_addr("239.1.2.3");
	if (setsockopt(fd, IPPROTO_IP, IP_ADD_MEMBERSHIP, &mr, sizeof(mr)) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* A multicast routing socket with one vif on the device (VIFF_USE_IFINDEX). */
static int mroute_vif(int ifindex)
{
	struct vifctl vc = {
		.vifc_vifi = 0,
		.vifc_flags = VIFF_USE_IFINDEX,
		.vifc_threshold = 1,
		.vifc_lcl_ifindex = ifindex,
	};
	int one = 1;
	int fd = socket(AF_INET, SOCK_RAW, IPPROTO_IGMP);

	if (fd < 0)
		return -1;
	if (setsockopt(fd, IPPROTO_IP, MRT_INIT, &one, sizeof(one)) < 0 ||
	    setsockopt(fd, IPPROTO_IP, MRT_ADD_VIF, &vc, sizeof(vc)) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Take this process out of fault injection; true when that worked. */
static int stop_failing(void)
{
	FILE *f = fopen("/proc/self/make-it-fail", "w");
	int ok;

	if (!f)
		return 0;
	ok = fputs("0\n", f) >= 0;
	return !fclose(f) && ok;
}

int main(int argc, char **argv)
{
	struct timespec now, end;
	long iter = 0;

	if (argc < 4) {
		fprintf(stderr, "usage: soak-sock SECONDS SEED IFNAME...\n");
		return 2;
	}
	srandom(strtoul(argv[2], NULL, 0));
	clock_gettime(CLOCK_MONOTONIC, &end);
	end.tv_sec += strtol(argv[1], NULL, 0);
	do {
		const char *ifname = argv[3 + random() % (argc - 3)];
		int ifindex = if_nametoindex(ifname);
		int fds[4] = { -1, -1, -1, -1 };
		int i;

		iter++;
		fds[0] = udp_bound(ifname);
		count(fds[0] >= 0);
		if (ifindex) {
			fds[1] = packet_bound(ifindex);
			count(fds[1] >= 0);
			fds[2] = mcast_member(ifindex);
			count(fds[2] >= 0);
			/* Only one mroute socket per namespace: one try in four. */
			if (random() % 4 == 0) {
				fds[3] = mroute_vif(ifindex);
				count(fds[3] >= 0);
			}
		} else {
			failed++;
		}
		usleep(1000 + random() % 5000);
		for (i = 0; i < 4; i++)
			if (fds[i] >= 0)
				close(fds[i]);
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while (now.tv_sec < end.tv_sec);
	/*
	 * The shell may have opened this process to fault injection
	 * (/proc/PID/make-it-fail): close it again before the summary, so
	 * that a failed allocation cannot lose what the run counted.
	 */
	for (int i = 0; i < 100 && !stop_failing(); i++)
		usleep(10000);
	printf("soak-sock: %ld %ld %ld\n", iter, opened, failed);
	if (fflush(stdout) || ferror(stdout))
		return 1;
	return 0;
}
