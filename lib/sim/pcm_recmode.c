/* SPDX-License-Identifier: MIT */
/* Record mode (G84+): 12 event counters, a STOP counter and a 48-bit cycle
 * counter, written as LONG or SHORT packets into simulated memory
 * ("Record mode", "Record mode setup"). */
#include "sim/pcm.h"
#include "hwpc/stream.h"

#include <string.h>

int pc_record_params(struct sim *s, struct pc_priv *p, struct hwpc_err *err)
{
	struct hwpc_rec_layout lay;
	if (!p->has_record)
		return 0;
	if (hwpc_rec_layout_load_chip(s->dev.db, s->dev.chip, &lay, err))
		return err->status;
	p->rec_cycle_bits = lay.cycle_bits;
	p->rec_ev_max = lay.event_max;
	p->rec_ev_trigger = lay.event_trigger;
	p->rec_stop_max = lay.stop_max;
	p->rec_long = lay.long_bytes;
	p->rec_short = lay.short_bytes;
	p->rec_event_word = lay.event_word;
	p->rec_stop_word = lay.stop_word;
	/* the simulator's own: where the write position wraps */
	/* regdb-names: PCOUNTER.RECORD_ADDRESS_BITS G84:GF100 */
	int64_t bits = hwpc_param_num(s->dev.db, s->dev.chip, "PCOUNTER.RECORD_ADDRESS_BITS", -1);
	if (bits < 1 || bits > 64)
		return hwpc_err_set(err, HWPC_EINPUT, "regdb lacks parameter PCOUNTER.RECORD_ADDRESS_BITS for %s",
				    s->dev.chip->name);
	p->rec_addr_bits = (unsigned)bits;
	return 0;
}

void pc_record_clear(struct pc_dom_state *ds)
{
	ds->rec_cycles = 0;
	memset(ds->rec_ev, 0, sizeof ds->rec_ev);
	ds->rec_stop = 0;
}

static void put16(uint8_t *b, unsigned word, unsigned v)
{
	b[2 * word] = (uint8_t)(v & 0xff);
	b[2 * word + 1] = (uint8_t)(v >> 8);
}

/* "Whenever a packet write is triggered and there isn't an outgoing packet
 * yet, the packet will be sent, and the counters reset." */
static void send_packet(struct sim *s, const struct pc_priv *p, struct pc_state *st, unsigned d)
{
	struct pc_dom_state *ds = &st->dom[d];
	if (ds->rec_valid) {
		uint8_t b[64];
		memset(b, 0, sizeof b);
		put16(b, 0, (unsigned)(ds->rec_cycles & 0xffff));
		put16(b, 1, (unsigned)(ds->rec_cycles >> 16 & 0xffff));
		put16(b, 2, (unsigned)(ds->rec_cycles >> 32 & 0xffff));
		put16(b, p->rec_stop_word, ds->rec_stop & p->rec_stop_max);
		for (unsigned i = 0; i < 12; i++)
			put16(b, p->rec_event_word + i, ds->rec_ev[i]);
		bool is_short = p->cache[d].record_short;
		unsigned size = is_short ? p->rec_short : p->rec_long;
		/* G84:G92 force the high 8 address bits to 0; G92+ take them from
		 * RECORD_ADDRESS_HIGH.  The position itself is 32-bit. */
		uint64_t addr = ds->rec_pos;
		if (p->rec_has_high)
			addr |= hwpc_field_get(p->rec_high_f, ds->rec_high) << p->rec_addr_bits;
		if (size > sizeof b || sim_mem_write(s, addr, b, size)) {
			/* "VM faults on the record buffer will permanently hang the
			 * faulting domain until the GPU is reset" */
			ds->rec_fault = 1;
			ds->rec_wedged = 1;
			return;
		}
		uint32_t written = ds->rec_pos;
		uint64_t wrap = p->rec_addr_bits >= 64 ? ~0ULL : (1ULL << p->rec_addr_bits) - 1;
		ds->rec_pos = (uint32_t)((ds->rec_pos + size) & wrap);
		ds->rec_packets++;
		ds->rec_busy = st->reclat;
		/* "After a packet is written with address >= the value of this
		 * register, the internal buffer valid flag will be cleared" */
		uint32_t lim = p->rec_limit_f ? (uint32_t)(hwpc_field_get(p->rec_limit_f, ds->rec_limit)
							   << p->rec_limit_f->ranges[0].lo)
					      : ds->rec_limit;
		if (written >= lim)
			ds->rec_valid = 0;
	} else {
		ds->rec_dropped++; /* "all further writes will be ignored" */
	}
	memset(ds->rec_ev, 0, sizeof ds->rec_ev);
	ds->rec_stop = 0;
}

void pc_record_cycle(struct sim *s, const struct pc_priv *p, struct pc_state *st, unsigned d,
		     const bool in[PC_NINPUTS], const uint8_t mux[PC_NINPUTS])
{
	struct pc_dom_state *ds = &st->dom[d];
	pc_flag_update(ds, in[PC_SETFLAG], in[PC_CLRFLAG]);
	if (ds->rec_busy)
		ds->rec_busy--; /* the outgoing packet's write progresses */
	if (ds->rec_wedged)
		return;
	/* GCTRL.RECORD_RESET: "forces all record counters to 0 value" */
	if (p->cache[d].record_reset) {
		pc_record_clear(ds);
		return;
	}
	uint64_t cmask = p->rec_cycle_bits >= 64 ? ~0ULL : (1ULL << p->rec_cycle_bits) - 1;
	ds->rec_cycles = (ds->rec_cycles + 1) & cmask; /* "wraps on overflow" */
	bool trigger = false;
	/* PRE_SRC[0..3], START_SRC[0..3], EVENT_SRC[0..3]: counted on every
	 * cycle the signal is 1, stopping at 0xffff */
	for (unsigned i = 0; i < 12; i++) {
		if (((mux[i / 4] >> (i % 4)) & 1) && ds->rec_ev[i] < p->rec_ev_max)
			ds->rec_ev[i]++;
		trigger |= ds->rec_ev[i] >= p->rec_ev_trigger;
	}
	if (in[PC_STOP] && ds->rec_stop < p->rec_stop_max)
		ds->rec_stop++;
	trigger |= ds->rec_stop != 0;
	if (trigger && !ds->rec_busy)
		send_packet(s, p, st, d);
}
