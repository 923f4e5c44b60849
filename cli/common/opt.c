/* SPDX-License-Identifier: MIT */
/* The table-driven option parser (see opt.h). */
#include "opt.h"
#include "opt_help.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwpc/dev.h"
#include "core/strdist.h"

enum { MAX_OPTS = 128 };

/* The options of one parse: both tables, and what was given. */
struct parse {
	const struct cli_cmd *cmd;
	const struct cli_opt *opt[MAX_OPTS];
	const char *first[MAX_OPTS]; /* the first value given ("" for a flag), or NULL */
	size_t n;
	/* Every value given to a repeatable option, to refuse the same twice. */
	struct given {
		size_t k;
		const char *value;
	} *hist;
	size_t nhist;
	void *ctx;
	bool dashdash; /* "--" was given */
};

/* "-d" where there is a short name, else "--device": as messages name it. */
static const char *opt_name(const struct cli_opt *o, char buf[static 64])
{
	if (o->sname)
		snprintf(buf, 64, "-%c", o->sname);
	else
		snprintf(buf, 64, "--%s", o->lname);
	return buf;
}

static bool takes_value(const struct cli_opt *o)
{
	return o->arg != NULL;
}

const char *cli_nearest(const char *typed, const char *const *cand, size_t n)
{
	struct hwpc_near near;
	hwpc_near_init(&near, typed);
	for (size_t i = 0; i < n; i++)
		hwpc_near_add(&near, cand[i]);
	return hwpc_near_best(&near);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A long option by exact name or unique prefix: its index, -1 unknown, -2
 * ambiguous (cand gets the candidates, sorted). */
static int find_long(const struct parse *p, const char *name, size_t len, const char **cand, size_t *ncand)
{
	int hit = -1;
	*ncand = 0;
	for (size_t k = 0; k < p->n; k++) {
		const char *l = p->opt[k]->lname;
		if (!l || strncmp(l, name, len))
			continue;
		if (!l[len])
			return (int)k;
		cand[(*ncand)++] = l;
		hit = (int)k;
	}
	if (*ncand > 1) {
		qsort(cand, *ncand, sizeof *cand, by_name);
		return -2;
	}
	return hit;
}

static int find_short(const struct parse *p, char c)
{
	for (size_t k = 0; k < p->n; k++)
		if (p->opt[k]->sname == c)
			return (int)k;
	return -1;
}

/* Whether s is an option of this command (then it is not a value). */
static bool is_option(const struct parse *p, const char *s)
{
	const char *cand[MAX_OPTS];
	size_t nc;
	if (s[0] != '-' || !s[1])
		return false;
	if (!strcmp(s, "--"))
		return true;
	if (s[1] == '-') {
		size_t len = strcspn(s + 2, "=");
		return find_long(p, s + 2, len, cand, &nc) >= 0;
	}
	return find_short(p, s[1]) >= 0;
}

static int unknown_long(const struct parse *p, const char *arg, size_t len)
{
	const char *cand[MAX_OPTS];
	size_t n = 0;
	char typed[128];
	snprintf(typed, sizeof typed, "%.*s", (int)len, arg + 2);
	for (size_t k = 0; k < p->n; k++)
		if (p->opt[k]->lname)
			cand[n++] = p->opt[k]->lname;
	const char *near = cli_nearest(typed, cand, n);
	if (near)
		return cli_fail(HWPC_EINPUT, "unknown option '--%s' (did you mean --%s?)", typed, near);
	return cli_fail(HWPC_EINPUT, "unknown option '--%s' (%s --help lists the options)", typed, p->cmd->name);
}

static int parse_format(const struct cli_opt *o, const char *v)
{
	enum hwpc_format f;
	struct hwpc_err err;
	if (!hwpc_format_parse(v, &f, &err) && (o->formats & CLI_FMT(f))) {
		*(enum hwpc_format *)o->dest = f;
		return 0;
	}
	char list[64] = "";
	unsigned n = 0, total = 0;
	for (unsigned i = 0; i < 32; i++)
		total += (o->formats >> i) & 1;
	for (unsigned i = 0; i < 32; i++) {
		if (!(o->formats & CLI_FMT(i)))
			continue;
		n++;
		size_t l = strlen(list);
		snprintf(list + l, sizeof list - l, "%s%s", n == 1 ? "" : n == total ? " or " : ", ",
			 hwpc_format_name((enum hwpc_format)i));
	}
	return cli_fail(HWPC_EINPUT, "--format: unknown format '%s' (%s takes %s)", v, cli_prog, list);
}

/* Give option k its value (NULL for a flag). */
static int apply(struct parse *p, size_t k, const char *v)
{
	const struct cli_opt *o = p->opt[k];
	struct hwpc_err err;
	char nb[64];
	const char *name = opt_name(o, nb);

	if (v && !*v)
		return cli_fail(HWPC_EINPUT, "%s: empty %s", name, o->noun ? o->noun : "value");
	bool repeat = (o->flags & CLI_REPEAT) || o->kind == CLI_LIST;
	if (v && p->first[k] && !repeat)
		return cli_fail(HWPC_EINPUT, "%s given twice ('%s' and '%s')", name, p->first[k], v);
	if (v && repeat) {
		for (size_t i = 0; i < p->nhist; i++)
			if (p->hist[i].k == k && !strcmp(p->hist[i].value, v))
				return cli_fail(HWPC_EINPUT, "%s %s given twice", name, v);
		p->hist[p->nhist++] = (struct given){ k, v };
	}
	if (!p->first[k])
		p->first[k] = v ? v : "";
	if (o->seen)
		*o->seen = true;
	switch (o->kind) {
	case CLI_FLAG: *(bool *)o->dest = true; return 0;
	case CLI_STR: *(const char **)o->dest = v; return 0;
	case CLI_DURATION:
		return hwpc_parse_duration_ns(v, 0, name, (uint64_t *)o->dest, &err) ? cli_fail_err(&err) : 0;
	case CLI_COUNT:
		if (hwpc_parse_u64(v, UINT32_MAX, name, (uint64_t *)o->dest, &err))
			return cli_fail_err(&err);
		if (!*(uint64_t *)o->dest)
			return cli_fail(HWPC_EINPUT, "%s: count must be at least 1", name);
		return 0;
	case CLI_FORMAT: return parse_format(o, v);
	case CLI_LIST:
		if (*o->count >= o->max)
			return cli_fail(HWPC_EINPUT, "%s: more than %u values", name, o->max);
		((const char **)o->dest)[(*o->count)++] = v;
		return 0;
	case CLI_CALL: return o->call(o, v, p->ctx);
	case CLI_HELP:
		cli_help(p->cmd, stdout);
		exit(0);
	case CLI_VERSION:
		cli_version();
		exit(0);
	case CLI_END:
	case CLI_GROUP: break;
	}
	return 0;
}

/* Option k's value: after '=' or attached, else the next argument unless
 * that is an option of this command. */
static int take_value(struct parse *p, size_t k, const char *attached, int argc, char **argv, int *i,
		      const char *as_given)
{
	if (!takes_value(p->opt[k])) {
		if (attached)
			return cli_fail(HWPC_EINPUT, "option '%s' takes no value", as_given);
		return apply(p, k, NULL);
	}
	if (attached)
		return apply(p, k, attached);
	if (*i + 1 >= argc || is_option(p, argv[*i + 1]))
		return cli_fail(HWPC_EINPUT, "option '%s' needs a value", as_given);
	return apply(p, k, argv[++*i]);
}

static int parse_long(struct parse *p, int argc, char **argv, int *i)
{
	const char *arg = argv[*i], *eq = strchr(arg, '=');
	size_t len = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);
	const char *cand[MAX_OPTS];
	size_t nc;
	int k = find_long(p, arg + 2, len, cand, &nc);
	if (k == -2) {
		char list[512] = "";
		for (size_t c = 0; c < nc; c++) {
			size_t l = strlen(list);
			snprintf(list + l, sizeof list - l, "%s--%s", c ? ", " : "", cand[c]);
		}
		return cli_fail(HWPC_EINPUT, "option '--%.*s' is ambiguous: %s", (int)len, arg + 2, list);
	}
	if (k < 0)
		return unknown_long(p, arg, len);
	char as_given[80];
	snprintf(as_given, sizeof as_given, "--%s", p->opt[k]->lname);
	return take_value(p, (size_t)k, eq ? eq + 1 : NULL, argc, argv, i, as_given);
}

static int parse_short(struct parse *p, int argc, char **argv, int *i)
{
	const char *arg = argv[*i];
	for (size_t j = 1; arg[j]; j++) {
		int k = find_short(p, arg[j]);
		if (k < 0)
			return cli_fail(HWPC_EINPUT, "unknown option '-%c' (%s --help lists the options)", arg[j],
					p->cmd->name);
		char as_given[3] = { '-', arg[j], 0 };
		if (takes_value(p->opt[k]))
			return take_value(p, (size_t)k, arg[j + 1] ? arg + j + 1 : NULL, argc, argv, i, as_given);
		int rc = apply(p, (size_t)k, NULL);
		if (rc)
			return rc;
	}
	return 0;
}

/* Is name (len bytes, "-x" or "--long") option o?  Compared in place: a
 * command checks its relations on every run, and formatting every option
 * name for it was most of a short run's parse time. */
static bool is_named(char sname, const char *lname, const char *name, size_t len)
{
	if (sname)
		return len == 2 && name[0] == '-' && name[1] == sname;
	size_t n = strlen(lname);
	return len == n + 2 && name[0] == '-' && name[1] == '-' && !strncmp(name + 2, lname, n);
}

/* The option named (len bytes), or DASHDASH for "--", the command line's
 * end, which relations may name too (pcread's -- COMMAND). */
enum { DASHDASH = -1 };

static int find_named(const struct parse *p, const char *name, size_t len)
{
	if (len == 2 && !strncmp(name, "--", 2))
		return DASHDASH;
	for (size_t k = 0; k < p->n; k++)
		if (is_named(p->opt[k]->sname, p->opt[k]->lname, name, len))
			return (int)k;
	fprintf(stderr, "%s: internal error: relation names unknown option '%.*s'\n", cli_prog, (int)len, name);
	abort();
}

static bool was_given(const struct parse *p, int k)
{
	return k == DASHDASH ? p->dashdash : p->first[k] != NULL;
}

/* A name of a relation's list (len bytes) as messages say it. */
static const char *shown(char *buf, size_t size, const char *name, size_t len)
{
	snprintf(buf, size, "%.*s", (int)len, name);
	return strcmp(buf, "--") ? buf : "-- COMMAND";
}

/* Relation r for one of its a's, named (alen bytes). */
static int check_rel_one(const struct parse *p, const struct cli_rel *r, const char *aname, size_t alen)
{
	int a = find_named(p, aname, alen);
	char an[64], bn[64];
	const char *s = r->b, *name[16];
	size_t len[16], n = 0;
	bool any = false;

	while (*s && n < 16) {
		name[n] = s;
		len[n] = strcspn(s, " ");
		int b = find_named(p, s, len[n]);
		if (r->kind == CLI_CONFLICT && was_given(p, a) && was_given(p, b))
			return cli_fail(HWPC_EINPUT, "%s and %s cannot be combined%s%s", shown(an, sizeof an, aname, alen),
					shown(bn, sizeof bn, s, len[n]), r->why ? ": " : "", r->why ? r->why : "");
		any |= was_given(p, b);
		s += len[n++];
		s += strspn(s, " ");
	}
	if (r->kind != CLI_NEEDS || !was_given(p, a) || any)
		return 0;
	char alts[256] = "";
	for (size_t i = 0; i < n; i++) {
		size_t l = strlen(alts);
		snprintf(alts + l, sizeof alts - l, "%s%s", !i ? "" : i + 1 < n ? ", " : " or ",
			 shown(bn, sizeof bn, name[i], len[i]));
	}
	return cli_fail(HWPC_EINPUT, "%s needs %s%s%s", shown(an, sizeof an, aname, alen), alts, r->why ? ": " : "",
			r->why ? r->why : "");
}

/* Each name of r->a in turn (a row may relate several options alike). */
static int check_rel(const struct parse *p, const struct cli_rel *r)
{
	int rc = 0;
	for (const char *s = r->a; *s && !rc; s += strspn(s, " ")) {
		size_t len = strcspn(s, " ");
		rc = check_rel_one(p, r, s, len);
		s += len;
	}
	return rc;
}

/* What earlier parses of this command line gave, so that an option given
 * before pcsim's subcommand and again after it is "given twice" too, and
 * cli_given answers after the tables are gone (by name: the names are the
 * command's literals, its tables may be on the parser's caller's stack). */
static struct earlier {
	const struct cli_opt *opt;
	const char *first;
	char sname;
	const char *lname;
} earlier[MAX_OPTS];
static size_t nearlier;

static void remember(const struct parse *p)
{
	for (size_t k = 0; k < p->n && nearlier < MAX_OPTS; k++)
		if (p->first[k])
			earlier[nearlier++] =
				(struct earlier){ p->opt[k], p->first[k], p->opt[k]->sname, p->opt[k]->lname };
}

bool cli_given(const char *name)
{
	for (size_t e = 0; e < nearlier; e++)
		if (is_named(earlier[e].sname, earlier[e].lname, name, strlen(name)))
			return true;
	return false;
}

static void add_table(struct parse *p, const struct cli_opt *t)
{
	for (; t && t->kind != CLI_END; t++)
		if (t->kind != CLI_GROUP && p->n < MAX_OPTS)
			p->opt[p->n++] = t;
}

int cli_parse(const struct cli_cmd *cmd, int argc, char **argv, int start, void *ctx, int *first, int *nargs)
{
	struct parse p = { .cmd = cmd, .ctx = ctx };
	int npos = 0, rc = 0, i, at = -1;
	bool dashdash = false;

	add_table(&p, cmd->opts);
	add_table(&p, cmd->more);
	for (size_t k = 0; k < p.n; k++)
		for (size_t e = 0; e < nearlier; e++)
			if (earlier[e].opt == p.opt[k])
				p.first[k] = earlier[e].first;
	p.hist = calloc((size_t)argc + 1, sizeof *p.hist);
	if (!p.hist)
		return cli_fail(HWPC_EOP, "out of memory");
	*first = start;
	for (i = start; i < argc && !rc; i++) {
		const char *a = argv[i];
		/* "-" is standard input; "-5ms" is a value, not an option. */
		bool optish = !dashdash && a[0] == '-' && a[1] &&
			      !(find_short(&p, a[1]) < 0 && (a[1] == '.' || (a[1] >= '0' && a[1] <= '9')));
		if (!dashdash && !strcmp(a, "--")) {
			dashdash = true;
			at = npos;
			continue;
		}
		if (optish) {
			rc = a[1] == '-' ? parse_long(&p, argc, argv, &i) : parse_short(&p, argc, argv, &i);
			continue;
		}
		if (cmd->args_after_dashdash && !dashdash) {
			rc = cli_fail(HWPC_EINPUT, "unexpected argument '%s' (put a command after --)", a);
			break;
		}
		if (cmd->stop_at_arg) {
			*first = i;
			npos = argc - i;
			break;
		}
		argv[start + npos++] = argv[i];
	}
	if (!cmd->stop_at_arg || npos == 0) {
		if (start + npos < argc)
			argv[start + npos] = NULL;
		if (!rc && cmd->max_args >= 0 && npos > cmd->max_args)
			rc = cli_fail(HWPC_EINPUT, "unexpected argument '%s' (%s --help)", argv[start + cmd->max_args],
				      cmd->name);
	}
	p.dashdash = dashdash;
	for (const struct cli_rel *r = cmd->rels; !rc && r && r->a; r++)
		rc = check_rel(&p, r);
	free(p.hist);
	remember(&p);
	*nargs = npos;
	if (cmd->dashdash_at)
		*cmd->dashdash_at = at;
	return rc;
}
