/* SPDX-License-Identifier: MIT */
/* A Tensix stream's summary decoded in pieces (tsdump --summary on several
 * threads) must be the one a single pass gives, byte for byte: streams
 * split at every 16-byte unit, joined or, when the join is refused, fed
 * again to the earlier decoder; streams in several pieces; files through
 * hwpc_tsdump_feed_file with threads.  And the joins must actually happen
 * on well-formed streams (or the threads would buy nothing), and be
 * refused where one decoder would see something the piece cannot. */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>

#include <cmocka.h>

#include "stream/tsdump_state.h" /* the piece functions and counters */
#include "test_cases.h"
#include "tsx_collect.h"
#include "tsx_gen.h"
#include "tensix/tensix_cmd.h"

/* A summary tsdump writing JSON Lines to memory. */
struct sum {
	char *text;
	size_t len;
	FILE *fp;
	struct hwpc_tsdump *t;
};

static void sum_open(struct sum *s)
{
	struct hwpc_err err;
	s->fp = open_memstream(&s->text, &s->len);
	assert_non_null(s->fp);
	struct hwpc_tsdump_opts o = { .out = s->fp, .fmt = HWPC_FMT_JSON, .summary = true, .input = "x" };
	s->t = hwpc_tsdump_new(&o, &err);
	assert_non_null(s->t);
}

static void sum_feed(struct sum *s, const uint8_t *b, size_t len)
{
	struct hwpc_err err;
	if (len)
		assert_int_equal(hwpc_tsdump_feed(s->t, b, len, &err), 0);
}

static void sum_close(struct sum *s)
{
	struct hwpc_err err;
	assert_int_equal(hwpc_tsdump_finish(s->t, &err), 0);
	hwpc_tsdump_free(s->t);
	fclose(s->fp);
}

static char *summary(const uint8_t *b, size_t len)
{
	struct sum s;
	sum_open(&s);
	sum_feed(&s, b, len);
	sum_close(&s);
	return s.text;
}

/* b split at the given offsets (multiples of 16, increasing): pieces
 * joined in order, or fed to the first tsdump when refused.  Returns the
 * summary; *joined counts the joins made. */
static char *in_pieces(const uint8_t *b, size_t len, const size_t *at, unsigned n, unsigned *joined)
{
	struct hwpc_err err;
	struct sum s;
	sum_open(&s);
	sum_feed(&s, b, n ? at[0] : len);
	for (unsigned i = 0; i < n; i++) {
		size_t from = at[i], to = i + 1 < n ? at[i + 1] : len;
		struct hwpc_tsdump *p = tsdump_piece_new(s.t, from, &err);
		assert_non_null(p);
		assert_int_equal(hwpc_tsdump_feed(p, b + from, to - from, &err), 0);
		if (tsdump_piece_join(s.t, p))
			++*joined;
		else
			sum_feed(&s, b + from, to - from);
		hwpc_tsdump_free(p);
	}
	sum_close(&s);
	return s.text;
}

/* Every unit as the one split point: the same summary. */
static unsigned every_split(const uint8_t *b, size_t len)
{
	char *want = summary(b, len);
	unsigned joined = 0;
	for (size_t at = 16; at < len; at += 16) {
		char *got = in_pieces(b, len, &at, 1, &joined);
		if (strcmp(want, got))
			fail_msg("split at %zu:\nwant %s\ngot  %s", at, want, got);
		free(got);
	}
	free(want);
	return joined;
}

static void test_every_split_damaged_streams(void **state)
{
	static uint32_t w[700];
	static uint8_t b[sizeof w];
	unsigned joined = 0;
	for (int round = 0; round < HWPC_TEST_CASES(60); round++) {
		size_t n = gen(w, sizeof w / sizeof *w);
		tsx_words_le(b, w, n);
		joined += every_split(b, n * 4 - (round % 5 == 0));
	}
	assert_true(joined > 0);
}

static void test_every_split_writer_streams(void **state)
{
	static uint32_t w[1200];
	static uint8_t b[sizeof w];
	unsigned joined = 0;
	for (int round = 0; round < HWPC_TEST_CASES(60); round++) {
		size_t n = gen_runs(w, sizeof w / sizeof *w, round % 3 ? 0 : rnd(3));
		tsx_words_le(b, w, n);
		joined += every_split(b, n * 4);
	}
	assert_true(joined > 0);
}

/* Where hwpc_tensix_dec_sync_unit says a piece may start, in undamaged writer
 * streams, the join is nearly always made; several pieces in a row. */
static void test_sync_points_join(void **state)
{
	static uint32_t w[6000];
	static uint8_t b[sizeof w];
	unsigned tried = 0, joined = 0;
	for (int round = 0; round < HWPC_TEST_CASES(100); round++) {
		size_t n = gen_runs(w, sizeof w / sizeof *w, 0), len = n * 4;
		tsx_words_le(b, w, n);
		size_t at[8];
		unsigned k = 0;
		for (size_t from = 16 * (1 + rnd(64)); k < 8 && from < len; from += 16 * (1 + rnd(200))) {
			size_t u = hwpc_tensix_dec_sync_unit(b + from - 16, (len - from) / 16 + 1);
			if (u > (len - from) / 16)
				break;
			at[k++] = from = from - 16 + 16 * u;
		}
		char *want = summary(b, len), *got = in_pieces(b, len, at, k, &joined);
		assert_string_equal(want, got);
		free(want);
		free(got);
		tried += k;
	}
	assert_true(tried > 3 * HWPC_TEST_CASES(100));
	if (joined < tried * 9 / 10)
		fail_msg("only %u of %u joins at sync points", joined, tried);
}

/* Words to a stream; the split goes at unit split (a 16-byte index). */
static bool joins(const uint32_t *w, size_t n, size_t split, bool *same)
{
	static uint8_t b[8 << 20];
	tsx_words_le(b, w, n);
	size_t at = 16 * split;
	unsigned joined = 0;
	char *want = summary(b, n * 4), *got = in_pieces(b, n * 4, &at, 1, &joined);
	*same = !strcmp(want, got);
	free(want);
	free(got);
	return joined;
}

#define W32(tok, c) ((((tok) << 3) | 2) + (uint32_t)(((c) & 0x1fffe0) << 11))

static void test_refusals(void **state)
{
	bool same;
	/* A clean split before a 128-bit event: joined. */
	const uint32_t ok[] = { 1 << 3, 1000, 0, 0, 2 << 3, 2000, 0, 0 };
	assert_true(joins(ok, 8, 1, &same));
	assert_true(same);
	/* A 96-bit event straddles into the piece ([96 | hdr] [lo hi | 96-hdr lo] ...). */
	const uint32_t straddle[] = { 1 << 3 | 4, 1000, 0, 2 << 3 | 4, 1100, 0, 3 << 3 | 4, 1200, 0, 0, 0, 0 };
	assert_false(joins(straddle, 12, 1, &same));
	assert_true(same);
	/* The piece's first timestamp goes back: one pass reports it. */
	const uint32_t back[] = { 1 << 3, 5000, 0, 0, 2 << 3, 4000, 0, 0 };
	assert_false(joins(back, 8, 1, &same));
	assert_true(same);
	/* The piece starts with padding. */
	const uint32_t pad[] = { 1 << 3, 1000, 0, 0, 0, 0, 0, 0, 2 << 3, 2000, 0, 0 };
	assert_false(joins(pad, 12, 1, &same));
	assert_true(same);
	/* A 32-bit event (rounded down to 32 ticks) reads earlier than its
	 * token's last one before the split, and a later one after it: the
	 * gaps one pass measures are not the piece's.  Refused. */
	const uint32_t tok_back[] = { 5 << 3, 1000, 0, 0, 6 << 3, 1010, 0, 0,
				      W32(5, 1012), W32(7, 1020), W32(5, 1100), W32(7, 1140) };
	assert_false(joins(tok_back, 12, 1, &same));
	assert_true(same);
	/* Without the later one, every piece event of the token is before
	 * its latest: each gap is 0, exactly.  Joined. */
	const uint32_t tok_before[] = { 5 << 3, 1000, 0, 0, 6 << 3, 1010, 0, 0,
					W32(5, 1012), W32(7, 1020), W32(7, 1030), W32(7, 1040) };
	assert_true(joins(tok_before, 12, 1, &same));
	assert_true(same);
	/* A timestamp corrupted far into the future before the cut (the next
	 * full one goes back, reported): the token's later events all read
	 * earlier than it.  Joined, the same gaps of 0. */
	const uint32_t poisoned[] = { 5 << 3, 1000, 0x4000, 0, 6 << 3, 1010, 0, 0,
				      5 << 3, 1020, 0, 0, 5 << 3, 1030, 0, 0 };
	assert_true(joins(poisoned, 16, 2, &same));
	assert_true(same);
	/* Flush padding after a 64-bit event: still a zero candidate at the
	 * split, it is padding there, as the next unit would make it. */
	const uint32_t flushed[] = { 1 << 3, 1000, 0, 0, 3 << 3 | 1, 1500, 0, 0, 2 << 3, 2000, 0, 0 };
	assert_true(joins(flushed, 12, 2, &same));
	assert_true(same);
	/* An undecodable run before the split is closed at the join, in
	 * order, as one pass closes it at the next event. */
	const uint32_t bad[] = { 1 << 3, 1000, 0, 0, 7, 7, 7, 7, 2 << 3, 2000, 0, 0 };
	assert_true(joins(bad, 12, 2, &same));
	assert_true(same);
}

/* Tables at their limits: a piece with more large tokens than one table
 * keeps (which of them get in depends on the tokens before it: refused),
 * and a piece with more losses than the summary lists (counted). */
static void test_join_limits(void **state)
{
	enum { N = HWPC_TSDUMP_MAX_TOKENS + 20 };
	uint32_t *w = malloc((N + 20) * 16);
	size_t n = 0;
	bool same;
	assert_non_null(w);
	for (uint32_t i = 0; i < N + 10; i++) {
		uint32_t tok = i < 10 ? 8192 + i : 8192 + 100 + i;
		w[n++] = tok << 3, w[n++] = 1000 + 10 * i, w[n++] = 0, w[n++] = 0;
	}
	assert_false(joins(w, n, 10, &same));
	assert_true(same);

	n = 0;
	for (uint32_t i = 0; i < 1100; i++) {
		w[n++] = 1 << 3, w[n++] = 1000 + 10 * i, w[n++] = 0, w[n++] = 0;
		for (int k = 0; k < 4; k++)
			w[n++] = 7; /* an undecodable unit: a loss */
	}
	assert_true(joins(w, n, 2, &same));
	assert_true(same);
	free(w);
}

/* A full table of large tokens still finds the tokens in it (through the
 * filter it gets when full, tsdump_stats.c); a new one counts as other. */
static void test_full_token_table(void **state)
{
	enum { N = HWPC_TSDUMP_MAX_TOKENS + 100 };
	uint32_t *w = malloc((N + 10) * 16);
	size_t n = 0;
	assert_non_null(w);
	for (uint32_t i = 0; i < N; i++) /* 100 tokens too many */
		w[n++] = (8192 + i) << 3, w[n++] = 1000 + 10 * i, w[n++] = 0, w[n++] = 0;
	for (uint32_t i = 0; i < 10; i++) /* the first ten again, then ten new */
		w[n++] = (8192 + (i < 5 ? i : N + i)) << 3, w[n++] = 10000000 + i, w[n++] = 0, w[n++] = 0;
	uint8_t *b = malloc(n * 4);
	assert_non_null(b);
	tsx_words_le(b, w, n);
	struct sum s;
	struct hwpc_err err;
	sum_open(&s);
	sum_feed(&s, b, n * 4);
	assert_int_equal(hwpc_tsdump_finish(s.t, &err), 0);
	assert_int_equal(s.t->ntoks, HWPC_TSDUMP_MAX_TOKENS);
	assert_int_equal(s.t->other_count, 100 + 5);
	assert_non_null(s.t->full);
	for (uint32_t i = 0; i < 5; i++) {
		int32_t k = -1;
		for (unsigned j = 0; j < s.t->ntoks && k < 0; j++)
			k = s.t->toks[j].token == 8192 + i ? (int32_t)j : -1;
		assert_true(k >= 0);
		assert_int_equal(s.t->toks[k].s.count, 2);
	}
	hwpc_tsdump_free(s.t);
	fclose(s.fp);
	free(s.text);
	free(b);
	free(w);
}

/* A temporary file (in $TMPDIR or /tmp), already unlinked. */
static int temp_file(void)
{
	char path[512];
	const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	snprintf(path, sizeof path, "%s/hwpc-pieces-XXXXXX", dir);
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	unlink(path);
	return fd;
}

static void write_all(int fd, const void *b, size_t len)
{
	assert_int_equal(write(fd, b, len), (ssize_t)len);
}

/* Through a file, with threads: the same summary as one thread, pieces
 * joined. */
static void test_file_threads(void **state)
{
	enum { WORDS = 1 << 20 }; /* 4 MiB */
	uint32_t *w = malloc(WORDS * 4);
	uint8_t *b = malloc(WORDS * 4);
	assert_non_null(w);
	assert_non_null(b);
	for (int round = 0; round < 4; round++) {
		size_t n = round == 3 ? gen(w, WORDS) : gen_runs(w, WORDS, round == 2 ? 20 : 0);
		tsx_words_le(b, w, n);
		size_t len = n * 4 - (round == 1);
		int fd = temp_file();
		write_all(fd, b, len);
		char *want = summary(b, len);
		for (unsigned threads = 1; threads <= 4; threads++) {
			struct hwpc_err err;
			struct sum s;
			bool mapped;
			struct hwpc_tsdump_file fo = { .threads = threads, .piece = 64 << 10 };
			sum_open(&s);
			assert_int_equal(hwpc_tsdump_feed_file(s.t, fd, "t.ts", len, &fo, &mapped, &err), 0);
			assert_true(mapped);
			unsigned joined = s.t->pieces_joined, redone = s.t->pieces_redone, serial = s.t->pieces_serial;
			sum_close(&s);
			assert_string_equal(want, s.text);
			free(s.text);
			if (threads == 1)
				assert_int_equal(joined + redone + serial, 0);
			else if (round == 0) /* undamaged: every piece joins */
				assert_true(joined >= threads && redone + serial == 0);
		}
		free(want);
		close(fd);
	}
	free(w);
	free(b);
}

/* A file that shrinks while it is read (here: after the third window,
 * when the pieces are under way): an error naming it, on one thread or
 * several, not a SIGBUS. */
static int shrink_fd, shrink_calls, shrink_failed;
static void shrink(void *ctx, uint64_t n)
{
	(void)ctx;
	(void)n;
	/* (no assertion here: this runs on the decoding threads) */
	if (++shrink_calls == 3 && ftruncate(shrink_fd, 4 << 20))
		shrink_failed = 1;
}

static void test_file_shrinks(void **state)
{
	enum { LEN = 48 << 20 };
	uint32_t *w = malloc(LEN);
	assert_non_null(w);
	size_t n = gen_runs(w, LEN / 4, 0);
	for (unsigned threads = 1; threads <= 2; threads++) {
		shrink_fd = temp_file();
		shrink_calls = 0;
		write_all(shrink_fd, w, n * 4);
		struct hwpc_err err;
		struct sum s;
		bool mapped;
		struct hwpc_tsdump_file fo = { .threads = threads, .progress = shrink };
		sum_open(&s);
		assert_int_equal(hwpc_tsdump_feed_file(s.t, shrink_fd, "big.ts", n * 4, &fo, &mapped, &err), HWPC_EOP);
		assert_false(shrink_failed);
		assert_string_equal(err.msg, "big.ts: the file shrank while it was being read");
		hwpc_tsdump_free(s.t);
		fclose(s.fp);
		free(s.text);
		close(shrink_fd);
	}
	free(w);
}

/* More distinct large tokens in a piece than a table keeps (which tokens
 * one table would keep depends on what came before): no piece joins, the
 * summary is one pass's. */
static void test_file_token_overflow(void **state)
{
	enum { EVENTS = 1 << 20 }; /* 16 MiB of 128-bit events, all tokens distinct */
	uint32_t *w = malloc(EVENTS * 16);
	assert_non_null(w);
	for (uint32_t i = 0; i < EVENTS; i++)
		w[4 * i] = (8192 + i) << 3, w[4 * i + 1] = 1000 + 10 * i, w[4 * i + 2] = 0, w[4 * i + 3] = 0;
	int fd = temp_file();
	write_all(fd, w, EVENTS * 16);
	char *want = summary((const uint8_t *)w, EVENTS * 16);
	struct hwpc_err err;
	struct sum s;
	bool mapped;
	struct hwpc_tsdump_file fo = { .threads = 2, .piece = 1 << 20 };
	sum_open(&s);
	assert_int_equal(hwpc_tsdump_feed_file(s.t, fd, "t.ts", EVENTS * 16, &fo, &mapped, &err), 0);
	unsigned joined = s.t->pieces_joined, redone = s.t->pieces_redone, serial = s.t->pieces_serial;
	sum_close(&s);
	assert_string_equal(want, s.text);
	/* (how many pieces were started before the first was refused
	 * depends on the threads' timing; that none joined does not) */
	assert_int_equal(joined, 0);
	assert_true(redone + serial > 0);
	free(s.text);
	free(want);
	free(w);
	close(fd);
}

/* A SIGBUS that is not a shrinking file's (here raised between windows)
 * reaches the program's own handler, which is back in place after. */
static volatile sig_atomic_t program_saw;
static void program_handler(int sig, siginfo_t *si, void *uc)
{
	(void)si;
	(void)uc;
	program_saw = sig;
}

static void raise_bus(void *ctx, uint64_t n)
{
	(void)ctx;
	(void)n;
	raise(SIGBUS);
}

static void test_sigbus_chained(void **state)
{
	struct sigaction sa = { .sa_sigaction = program_handler, .sa_flags = SA_SIGINFO }, before, after;
	sigemptyset(&sa.sa_mask);
	assert_int_equal(sigaction(SIGBUS, &sa, &before), 0);
	static uint32_t w[1 << 20];
	size_t n = gen_runs(w, sizeof w / sizeof *w, 0);
	int fd = temp_file();
	write_all(fd, w, n * 4);
	struct hwpc_err err;
	struct sum s;
	bool mapped;
	struct hwpc_tsdump_file fo = { .threads = 2, .piece = 64 << 10, .progress = raise_bus };
	sum_open(&s);
	program_saw = 0;
	assert_int_equal(hwpc_tsdump_feed_file(s.t, fd, "t.ts", n * 4, &fo, &mapped, &err), 0);
	sum_close(&s);
	free(s.text);
	close(fd);
	assert_int_equal(program_saw, SIGBUS);
	assert_int_equal(sigaction(SIGBUS, &before, &after), 0);
	assert_true(after.sa_flags & SA_SIGINFO);
	assert_ptr_equal(after.sa_sigaction, program_handler);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_join_limits),
		cmocka_unit_test(test_full_token_table),
		cmocka_unit_test(test_every_split_damaged_streams),
		cmocka_unit_test(test_every_split_writer_streams),
		cmocka_unit_test(test_sync_points_join),
		cmocka_unit_test(test_file_threads),
		cmocka_unit_test(test_file_shrinks),
		cmocka_unit_test(test_file_token_overflow),
		cmocka_unit_test(test_sigbus_chained),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
