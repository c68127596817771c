// SPDX-License-Identifier: GPL-2.0
/*
 * pathbench - time system calls whose kernel path takes a net device
 * reference for each call, for tooling/bench-paths (make bench).
 *
 * Usage: pathbench DEV ITERS ROUNDS
 *
 * Paths, each timed ITERS calls in a row, ROUNDS times, interleaved
 * (packet, tap, udp, packet, ...) so that a slow moment of the host
 * reaches all of them:
 *   packet_snd  sendto() of a 60-byte frame on an AF_PACKET socket,
 *               addressed to DEV by index: packet_snd() looks DEV up
 *               and holds it for the call (tracked by topic 04)
 *   tap_write   write() of a 60-byte frame to a tap device: tun_get()
 *               holds the tap's device for the call (tracked by topic
 *               04); the frame is received and dropped (unknown type)
 *   udp_lo      send() on a UDP socket connected over loopback, whose
 *               receiver never reads: no per-call device reference in
 *               either kernel, the control figure
 *
 * Prints "pathbench: RTPATH NAME NS ns" per path, NS the median over the
 * rounds of the mean nanoseconds per call, and exits 1 when a call
 * fails.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/if_tun.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define FRAME_LEN	60
#define MAX_ROUNDS	64
#define BENCH_ETHERTYPE	0x88b5	/* IEEE 802 local experimental */

enum { P_PACKET, P_TAP, P_UDP, P_NR };
static const char *const names[P_NR] = { "packet_snd", "tap_write", "udp_lo" };

static void die(const char *what)
{
	fprintf(stderr, "pathbench: %s: %s\n", what, strerror(errno));
	exit(1);
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void frame_init(unsigned char *f)
{
	memset(f, 0, FRAME_LEN);
	memset(f, 0xff, 6);			/* broadcast destination */
	f[6] = 0x02;				/* locally administered source */
	f[11] = 0x01;
	f[12] = BENCH_ETHERTYPE >> 8;
	f[13] = BENCH_ETHERTYPE & 0xff;
}

static int tap_open(char *name)
{
	struct ifreq ifr = { 0 };
	int fd, s;

	fd = open("/dev/net/tun", O_RDWR);
	if (fd < 0)
		die("open /dev/net/tun");
	ifr.ifr_flags = IFF_TAP | IFF_NO_PI;
	strncpy(ifr.ifr_name, "benchtap%d", IFNAMSIZ - 1);
	if (ioctl(fd, TUNSETIFF, &ifr) < 0)
		die("TUNSETIFF");
	strncpy(name, ifr.ifr_name, IFNAMSIZ);
	s = socket(AF_INET, SOCK_DGRAM, 0);
	if (s < 0)
		die("socket for SIOCSIFFLAGS");
	if (ioctl(s, SIOCGIFFLAGS, &ifr) < 0)
		die("SIOCGIFFLAGS");
	ifr.ifr_flags |= IFF_UP;
	if (ioctl(s, SIOCSIFFLAGS, &ifr) < 0)
		die("SIOCSIFFLAGS (up)");
	close(s);
	return fd;
}

int main(int argc, char **argv)
{
	double t[P_NR][MAX_ROUNDS], t0;
	struct sockaddr_in rx_addr = { 0 };
	struct sockaddr_ll ll = { 0 };
	unsigned char frame[FRAME_LEN];
	char tap[IFNAMSIZ];
	int pkt, tapfd, rx, tx, p;
	long iters, rounds, i, r;
	socklen_t len;
	int bufsz = 1 << 16;

	if (argc != 4) {
		fprintf(stderr, "usage: pathbench DEV ITERS ROUNDS\n");
		return 2;
	}
	iters = atol(argv[2]);
	rounds = atol(argv[3]);
	if (iters < 1 || rounds < 1 || rounds > MAX_ROUNDS) {
		fprintf(stderr, "pathbench: ITERS >= 1, 1 <= ROUNDS <= %d\n", MAX_ROUNDS);
		return 2;
	}
	frame_init(frame);

	pkt = socket(AF_PACKET, SOCK_RAW, 0);
	if (pkt < 0)
		die("socket(AF_PACKET)");
	ll.sll_family = AF_PACKET;
	ll.sll_protocol = htons(BENCH_ETHERTYPE);
	ll.sll_ifindex = if_nametoindex(argv[1]);
	ll.sll_halen = 6;
	memset(ll.sll_addr, 0xff, 6);
	if (!ll.sll_ifindex)
		die(argv[1]);

	tapfd = tap_open(tap);

	rx = socket(AF_INET, SOCK_DGRAM, 0);
	tx = socket(AF_INET, SOCK_DGRAM, 0);
	if (rx < 0 || tx < 0)
		die("socket(AF_INET, SOCK_DGRAM)");
	setsockopt(rx, SOL_SOCKET, SO_RCVBUF, &bufsz, sizeof(bufsz));
	rx_addr.sin_family = AF_INET;
	rx_addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(rx, (struct sockaddr *)&rx_addr, sizeof(rx_addr)) < 0)
		die("bind (udp receiver)");
	len = sizeof(rx_addr);
	if (getsockname(rx, (struct sockaddr *)&rx_addr, &len) < 0)
		die("getsockname");
	if (connect(tx, (struct sockaddr *)&rx_addr, sizeof(rx_addr)) < 0)
		die("connect (udp sender)");

	for (r = 0; r < rounds; r++) {
		t0 = now_ns();
		for (i = 0; i < iters; i++)
			if (sendto(pkt, frame, FRAME_LEN, 0, (struct sockaddr *)&ll,
				   sizeof(ll)) != FRAME_LEN)
				die("sendto (packet)");
		t[P_PACKET][r] = (now_ns() - t0) / iters;

		t0 = now_ns();
		for (i = 0; i < iters; i++)
			if (write(tapfd, frame, FRAME_LEN) != FRAME_LEN)
				die("write (tap)");
		t[P_TAP][r] = (now_ns() - t0) / iters;

		t0 = now_ns();
		for (i = 0; i < iters; i++)
			if (send(tx, frame, FRAME_LEN, 0) != FRAME_LEN)
				die("send (udp)");
		t[P_UDP][r] = (now_ns() - t0) / iters;
	}
	printf("pathbench: %ld rounds of %ld calls per path; tap %s\n", rounds, iters, tap);
	for (p = 0; p < P_NR; p++) {
		qsort(t[p], rounds, sizeof(double), cmp_double);
		printf("pathbench: RTPATH %s %.1f ns\n", names[p], t[p][rounds / 2]);
	}
	return 0;
}
