/* SPDX-License-Identifier: MIT */
/* Fuzz simulator trace files (pcsim(1), "TRACE FILES"): signals of a
 * PCOUNTER domain driven from a file.  Byte 0 chooses the chip (NV30 or
 * G84), byte 1 the domain; the rest is the trace.  Each input gets a
 * freshly reset simulator (the trace pool lives in its state file), loads
 * the trace, and runs the domain long enough to wrap a short trace. */
#include "fuzz_common.h"

static const char *const chips[] = {"nv30", "g84"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct hwpc_regdb *db = fuzz_regdb();
	if (size < 2)
		return 0;
	const char *chip = chips[data[0] & 1];
	char spec[512];
	snprintf(spec, sizeof spec, "sim:%s,clock=virtual,pchz=1M,state=%s/%s.state", chip, fuzz_dir(), chip);
	const char *path = fuzz_file("fuzz.trace", data + 2, size - 2);
	struct hwpc_dev *dev;
	struct hwpc_err err = {0, ""};
	if (hwpc_sim_create(spec, true, db, &err) || hwpc_dev_open(spec, HWPC_OPEN_WRITE, db, &dev, &err)) {
		fprintf(stderr, "fuzz_sim_trace: %s: %s\n", spec, err.msg);
		abort();
	}
	unsigned dom = data[1] % hwpc_sim_pc_domain_count(dev);
	int rc = hwpc_sim_pc_load_trace(dev, dom, path, &err);
	if (rc == HWPC_OK) {
		FUZZ_CHECK(!hwpc_sim_pc_advance_cycles(dev, dom, 300, &err), "advance after a trace: %s", err.msg);
		/* and a second trace over the first, as a user reloading one */
		rc = hwpc_sim_pc_load_trace(dev, dom, path, &err);
		FUZZ_CHECK(rc == HWPC_OK || strstr(err.msg, "too long"), "the same trace again: %s", err.msg);
		FUZZ_CHECK(!hwpc_sim_pc_advance_cycles(dev, dom, 50, &err), "advance: %s", err.msg);
	} else {
		fuzz_note("trace", &err);
		FUZZ_CHECK(rc == HWPC_EINPUT && strstr(err.msg, path), "status %d not naming the file: %s", rc,
			   err.msg);
	}
	hwpc_dev_close(dev);
	return 0;
}
