/* SPDX-License-Identifier: MIT */
/* Fuzz tsdump's token maps (hwpc/tokmap.h).  What loads must answer for
 * every token it names what the file said (an instant, or one side of a
 * pair whose name the map gives back). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FILE *fp = size ? fmemopen((void *)data, size, "r") : fopen("/dev/null", "r");
	FUZZ_CHECK(fp != NULL, "fmemopen");
	struct hwpc_tokmap *m = NULL;
	struct hwpc_err err = {0, ""};
	int rc = hwpc_tokmap_load(fp, "fuzz.map", &m, &err);
	fclose(fp);
	if (rc) {
		fuzz_note("tokmap", &err);
		FUZZ_CHECK(strstr(err.msg, "fuzz.map"), "error not naming the file: %s", err.msg);
		return 0;
	}
	/* Look up every token the input spells as a leading number, and a few
	 * it does not. */
	char *text = fuzz_str(data, size);
	for (char *line = text; line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		char *end;
		unsigned long v = strtoul(line, &end, 0);
		if (end == line || v >= (1ul << 29))
			continue;
		const struct hwpc_tok *t = hwpc_tokmap_find(m, (uint32_t)v);
		if (!t)
			continue;
		FUZZ_CHECK(t->token == v, "token 0x%lx found as 0x%x", v, t->token);
		FUZZ_CHECK(t->name && t->role <= HWPC_TOKMAP_END, "token 0x%lx: a bad entry", v);
		if (t->role != HWPC_TOKMAP_INSTANT) {
			FUZZ_CHECK(t->pair < hwpc_tokmap_pairs(m), "pair %u of %u", t->pair, hwpc_tokmap_pairs(m));
			FUZZ_CHECK(!strcmp(hwpc_tokmap_pair_name(m, t->pair), t->name), "pair name '%s' vs '%s'",
				   hwpc_tokmap_pair_name(m, t->pair), t->name);
		}
	}
	for (uint32_t v = 0; v < 64; v++)
		hwpc_tokmap_find(m, v * 0x9e3779b1u & 0x1fffffff);
	free(text);
	hwpc_tokmap_free(m);
	return 0;
}
