/* SPDX-License-Identifier: MIT */
/* The control word: event, counting modes and interrupt enable in, any
 * word out again.  Bit positions are regdb's (R10K.CTRL fields). */
#include "core/err_local.h"
#include "r10k/r10k_internal.h"

#include <stdio.h>
#include <string.h>

int hwpc_r10k_encode(const struct hwpc_r10k_cpu *cpu, const struct hwpc_r10k_ctl *ctl, uint32_t *word,
		     struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	const struct hwpc_r10k_event *ev = ctl->event;
	uint32_t w = 0;

	if (!ev)
		return hwpc_err_set(err, HWPC_EINPUT, "no event given");
	if (ev->chip != cpu->chip)
		return hwpc_err_set(err, HWPC_EINPUT,
				    "event %s is an %s event and the CPU an %s: mixing R10000 and R12000 "
				    "counters is undefined",
				    ev->name, ev->chip->name, cpu->chip->name);
	if (ctl->counter >= cpu->ncounters)
		return hwpc_err_set(err, HWPC_EINPUT, "no counter %u on the %s (counters 0 to %u)", ctl->counter,
				    cpu->chip->name, cpu->ncounters - 1);
	if (!hwpc_r10k_event_on(ev, ctl->counter))
		return r10k_wrong_counter(cpu, ev, ctl->counter, err);
	if (ev->rev && cpu->rev && ev->rev != cpu->rev)
		return hwpc_err_set(err, HWPC_EINPUT, "%s is an event of revision %d.x %s processors, not %d.x",
				    ev->name, ev->rev, cpu->chip->name, cpu->rev);
	if (ctl->modes >> HWPC_R10K_NMODES)
		return hwpc_err_set(err, HWPC_EINPUT, "bad mode bits 0x%x", ctl->modes);
	if ((ctl->modes & HWPC_R10K_SUPERVISOR) && !cpu->supervisor)
		return hwpc_err_set(err, HWPC_EINPUT,
				    "supervisor mode is not supported on the %s (count user, kernel or exl)",
				    cpu->chip->name);
	for (unsigned i = 0; i < HWPC_R10K_NMODES; i++)
		if (ctl->modes & (1u << i))
			hwpc_field_put(cpu->mode_field[i], &w, 1);
	hwpc_field_put(cpu->ie, &w, ctl->ie);
	hwpc_field_put(cpu->event, &w, ev->select);
	*word = w;
	return 0;
}

int hwpc_r10k_decode_word(const struct hwpc_r10k_cpu *cpu, int counter, uint32_t word,
			  struct hwpc_r10k_decoded *out, struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	uint32_t reserved = word & ~cpu->defined;

	memset(out, 0, sizeof *out);
	if (reserved) {
		unsigned top = 31;
		while (top && !(cpu->defined >> top))
			top--;
		return hwpc_err_set(err, HWPC_EINPUT,
				    "control word 0x%08x has reserved bits set (0x%08x): the %s control "
				    "word uses bits 0-%u",
				    word, reserved, cpu->chip->name, top);
	}
	if (counter >= 0 && (unsigned)counter >= cpu->ncounters)
		return hwpc_err_set(err, HWPC_EINPUT, "no counter %d on the %s (counters 0 to %u)", counter,
				    cpu->chip->name, cpu->ncounters - 1);
	out->word = word;
	out->counter = counter;
	out->select = (unsigned)hwpc_field_get(cpu->event, word);
	out->ie = hwpc_field_get(cpu->ie, word) != 0;
	for (unsigned i = 0; i < HWPC_R10K_NMODES; i++)
		if (hwpc_field_get(cpu->mode_field[i], word))
			out->modes |= 1u << i;
	for (unsigned i = 0; i < cpu->nevents; i++) {
		const struct hwpc_r10k_event *e = &cpu->events[i];
		if (e->select == out->select && (counter < 0 || hwpc_r10k_event_on(e, (unsigned)counter)) &&
		    out->nevents < sizeof out->events / sizeof out->events[0])
			out->events[out->nevents++] = e;
	}
	return 0;
}

void hwpc_r10k_describe(const struct hwpc_r10k_decoded *d, char *buf, size_t len)
{
	char modes[64];
	size_t used = 0;
	int w;

	if (len)
		buf[0] = 0;
	for (unsigned i = 0; i < d->nevents; i++) {
		const struct hwpc_r10k_event *e = d->events[i];
		char where[32] = "";
		if (d->counter < 0 && e->counter >= 0)
			snprintf(where, sizeof where, " on counter %d", e->counter);
		else if (e->rev)
			snprintf(where, sizeof where, " on rev %d.x", e->rev);
		w = snprintf(buf + used, used < len ? len - used : 0, "%s%s (event %u%s)", i ? " or " : "",
			     e->name, e->num, where);
		used += (size_t)(w > 0 ? w : 0);
	}
	hwpc_r10k_modes_format(d->modes, modes, sizeof modes);
	w = snprintf(buf + used, used < len ? len - used : 0, "%s%s%s%s", used ? ", " : "",
		     d->modes ? "counts " : "stopped (no mode)", d->modes ? modes : "",
		     d->ie ? ", interrupt at bit 31" : "");
	(void)w;
}
