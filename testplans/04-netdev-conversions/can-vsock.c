// SPDX-License-Identifier: GPL-2.0
/*
 * can-vsock - drive the CAN socket paths that take net device references,
 * for testplan 04-netdev-conversions.
 *
 * Usage: can-vsock can IFNAME SECONDS
 *            on a vcan device IFNAME (up): a CAN_RAW socket bound to it,
 *            sending with write() and with sendto() by ifindex; a
 *            CAN_BCM socket connected to it, with a cyclic transmit op
 *            (TX_SETUP with TX_ANNOUNCE, then its timer) and a TX_SEND;
 *            a CAN_BCM socket connected to any device, with a receive
 *            op on IFNAME (RX_SETUP, the ifindex given by sendto()); two
 *            ISO-TP sockets bound to it, one sending a 64-byte PDU to
 *            the other (first frame, flow control, consecutive frames);
 *            a J1939 socket bound to it; then the error paths (BCM
 *            connect() and RX_SETUP, J1939 bind() on lo, a CAN_RAW
 *            write of a size no CAN frame has). Prints
 *            "can sockets bound", holds them SECONDS, closes them and
 *            prints "can sockets closed".
 *        can-vsock vsock
 *            an AF_VSOCK stream connection over the loopback transport
 *            (VMADDR_CID_LOCAL): listen, connect, accept, one message
 *            each way, close.
 *
 * Every step prints one line; exit 0 when all of them succeeded, 1 when
 * one failed (the line says which), 2 on a usage error.
 */
#include <net/if.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>
#include <linux/can.h>
#include <linux/can/bcm.h>
#include <linux/can/isotp.h>
#include <linux/can/j1939.h>
#include <linux/can/raw.h>
#include <linux/vm_sockets.h>

static int step(int ok, const char *what)
{
	if (ok) {
		printf("can-vsock: %s: ok\n", what);
		return 0;
	}
	printf("can-vsock: %s: FAILED (%s)\n", what, strerror(errno));
	return 1;
}

static int can_raw(int ifindex, int *fd)
{
	struct sockaddr_can addr = { .can_family = AF_CAN,
				     .can_ifindex = ifindex };
	struct can_frame cf = { .can_id = 0x321, .len = 2,
				.data = { 0xde, 0xad } };
	int err = 0;

	*fd = socket(PF_CAN, SOCK_RAW, CAN_RAW);
	if (step(*fd >= 0, "raw socket"))
		return 1;
	err |= step(!bind(*fd, (struct sockaddr *)&addr, sizeof(addr)),
		    "raw bind");
	err |= step(write(*fd, &cf, sizeof(cf)) == sizeof(cf),
		    "raw write on the bound device");
	err |= step(sendto(*fd, &cf, sizeof(cf), 0, (struct sockaddr *)&addr,
			   sizeof(addr)) == sizeof(cf),
		    "raw sendto by ifindex");
	return err;
}

struct bcm_msg {
	struct bcm_msg_head head;
	struct can_frame frame[1];
};

static int can_bcm(int ifindex, int *fd, int *anyfd)
{
	struct sockaddr_can addr = { .can_family = AF_CAN,
				     .can_ifindex = ifindex };
	struct sockaddr_can any = { .can_family = AF_CAN };
	struct bcm_msg msg;
	int err = 0;

	*fd = socket(PF_CAN, SOCK_DGRAM, CAN_BCM);
	*anyfd = socket(PF_CAN, SOCK_DGRAM, CAN_BCM);
	if (step(*fd >= 0 && *anyfd >= 0, "bcm sockets"))
		return 1;
	err |= step(!connect(*fd, (struct sockaddr *)&addr, sizeof(addr)),
		    "bcm connect");
	err |= step(!connect(*anyfd, (struct sockaddr *)&any, sizeof(any)),
		    "bcm connect to any device");

	/* A receive op on the device, which keeps its reference, set up
	 * through the socket bound to any device: the ifindex comes with
	 * sendto().
	 */
	memset(&msg, 0, sizeof(msg));
	msg.head.opcode = RX_SETUP;
	msg.head.can_id = 0x123;
	msg.head.flags = RX_FILTER_ID;
	err |= step(sendto(*anyfd, &msg, sizeof(msg.head), 0,
			   (struct sockaddr *)&addr, sizeof(addr)) ==
		    sizeof(msg.head), "bcm RX_SETUP by sendto");

	/* A cyclic transmit op, sent at once and then from its timer. */
	memset(&msg, 0, sizeof(msg));
	msg.head.opcode = TX_SETUP;
	msg.head.can_id = 0x124;
	msg.head.flags = SETTIMER | STARTTIMER | TX_ANNOUNCE;
	msg.head.count = 3;
	msg.head.ival1.tv_usec = 10000;
	msg.head.nframes = 1;
	msg.frame[0].can_id = 0x124;
	msg.frame[0].len = 1;
	msg.frame[0].data[0] = 0x42;
	err |= step(write(*fd, &msg, sizeof(msg)) == sizeof(msg),
		    "bcm TX_SETUP");

	msg.head.opcode = TX_SEND;
	msg.head.flags = 0;
	msg.head.count = 0;
	msg.head.ival1.tv_usec = 0;
	msg.frame[0].can_id = 0x123;
	err |= step(write(*fd, &msg, sizeof(msg)) == sizeof(msg),
		    "bcm TX_SEND");
	return err;
}

static int isotp_open(int ifindex, canid_t tx, canid_t rx)
{
	struct sockaddr_can addr = { .can_family = AF_CAN,
				     .can_ifindex = ifindex };
	int fd;

	addr.can_addr.tp.tx_id = tx;
	addr.can_addr.tp.rx_id = rx;
	fd = socket(PF_CAN, SOCK_DGRAM, CAN_ISOTP);
	if (fd < 0)
		return -1;
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr))) {
		close(fd);
		return -1;
	}
	return fd;
}

static int can_isotp(int ifindex, int *a, int *b)
{
	unsigned char out[64], in[sizeof(out) + 1];
	struct pollfd pfd;
	ssize_t n;
	int err = 0;

	*a = isotp_open(ifindex, 0x700, 0x708);
	*b = isotp_open(ifindex, 0x708, 0x700);
	if (step(*a >= 0 && *b >= 0, "isotp bind"))
		return 1;
	memset(out, 0x5a, sizeof(out));
	err |= step(write(*a, out, sizeof(out)) == sizeof(out),
		    "isotp send of a multi-frame PDU");
	pfd.fd = *b;
	pfd.events = POLLIN;
	n = -1;
	if (poll(&pfd, 1, 5000) == 1)
		n = read(*b, in, sizeof(in));
	err |= step(n == sizeof(out) && !memcmp(in, out, sizeof(out)),
		    "isotp receive with flow control");
	return err;
}

static int can_j1939(int ifindex, int *fd)
{
	struct sockaddr_can addr = { .can_family = AF_CAN,
				     .can_ifindex = ifindex };
	unsigned char data[4] = { 1, 2, 3, 4 };
	int err = 0;

	addr.can_addr.j1939.name = J1939_NO_NAME;
	addr.can_addr.j1939.addr = 0x20;
	addr.can_addr.j1939.pgn = J1939_NO_PGN;
	*fd = socket(PF_CAN, SOCK_DGRAM, CAN_J1939);
	if (step(*fd >= 0, "j1939 socket"))
		return 1;
	err |= step(!bind(*fd, (struct sockaddr *)&addr, sizeof(addr)),
		    "j1939 bind");
	addr.can_addr.j1939.addr = 0x30;
	addr.can_addr.j1939.pgn = 0x12300;
	err |= step(sendto(*fd, data, sizeof(data), 0,
			   (struct sockaddr *)&addr, sizeof(addr)) ==
		    sizeof(data), "j1939 sendto");
	return err;
}

/* The error paths that drop the lookup's reference: a device without
 * CAN private data (lo) for BCM connect(), BCM RX_SETUP by sendto() and
 * J1939 bind(), and a CAN_RAW write of a size no CAN frame has.
 */
static int can_errors(int raw)
{
	struct sockaddr_can lo = { .can_family = AF_CAN,
				   .can_ifindex = if_nametoindex("lo") };
	struct sockaddr_can any = { .can_family = AF_CAN };
	struct bcm_msg_head head = { .opcode = RX_SETUP, .can_id = 0x125,
				     .flags = RX_FILTER_ID };
	char junk[14] = { 0 };
	int fd, err = 0;

	fd = socket(PF_CAN, SOCK_DGRAM, CAN_BCM);
	err |= step(fd >= 0 && connect(fd, (struct sockaddr *)&lo,
				       sizeof(lo)) < 0 && errno == ENODEV,
		    "bcm connect to lo: ENODEV as expected");
	if (fd >= 0)
		close(fd);
	fd = socket(PF_CAN, SOCK_DGRAM, CAN_BCM);
	err |= step(fd >= 0 &&
		    !connect(fd, (struct sockaddr *)&any, sizeof(any)) &&
		    sendto(fd, &head, sizeof(head), 0, (struct sockaddr *)&lo,
			   sizeof(lo)) < 0 && errno == ENODEV,
		    "bcm RX_SETUP by sendto to lo: ENODEV as expected");
	if (fd >= 0)
		close(fd);
	lo.can_addr.j1939.name = J1939_NO_NAME;
	lo.can_addr.j1939.addr = 0x21;
	lo.can_addr.j1939.pgn = J1939_NO_PGN;
	fd = socket(PF_CAN, SOCK_DGRAM, CAN_J1939);
	err |= step(fd >= 0 && bind(fd, (struct sockaddr *)&lo,
				    sizeof(lo)) < 0 && errno == ENODEV,
		    "j1939 bind to lo: ENODEV as expected");
	if (fd >= 0)
		close(fd);
	err |= step(write(raw, junk, sizeof(junk)) < 0 && errno == EINVAL,
		    "raw write of 14 bytes: EINVAL as expected");
	return err;
}

static int can(const char *ifname, int seconds)
{
	int raw = -1, bcm = -1, bcmany = -1, ta = -1, tb = -1, j1939 = -1;
	int ifindex = if_nametoindex(ifname);
	int err = 0;

	if (!ifindex) {
		fprintf(stderr, "can-vsock: no device %s\n", ifname);
		return 2;
	}
	err |= can_raw(ifindex, &raw);
	err |= can_bcm(ifindex, &bcm, &bcmany);
	err |= can_isotp(ifindex, &ta, &tb);
	err |= can_j1939(ifindex, &j1939);
	err |= can_errors(raw);
	printf("can-vsock: can sockets bound\n");
	fflush(stdout);
	sleep(seconds);
	close(raw);
	close(bcm);
	close(bcmany);
	close(ta);
	close(tb);
	close(j1939);
	printf("can-vsock: can sockets closed\n");
	return err;
}

static int vsock(void)
{
	struct sockaddr_vm addr = { .svm_family = AF_VSOCK,
				    .svm_cid = VMADDR_CID_LOCAL,
				    .svm_port = 5123 };
	struct timeval tv = { .tv_sec = 5 };
	int l, c, s = -1, err = 0;
	char buf[8];

	l = socket(AF_VSOCK, SOCK_STREAM, 0);
	c = socket(AF_VSOCK, SOCK_STREAM, 0);
	if (step(l >= 0 && c >= 0, "vsock sockets"))
		return 1;
	if (step(!bind(l, (struct sockaddr *)&addr, sizeof(addr)) &&
		 !listen(l, 1), "vsock listen on VMADDR_CID_LOCAL"))
		return 1;
	setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	if (step(!connect(c, (struct sockaddr *)&addr, sizeof(addr)),
		 "vsock connect"))
		return 1;
	s = accept(l, NULL, NULL);
	if (step(s >= 0, "vsock accept"))
		return 1;
	setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	err |= step(write(c, "ping", 4) == 4 && read(s, buf, sizeof(buf)) == 4,
		    "vsock message to the server");
	err |= step(write(s, "pong", 4) == 4 && read(c, buf, sizeof(buf)) == 4,
		    "vsock message to the client");
	close(c);
	close(s);
	close(l);
	printf("can-vsock: vsock connection closed\n");
	return err;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 4 && !strcmp(argv[1], "can"))
		return can(argv[2], atoi(argv[3]));
	if (argc == 2 && !strcmp(argv[1], "vsock"))
		return vsock();
	fprintf(stderr, "usage: can-vsock can IFNAME SECONDS\n"
		"       can-vsock vsock\n");
	return 2;
}
