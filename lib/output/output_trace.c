/* SPDX-License-Identifier: MIT */
/* Chrome trace JSON writer (see hwpc/output.h).  The object form
 * {"traceEvents":[...]} is written as events come: the opening at the first
 * event (or at finish), one event per line, the closing at finish.  Events
 * are gathered in a buffer and written OROW_CHUNK bytes at a time; a fast
 * path may append events of its own to it (output_trace.h). */
#include "output/output_trace.h"

#include <stdlib.h>

#include "output/output_buf.h"
#include "output/output_row.h"

struct hwpc_trace {
	FILE *fp;
	locale_t c;
	struct obuf ev;      /* events not yet written */
	size_t start;        /* where the event being built starts in ev */
	unsigned long nev;
	bool failed;
	bool oom;
};

struct hwpc_trace *hwpc_trace_new(FILE *fp, struct hwpc_err *err)
{
	struct hwpc_trace *t = calloc(1, sizeof *t);
	if (!t || (t->c = obuf_c_locale()) == (locale_t)0) {
		free(t);
		hwpc_err_set(err, HWPC_EOP, "trace writer: out of memory");
		return NULL;
	}
	t->fp = fp;
	return t;
}

/* Common head of every event: ph, pid, tid, ts, name, cat. */
static void ev_start(struct hwpc_trace *t, char ph, int pid, int tid, bool has_tid, double ts,
		     bool has_ts, const char *name, const char *cat)
{
	struct obuf *b = &t->ev;
	t->start = b->len;
	obuf_puts(b, t->nev ? ",\n{\"ph\":\"" : "{\"traceEvents\":[\n{\"ph\":\"");
	obuf_putc(b, ph);
	obuf_puts(b, "\",\"pid\":");
	obuf_i64(b, pid);
	if (has_tid) {
		obuf_puts(b, ",\"tid\":");
		obuf_i64(b, tid);
	}
	if (has_ts) {
		obuf_puts(b, ",\"ts\":");
		obuf_double(b, ts, 3, t->c);
	}
	if (name) {
		obuf_puts(b, ",\"name\":");
		obuf_json_str(b, name);
	}
	if (cat) {
		obuf_puts(b, ",\"cat\":");
		obuf_json_str(b, cat);
	}
}

static void ev_args(struct hwpc_trace *t, const struct hwpc_trace_arg *args, size_t nargs)
{
	struct obuf *b = &t->ev;
	if (!nargs)
		return;
	obuf_puts(b, ",\"args\":{");
	for (size_t i = 0; i < nargs; i++) {
		if (i)
			obuf_putc(b, ',');
		obuf_json_str(b, args[i].key);
		obuf_putc(b, ':');
		if (args[i].str)
			obuf_json_str(b, args[i].str);
		else
			obuf_json_num(b, args[i].num, t->c);
	}
	obuf_putc(b, '}');
}

static void flush(struct hwpc_trace *t)
{
	struct obuf *b = &t->ev;
	if (b->len && !t->failed && fwrite(b->p, 1, b->len, t->fp) != b->len)
		t->failed = true;
	b->len = 0;
}

static void ev_end(struct hwpc_trace *t)
{
	struct obuf *b = &t->ev;
	obuf_putc(b, '}');
	if (b->oom) {
		/* the event is dropped, those before it kept */
		t->oom = true;
		b->oom = false;
		b->len = t->start;
		return;
	}
	t->nev++;
	if (b->len >= OROW_CHUNK)
		flush(t);
}

char *trace_room(struct hwpc_trace *t, size_t n, locale_t *c)
{
	struct obuf *b = &t->ev;
	if (!t->nev || t->failed)
		return NULL;
	if (b->len >= OROW_CHUNK)
		flush(t);
	if (!obuf_grow(b, n + 2 * OROW_PAD)) {
		t->oom = true;
		b->oom = false;
		return NULL;
	}
	*c = t->c;
	return b->p + b->len;
}

void trace_put(struct hwpc_trace *t, char *end, unsigned long nev)
{
	t->ev.len = (size_t)(end - t->ev.p);
	t->nev += nev;
}

static void metadata(struct hwpc_trace *t, const char *what, int pid, int tid, bool has_tid,
		     const char *name)
{
	struct hwpc_trace_arg a = {.key = "name", .str = name ? name : ""};
	ev_start(t, 'M', pid, tid, has_tid, 0, false, what, NULL);
	ev_args(t, &a, 1);
	ev_end(t);
}

void hwpc_trace_process_name(struct hwpc_trace *t, int pid, const char *name)
{
	metadata(t, "process_name", pid, 0, false, name);
}

void hwpc_trace_thread_name(struct hwpc_trace *t, int pid, int tid, const char *name)
{
	metadata(t, "thread_name", pid, tid, true, name);
}

void hwpc_trace_instant(struct hwpc_trace *t, int pid, int tid, double ts_us, const char *name,
			const char *cat, const struct hwpc_trace_arg *args, size_t nargs)
{
	ev_start(t, 'i', pid, tid, true, ts_us, true, name, cat);
	obuf_puts(&t->ev, ",\"s\":\"t\"");
	ev_args(t, args, nargs);
	ev_end(t);
}

void hwpc_trace_counter(struct hwpc_trace *t, int pid, double ts_us, const char *name,
			const struct hwpc_trace_arg *series, size_t nseries)
{
	ev_start(t, 'C', pid, 0, false, ts_us, true, name, NULL);
	ev_args(t, series, nseries);
	ev_end(t);
}

void hwpc_trace_complete(struct hwpc_trace *t, int pid, int tid, double ts_us, double dur_us,
			 const char *name, const char *cat, const struct hwpc_trace_arg *args,
			 size_t nargs)
{
	ev_start(t, 'X', pid, tid, true, ts_us, true, name, cat);
	obuf_puts(&t->ev, ",\"dur\":");
	obuf_double(&t->ev, dur_us < 0 ? 0 : dur_us, 3, t->c);
	ev_args(t, args, nargs);
	ev_end(t);
}

void hwpc_trace_begin(struct hwpc_trace *t, int pid, int tid, double ts_us, const char *name,
		      const char *cat, const struct hwpc_trace_arg *args, size_t nargs)
{
	ev_start(t, 'B', pid, tid, true, ts_us, true, name, cat);
	ev_args(t, args, nargs);
	ev_end(t);
}

void hwpc_trace_end(struct hwpc_trace *t, int pid, int tid, double ts_us)
{
	ev_start(t, 'E', pid, tid, true, ts_us, true, NULL, NULL);
	ev_end(t);
}

int hwpc_trace_finish(struct hwpc_trace *t, struct hwpc_err *err)
{
	const char *tail = t->nev ? "\n],\"displayTimeUnit\":\"ns\"}\n"
				  : "{\"traceEvents\":[],\"displayTimeUnit\":\"ns\"}\n";
	flush(t);
	if (t->failed || fputs(tail, t->fp) == EOF || fflush(t->fp) != 0 || ferror(t->fp))
		t->failed = true;
	if (t->oom)
		return hwpc_err_set(err, HWPC_EOP, "trace writer: out of memory");
	if (t->failed)
		return hwpc_err_set(err, HWPC_EOP, "trace output: write error");
	return HWPC_OK;
}

void hwpc_trace_free(struct hwpc_trace *t)
{
	if (!t)
		return;
	obuf_free(&t->ev);
	if (t->c != (locale_t)0)
		freelocale(t->c);
	free(t);
}
