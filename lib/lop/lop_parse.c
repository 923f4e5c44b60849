/* SPDX-License-Identifier: MIT */
/* Lexer and recursive-descent parser of logic-op expressions.
 *
 * The parser emits a postfix program directly, with delays already pushed
 * down to the leaves: prev(x) parses x with "delay 1", and rise/fall/edge
 * parse their argument twice, at delay 0 and at delay 1.  The hardware can
 * delay a signal by one cycle only, so a delay function met while already
 * at delay 1 is an error; that also bounds the re-parsing to twice the
 * text.  Precedence, loosest first: or, xor, and, not. */
#include "lop/lop_internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

enum tk { T_END, T_NAME, T_NUM, T_NOT, T_AND, T_OR, T_XOR, T_LP, T_RP, T_BAD };

struct tok {
	enum tk kind;
	size_t pos, len;
	unsigned long value; /* T_NUM */
	bool hex;
};

struct parser {
	struct lop_expr *ex;
	const struct hwpc_lop_caps *caps;
	const struct hwpc_lop_symtab *syms;
	struct hwpc_err *err;
	const char *s;
	size_t next; /* where the token after tok starts */
	struct tok tok;
	unsigned depth;
};

static bool name_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '.';
}

static bool tok_is(const struct parser *p, const char *word)
{
	return p->tok.kind == T_NAME && strlen(word) == p->tok.len &&
	       strncasecmp(p->s + p->tok.pos, word, p->tok.len) == 0;
}

static void lex_number(struct parser *p, size_t i)
{
	const char *s = p->s;
	struct tok *t = &p->tok;
	int base = 10;
	size_t j = i;

	if (s[j] == '0' && (s[j + 1] == 'x' || s[j + 1] == 'X')) {
		base = 16;
		j += 2;
	}
	t->hex = base == 16;
	t->value = 0;
	size_t digits = j;
	for (; base == 16 ? isxdigit((unsigned char)s[j]) : isdigit((unsigned char)s[j]); j++) {
		unsigned d = isdigit((unsigned char)s[j]) ? (unsigned)(s[j] - '0')
							  : (unsigned)(tolower((unsigned char)s[j]) - 'a' + 10);
		/* Saturate: anything past 0xffff is out of range anyway. */
		t->value = t->value > 0xffff ? t->value : t->value * (unsigned)base + d;
	}
	t->kind = j == digits || name_char(s[j]) ? T_BAD : T_NUM;
	while (name_char(s[j]))
		j++;
	t->len = j - i;
}

static void lex(struct parser *p)
{
	const char *s = p->s;
	size_t i = p->next;
	struct tok *t = &p->tok;

	while (isspace((unsigned char)s[i]))
		i++;
	t->pos = i;
	t->len = 1;
	switch (s[i]) {
	case 0: t->kind = T_END; t->len = 0; break;
	case '!': case '~': t->kind = T_NOT; break;
	case '&': t->kind = T_AND; t->len = s[i + 1] == '&' ? 2 : 1; break;
	case '|': t->kind = T_OR; t->len = s[i + 1] == '|' ? 2 : 1; break;
	case '^': t->kind = T_XOR; break;
	case '(': t->kind = T_LP; break;
	case ')': t->kind = T_RP; break;
	default:
		if (isdigit((unsigned char)s[i])) {
			lex_number(p, i);
		} else if (isalpha((unsigned char)s[i]) || s[i] == '_') {
			size_t j = i;
			while (name_char(s[j]))
				j++;
			t->kind = T_NAME;
			t->len = j - i;
			/* Operator words are operators, not names. */
			if (tok_is(p, "not"))
				t->kind = T_NOT;
			else if (tok_is(p, "and"))
				t->kind = T_AND;
			else if (tok_is(p, "or"))
				t->kind = T_OR;
			else if (tok_is(p, "xor"))
				t->kind = T_XOR;
		} else {
			t->kind = T_BAD;
		}
	}
	p->next = i + t->len;
}

static int fail(struct parser *p, size_t pos, size_t len, const char *fmt, ...)
	HWPC_PRINTF(4, 5);
static int fail(struct parser *p, size_t pos, size_t len, const char *fmt, ...)
{
	char what[384];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	lop_error_at(p->err, p->ex->input, p->s, pos, len ? len : 1, "%s", what);
	return -1;
}

/* The current token, for "%.*s" in messages; TOKSPAN for its place. */
#define TOK(p) (int)(p)->tok.len, (p)->s + (p)->tok.pos
#define TOKSPAN(p) (p)->tok.pos, (p)->tok.len

static int emit(struct parser *p, enum lop_opcode op, int a, int b)
{
	struct lop_expr *ex = p->ex;

	/* Fold constants, so that a constant argument of a delay function
	 * stays one instruction. */
	if (op == LOP_NOT && ex->prog[a].op == LOP_CONST) {
		op = LOP_CONST;
		a = !ex->prog[a].a;
	} else if (op >= LOP_AND && ex->prog[a].op == LOP_CONST && ex->prog[b].op == LOP_CONST) {
		unsigned x = ex->prog[a].a, y = ex->prog[b].a;
		a = (int)(op == LOP_AND ? x & y : op == LOP_OR ? x | y : x ^ y);
		op = LOP_CONST;
	}
	if (ex->nprog == LOP_MAX_INSNS)
		return fail(p, 0, ex->len, "expression too complex (more than %d operations)",
			    LOP_MAX_INSNS);
	ex->prog[ex->nprog] = (struct lop_insn){(uint8_t)op, (uint16_t)a, (uint16_t)b};
	return (int)ex->nprog++;
}

static int too_many_leaves(struct parser *p)
{
	char list[320], one[80];
	size_t used = 0;

	for (unsigned v = 0; v < p->ex->nvars; v++) {
		lop_var_text(p->ex, v, one, sizeof one);
		lop_append(list, sizeof list, &used, "%s, ", one);
	}
	return fail(p, TOKSPAN(p), "more than %d distinct leaves, but a logic op has %d "
				    "arguments: %s...",
		    LOP_MAX_VARS, HWPC_LOP_NARGS, list);
}

static int leaf(struct parser *p, bool setflag, unsigned signal, unsigned delay)
{
	struct lop_expr *ex = p->ex;
	struct lop_leaf l = {setflag, delay != 0, (uint16_t)(setflag ? 0 : signal)};
	unsigned v;

	for (v = 0; v < ex->nvars; v++)
		if (ex->var[v].leaf.setflag == l.setflag && ex->var[v].leaf.prev == l.prev &&
		    ex->var[v].leaf.signal == l.signal)
			break;
	if (v == ex->nvars) {
		if (v == LOP_MAX_VARS)
			return too_many_leaves(p);
		ex->var[v] = (struct lop_var){l, (uint16_t)p->tok.pos, (uint16_t)p->tok.len};
		ex->nvars++;
	}
	return emit(p, LOP_VAR, (int)v, 0);
}

static int setflag_leaf(struct parser *p, unsigned delay)
{
	const struct hwpc_lop_caps *c = p->caps;
	enum hwpc_lop_input in = p->ex->input;

	if (!c->setflag_arg3 || c->op[HWPC_LOP_EVENT].arg3_setflag < 0)
		return fail(p, TOKSPAN(p),
			    "'%.*s': this chipset's EVENT and STOP cannot take the SETFLAG input "
			    "as an argument",
			    TOK(p));
	if (in != HWPC_LOP_EVENT && in != HWPC_LOP_STOP)
		return fail(p, TOKSPAN(p),
			    "'%.*s' can only be used in EVENT and STOP expressions (it replaces "
			    "their ARG3)",
			    TOK(p));
	if (c->op[in].arg3_setflag < 0)
		return fail(p, TOKSPAN(p),
			    "'%.*s': this chipset has no SETFLAG replace bit for this input",
			    TOK(p));
	if (delay)
		return fail(p, TOKSPAN(p),
			    "'%.*s' cannot be delayed: SETFLAG replaces ARG3 in the same cycle",
			    TOK(p));
	int r = leaf(p, true, 0, 0);
	lex(p);
	return r;
}

static int name_leaf(struct parser *p, unsigned delay)
{
	const struct hwpc_lop_sym *sym = lop_lookup(p->syms, p->s + p->tok.pos, p->tok.len);
	char hint[200];

	if (!sym && tok_is(p, "setflag"))
		return setflag_leaf(p, delay);
	if (!sym) {
		lop_suggest(p->syms, p->s + p->tok.pos, p->tok.len, hint, sizeof hint);
		return fail(p, TOKSPAN(p), "unknown name '%.*s'%s", TOK(p), hint);
	}
	if (sym->kind == HWPC_LOP_SYM_SETFLAG)
		return setflag_leaf(p, delay);
	if (sym->kind == HWPC_LOP_SYM_ELSEWHERE)
		return fail(p, TOKSPAN(p), "'%.*s' is not available here: %s", TOK(p),
			    sym->where ? sym->where : "it is valid elsewhere");
	if (sym->signal >= p->caps->nsignals)
		return fail(p, TOKSPAN(p), "'%.*s' is signal 0x%02x, beyond this domain's %u signals",
			    TOK(p), sym->signal, p->caps->nsignals);
	int r = leaf(p, false, sym->signal, delay);
	lex(p);
	return r;
}

static int parse_or(struct parser *p, unsigned delay, const char *outer);

static int bad_token(struct parser *p)
{
	if (isdigit((unsigned char)p->s[p->tok.pos]))
		return fail(p, TOKSPAN(p), "malformed number '%.*s'", TOK(p));
	return fail(p, p->tok.pos, 1, "unexpected character '%c'", p->s[p->tok.pos]);
}

static int expect_rp(struct parser *p, size_t lp)
{
	if (p->tok.kind == T_RP) {
		lex(p);
		return 0;
	}
	if (p->tok.kind == T_END)
		return fail(p, lp, 1, "unbalanced parentheses: this '(' is never closed");
	return fail(p, TOKSPAN(p), "expected an operator or ')' before '%.*s'", TOK(p));
}

/* prev(x), rise(x), fall(x), edge(x); the name is the current token. */
static int delay_function(struct parser *p, unsigned delay, const char *outer)
{
	char fn[8];
	size_t at = p->tok.pos;
	int a, b;

	snprintf(fn, sizeof fn, "%.*s", (int)p->tok.len, p->s + p->tok.pos);
	for (char *c = fn; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	lex(p);
	if (p->tok.kind != T_LP)
		return fail(p, at, strlen(fn), "'%s' needs an argument in parentheses: %s(x)", fn,
			    fn);
	if (delay)
		return fail(p, at, strlen(fn),
			    "a delay of two cycles ('%s' inside '%s'): the hardware delays a signal "
			    "by one cycle at most",
			    fn, outer);
	size_t lp = p->tok.pos, arg = p->next;
	lex(p);
	if (fn[0] == 'p') {
		if ((a = parse_or(p, 1, "prev")) < 0 || expect_rp(p, lp) < 0)
			return -1;
		return a;
	}
	/* rise/fall/edge: the argument now, then again one cycle earlier. */
	if ((a = parse_or(p, 0, fn)) < 0 || expect_rp(p, lp) < 0)
		return -1;
	size_t after = p->next;
	struct tok saved = p->tok;
	p->next = arg;
	lex(p);
	if ((b = parse_or(p, 1, fn)) < 0)
		return -1;
	p->next = after;
	p->tok = saved;
	if (fn[0] == 'r')
		return emit(p, LOP_AND, a, emit(p, LOP_NOT, b, 0));
	if (fn[0] == 'f')
		return emit(p, LOP_AND, emit(p, LOP_NOT, a, 0), b);
	return emit(p, LOP_XOR, a, b);
}

static int parse_unary(struct parser *p, unsigned delay, const char *outer)
{
	struct tok t = p->tok;
	int r;

	if (++p->depth > LOP_MAX_DEPTH)
		return fail(p, TOKSPAN(p), "expression nested deeper than %d levels", LOP_MAX_DEPTH);
	switch (t.kind) {
	case T_NOT:
		lex(p);
		r = parse_unary(p, delay, outer);
		r = r < 0 ? r : emit(p, LOP_NOT, r, 0);
		break;
	case T_LP:
		lex(p);
		r = parse_or(p, delay, outer);
		if (r >= 0 && expect_rp(p, t.pos) < 0)
			r = -1;
		break;
	case T_NUM:
		if (!t.hex && t.value <= 1) {
			r = emit(p, LOP_CONST, (int)t.value, 0);
		} else if (t.value >= p->caps->nsignals) {
			return fail(p, TOKSPAN(p),
				    "signal '%.*s' is out of range: this domain has %u signals "
				    "(0x00-0x%02x)",
				    TOK(p), p->caps->nsignals, p->caps->nsignals - 1);
		} else {
			r = leaf(p, false, (unsigned)t.value, delay);
		}
		if (r >= 0)
			lex(p);
		break;
	case T_NAME:
		if (tok_is(p, "prev") || tok_is(p, "rise") || tok_is(p, "fall") || tok_is(p, "edge"))
			r = delay_function(p, delay, outer);
		else if (tok_is(p, "true") || tok_is(p, "false")) {
			r = emit(p, LOP_CONST, tok_is(p, "true"), 0);
			if (r >= 0)
				lex(p);
		} else
			r = name_leaf(p, delay);
		break;
	case T_END:
		return fail(p, t.pos, 1, "expected an operand at the end of the expression");
	case T_BAD:
		return bad_token(p);
	default:
		return fail(p, TOKSPAN(p), "expected an operand before '%.*s'", TOK(p));
	}
	p->depth--;
	return r;
}

/* Binary operators, loosest first; parse_level(0) is a whole expression. */
static const struct {
	enum tk tok;
	enum lop_opcode op;
} levels[] = {{T_OR, LOP_OR}, {T_XOR, LOP_XOR}, {T_AND, LOP_AND}};

static int parse_level(struct parser *p, unsigned level, unsigned delay, const char *outer)
{
	if (level == sizeof levels / sizeof levels[0])
		return parse_unary(p, delay, outer);
	int l = parse_level(p, level + 1, delay, outer);
	while (l >= 0 && p->tok.kind == levels[level].tok) {
		lex(p);
		int r = parse_level(p, level + 1, delay, outer);
		l = r < 0 ? r : emit(p, levels[level].op, l, r);
	}
	return l;
}

static int parse_or(struct parser *p, unsigned delay, const char *outer)
{
	return parse_level(p, 0, delay, outer);
}

int lop_parse(struct lop_expr *ex, const struct hwpc_lop_caps *caps,
	      const struct hwpc_lop_symtab *syms, enum hwpc_lop_input in, const char *text,
	      struct hwpc_err *err)
{
	struct parser p = {ex, caps, syms, err, text, 0, {0}, 0};
	size_t len = strlen(text);

	ex->input = in;
	ex->text = text;
	ex->len = len;
	ex->nprog = 0;
	ex->nvars = 0;
	if (len > HWPC_LOP_MAX_EXPR)
		return lop_error_at(err, in, NULL, 0, 0,
				    "expression too long (%zu bytes, at most %d)", len,
				    HWPC_LOP_MAX_EXPR);
	/* A newline or other control character would break the one-line
	 * messages and files (setup notes) an expression goes into. */
	for (size_t i = 0; i < len; i++)
		if (((unsigned char)text[i] < ' ' && text[i] != '\t') || text[i] == 0x7f)
			return lop_error_at(err, in, text, i, 1,
					    "control character 0x%02x in the expression (spaces and tabs separate its words)",
					    (unsigned char)text[i]);
	lex(&p);
	if (p.tok.kind == T_END)
		return lop_error_at(err, in, text, p.tok.pos, 1, "empty expression");
	if (parse_or(&p, 0, "") < 0)
		return HWPC_EINPUT;
	if (p.tok.kind == T_BAD) {
		bad_token(&p);
		return HWPC_EINPUT;
	}
	if (p.tok.kind == T_RP)
		return lop_error_at(err, in, text, p.tok.pos, 1,
				    "unbalanced parentheses: ')' without a matching '('");
	if (p.tok.kind != T_END)
		return lop_error_at(err, in, text, p.tok.pos, p.tok.len ? p.tok.len : 1,
				    "unexpected '%.*s' after a complete expression; an operator "
				    "is missing",
				    (int)p.tok.len, text + p.tok.pos);
	return HWPC_OK;
}
