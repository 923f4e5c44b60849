/* SPDX-License-Identifier: MIT */
/* CRC-32 (IEEE), what the state file's header and the models' settings are
 * checked with: a helper of its own, below the state file's code and the
 * models that both use it. */
#include "sim/sim.h"

uint32_t sim_crc32(uint32_t crc, const void *data, size_t len)
{
	const unsigned char *p = data;
	uint32_t c = ~crc;
	for (size_t i = 0; i < len; i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
	}
	return ~c;
}
