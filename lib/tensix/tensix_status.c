/* SPDX-License-Identifier: MIT */
/* TIMESTAMP_STATUS as fields (see hwpc/tensix_stream.h): the bits are
 * where regdb puts them (hwpc_tensix_fields_load), the meaning of the
 * accumulator fields is the document's StatusRead. */
#include "hwpc/tensix.h"

void hwpc_tensix_status_decode(const struct hwpc_tensix_fields *f, uint32_t s, struct hwpc_tensix_status *out)
{
	for (int b = 0; b < 2; b++) {
		out->full[b] = hwpc_field_get(f->full[b], s) != 0;
		out->overflow[b] = hwpc_field_get(f->overflow[b], s) != 0;
	}
	out->accum_pos_64b = (unsigned)hwpc_field_get(f->accum_pos_64b, s);
	out->accum_pos_32b = (unsigned)hwpc_field_get(f->accum_pos_32b, s);
	out->accum_pos_96b = (unsigned)hwpc_field_get(f->accum_pos_96b, s);
	out->bufs0_position = (uint32_t)hwpc_field_get(f->buf0_position, s);
}

/* StatusRead reports position/2 for 64-bit events, position for 32-bit
 * ones and (4 - position) & 3 for 96-bit ones; at most one is nonzero. */
unsigned hwpc_tensix_status_pending_words(const struct hwpc_tensix_status *s)
{
	if (s->accum_pos_64b)
		return s->accum_pos_64b * 2;
	if (s->accum_pos_32b)
		return s->accum_pos_32b;
	if (s->accum_pos_96b)
		return (4 - s->accum_pos_96b) & 3;
	return 0;
}
