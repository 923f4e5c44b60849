/* SPDX-License-Identifier: MIT */
/* PCOUNTER record-buffer decoder (see hwpc/stream_record.h). */
#include "hwpc/stream.h"
#include "hwpc/regdb.h"

#include <stddef.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


struct hwpc_recdec {
	enum hwpc_rec_format fmt;
	struct hwpc_rec_layout lay;
	uint64_t cycle_mask;
	unsigned stop_bits; /* width of the STOP counter */
	unsigned psize, ncounters;
	hwpc_rec_cb cb;
	void *ctx;
	int stop;

	uint8_t pkt[32];
	unsigned have;
	uint64_t off; /* offset of the packet being assembled */
	uint64_t prev_cycles, time;
	uint64_t zero_off, zero_run;

	struct hwpc_rec_summary sum;
	char msg[192];
};

static const char *const kind_names[HWPC_REC_KIND_COUNT] = {
	[HWPC_REC_PACKET] = "packet",
	[HWPC_REC_FORCED] = "forced",
	[HWPC_REC_ZERO] = "zero",
	[HWPC_REC_SATURATED] = "saturated",
	[HWPC_REC_MISSED] = "missed",
	[HWPC_REC_BOGUS] = "bogus",
	[HWPC_REC_TRAILING] = "trailing",
};

static const char *const counter_names[HWPC_REC_MAX_COUNTERS] = {
	"pre0",   "pre1",   "pre2",   "pre3",   "start0", "start1",
	"start2", "start3", "event0", "event1", "event2", "event3",
};

const char *hwpc_rec_kind_name(enum hwpc_rec_kind kind)
{
	return (unsigned)kind < HWPC_REC_KIND_COUNT ? kind_names[kind] : "?";
}

bool hwpc_rec_kind_is_loss(enum hwpc_rec_kind kind)
{
	return kind >= HWPC_REC_SATURATED && kind < HWPC_REC_KIND_COUNT;
}

const char *hwpc_rec_counter_name(unsigned i)
{
	return i < HWPC_REC_MAX_COUNTERS ? counter_names[i] : "?";
}

unsigned hwpc_rec_packet_size(const struct hwpc_rec_layout *lay, enum hwpc_rec_format fmt)
{
	return fmt == HWPC_REC_SHORT ? lay->short_bytes : lay->long_bytes;
}

/* The event counters are the 16-bit words after event_word. */
unsigned hwpc_rec_counter_count(const struct hwpc_rec_layout *lay, enum hwpc_rec_format fmt)
{
	unsigned words = hwpc_rec_packet_size(lay, fmt) / 2;
	unsigned n = words > lay->event_word ? words - lay->event_word : 0;
	return n < HWPC_REC_MAX_COUNTERS ? n : HWPC_REC_MAX_COUNTERS;
}

int hwpc_rec_layout_load_chip(const struct hwpc_regdb *db, const struct hwpc_chipset *chip,
			      struct hwpc_rec_layout *out, struct hwpc_err *err)
{
	static const struct {
		const char *name;
		size_t off;
	} params[] = {
		/* regdb-names: G84:GF100 */
		{ "PCOUNTER.RECORD_CYCLE_BITS", offsetof(struct hwpc_rec_layout, cycle_bits) },
		{ "PCOUNTER.RECORD_STOP_WORD", offsetof(struct hwpc_rec_layout, stop_word) },
		{ "PCOUNTER.RECORD_STOP_MAX", offsetof(struct hwpc_rec_layout, stop_max) },
		{ "PCOUNTER.RECORD_EVENT_WORD", offsetof(struct hwpc_rec_layout, event_word) },
		{ "PCOUNTER.RECORD_EVENT_MAX", offsetof(struct hwpc_rec_layout, event_max) },
		{ "PCOUNTER.RECORD_EVENT_TRIGGER", offsetof(struct hwpc_rec_layout, event_trigger) },
		{ "PCOUNTER.RECORD_LONG_BYTES", offsetof(struct hwpc_rec_layout, long_bytes) },
		{ "PCOUNTER.RECORD_SHORT_BYTES", offsetof(struct hwpc_rec_layout, short_bytes) },
		{ "PCOUNTER.RECORD_ADDRESS_BITS", offsetof(struct hwpc_rec_layout, addr_bits) },
	};
	/* Without a chipset: the first that has record mode (the layout is
	 * one for all); a chipset named is the one asked about. */
	bool named = chip != NULL;
	for (unsigned i = 0; i < hwpc_regdb_chipset_count(db) && !chip; i++)
		if (hwpc_param_find(db, hwpc_regdb_chipset(db, i), params[0].name))
			chip = hwpc_regdb_chipset(db, i);
	memset(out, 0, sizeof *out);
	for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) {
		int64_t v = chip ? hwpc_param_num(db, chip, params[i].name, -1) : -1;
		if (v < 0 || v > 0xffff)
			return hwpc_err_set(err, HWPC_EINPUT, "regdb lacks parameter %s%s%s", params[i].name,
					    named ? " for " : "", named ? chip->name : "");
		*(unsigned *)((char *)out + params[i].off) = (unsigned)v;
	}
	unsigned w = out->long_bytes / 2;
	if (out->cycle_bits == 0 || out->cycle_bits > 48 || out->stop_word >= w || out->event_word >= w ||
	    out->long_bytes > 32 || out->short_bytes > out->long_bytes || out->short_bytes < 8 ||
	    out->addr_bits == 0 || out->addr_bits > 64)
		return hwpc_err_set(err, HWPC_EINPUT, "regdb: inconsistent PCOUNTER.RECORD_* parameters");
	return 0;
}

int hwpc_rec_layout_load(const struct hwpc_regdb *db, struct hwpc_rec_layout *out, struct hwpc_err *err)
{
	return hwpc_rec_layout_load_chip(db, NULL, out, err);
}

int hwpc_rec_format_parse(const char *name, enum hwpc_rec_format *out, struct hwpc_err *err)
{
	if (name && strcmp(name, "long") == 0) {
		*out = HWPC_REC_LONG;
		return HWPC_OK;
	}
	if (name && strcmp(name, "short") == 0) {
		*out = HWPC_REC_SHORT;
		return HWPC_OK;
	}
	return hwpc_err_set(err, HWPC_EINPUT, "unknown record format '%s' (expected long or short)",
			    name ? name : "");
}

struct hwpc_recdec *hwpc_recdec_new(enum hwpc_rec_format fmt, const struct hwpc_rec_layout *lay, hwpc_rec_cb cb,
				    void *ctx)
{
	struct hwpc_recdec *d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	d->fmt = fmt;
	d->lay = *lay;
	d->cycle_mask = (UINT64_C(1) << lay->cycle_bits) - 1;
	while (d->stop_bits < 16 && (lay->stop_max >> d->stop_bits & 1))
		d->stop_bits++;
	d->psize = hwpc_rec_packet_size(lay, fmt);
	d->ncounters = hwpc_rec_counter_count(lay, fmt);
	d->cb = cb;
	d->ctx = ctx;
	return d;
}

void hwpc_recdec_free(struct hwpc_recdec *d)
{
	free(d);
}

const struct hwpc_rec_summary *hwpc_recdec_summary(const struct hwpc_recdec *d)
{
	return &d->sum;
}

static void deliver(struct hwpc_recdec *d, const struct hwpc_rec_item *it)
{
	d->sum.kinds[it->kind]++;
	if (hwpc_rec_kind_is_loss(it->kind))
		d->sum.lost = true;
	if (!d->stop && d->cb)
		d->stop = d->cb(d->ctx, it);
}

static void anomaly(struct hwpc_recdec *d, enum hwpc_rec_kind kind, uint64_t off, uint64_t index,
		    uint64_t count, uint32_t value)
{
	struct hwpc_rec_item it = {
		.kind = kind, .offset = off, .index = index, .count = count, .value = value,
		.msg = d->msg};
	deliver(d, &it);
}

static void flush_zero(struct hwpc_recdec *d)
{
	if (!d->zero_run)
		return;
	snprintf(d->msg, sizeof d->msg, "%llu all-zero packet%s (memory not written)",
		 (unsigned long long)d->zero_run, d->zero_run == 1 ? "" : "s");
	uint64_t n = d->zero_run;
	d->zero_run = 0;
	anomaly(d, HWPC_REC_ZERO, d->zero_off, d->sum.packets, n, 0);
}

static unsigned le16(const uint8_t *p)
{
	return (unsigned)p[0] | (unsigned)p[1] << 8;
}

static void packet(struct hwpc_recdec *d)
{
	const uint8_t *p = d->pkt;
	bool zero = true;
	for (unsigned i = 0; i < d->psize && zero; i++)
		zero = p[i] == 0;
	/* Zeroed memory, not a packet: a real one has STOP >= 1 or, when
	 * forced, a counter >= 0xf000.  It is not counted as a packet. */
	if (zero) {
		if (!d->zero_run)
			d->zero_off = d->off;
		d->zero_run++;
		return;
	}
	flush_zero(d);

	struct hwpc_rec_item it = {.kind = HWPC_REC_PACKET, .offset = d->off};
	it.index = d->sum.packets;
	it.cycles = (uint64_t)le16(p) | (uint64_t)le16(p + 2) << 16 | (uint64_t)le16(p + 4) << 32;
	it.delta = (it.cycles - d->prev_cycles) & d->cycle_mask;
	d->time += it.delta;
	d->prev_cycles = it.cycles;
	it.time = d->time;
	unsigned w3 = le16(p + 2 * d->lay.stop_word);
	it.stop = w3 & d->lay.stop_max;
	it.ncounters = d->ncounters;
	bool any_full = false;
	for (unsigned i = 0; i < d->ncounters; i++) {
		unsigned v = le16(p + 2 * (d->lay.event_word + i));
		it.counters[i] = (uint16_t)v;
		it.rate[i] = it.delta ? (double)v / (double)it.delta : 0.0;
		if (v == d->lay.event_max)
			it.saturated |= (uint16_t)(1u << i);
		if (v >= d->lay.event_trigger)
			any_full = true;
		d->sum.totals[i] += v;
	}
	d->sum.packets++;
	d->sum.time = d->time;
	deliver(d, &it);

	if (it.stop == 0 && (any_full || d->fmt == HWPC_REC_SHORT)) {
		/* SHORT packets hide eight counters, any of which may have
		 * forced the write. */
		snprintf(d->msg, sizeof d->msg,
			 "packet %llu forced by an event counter reaching 0x%x (STOP = 0)",
			 (unsigned long long)it.index, d->lay.event_trigger);
		anomaly(d, HWPC_REC_FORCED, it.offset, it.index, 0, 0);
	} else if (it.stop == 0) {
		snprintf(d->msg, sizeof d->msg,
			 "packet %llu has STOP = 0 but no counter at 0x%x or more: not written by "
			 "a STOP or a full counter",
			 (unsigned long long)it.index, d->lay.event_trigger);
		anomaly(d, HWPC_REC_BOGUS, it.offset, it.index, 0, 0);
	}
	if (w3 & ~d->lay.stop_max) {
		snprintf(d->msg, sizeof d->msg,
			 "packet %llu: bits %u-15 of word %u are 0x%x, always 0 in a packet",
			 (unsigned long long)it.index, d->stop_bits, d->lay.stop_word, w3 >> d->stop_bits);
		anomaly(d, HWPC_REC_BOGUS, it.offset + 2 * d->lay.stop_word, it.index, 0, w3);
	}
	if (it.stop > 1) {
		uint64_t missed = it.stop - 1;
		d->sum.missed += missed;
		if (it.stop == d->lay.stop_max)
			snprintf(d->msg, sizeof d->msg,
				 "packet %llu: STOP counter saturated at 0x%x: at least %llu packets "
				 "merged into this one",
				 (unsigned long long)it.index, d->lay.stop_max, (unsigned long long)missed);
		else
			snprintf(d->msg, sizeof d->msg,
				 "packet %llu: STOP = %u: %llu packet%s merged into this one "
				 "(stops came faster than packets were written)",
				 (unsigned long long)it.index, it.stop, (unsigned long long)missed,
				 missed == 1 ? "" : "s");
		anomaly(d, HWPC_REC_MISSED, it.offset, it.index, missed, it.stop);
	}
	if (it.saturated) {
		char names[128] = "";
		size_t len = 0;
		for (unsigned i = 0; i < d->ncounters; i++) {
			if (!(it.saturated >> i & 1))
				continue;
			int n = snprintf(names + len, sizeof names - len, "%s%s", len ? "," : "",
					 counter_names[i]);
			if (n > 0 && (size_t)n < sizeof names - len)
				len += (size_t)n;
		}
		snprintf(d->msg, sizeof d->msg, "packet %llu: %s saturated at 0xffff (events lost)",
			 (unsigned long long)it.index, names);
		unsigned nsat = 0;
		for (unsigned m = it.saturated; m; m &= m - 1)
			nsat++;
		anomaly(d, HWPC_REC_SATURATED, it.offset, it.index, nsat, it.saturated);
	}
}

int hwpc_recdec_feed(struct hwpc_recdec *d, const void *bytes, size_t n)
{
	const uint8_t *p = bytes;
	d->sum.bytes += n;
	while (n && !d->stop) {
		size_t take = d->psize - d->have;
		if (take > n)
			take = n;
		memcpy(d->pkt + d->have, p, take);
		d->have += (unsigned)take;
		p += take;
		n -= take;
		if (d->have == d->psize) {
			packet(d);
			d->off += d->psize;
			d->have = 0;
		}
	}
	return d->stop;
}

int hwpc_recdec_finish(struct hwpc_recdec *d, struct hwpc_err *err)
{
	if (d->sum.bytes < d->psize)
		return hwpc_err_set(err, HWPC_EINPUT,
				    "record buffer of %llu bytes is shorter than one %s packet (%u bytes)",
				    (unsigned long long)d->sum.bytes,
				    d->fmt == HWPC_REC_SHORT ? "SHORT" : "LONG", d->psize);
	flush_zero(d);
	if (d->have) {
		snprintf(d->msg, sizeof d->msg,
			 "input size %llu is not a multiple of the %u-byte packet: %u bytes left over",
			 (unsigned long long)d->sum.bytes, d->psize, d->have);
		anomaly(d, HWPC_REC_TRAILING, d->off, d->sum.packets, d->have, 0);
	}
	return d->stop;
}
