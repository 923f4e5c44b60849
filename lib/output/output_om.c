/* SPDX-License-Identifier: MIT */
/* OpenMetrics text exposition of schema records (see output_om.h).
 *
 * A family is hwpc_<record type>_<key>; counters get the _total suffix on
 * their samples, as the format requires.  HELP comes from the schema, so it
 * is the same on every run; families are written in schema order and
 * samples in the order their series first appeared, so two runs over the
 * same devices differ only in values.
 *
 * The Prometheus text format (0.0.4) differs in three ways, the ways
 * prometheus_client's writer also takes: a counter's TYPE and HELP name
 * the sample (FAMILY_total), since in that format they name the series;
 * there are no _created samples in a counter's family, so they become a
 * gauge family of their own after it; and no "# EOF". */
#include "output/output_om.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

struct om_value {
	const struct hwpc_schema_key *key;
	double num;
};

struct om_sample {
	const struct hwpc_schema_rec *kind;
	const struct hwpc_schema_key *key;
	char *labels; /* device="...",chipset="...",... */
	double num;
	double created; /* a counter's _created, or NAN */
	double ts;      /* when it was measured, or NAN */
};

struct om {
	/* the record being built */
	struct om_value *vals;
	size_t nvals, capvals;
	struct obuf labels;
	/* kept samples */
	struct om_sample *s;
	size_t ns, caps;
	bool oom;
};

struct om *om_new(void)
{
	return calloc(1, sizeof(struct om));
}

void om_reset(struct om *m)
{
	for (size_t i = 0; i < m->ns; i++)
		free(m->s[i].labels);
	m->ns = 0;
	m->nvals = 0;
	m->labels.len = 0;
}

void om_free(struct om *m)
{
	if (!m)
		return;
	om_reset(m);
	free(m->s);
	free(m->vals);
	obuf_free(&m->labels);
	free(m);
}

/* A label value: backslash, double quote and newline escaped. */
static void label(struct obuf *b, const char *name, const char *v, size_t n)
{
	if (b->len)
		obuf_putc(b, ',');
	obuf_puts(b, name);
	obuf_put(b, "=\"", 2);
	for (size_t i = 0; i < n; i++) {
		if (v[i] == '\\' || v[i] == '"')
			obuf_putc(b, '\\');
		if (v[i] == '\n')
			obuf_put(b, "\\n", 2);
		else
			obuf_putc(b, v[i]);
	}
	obuf_putc(b, '"');
}

void om_value(struct om *m, const struct hwpc_schema_rec *kind, const struct hwpc_schema_key *key,
	      const char *text, size_t len, double num)
{
	(void)kind;
	if (!key || !text)
		return;
	if (key->metric == HWPC_MT_LABEL) {
		/* the label part after device and chipset, added in om_sample */
		label(&m->labels, key->name, text, len);
		return;
	}
	if (key->metric != HWPC_MT_COUNTER && key->metric != HWPC_MT_GAUGE)
		return;
	if (m->nvals == m->capvals) {
		size_t cap = m->capvals ? m->capvals * 2 : 16;
		struct om_value *v = realloc(m->vals, cap * sizeof *v);
		if (!v) {
			m->oom = true;
			return;
		}
		m->vals = v;
		m->capvals = cap;
	}
	m->vals[m->nvals++] = (struct om_value){key, num};
}

int om_sample(struct om *m, const struct hwpc_schema_rec *kind, const char *device, const char *chipset,
	      double created, double ts)
{
	struct obuf all = {0};
	if (device)
		label(&all, "device", device, strlen(device));
	if (chipset)
		label(&all, "chipset", chipset, strlen(chipset));
	if (m->labels.len) {
		if (all.len)
			obuf_putc(&all, ',');
		obuf_put(&all, m->labels.p, m->labels.len);
	}
	obuf_putc(&all, 0);
	bool oom = m->oom || all.oom || m->labels.oom;
	for (size_t i = 0; i < m->nvals && !oom; i++) {
		struct om_sample *s = NULL;
		for (size_t j = 0; j < m->ns && !s; j++) {
			if (m->s[j].kind == kind && m->s[j].key == m->vals[i].key &&
			    strcmp(m->s[j].labels, all.p) == 0)
				s = &m->s[j];
		}
		if (!s) {
			if (m->ns == m->caps) {
				size_t cap = m->caps ? m->caps * 2 : 32;
				struct om_sample *n = realloc(m->s, cap * sizeof *n);
				if (!n) {
					oom = true;
					break;
				}
				m->s = n;
				m->caps = cap;
			}
			s = &m->s[m->ns];
			if (!(s->labels = strdup(all.p))) {
				oom = true;
				break;
			}
			s->kind = kind;
			s->key = m->vals[i].key;
			m->ns++;
		}
		s->num = m->vals[i].num;
		s->created = s->key->metric == HWPC_MT_COUNTER ? created : NAN;
		s->ts = ts;
	}
	obuf_free(&all);
	m->nvals = 0;
	m->labels.len = 0;
	m->oom = false;
	return oom ? -1 : 0;
}

/* hwpc_<type>_<key>; a counter key that already says "_total" (a
 * run's total beside the period's value) is named without it, since its
 * samples get the suffix. */
static void family_name(struct obuf *b, const struct hwpc_schema_rec *kind, const struct hwpc_schema_key *key)
{
	size_t n = strlen(key->name);
	if (key->metric == HWPC_MT_COUNTER && n > 6 && strcmp(key->name + n - 6, "_total") == 0)
		n -= 6;
	obuf_puts(b, "hwpc_");
	obuf_puts(b, kind->type);
	obuf_putc(b, '_');
	obuf_put(b, key->name, n);
}

/* HELP text: backslash and newline escaped. */
static void help_text(struct obuf *b, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '\\')
			obuf_put(b, "\\\\", 2);
		else if (*s == '\n')
			obuf_put(b, "\\n", 2);
		else
			obuf_putc(b, *s);
	}
}

/* A sample line: NAME[SUFFIX]{LABELS} VALUE [TIMESTAMP]: OpenMetrics's
 * timestamp in seconds, the Prometheus format's in whole milliseconds. */
static void sample_line(struct obuf *b, locale_t c, const struct om_sample *s, const char *suffix, double v,
			double ts, bool prometheus)
{
	family_name(b, s->kind, s->key);
	obuf_puts(b, suffix);
	if (s->labels[0]) {
		obuf_putc(b, '{');
		obuf_puts(b, s->labels);
		obuf_putc(b, '}');
	}
	obuf_putc(b, ' ');
	obuf_json_num(b, v, c);
	if (!isnan(ts)) {
		obuf_putc(b, ' ');
		if (prometheus)
			obuf_i64(b, (int64_t)llround(ts * 1e3));
		else
			obuf_double(b, ts, 3, c);
	}
	obuf_putc(b, '\n');
}

/* "# TYPE NAME[SUFFIX] TYPE" and "# HELP NAME[SUFFIX] HELP (UNIT)MORE". */
static void family_head(struct obuf *b, const struct hwpc_schema_rec *kind, const struct hwpc_schema_key *key,
			const char *suffix, const char *type, const char *more)
{
	obuf_puts(b, "# TYPE ");
	family_name(b, kind, key);
	obuf_puts(b, suffix);
	obuf_putc(b, ' ');
	obuf_puts(b, type);
	obuf_puts(b, "\n# HELP ");
	family_name(b, kind, key);
	obuf_puts(b, suffix);
	obuf_putc(b, ' ');
	help_text(b, key->help);
	if (key->unit) {
		obuf_puts(b, " (");
		help_text(b, key->unit);
		obuf_putc(b, ')');
	}
	obuf_puts(b, more);
	obuf_putc(b, '\n');
}

static void write_family(struct om *m, struct obuf *b, locale_t c, const struct hwpc_schema_rec *kind,
			 const struct hwpc_schema_key *key, bool prometheus)
{
	bool any = false, created = false;
	for (size_t i = 0; i < m->ns; i++) {
		bool mine = m->s[i].kind == kind && m->s[i].key == key;
		any |= mine;
		created |= mine && !isnan(m->s[i].created);
	}
	if (!any)
		return;
	bool counter = key->metric == HWPC_MT_COUNTER;
	family_head(b, kind, key, counter && prometheus ? "_total" : "", counter ? "counter" : "gauge", "");
	for (size_t i = 0; i < m->ns; i++) {
		const struct om_sample *s = &m->s[i];
		if (s->kind != kind || s->key != key)
			continue;
		sample_line(b, c, s, counter ? "_total" : "", s->num, s->ts, prometheus);
		if (!prometheus && !isnan(s->created))
			sample_line(b, c, s, "_created", s->created, s->ts, prometheus); /* a point's samples: all or none */
	}
	if (!prometheus || !created)
		return;
	family_head(b, kind, key, "_created", "gauge", "; when the counter began, in seconds since the epoch");
	for (size_t i = 0; i < m->ns; i++)
		if (m->s[i].kind == kind && m->s[i].key == key && !isnan(m->s[i].created))
			sample_line(b, c, &m->s[i], "_created", m->s[i].created, m->s[i].ts, prometheus);
}

void om_write(struct om *m, struct obuf *b, locale_t c, bool prometheus)
{
	const struct hwpc_schema_rec *kind;
	for (size_t k = 0; (kind = hwpc_schema_at(k)); k++) {
		for (size_t i = 0; i < kind->nkeys; i++) {
			const struct hwpc_schema_key *key = &kind->keys[i];
			if (key->metric == HWPC_MT_COUNTER || key->metric == HWPC_MT_GAUGE)
				write_family(m, b, c, kind, key, prometheus);
		}
	}
	if (!prometheus)
		obuf_puts(b, "# EOF\n");
}
