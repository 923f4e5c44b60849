/* SPDX-License-Identifier: MIT */
/* The devices of one pcread PCOUNTER run (pc_cmd.h: hwpc_pc_devset_*):
 * each device's reader opened, and after the run checked again, with the
 * accounting of the devices that failed, so that a command over several
 * devices reports each failure and goes on with the others. */
#include "core/err_local.h"
#include "pc/pc_cmd.h"

#include <stdlib.h>
#include <string.h>

int hwpc_pc_devset_init(struct hwpc_pc_devset *s, size_t n, const struct hwpc_pc_devset_opts *o,
			struct hwpc_err *err)
{
	HWPC_ERR_ENSURE(err);
	memset(s, 0, sizeof *s);
	s->o = o;
	s->v = calloc(n ? n : 1, sizeof *s->v);
	s->ok = calloc(n ? n : 1, sizeof *s->ok);
	if (s->v && s->ok)
		return 0;
	hwpc_pc_devset_free(s);
	return hwpc_err_set(err, HWPC_EOP, "out of memory");
}

void hwpc_pc_devset_add(struct hwpc_pc_devset *s, struct hwpc_dev *dev, const char *name)
{
	const struct hwpc_pc_devset_opts *o = s->o;
	struct hwpc_pc_devset_dev *p = &s->v[s->n++];
	struct hwpc_err err;
	*p = (struct hwpc_pc_devset_dev){ .dev = dev, .name = name };
	if (hwpc_pc_reader_open(&p->rd, dev, &p->layout, o->profile, o->domains, o->ndomains, o->pick, o->tell,
				&err)) {
		s->failures++;
		s->last = hwpc_tell_fail(o->tell, &err);
		return;
	}
	s->ok[s->nok++] = p;
}

void hwpc_pc_devset_tag(const struct hwpc_pc_devset_dev *d, struct hwpc_out *o)
{
	const struct hwpc_chipset *chip = hwpc_dev_chip(d->dev);
	hwpc_out_set_device(o, d->name, chip ? chip->name : NULL);
}

/* After the run: was a domain reprogrammed while it was read, did the
 * device lag? */
static int check(const struct hwpc_pc_devset_opts *o, struct hwpc_pc_devset_dev *p)
{
	struct hwpc_err err;
	if (o->verify && hwpc_pc_reader_verify(&p->rd, o->tell, &err))
		return hwpc_tell_fail(o->tell, &err);
	hwpc_pc_reader_lag(&p->rd, p->name, o->tell);
	p->suspect |= p->rd.suspect;
	return o->strict && p->suspect ? HWPC_ELOST : 0;
}

int hwpc_pc_devset_end(struct hwpc_pc_devset *s, int rc)
{
	int status = 0; /* a lone device's check, or --strict's 3 */
	/* every device, whatever the run's status (a command's exit status,
	 * a stop): each one's warnings are said and its failure counted */
	for (size_t j = 0; j < s->nok; j++) {
		if (s->ok[j]->failed) {
			s->failures++;
			s->last = HWPC_EOP;
			continue;
		}
		int frc = check(s->o, s->ok[j]);
		/* among several devices, one whose check failed is left out;
		 * a suspect one gives --strict's status */
		if (frc && s->n > 1 && frc != HWPC_ELOST) {
			s->failures++;
			s->last = frc;
		} else if (frc && !status) {
			status = frc;
		}
	}
	return rc ? rc : status;
}

void hwpc_pc_devset_free(struct hwpc_pc_devset *s)
{
	free(s->v);
	free(s->ok);
	s->v = NULL;
	s->ok = NULL;
}
