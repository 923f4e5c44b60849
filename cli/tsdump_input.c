/* SPDX-License-Identifier: MIT */
/* tsdump's input from a file (an L1 image read by buffer bounds, or one
 * stream), with progress on a terminal, and the record buffer -d -D
 * names. */
#include "tsdump_input.h"
#include "core/core_cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define CHUNK (1u << 20)
#define PROGRESS_MIN (256ull << 20) /* inputs this large show progress on a terminal */

/* Progress on a terminal, for large inputs only; never on stdout. */
struct progress {
	bool on;
	uint64_t total, done;
	time_t last;
};

static void progress(struct progress *p, uint64_t n, bool end)
{
	if (!p->on)
		return;
	p->done += n;
	time_t now = time(NULL);
	if (end) {
		fputs("\r\033[K", stderr);
	} else if (now != p->last) {
		p->last = now;
		fprintf(stderr, "\r%s: %3.0f%% (%llu of %llu MiB)", cli_prog,
			100.0 * (double)p->done / (double)p->total, (unsigned long long)(p->done >> 20),
			(unsigned long long)(p->total >> 20));
	}
}

static int feed_fd(struct hwpc_tsdump *t, int fd, const char *name, uint64_t off, uint64_t len, bool seek,
		   uint8_t *buf, struct progress *pr, uint64_t *got)
{
	struct hwpc_err err;
	*got = 0;
	while (*got < len) {
		size_t want = len - *got < CHUNK ? (size_t)(len - *got) : CHUNK;
		ssize_t n = seek ? pread(fd, buf, want, (off_t)(off + *got)) : read(fd, buf, want);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return cli_fail(HWPC_EOP, "%s: %s", name, strerror(errno));
		if (n == 0)
			break;
		*got += (uint64_t)n;
		progress(pr, (uint64_t)n, false);
		if (hwpc_tsdump_feed(t, buf, (size_t)n, &err))
			return cli_fail_err(&err);
	}
	return 0;
}

static void file_progress(void *ctx, uint64_t n)
{
	progress(ctx, n, false);
}

/* Buffer b's bytes in the L1 image, as file offsets. */
static void region(const struct tsdump_opts *o, int b, uint64_t *off, uint64_t *len)
{
	const struct hwpc_tensix_layout *l = &o->lay;
	*off = *len = 0;
	if (!l->valid[b] || l->start[b] > l->end[b])
		return;
	uint64_t a = (uint64_t)l->start[b] * 16, e = ((uint64_t)l->end[b] + 1) * 16;
	if (e <= o->l1_base)
		return;
	*off = a > o->l1_base ? a - o->l1_base : 0;
	*len = e - o->l1_base - *off;
}

/* An L1 image from a pipe (pcsim dump - | tsdump - --buf0 ...): read up to
 * the end of the last buffer, then decode the buffers from memory in
 * their order, as from a file. */
static int from_stream(struct hwpc_tsdump *t, const struct tsdump_opts *o, int fd, const char *name)
{
	struct hwpc_err err;
	uint64_t off[2], len[2], need = 0, have = 0;
	for (int b = 0; b < 2; b++) {
		region(o, b, &off[b], &len[b]);
		if (len[b] && off[b] + len[b] > need)
			need = off[b] + len[b];
	}
	if (need > SIZE_MAX)
		return cli_fail(HWPC_EINPUT, "%s: the buffers end past what memory can hold", name);
	uint8_t *img = malloc(need ? (size_t)need : 1);
	if (!img)
		return cli_fail(HWPC_EOP, "%s: out of memory for the %llu bytes up to the buffers' end", name,
				(unsigned long long)need);
	while (have < need) {
		ssize_t n = read(fd, img + have, (size_t)(need - have));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			free(img);
			return cli_fail(HWPC_EOP, "%s: %s", name, strerror(errno));
		}
		if (n == 0)
			break;
		have += (uint64_t)n;
	}
	int rc = 0;
	if (have == 0 && need)
		rc = cli_fail(HWPC_EINPUT, "%s: empty input", name);
	for (int b = 0; b < 2 && !rc; b++) {
		if (!len[b])
			continue;
		/* the image ends: the decoder reports what is missing */
		uint64_t got = off[b] >= have ? 0 : have - off[b] < len[b] ? have - off[b] : len[b];
		if (got && hwpc_tsdump_feed(t, img + off[b], (size_t)got, &err))
			rc = cli_fail_err(&err);
		if (got < len[b])
			break;
	}
	free(img);
	return rc;
}

int tsdump_from_file(struct hwpc_tsdump *t, const struct tsdump_opts *o)
{
	bool std = !strcmp(o->input, "-");
	const char *name = std ? "<stdin>" : o->input;
	struct hwpc_err open_err;
	int fd = std ? 0 : hwpc_input_open(o->input, NULL, &open_err);
	struct stat st;
	struct progress pr = { 0 };
	uint64_t total = 0, got;
	uint8_t *buf = NULL;
	bool regular;
	int rc = 0;

	if (fd < 0)
		return cli_fail_err(&open_err);
	if (!(buf = malloc(CHUNK))) {
		rc = cli_fail(HWPC_EOP, "out of memory");
		goto out;
	}
	regular = !fstat(fd, &st) && S_ISREG(st.st_mode);
	if (regular) {
		posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
		pr.total = (uint64_t)st.st_size;
		pr.on = isatty(2) && pr.total >= PROGRESS_MIN;
	}
	if (o->lay.have_bufs && !regular) {
		rc = from_stream(t, o, fd, name);
	} else if (o->lay.have_bufs) {
		if (st.st_size == 0) {
			rc = cli_fail(HWPC_EINPUT, "%s: empty input", name);
			goto out;
		}
		for (int b = 0; b < 2 && !rc; b++) {
			uint64_t off, len;
			region(o, b, &off, &len);
			rc = feed_fd(t, fd, name, off, len, true, buf, &pr, &got);
			total += got;
			if (!rc && got < len)
				break; /* the image ends: the decoder reports what is missing */
		}
	} else {
		bool mapped = false;
		struct hwpc_tsdump_file fo = { .threads = o->threads, .progress = file_progress, .ctx = &pr };
		struct hwpc_err err;
		if (regular && (rc = hwpc_tsdump_feed_file(t, fd, name, (uint64_t)st.st_size, &fo, &mapped, &err)))
			rc = cli_fail_err(&err);
		else if (regular && mapped)
			total = (uint64_t)st.st_size;
		if (!mapped)
			rc = feed_fd(t, fd, name, 0, UINT64_MAX, false, buf, &pr, &total);
		if (!rc && total == 0)
			rc = cli_fail(HWPC_EINPUT, "%s: empty input", name);
	}
out:
	progress(&pr, 0, true);
	free(buf);
	if (!std)
		close(fd);
	return rc;
}

/* Where domain -D's record buffer is, from its registers (and its packet
 * format, with --record auto). */
int tsdump_record_buffer(struct tsdump_opts *o, struct hwpc_dev *dev, struct hwpc_pc_recbuf *rb)
{
	struct hwpc_pc_layout *l = malloc(sizeof *l);
	struct hwpc_err err;
	unsigned d;
	int rc = 0;
	if (!l)
		return cli_fail(HWPC_EOP, "out of memory");
	if (hwpc_pc_layout_dev(dev, NULL, l, &err) || hwpc_pc_domain_find(l, o->domain, &d, &err) ||
	    hwpc_pc_recbuf_read(dev, l, d, rb, &err))
		rc = cli_fail_err(&err);
	else {
		if (o->rec_auto)
			o->rec_fmt = rb->short_format ? HWPC_REC_SHORT : HWPC_REC_LONG;
		/* Not recording and nothing recorded: one line that says why,
		 * not a warning and then a decoder error about 0 bytes.  A
		 * buffer left from an earlier recording still decodes. */
		if (!rb->record_mode && !rb->used)
			rc = cli_fail(HWPC_EINPUT, "%s: domain %s is not in record mode and its record buffer is empty "
				      "(pcsetup --mode record --record-start ADDR --record-limit ADDR sets one up)",
				      o->device, l->dom[d].name);
		else if (!rb->record_mode)
			cli_warn("%s: domain %s is not in record mode: decoding what its record buffer holds",
				 o->device, l->dom[d].name);
		/* Packet times are the domain's cycles: a trace shows them at its
		 * clock, not at the device timer's nor one a nanosecond. */
		if (!o->hz)
			o->hz = (double)rb->hz;
		if (!rc && !o->hz && o->fmt == HWPC_FMT_TRACE)
			cli_warn("%s: domain %s's clock is unknown: trace times take a cycle as 1 ns (--hz gives "
				 "the clock)", o->device, l->dom[d].name);
		if (rb->full)
			cli_warn("%s: domain %s's record buffer reached RECORD_LIMIT: later packets were not "
				 "written", o->device, l->dom[d].name);
		if (rb->fault)
			cli_warn("%s: RECORD_STATUS.FAULT: a VM fault stopped domain %s's record writes",
				 o->device, l->dom[d].name);
	}
	free(l);
	return rc;
}

