/* SPDX-License-Identifier: MIT */
/* pcread --signals and --scan: every signal of the domains, its value now
 * or the share of samples it was 1 over a time (a virtual simulator clock
 * is stepped a domain cycle or more per sample: exact percentages). */
#include "pcread.h"

const struct hwpc_col pcread_signal_cols[4] = { { "domain", 0 }, { "signal_index", 0 }, { "signal", 0 },
					       { "value", 0 } };
const struct hwpc_col pcread_scan_cols[6] = { { "domain", 0 }, { "signal_index", 0 }, { "signal", 0 },
					     { "active_pct", 0 }, { "one_count", 0 }, { "sample_count", 0 } };

static int put_signal(struct hwpc_out *o, struct pcread_dom *d, const struct hwpc_pc_names *names, unsigned sig,
		      const struct hwpc_pc_read_scan *sc, unsigned value)
{
	struct hwpc_err err;
	const char *name = hwpc_pc_signal_name(names, sig);
	hwpc_out_record(o, "pc_signal");
	hwpc_out_str(o, "domain", d->r.di->name);
	hwpc_out_hex(o, "signal_index", sig, 2);
	if (name)
		hwpc_out_str(o, "signal", name);
	else
		hwpc_out_null(o, "signal");
	if (sc) {
		hwpc_out_double(o, "active_pct", hwpc_pc_read_scan_pct(sc, sig), 2);
		hwpc_out_u64(o, "one_count", sc->ones[sig]);
		hwpc_out_u64(o, "sample_count", sc->samples);
	} else {
		hwpc_out_u64(o, "value", value);
	}
	return hwpc_out_end(o, &err) ? cli_fail_err(&err) : 0;
}

int pcread_signals(struct pcread *p, struct hwpc_out *o)
{
	struct hwpc_err err;
	int rc = 0;
	pcread_catch_signals();
	for (unsigned i = 0; i < p->ndoms && !rc; i++) {
		struct pcread_dom *d = &p->doms[i];
		struct hwpc_pc_names names;
		static struct hwpc_pc_read_scan sc;
		uint32_t w[HWPC_LOP_MAX_SIGNALS / 32];
		if (hwpc_pc_names_build(&p->layout, d->r.dom, &names, &err)) {
			rc = cli_fail_err(&err);
			break;
		}
		if (p->scan_ns)
			rc = hwpc_pc_read_scan_for(&d->r, &sc, p->scan_ns, &pcread_stop, &err) ? cli_fail_err(&err) : 0;
		else if (hwpc_pc_read_signals(&d->r, w, sizeof w / sizeof w[0], &err))
			rc = cli_fail_err(&err);
		for (unsigned sig = 0; sig < d->r.di->nsignals && !rc; sig++)
			rc = put_signal(o, d, &names, sig, p->scan_ns ? &sc : NULL, w[sig / 32] >> (sig % 32) & 1);
		hwpc_pc_names_free(&names);
	}
	return rc;
}
