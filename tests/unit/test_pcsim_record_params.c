/* SPDX-License-Identifier: MIT */
/* A record-mode parameter missing from regdb is an error in the simulator,
 * as it is in the decoder (hwpc_rec_layout_load): the simulator does not
 * fall back on numbers of its own, which would write packets the decoder
 * could not read. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "hwpc.h"
#include "dev/backend.h"
#include "regdb_edit.h"

/* Create and open chip's simulator with db; the first error, or "". */
static const char *sim_error(struct hwpc_regdb *db, const char *chip)
{
	static struct hwpc_err err;
	char dir[] = "/tmp/hwpc-recparams-XXXXXX", spec[256];
	struct hwpc_dev *dev = NULL;
	assert_non_null(mkdtemp(dir));
	snprintf(spec, sizeof spec, "sim:%s,clock=virtual,state=%s/sim.state", chip, dir);
	memset(&err, 0, sizeof err);
	if (!hwpc_sim_create(spec, true, db, &err) && !hwpc_dev_open(spec, HWPC_OPEN_WRITE, db, &dev, &err)) {
		/* the PCOUNTER model attaches on its first use */
		uint32_t addr, v;
		if (hwpc_reg_lookup(dev, "PCOUNTER.CTRL[0]", &addr, &err))
			fail_msg("%s: %s", chip, err.msg);
		if (!hwpc_rd32(dev, addr, &v))
			err.msg[0] = 0;
		else
			err = dev->err;
		hwpc_dev_close(dev);
	}
	snprintf(spec, sizeof spec, "%s/sim.state", dir);
	unlink(spec);
	rmdir(dir);
	return err.msg;
}

static void without(const char *line, const char *chip, const char *want_sim, const char *want_dec)
{
	struct hwpc_regdb *db = regdb_edited("pcounter-signals.regdb", line, "# (removed)");
	const char *msg = sim_error(db, chip);
	if (!*msg != !*want_sim || !strstr(msg, want_sim))
		fail_msg("sim:%s without %s: got \"%s\", expected \"%s\"", chip, line, msg, want_sim);
	struct hwpc_rec_layout lay;
	struct hwpc_err err = { 0 };
	int rc = hwpc_rec_layout_load(db, &lay, &err);
	if (want_dec) {
		assert_int_equal(rc, HWPC_EINPUT);
		assert_string_equal(err.msg, want_dec);
	} else {
		assert_int_equal(rc, 0);
	}
	hwpc_regdb_free(db);
}

static void test_missing_parameter_is_an_error(void **state)
{
	(void)state;
	without("param PCOUNTER.RECORD_EVENT_MAX", "g84", "regdb lacks parameter PCOUNTER.RECORD_EVENT_MAX for G84",
		"regdb lacks parameter PCOUNTER.RECORD_EVENT_MAX");
	without("param PCOUNTER.RECORD_LONG_BYTES", "g84", "regdb lacks parameter PCOUNTER.RECORD_LONG_BYTES for G84",
		"regdb lacks parameter PCOUNTER.RECORD_LONG_BYTES");
	/* the decoder needs it too: its text table's offset column */
	without("param PCOUNTER.RECORD_ADDRESS_BITS", "g84",
		"regdb lacks parameter PCOUNTER.RECORD_ADDRESS_BITS for G84",
		"regdb lacks parameter PCOUNTER.RECORD_ADDRESS_BITS");
}

/* A chipset without record mode needs none of them. */
static void test_no_record_mode_needs_none(void **state)
{
	(void)state;
	struct hwpc_regdb *db = regdb_edited("pcounter-signals.regdb", "param PCOUNTER.RECORD_EVENT_MAX", "# (removed)");
	assert_string_equal(sim_error(db, "nv40"), "");
	hwpc_regdb_free(db);
	/* and the unedited database opens a G84 */
	db = regdb_edited("pcounter-signals.regdb", "param PCOUNTER.RECORD_EVENT_MAX", "param PCOUNTER.RECORD_EVENT_MAX");
	assert_string_equal(sim_error(db, "g84"), "");
	hwpc_regdb_free(db);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_missing_parameter_is_an_error),
		cmocka_unit_test(test_no_record_mode_needs_none),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
