/* SPDX-License-Identifier: MIT */
/* Fuzz R10000/R12000 control-word decoding.  Byte 0: bit 0 R12000 (else
 * R10000), bits 1-2 the revision (0, 2, 3), bits 3-4 the counter (-1, 0,
 * 1).  Bytes 1-4 the word (little-endian).  The rest is a pcread --decode
 * argument ("r10000:1:0x138").
 *
 * Besides "no crash": a decoded word encodes back to itself through each
 * event it names (unless it sets the S bit on a CPU where supervisor mode
 * does not count: encode refuses to program that, decode reports it). */
#include "fuzz_common.h"

static const struct hwpc_r10k_cpu *cpu(unsigned i)
{
	static struct hwpc_r10k_cpu c[2][3];
	static bool done[2][3];
	static const int revs[3] = {0, 2, 3};
	unsigned chip = i & 1, rev = (i >> 1) % 3;
	if (!done[chip][rev]) {
		struct hwpc_err err;
		if (hwpc_r10k_cpu_init(&c[chip][rev], fuzz_regdb(), chip ? "r12000" : "r10000", revs[rev], &err)) {
			fprintf(stderr, "fuzz_r10k_word: %s\n", err.msg);
			abort();
		}
		done[chip][rev] = true;
	}
	return &c[chip][rev];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 5)
		return 0;
	const struct hwpc_r10k_cpu *c = cpu((unsigned)(data[0] & 1) | (unsigned)((data[0] >> 1) & 3) << 1);
	int counter = (int)((data[0] >> 3) % 3) - 1;
	uint32_t word = (uint32_t)data[1] | (uint32_t)data[2] << 8 | (uint32_t)data[3] << 16 | (uint32_t)data[4] << 24;
	struct hwpc_r10k_decoded d;
	struct hwpc_err err = {0, ""};
	char buf[512];
	if (!hwpc_r10k_decode_word(c, counter, word, &d, &err)) {
		hwpc_r10k_describe(&d, buf, sizeof buf);
		FUZZ_CHECK(d.nevents <= 4, "%u events", d.nevents);
		for (unsigned i = 0; i < d.nevents; i++) {
			const struct hwpc_r10k_event *ev = d.events[i];
			if ((counter < 0 && ev->counter < 0) || (!c->supervisor && d.modes & HWPC_R10K_SUPERVISOR))
				continue;
			struct hwpc_r10k_ctl ctl = {counter >= 0 ? (unsigned)counter : (unsigned)ev->counter, ev, d.modes,
						    d.ie};
			uint32_t w2;
			FUZZ_CHECK(!hwpc_r10k_encode(c, &ctl, &w2, &err), "0x%08x: event %s does not encode: %s", word,
				   ev->name, err.msg);
			FUZZ_CHECK(w2 == word, "0x%08x decodes to %s, which encodes as 0x%08x", word, ev->name, w2);
		}
	} else {
		FUZZ_CHECK(err.status == HWPC_EINPUT && err.msg[0], "status %d: %s", err.status, err.msg);
	}
	char *arg = fuzz_str(data + 5, size - 5);
	struct hwpc_r10k_cpu c2;
	if (!hwpc_r10k_decode_arg(fuzz_regdb(), arg, 0, &c2, &d, &err))
		hwpc_r10k_describe(&d, buf, sizeof buf);
	else
		fuzz_note("decode_arg", &err);
	free(arg);
	return 0;
}
