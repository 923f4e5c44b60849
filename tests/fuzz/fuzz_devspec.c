/* SPDX-License-Identifier: MIT */
/* Fuzz device specs as -d takes them ("0", "01:00.0", "sim:CHIP,k=v").
 * What parses is checked for sanity; nothing is opened. */
#include "fuzz_common.h"
#include "sim/sim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_str(data, size);
	struct hwpc_devspec spec;
	struct hwpc_err err = {0, ""};
	/* NULL and "" read $HWPC_DEVICE: make that empty, not the caller's. */
	setenv("HWPC_DEVICE", "", 1);
	if (!hwpc_devspec_parse(s, &spec, &err)) {
		FUZZ_CHECK(spec.kind <= HWPC_DEV_SIM, "kind %d", (int)spec.kind);
		if (spec.kind == HWPC_DEV_SIM) {
			FUZZ_CHECK(spec.nopts <= HWPC_SIM_MAX_OPTS, "%u options", spec.nopts);
			FUZZ_CHECK(memchr(spec.chip, 0, sizeof spec.chip), "chip name not terminated");
			for (unsigned i = 0; i < spec.nopts; i++)
				FUZZ_CHECK(memchr(spec.keys[i], 0, sizeof spec.keys[i]) &&
						   memchr(spec.values[i], 0, sizeof spec.values[i]),
					   "option %u not terminated", i);
			char path[512];
			if (hwpc_sim_state_path(&spec, path, sizeof path, &err))
				fuzz_note("state path", &err);
		}
	} else {
		fuzz_note("devspec", &err);
		FUZZ_CHECK(err.status == HWPC_EINPUT && err.msg[0], "status %d: %s", err.status, err.msg);
	}
	free(s);
	return 0;
}
