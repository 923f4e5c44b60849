/* SPDX-License-Identifier: MIT */
/* Recorded traces: a file of per-cycle values for some signals of a domain,
 * stored in the state file's trace pool so every process sees them.
 *
 *   # comment
 *   signals SIG SIG ...        numbers or names of the domain's signals
 *   V V ... [*COUNT]           one row per cycle: 0 or 1 per signal,
 *                              optionally repeated COUNT times
 *
 * Row 0 drives the domain's next cycle; after the last row the trace
 * starts again. */
#include "core/err_local.h"
#include "hwpc/dev.h"
#include "hwpc/sim.h"
#include "sim/pcm.h"
#include "core/core_cmd.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define TRACE_MAX_COLS 64

struct trace_parse {
	unsigned cols;
	unsigned sig[TRACE_MAX_COLS];
	uint64_t rows;
	uint64_t base, cap; /* bits */
	uint8_t *pool;
};

static int row(struct trace_parse *t, char *line, const char *path, unsigned lineno, struct hwpc_err *err)
{
	char *save = NULL, *tok;
	uint64_t bits = 0, count = 1;
	unsigned n = 0;
	for (tok = strtok_r(line, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
		if (*tok == '*') {
			char *end;
			errno = 0;
			unsigned long long c = strtoull(tok + 1, &end, 10);
			if (!isdigit((unsigned char)tok[1]) || *end || errno || c == 0 || strtok_r(NULL, " \t", &save))
				return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: bad repeat '%s' (expected *COUNT at the end)",
						    path, lineno, tok);
			count = c;
			break;
		}
		if ((strcmp(tok, "0") && strcmp(tok, "1")) || n >= t->cols)
			return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: expected %u values of 0 or 1, got '%s'", path,
					    lineno, t->cols, tok);
		bits |= (uint64_t)(*tok == '1') << n++;
	}
	if (n != t->cols)
		return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: expected %u values, got %u", path, lineno, t->cols, n);
	if (count > (t->cap - t->base) / t->cols || t->rows * t->cols + count * t->cols > t->cap - t->base)
		return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: trace too long (the pool holds %u signal-cycles in all; "
				    "pcsim reset empties it)", path, lineno, PC_TRACE_BYTES * 8);
	for (uint64_t r = 0; r < count; r++, t->rows++)
		for (unsigned c = 0; c < t->cols; c++) {
			uint64_t b = t->base + t->rows * t->cols + c;
			if ((bits >> c) & 1)
				t->pool[b / 8] |= (uint8_t)(1u << (b % 8));
			else
				t->pool[b / 8] &= (uint8_t)~(1u << (b % 8));
		}
	return 0;
}

static int parse(struct sim *s, const struct pc_priv *p, unsigned dom, FILE *f, const char *path,
		 struct trace_parse *t, struct hwpc_err *err)
{
	char line[4096];
	unsigned lineno = 0;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		if (!strchr(line, '\n') && !feof(f))
			return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: line too long", path, lineno);
		line[strcspn(line, "\r\n#")] = 0;
		char *l = line;
		while (isspace((unsigned char)*l))
			l++;
		if (!*l)
			continue;
		if (!strncmp(l, "signals", 7) && (isspace((unsigned char)l[7]) || !l[7])) {
			if (t->cols)
				return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: a second 'signals' line", path, lineno);
			char *save = NULL;
			for (char *tok = strtok_r(l + 7, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
				char *end;
				unsigned long v = strtoul(tok, &end, 0);
				int sig = isdigit((unsigned char)*tok) && !*end ? (int)(v < 256 ? v : 256)
										: pc_signal_by_name(s, p, dom, tok);
				const char *near = sig < 0 ? pc_signal_near(s, p, dom, tok) : NULL;
				if (sig < 0 || (unsigned)sig >= p->dom[dom].nsignals)
					return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: no signal '%s' in domain %s%s%s%s",
							    path, lineno, tok, p->dom[dom].name, near ? " (did you mean " : "",
							    near ? near : "", near ? "?)" : "");
				if (p->dom[dom].wire[sig] != PC_W_GEN)
					return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: signal '%s' is wired inside the chip",
							    path, lineno, tok);
				if (t->cols >= TRACE_MAX_COLS)
					return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: more than %d signals", path,
							    lineno, TRACE_MAX_COLS);
				t->sig[t->cols++] = (unsigned)sig;
			}
			if (!t->cols)
				return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: 'signals' names no signal", path, lineno);
			continue;
		}
		if (!t->cols)
			return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: expected 'signals SIG...' before the first row",
					    path, lineno);
		if (row(t, l, path, lineno, err))
			return err->status;
	}
	if (ferror(f))
		return hwpc_err_set(err, HWPC_EOP, "%s: read error: %s", path, strerror(errno));
	if (!t->rows)
		return hwpc_err_set(err, HWPC_EINPUT, "%s:%u: the trace has no rows", path, lineno);
	return 0;
}

int hwpc_sim_pc_load_trace(struct hwpc_dev *dev, unsigned dom, const char *path, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	struct sim *s;
	struct pc_state *st;
	struct pc_priv *p;
	FILE *f = hwpc_input_fopen(path, "trace", err);
	if (!f)
		return err->status;
	if (pc_enter(dev, true, &s, &st, &p, err)) {
		fclose(f);
		return err->status;
	}
	if (dom >= p->ndomains) {
		sim_unlock(s);
		fclose(f);
		return hwpc_err_set(err, HWPC_EINPUT, "domain %u out of range", dom);
	}
	struct trace_parse t = { .base = st->trace_used, .cap = (uint64_t)PC_TRACE_BYTES * 8, .pool = st->trace_pool };
	int rc = parse(s, p, dom, f, path, &t, err);
	if (!rc) {
		/* the rows are in place; only now do the signals follow them */
		for (unsigned c = 0; c < t.cols; c++) {
			struct pc_gen *g = &st->gen[dom][t.sig[c]];
			memset(g, 0, sizeof *g);
			g->kind = PC_GEN_TRACE;
			g->trace_bit = t.base + c;
			g->trace_cols = t.cols;
			g->trace_len = t.rows;
			g->trace_start = st->dom[dom].ncycles + 1;
		}
		st->trace_used = (uint32_t)(t.base + t.rows * t.cols);
	}
	sim_unlock(s);
	fclose(f);
	return rc;
}
