/* SPDX-License-Identifier: MIT */
/* Fuzz the register-database parser (hwpc-regdb(5)): the input is one
 * .regdb file parsed after the real chipset table (so generation ranges
 * have chipsets to name).  What parses is then queried the way the
 * commands do: every register found by name, its address, a value
 * decoded, its generation range formatted and parsed back, parameters. */
#include "fuzz_common.h"
#include "regdb/regdb_embedded.h"

static const char *chipsets_text(void)
{
	for (unsigned i = 0; i < hwpc_regdb_embedded_count; i++)
		if (!strcmp(hwpc_regdb_embedded[i].name, "chipsets.regdb"))
			return hwpc_regdb_embedded[i].text;
	fprintf(stderr, "fuzz_regdb: no chipsets.regdb compiled in\n");
	abort();
}

static const struct hwpc_chipset *first_chip(const struct hwpc_regdb *db, const struct hwpc_gens *g)
{
	for (unsigned i = 0; i < hwpc_regdb_chipset_count(db); i++)
		if (hwpc_gens_has(g, hwpc_regdb_chipset(db, i)))
			return hwpc_regdb_chipset(db, i);
	return NULL;
}

static void query(const struct hwpc_regdb *db)
{
	char buf[1024];
	struct hwpc_err err;
	for (unsigned i = 0; i < hwpc_regdb_reg_count(db) && i < 64; i++) {
		const struct hwpc_reg *r = hwpc_regdb_reg(db, i);
		const struct hwpc_chipset *chip = first_chip(db, &r->gens);
		if (!chip)
			continue;
		hwpc_reg_decode(r, chip, 0xa5a5f00fu, buf, sizeof buf);
		hwpc_gens_format(db, &r->gens, buf, sizeof buf);
		struct hwpc_gens back;
		FUZZ_CHECK(!hwpc_gens_parse(db, buf, &back, &err), "formatted range '%s' does not parse: %s", buf,
			   err.msg);
		FUZZ_CHECK(!memcmp(&back, &r->gens, sizeof back), "range '%s' reads back as another set", buf);
		hwpc_reg_find(db, chip, r->name, &err);
		uint32_t idx[HWPC_MAX_DIMS] = {0}, addr;
		if (!hwpc_reg_addr(r, idx, r->ndims, &addr, &err))
			hwpc_reg_at(db, chip, addr, idx);
		for (unsigned f = 0; f < r->nfields; f++) {
			uint32_t v = 0;
			hwpc_field_put(&r->fields[f], &v, 1);
			hwpc_field_get(&r->fields[f], v);
			hwpc_enum_find_value(&r->fields[f], chip, 0);
		}
		snprintf(buf, sizeof buf, "%s%s%s", r->name, r->ndims ? "[0]" : "",
			 r->nfields ? "." : "");
		if (r->nfields)
			snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s", r->fields[0].name);
		struct hwpc_regref ref;
		if (!hwpc_regref_parse(db, chip, buf, &ref, &err))
			hwpc_regref_format(&ref, buf, sizeof buf);
	}
	for (unsigned i = 0; i < hwpc_regdb_param_count(db) && i < 64; i++) {
		const struct hwpc_param *p = hwpc_regdb_param(db, i);
		const struct hwpc_chipset *chip = first_chip(db, &p->gens);
		if (chip)
			hwpc_param_num(db, chip, p->name, 0);
	}
	for (unsigned i = 0; i < hwpc_regdb_entry_count(db) && i < 64; i++)
		hwpc_entry_attr(hwpc_regdb_entry_at(db, i), "gens");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_str(data, size);
	struct hwpc_regdb_text files[2] = {{"chipsets.regdb", chipsets_text()}, {"fuzz.regdb", text}};
	struct hwpc_regdb *db = NULL;
	struct hwpc_err err = {0, ""};
	if (hwpc_regdb_parse(files, 2, &db, &err) == HWPC_OK) {
		query(db);
		hwpc_regdb_free(db);
	} else {
		fuzz_note("regdb", &err);
		FUZZ_CHECK(err.msg[0] && strstr(err.msg, ".regdb"),
			   "an error that names no file: '%s'", err.msg);
	}
	free(text);
	return 0;
}
