/* SPDX-License-Identifier: MIT */
/* Tensix debug timestamper functional model (see tensix_model.h).  The
 * functions mirror the document's pseudocode one for one, so each can be
 * checked against it by reading side by side. */
#include "sim/tensix_model.h"

#include <string.h>

static const char *const reg_names[TSX_REG_COUNT] = {
	[TSX_WALL_CLOCK_L] = "RISCV_DEBUG_REG_WALL_CLOCK_L",
	[TSX_WALL_CLOCK_L4] = "RISCV_DEBUG_REG_WALL_CLOCK_L+4",
	[TSX_WALL_CLOCK_H] = "RISCV_DEBUG_REG_WALL_CLOCK_H",
	[TSX_TIMESTAMP] = "RISCV_DEBUG_REG_TIMESTAMP",
	[TSX_TIMESTAMP_CNTL] = "RISCV_DEBUG_REG_TIMESTAMP+4",
	[TSX_TIMESTAMP_STATUS] = "RISCV_DEBUG_REG_TIMESTAMP_STATUS",
	[TSX_BUF0_START] = "RISCV_DEBUG_REG_TIMESTAMP+12",
	[TSX_BUF0_END] = "RISCV_DEBUG_REG_TIMESTAMP+16",
	[TSX_BUF1_START] = "RISCV_DEBUG_REG_TIMESTAMP+20",
	[TSX_BUF1_END] = "RISCV_DEBUG_REG_TIMESTAMP+24",
};

const char *tsx_reg_name(enum tsx_reg reg)
{
	return (unsigned)reg < TSX_REG_COUNT ? reg_names[reg] : "?";
}

uint32_t tsx_reg_offset(enum tsx_reg reg)
{
	return (uint32_t)reg * 4; /* the map is dense from 0xFFB1_21F0 */
}

/* v in field f's place, for OR-ing into a register value; a value wider
 * than the field keeps its low bits, as in the document's C bit-fields. */
static uint32_t placed(const struct hwpc_field *f, uint64_t v)
{
	uint32_t r = 0;
	hwpc_field_put(f, &r, f->width < 64 ? v & ((1ull << f->width) - 1) : v);
	return r;
}

void tsx_model_init(struct tsx_model *m, const struct hwpc_tensix_fields *bits, uint8_t *l1, size_t l1_size)
{
	memset(m, 0, sizeof *m);
	m->bits = bits;
	for (int i = 0; i < 2; i++)
		m->bufs[i].valid = true;
	/* The document's cntl_raw = 3: both valid bits set, as bufs[].valid says. */
	m->cntl_raw = placed(bits->valid[0], 1) | placed(bits->valid[1], 1);
	m->l1 = l1;
	m->l1_size = l1 ? l1_size : 0;
}

/* EveryCycle(): the reset is the same on every cycle it applies, so n
 * cycles apply it once. */
void tsx_model_advance(struct tsx_model *m, uint64_t cycles)
{
	if (!cycles)
		return;
	m->counter += cycles;
	if (m->reset_streams) {
		for (int i = 0; i < 2; i++) {
			m->bufs[i].full = false;
			m->bufs[i].overflow = false;
		}
		m->accum.position = 0;
		m->accum.event_size = 0;
	}
}

static void flush_accum(struct tsx_model *m)
{
	while (m->accum.position < 4)
		m->accum.data[m->accum.position++] = 0;
	m->accum.position = 0;
	m->accum.event_size = 0; /* next event can be any size */
	for (int i = 0; i < 2; i++) {
		struct tsx_buf *b = &m->bufs[i];
		if (b->valid && (uint64_t)b->start + b->position <= b->end) {
			uint64_t addr = ((uint64_t)b->start + b->position) * 16;
			if (m->l1 && addr + 16 <= m->l1_size) {
				for (int k = 0; k < 4; k++) { /* L1 is little-endian */
					uint32_t v = m->accum.data[k];
					uint8_t *p = m->l1 + addr + 4 * k;
					p[0] = (uint8_t)v;
					p[1] = (uint8_t)(v >> 8);
					p[2] = (uint8_t)(v >> 16);
					p[3] = (uint8_t)(v >> 24);
				}
			} else {
				m->l1_writes_dropped++;
			}
			b->position += 1;
			if ((uint64_t)b->start + b->position > b->end)
				b->full = true;
			return;
		}
	}
	for (int i = 0; i < 2; i++) /* no space: all valid buffers overflow */
		if (m->bufs[i].valid)
			m->bufs[i].overflow = true;
}

static void append(struct tsx_model *m, uint32_t v)
{
	m->accum.data[m->accum.position++] = v;
	if (m->accum.position >= 4)
		flush_accum(m);
}

/* SetEventSize() without its UndefinedBehaviour(): the check runs before
 * anything changes, so a refused write leaves the model as it was. */
static int set_event_size(struct tsx_model *m, uint32_t size, uint32_t cmd, struct hwpc_err *err)
{
	if (m->accum.event_size != 0 && m->accum.event_size != size)
		return hwpc_err_set(err, HWPC_EINPUT,
				    "TIMESTAMP write 0x%08x: %u-bit event while the accumulator holds "
				    "%u-bit events is undefined (flush first)",
				    cmd, size, m->accum.event_size);
	m->accum.event_size = size;
	return HWPC_OK;
}

static int cmd_write(struct tsx_model *m, uint32_t v, struct hwpc_err *err)
{
	uint32_t lo = (uint32_t)m->counter, hi = (uint32_t)(m->counter >> 32);
	int rc;

	switch (v & TSX_SIZE_MASK) {
	case TSX_APPEND_32b:
		if ((rc = set_event_size(m, 32, v, err)))
			return rc;
		append(m, (v & TSX_EV32_HEADER_MASK) |
			      (uint32_t)((m->counter & TSX_EV32_COUNTER_MASK) << TSX_EV32_COUNTER_SHIFT));
		break;
	case TSX_APPEND_64b:
		if ((rc = set_event_size(m, 64, v, err)))
			return rc;
		append(m, v);
		append(m, lo);
		break;
	case TSX_APPEND_96b:
		if ((rc = set_event_size(m, 96, v, err)))
			return rc;
		append(m, v);
		append(m, lo);
		append(m, hi);
		break;
	case TSX_APPEND_128b:
		if ((rc = set_event_size(m, 128, v, err)))
			return rc;
		append(m, v);
		append(m, lo);
		append(m, hi);
		append(m, 0);
		break;
	case TSX_FLUSH_64b:
		if ((rc = set_event_size(m, 64, v, err)))
			return rc;
		flush_accum(m);
		break;
	case TSX_FLUSH_96b:
		if ((rc = set_event_size(m, 96, v, err)))
			return rc;
		flush_accum(m);
		break;
	default:
		return hwpc_err_set(err, HWPC_EINPUT,
				    "TIMESTAMP write 0x%08x: size code %u is undefined", v, v & TSX_SIZE_MASK);
	}
	return HWPC_OK;
}

/* StatusRead(), each StatusBits member at the bits regdb gives its field
 * (a value wider than the field keeps its low bits, as a C bit-field). */
static uint32_t status_read(const struct tsx_model *m)
{
	const struct hwpc_tensix_fields *f = m->bits;
	uint32_t s = 0, pos64 = 0, pos32 = 0, pos96 = 0;
	if (m->accum.event_size == 64)
		pos64 = m->accum.position / 2;
	if (m->accum.event_size == 32)
		pos32 = m->accum.position;
	if (m->accum.event_size == 96)
		pos96 = (4 - m->accum.position) & 3;
	for (int i = 0; i < 2; i++) {
		s |= placed(f->full[i], m->bufs[i].full);
		s |= placed(f->overflow[i], m->bufs[i].overflow);
	}
	s |= placed(f->accum_pos_64b, pos64);
	s |= placed(f->accum_pos_32b, pos32);
	s |= placed(f->accum_pos_96b, pos96);
	s |= placed(f->buf0_position, m->bufs[0].position);
	return s;
}

/* StatusWrite(): a 1 in a FULL field clears it and the buffer's position,
 * in an OVERFLOW field clears it. */
static void status_write(struct tsx_model *m, uint32_t v)
{
	for (int i = 0; i < 2; i++) {
		if (hwpc_field_get(m->bits->full[i], v))
			m->bufs[i].full = false, m->bufs[i].position = 0;
		if (hwpc_field_get(m->bits->overflow[i], v))
			m->bufs[i].overflow = false;
	}
}

int tsx_model_read(struct tsx_model *m, enum tsx_reg reg, uint32_t *val, struct hwpc_err *err)
{
	switch (reg) {
	case TSX_WALL_CLOCK_L:
		m->counter_high_at = (uint32_t)(m->counter >> 32);
		*val = (uint32_t)m->counter;
		return HWPC_OK;
	case TSX_WALL_CLOCK_L4: *val = (uint32_t)(m->counter >> 32); return HWPC_OK;
	case TSX_WALL_CLOCK_H: *val = m->counter_high_at; return HWPC_OK;
	case TSX_TIMESTAMP: *val = 0; return HWPC_OK;
	case TSX_TIMESTAMP_CNTL: *val = m->cntl_raw; return HWPC_OK;
	case TSX_TIMESTAMP_STATUS: *val = status_read(m); return HWPC_OK;
	case TSX_BUF0_START: *val = m->bufs[0].start; return HWPC_OK;
	case TSX_BUF0_END: *val = m->bufs[0].end; return HWPC_OK;
	case TSX_BUF1_START: *val = m->bufs[1].start; return HWPC_OK;
	case TSX_BUF1_END: *val = m->bufs[1].end; return HWPC_OK;
	case TSX_REG_COUNT: break;
	}
	return hwpc_err_set(err, HWPC_EINPUT, "tensix timestamper: no register %d", (int)reg);
}

int tsx_model_write(struct tsx_model *m, enum tsx_reg reg, uint32_t val, struct hwpc_err *err)
{
	switch (reg) {
	case TSX_WALL_CLOCK_L:
		m->counter_high_at = (uint32_t)(m->counter >> 32);
		return HWPC_OK;
	case TSX_WALL_CLOCK_L4:
	case TSX_WALL_CLOCK_H:
		return HWPC_OK;
	case TSX_TIMESTAMP: return cmd_write(m, val, err);
	case TSX_TIMESTAMP_CNTL:
		m->cntl_raw = val;
		m->bufs[0].valid = hwpc_field_get(m->bits->valid[0], val) != 0;
		m->bufs[1].valid = hwpc_field_get(m->bits->valid[1], val) != 0;
		/* sticky until written low */
		m->reset_streams = hwpc_field_get(m->bits->reset_streams, val) != 0;
		return HWPC_OK;
	case TSX_TIMESTAMP_STATUS: status_write(m, val); return HWPC_OK;
	case TSX_BUF0_START: m->bufs[0].start = val; return HWPC_OK;
	case TSX_BUF0_END: m->bufs[0].end = val; return HWPC_OK;
	case TSX_BUF1_START: m->bufs[1].start = val; return HWPC_OK;
	case TSX_BUF1_END: m->bufs[1].end = val; return HWPC_OK;
	case TSX_REG_COUNT: break;
	}
	return hwpc_err_set(err, HWPC_EINPUT, "tensix timestamper: no register %d", (int)reg);
}
