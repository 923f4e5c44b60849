/* SPDX-License-Identifier: MIT */
/* R10000/R12000 event tables and control words: every event encoded and
 * decoded on both CPUs against the seed's bit layout written out here
 * independently of regdb (EXL 0, K 1, S 2, U 3, IE 4, event from bit 5),
 * and every constraint error. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hwpc.h"
#include "r10k/r10k_cmd.h"

static struct hwpc_regdb *db;

static int setup(void **state)
{
	(void)state;
	unsetenv("HWPC_REGDB");
	return hwpc_regdb_load(&db, NULL);
}

static int teardown(void **state)
{
	(void)state;
	hwpc_regdb_free(db);
	return 0;
}

static void cpu_init(struct hwpc_r10k_cpu *cpu, const char *chip, int rev)
{
	struct hwpc_err err;
	if (hwpc_r10k_cpu_init(cpu, db, chip, rev, &err))
		fail_msg("%s: %s", chip, err.msg);
}

/* The seed's layout, by hand. */
static uint32_t seed_word(unsigned modes, int ie, unsigned select)
{
	uint32_t w = 0;
	if (modes & HWPC_R10K_EXL)
		w |= 1u << 0;
	if (modes & HWPC_R10K_KERNEL)
		w |= 1u << 1;
	if (modes & HWPC_R10K_SUPERVISOR)
		w |= 1u << 2;
	if (modes & HWPC_R10K_USER)
		w |= 1u << 3;
	if (ie)
		w |= 1u << 4;
	return w | select << 5;
}

static void test_tables(void **state)
{
	(void)state;
	struct hwpc_r10k_cpu a, b, c, d;
	cpu_init(&a, "r10000", 0);
	cpu_init(&b, "R10000", 2);
	cpu_init(&c, "R10000", 3);
	cpu_init(&d, "r12000", 0);
	/* 32 numbers; events 6 and 14 twice on an R10000 of unknown revision. */
	assert_int_equal(a.nevents, 34);
	assert_int_equal(b.nevents, 32);
	assert_int_equal(c.nevents, 32);
	assert_int_equal(d.nevents, 32);
	assert_int_equal(a.ncounters, 2);
	assert_int_equal(a.counter_bits, 32);
	assert_int_equal(a.overflow_bit, 31);
	assert_false(a.supervisor);
	assert_true(d.supervisor);
	/* Reserved bits: event field 4 bits on the R10000, 5 on the R12000. */
	assert_int_equal(a.defined, 0x1ff);
	assert_int_equal(d.defined, 0x3ff);
	/* R10000: 0-15 counter 0, 16-31 counter 1 with select num - 16. */
	for (unsigned i = 0; i < a.nevents; i++) {
		const struct hwpc_r10k_event *e = &a.events[i];
		assert_int_equal(e->counter, (int)(e->num / 16));
		assert_int_equal(e->select, e->num % 16);
		assert_non_null(e->desc);
	}
	for (unsigned i = 0; i < d.nevents; i++) {
		assert_int_equal(d.events[i].counter, -1);
		assert_int_equal(d.events[i].select, d.events[i].num);
	}
}

/* Every event on every counter it belongs to, with every mode set the CPU
 * allows, IE on and off: encode matches the seed, decode gives it back. */
static void roundtrip(const char *chip, int rev)
{
	struct hwpc_r10k_cpu cpu;
	struct hwpc_err err;
	cpu_init(&cpu, chip, rev);
	unsigned n = 0;
	for (unsigned i = 0; i < cpu.nevents; i++) {
		const struct hwpc_r10k_event *e = &cpu.events[i];
		for (unsigned c = 0; c < 2; c++) {
			if (!hwpc_r10k_event_on(e, c))
				continue;
			for (unsigned modes = 0; modes < 16; modes++) {
				if ((modes & HWPC_R10K_SUPERVISOR) && !cpu.supervisor)
					continue;
				for (int ie = 0; ie < 2; ie++) {
					struct hwpc_r10k_ctl ctl = { c, e, modes, ie };
					struct hwpc_r10k_decoded d;
					uint32_t w;
					if (hwpc_r10k_encode(&cpu, &ctl, &w, &err))
						fail_msg("%s %s c%u: %s", chip, e->name, c, err.msg);
					assert_int_equal(w, seed_word(modes, ie, e->select));
					assert_int_equal(hwpc_r10k_decode_word(&cpu, (int)c, w, &d, &err), 0);
					assert_int_equal(d.modes, modes);
					assert_int_equal(d.ie, ie);
					assert_int_equal(d.select, e->select);
					bool found = false;
					for (unsigned k = 0; k < d.nevents; k++)
						found |= d.events[k] == e;
					assert_true(found);
					/* One meaning, unless the revision is unknown. */
					assert_int_equal(d.nevents, (cpu.rev || !e->rev) ? 1 : 2);
					n++;
				}
			}
		}
	}
	assert_true(n >= 32 * 16);
}

static void test_roundtrip(void **state)
{
	(void)state;
	roundtrip("R10000", 0);
	roundtrip("R10000", 2);
	roundtrip("R10000", 3);
	roundtrip("R12000", 0);
}

/* The seed's example: event 9 on both counters, user mode, IE. */
static void test_decode_example(void **state)
{
	(void)state;
	struct hwpc_r10k_cpu cpu;
	struct hwpc_r10k_decoded d;
	struct hwpc_err err;
	char buf[256];
	assert_int_equal(hwpc_r10k_decode_arg(db, "r10000:0x138", 3, &cpu, &d, &err), 0);
	assert_int_equal(d.counter, -1);
	assert_int_equal(d.nevents, 2);
	assert_string_equal(d.events[0]->name, "INSTRUCTION_CACHE_MISSES");
	assert_int_equal(d.events[1]->num, 25);
	assert_string_equal(d.events[1]->name, "PRIMARY_DATA_CACHE_MISSES");
	assert_int_equal(d.modes, HWPC_R10K_USER);
	assert_true(d.ie);
	hwpc_r10k_describe(&d, buf, sizeof buf);
	assert_string_equal(buf, "INSTRUCTION_CACHE_MISSES (event 9 on counter 0) or PRIMARY_DATA_CACHE_MISSES "
				 "(event 25 on counter 1), counts user, interrupt at bit 31");
	assert_int_equal(hwpc_r10k_decode_arg(db, "R10000:1:0x138", 3, &cpu, &d, &err), 0);
	assert_int_equal(d.nevents, 1);
	assert_int_equal(d.events[0]->num, 25);
	/* R12000: the same word is event 9 on either counter. */
	assert_int_equal(hwpc_r10k_decode_arg(db, "r12000:0x138", 0, &cpu, &d, &err), 0);
	assert_int_equal(d.nevents, 1);
	assert_string_equal(d.events[0]->name, "ICACHE_MISSES");
	/* 0x3e8: event field 31 needs the R12000's fifth bit. */
	assert_int_equal(hwpc_r10k_decode_arg(db, "r12000:0x3e8", 0, &cpu, &d, &err), 0);
	assert_int_equal(d.events[0]->num, 31);
	assert_int_equal(hwpc_r10k_decode_arg(db, "r10000:0x3e8", 0, &cpu, &d, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "control word 0x000003e8 has reserved bits set (0x00000200): the R10000 "
				     "control word uses bits 0-8");
	/* Stopped counter. */
	assert_int_equal(hwpc_r10k_decode_arg(db, "r10000:0:0x0", 3, &cpu, &d, &err), 0);
	hwpc_r10k_describe(&d, buf, sizeof buf);
	assert_string_equal(buf, "CYCLES (event 0), stopped (no mode)");
}

static void test_decode_errors(void **state)
{
	(void)state;
	struct hwpc_r10k_cpu cpu;
	struct hwpc_r10k_decoded d;
	struct hwpc_err err;
	assert_int_equal(hwpc_r10k_decode_arg(db, "r12000:0x80000000", 0, &cpu, &d, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "reserved bits set (0x80000000)"));
	assert_int_equal(hwpc_r10k_decode_arg(db, "r10000:2:0x8", 0, &cpu, &d, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "no counter 2 on the R10000 (counters 0 to 1)");
	assert_int_equal(hwpc_r10k_decode_arg(db, "r4000:0x8", 0, &cpu, &d, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "unknown CPU 'r4000' (expected r10000 or r12000)");
	assert_int_equal(hwpc_r10k_decode_arg(db, "g84:0x8", 0, &cpu, &d, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "G84 has no R10000/R12000 event counters"));
	assert_int_equal(hwpc_r10k_decode_arg(db, "0x138", 0, &cpu, &d, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "expected CPU[:COUNTER]:WORD"));
	assert_int_equal(hwpc_r10k_decode_arg(db, "r10000:0:1:2", 0, &cpu, &d, &err), HWPC_EINPUT);
	assert_int_equal(hwpc_r10k_decode_arg(db, "r10000:zz", 0, &cpu, &d, &err), HWPC_EINPUT);
	assert_int_equal(hwpc_r10k_decode_arg(db, "r10000:0x138", 5, &cpu, &d, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "R10000 revision 5 has no known event table (revisions: 2 3)");
}

static void test_lookup(void **state)
{
	(void)state;
	struct hwpc_r10k_cpu cpu, r12;
	struct hwpc_err err;
	const struct hwpc_r10k_event *e;
	cpu_init(&cpu, "R10000", 3);
	cpu_init(&r12, "R12000", 0);
	/* Names, aliases, case, numbers. */
	assert_int_equal(hwpc_r10k_event_find(&cpu, "instruction_cache_misses", -1, &err)->num, 9);
	assert_int_equal(hwpc_r10k_event_find(&cpu, "Primary_data_cache_misses", -1, &err)->num, 25);
	assert_int_equal(hwpc_r10k_event_find(&cpu, "SCACHE_LOAD_STORE_CACHEOP_OPERATIONS", -1, &err)->num, 25);
	assert_int_equal(hwpc_r10k_event_find(&cpu, "0x19", -1, &err)->num, 25);
	assert_int_equal(hwpc_r10k_event_find(&r12, "alu/fpu_progress_cycles", 1, &err)->num, 14);
	/* CYCLES is on both counters, as events 0 and 16. */
	assert_int_equal(hwpc_r10k_event_find(&cpu, "cycles", 0, &err)->num, 0);
	assert_int_equal(hwpc_r10k_event_find(&cpu, "cycles", 1, &err)->num, 16);
	/* A counter-1 event asked of counter 0 names the right counter. */
	e = hwpc_r10k_event_find(&cpu, "TLB_REFILL_EXCEPTIONS", 0, &err);
	assert_null(e);
	assert_string_equal(err.msg, "TLB_REFILL_EXCEPTIONS (event 23) counts on counter 1 only on the R10000, "
				     "not on counter 0");
	assert_null(hwpc_r10k_event_find(&cpu, "9", 1, &err));
	assert_string_equal(err.msg, "INSTRUCTION_CACHE_MISSES (event 9) counts on counter 0 only on the R10000, "
				     "not on counter 1");
	assert_null(hwpc_r10k_event_find(&cpu, "9", 2, &err));
	assert_string_equal(err.msg, "no counter 2 on the R10000 (counters 0 to 1)");
	assert_null(hwpc_r10k_event_find(&cpu, "32", -1, &err));
	assert_string_equal(err.msg, "no event 32 on the R10000 (events are 0 to 31)");
	/* Unknown names suggest close ones. */
	assert_null(hwpc_r10k_event_find(&cpu, "TLB_MISS", -1, &err));
	assert_non_null(strstr(err.msg, "unknown R10000 event 'TLB_MISS' (did you mean "));
	assert_non_null(strstr(err.msg, "TLB_REFILL_EXCEPTIONS"));
	assert_null(hwpc_r10k_event_find(&cpu, "cylces", -1, &err));
	assert_string_equal(err.msg, "unknown R10000 event 'cylces' (did you mean CYCLES?)");
	assert_null(hwpc_r10k_event_find(&cpu, "qwertyuiop", -1, &err));
	assert_string_equal(err.msg, "unknown R10000 event 'qwertyuiop' (hwpc-r10k(7) lists the events)");
	/* An event of the other CPU type. */
	assert_null(hwpc_r10k_event_find(&cpu, "DECODED_LOADS", -1, &err));
	assert_string_equal(err.msg, "event DECODED_LOADS is an R12000 event (number 2 there), not available on "
				     "the R10000");
	assert_null(hwpc_r10k_event_find(&r12, "TLB_REFILL_EXCEPTIONS", -1, &err));
	assert_string_equal(err.msg, "event TLB_REFILL_EXCEPTIONS is an R10000 event (number 23 there), not "
				     "available on the R12000");
}

/* Events 6 and 14 "differ depending on the R10000 chip revision". */
static void test_revisions(void **state)
{
	(void)state;
	struct hwpc_r10k_cpu r2, r3, any;
	struct hwpc_err err;
	struct hwpc_r10k_decoded d;
	cpu_init(&r2, "R10000", 2);
	cpu_init(&r3, "R10000", 3);
	cpu_init(&any, "R10000", 0);
	assert_string_equal(hwpc_r10k_event_find(&r2, "6", 0, &err)->name, "DECODED_BRANCHES");
	assert_string_equal(hwpc_r10k_event_find(&r3, "6", 0, &err)->name, "BRANCHES_RESOLVED");
	assert_string_equal(hwpc_r10k_event_find(&r2, "14", 0, &err)->name, "VIRTUAL_COHERENCY_CONDITIONS");
	assert_string_equal(hwpc_r10k_event_find(&r3, "14", 0, &err)->name, "FUNCTIONAL_UNIT_COMPLETION_CYCLES");
	assert_null(hwpc_r10k_event_find(&r3, "decoded_branches", -1, &err));
	assert_string_equal(err.msg, "event decoded_branches is event 6 on revision 2.x R10000 processors only; "
				     "this R10000 is revision 3.x, where event 6 is BRANCHES_RESOLVED");
	assert_null(hwpc_r10k_event_find(&r2, "FUNCTIONAL_UNIT_COMPLETION_CYCLES", -1, &err));
	assert_non_null(strstr(err.msg, "revision 3.x R10000 processors only"));
	/* Unknown revision: both names work and both meanings decode. */
	assert_non_null(hwpc_r10k_event_find(&any, "decoded_branches", -1, &err));
	assert_non_null(hwpc_r10k_event_find(&any, "branches_resolved", -1, &err));
	assert_int_equal(hwpc_r10k_decode_word(&any, 0, 6u << 5 | 8, &d, &err), 0);
	assert_int_equal(d.nevents, 2);
	assert_int_equal(d.events[0]->rev, 2);
	assert_int_equal(d.events[1]->rev, 3);
	assert_int_equal(hwpc_r10k_decode_word(&r2, 0, 14u << 5, &d, &err), 0);
	assert_int_equal(d.nevents, 1);
	assert_string_equal(d.events[0]->name, "VIRTUAL_COHERENCY_CONDITIONS");
	/* A revision-2 event is refused on a revision-3 CPU. */
	struct hwpc_r10k_ctl ctl = { 0, hwpc_r10k_event_find(&any, "VIRTUAL_COHERENCY_CONDITIONS", 0, &err),
				     HWPC_R10K_USER, false };
	uint32_t w;
	assert_int_equal(hwpc_r10k_encode(&r3, &ctl, &w, &err), HWPC_EINPUT);
	/* Only regdb's revisions are accepted... and only for the R10000. */
	assert_int_equal(hwpc_r10k_cpu_init(&r2, db, "R10000", 4, &err), HWPC_EINPUT);
	assert_int_equal(hwpc_r10k_cpu_init(&r2, db, "R12000", 4, &err), 0);
	assert_int_equal(r2.rev, 0);
}

static void test_encode_errors(void **state)
{
	(void)state;
	struct hwpc_r10k_cpu r10, r12;
	struct hwpc_err err;
	uint32_t w = 0x1234;
	cpu_init(&r10, "R10000", 3);
	cpu_init(&r12, "R12000", 0);
	const struct hwpc_r10k_event *tlb = hwpc_r10k_event_find(&r10, "23", -1, &err);
	const struct hwpc_r10k_event *dl = hwpc_r10k_event_find(&r12, "DECODED_LOADS", -1, &err);
	struct hwpc_r10k_ctl ctl = { 0, tlb, HWPC_R10K_USER, true };
	assert_int_equal(hwpc_r10k_encode(&r10, &ctl, &w, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "TLB_REFILL_EXCEPTIONS (event 23) counts on counter 1 only on the R10000, "
				     "not on counter 0");
	ctl.counter = 2;
	assert_int_equal(hwpc_r10k_encode(&r10, &ctl, &w, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "no counter 2 on the R10000 (counters 0 to 1)");
	ctl.counter = 1;
	ctl.modes = HWPC_R10K_USER | HWPC_R10K_SUPERVISOR;
	assert_int_equal(hwpc_r10k_encode(&r10, &ctl, &w, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "supervisor mode is not supported on the R10000 (count user, kernel or exl)");
	ctl.modes = 1u << 4;
	assert_int_equal(hwpc_r10k_encode(&r10, &ctl, &w, &err), HWPC_EINPUT);
	/* Mixing the two CPU types. */
	ctl.event = dl;
	ctl.modes = HWPC_R10K_USER;
	assert_int_equal(hwpc_r10k_encode(&r10, &ctl, &w, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "event DECODED_LOADS is an R12000 event and the CPU an R10000: mixing "
				     "R10000 and R12000 counters is undefined");
	ctl.event = NULL;
	assert_int_equal(hwpc_r10k_encode(&r10, &ctl, &w, &err), HWPC_EINPUT);
	assert_int_equal(w, 0x1234); /* untouched on error */
	/* The R12000 counts supervisor mode (regdb R10K.SUPERVISOR). */
	ctl.event = dl;
	ctl.modes = HWPC_R10K_SUPERVISOR;
	ctl.ie = false;
	assert_int_equal(hwpc_r10k_encode(&r12, &ctl, &w, &err), 0);
	assert_int_equal(w, 0x44);
	const struct hwpc_r10k_cpu *both[2] = { &r10, &r12 };
	assert_int_equal(hwpc_r10k_check_same(both, 1, &err), 0);
	assert_int_equal(hwpc_r10k_check_same(both, 2, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "CPU 1 is an R12000 and CPU 0 an R10000: using the counters of a machine with "
				     "both R10000 and R12000 processors is undefined");
}

static void test_modes(void **state)
{
	(void)state;
	unsigned m;
	char buf[64];
	struct hwpc_err err;
	assert_int_equal(hwpc_r10k_modes_parse("user,Kernel", &m, &err), 0);
	assert_int_equal(m, HWPC_R10K_USER | HWPC_R10K_KERNEL);
	assert_int_equal(hwpc_r10k_modes_parse("all", &m, &err), 0);
	hwpc_r10k_modes_format(m, buf, sizeof buf);
	assert_string_equal(buf, "user,kernel,exl");
	assert_int_equal(hwpc_r10k_modes_parse("supervisor", &m, &err), 0);
	assert_int_equal(m, HWPC_R10K_SUPERVISOR);
	assert_int_equal(hwpc_r10k_modes_parse("user,sup", &m, &err), HWPC_EINPUT);
	assert_string_equal(err.msg, "unknown mode 'sup' in 'user,sup' (expected user, kernel, exl, supervisor or all)");
	assert_int_equal(hwpc_r10k_modes_parse("", &m, &err), HWPC_EINPUT);
	hwpc_r10k_modes_format(0, buf, sizeof buf);
	assert_string_equal(buf, "none");
}

/* The seed's NOTES table, as note records. */
static void test_notes(void **state)
{
	(void)state;
	const char *a, *b;
	static const unsigned rows[] = { 1, 2, 3, 4, 16, 17, 30 };
	for (unsigned n = 0; n < 32; n++) {
		bool want = false;
		for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++)
			want |= rows[i] == n;
		assert_int_equal(hwpc_r10k_event_note(db, n, &a, &b), want);
	}
	assert_true(hwpc_r10k_event_note(db, 17, &a, &b));
	assert_string_equal(a, "Graduated instructions");
	assert_string_equal(b, "Data cache misses");
	assert_true(hwpc_r10k_event_note(db, 16, &a, &b));
	assert_string_equal(b, "");
}

/* pcread --decode's records. */
static void test_print(void **state)
{
	(void)state;
	struct hwpc_r10k_cpu cpu;
	struct hwpc_r10k_decoded d;
	struct hwpc_err err;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	struct hwpc_out *o = hwpc_out_new(fp, HWPC_FMT_JSON, &err);
	assert_int_equal(hwpc_r10k_decode_arg(db, "r10000:1:0x2a", 3, &cpu, &d, &err), 0);
	assert_int_equal(hwpc_r10k_decoded_print(&cpu, &d, o, &err), 0);
	assert_int_equal(hwpc_out_finish(o, &err), 0);
	hwpc_out_free(o);
	fclose(fp);
	assert_non_null(strchr(buf, '\n')); /* after the schema header */
	assert_string_equal(strchr(buf, '\n') + 1,
			    "{\"type\":\"r10k_decode\",\"device\":null,\"chipset\":null,"
			    "\"cpu\":\"R10000\",\"counter\":1,\"word\":42,\"word_hex\":\"0x0000002a\","
			    "\"fields\":\"EXL=0 K=1 S=0 U=1 IE=0 EVENT=1\",\"modes\":\"user,kernel\",\"ie\":false,"
			    "\"event_index\":17,\"event\":\"INSTRUCTIONS_GRADUATED\",\"rev\":null,\"title\":\"graduated "
			    "instructions\",\"description\":\"Incremented when an instruction is graduated.\","
			    "\"differs\":\"R10000 rev 3: Graduated instructions; R12000: Data cache misses\"}\n");
	free(buf);
}

/* pcread --decode's one call: the records hwpc_r10k_decode_arg and
 * hwpc_r10k_decoded_print make, or the word's error and no record. */
static void test_decode_out(void **state)
{
	(void)state;
	struct hwpc_r10k_cpu cpu;
	struct hwpc_r10k_decoded d;
	struct hwpc_err err;
	char *buf[2] = { NULL, NULL };
	size_t len[2] = { 0, 0 };
	for (int i = 0; i < 2; i++) {
		FILE *fp = open_memstream(&buf[i], &len[i]);
		struct hwpc_out *o = hwpc_out_new(fp, HWPC_FMT_JSON, &err);
		if (i)
			assert_int_equal(hwpc_r10k_decode_out(db, "r12000:0:0x2a8", o, &err), 0);
		else
			assert_true(!hwpc_r10k_decode_arg(db, "r12000:0:0x2a8", 0, &cpu, &d, &err) &&
				    !hwpc_r10k_decoded_print(&cpu, &d, o, &err));
		assert_int_equal(hwpc_out_finish(o, &err), 0);
		hwpc_out_free(o);
		fclose(fp);
	}
	assert_non_null(strstr(buf[1], "\"r10k_decode\""));
	assert_string_equal(buf[0], buf[1]);
	free(buf[0]);
	free(buf[1]);
	FILE *fp = open_memstream(&buf[0], &len[0]);
	struct hwpc_out *o = hwpc_out_new(fp, HWPC_FMT_JSON, &err);
	assert_int_equal(hwpc_r10k_decode_out(db, "r10000:zz", o, &err), HWPC_EINPUT);
	assert_non_null(strstr(err.msg, "control word"));
	hwpc_out_free(o);
	fclose(fp);
	assert_int_equal(len[0], 0);
	free(buf[0]);
}

/* A broken event table fails at init, naming the file and line. */
static void check_db(const char *events, const char *want)
{
	static const char head[] = "chipset R10000 family=MIPS group=mips\n"
				   "param R10K.COUNTERS 2\nparam R10K.COUNTER_BITS 32\n"
				   "param R10K.OVERFLOW_BIT 31\nparam R10K.EVENTS 2\n"
				   "space R10K 0 size=0x100\nreg CTRL 0x000[ctr:2] rw\n"
				   "field EXL 0\nfield K 1\nfield S 2\nfield U 3\nfield IE 4\nfield EVENT 5-8\n"
				   "reg COUNT 0x010[ctr:2] rw\nreg INTR 0x020 w1c\n";
	char text[2048];
	struct hwpc_regdb *t;
	struct hwpc_r10k_cpu cpu;
	struct hwpc_err err;
	snprintf(text, sizeof text, "%s%s", head, events);
	struct hwpc_regdb_text f = { "t.regdb", text };
	assert_int_equal(hwpc_regdb_parse(&f, 1, &t, &err), 0);
	int rc = hwpc_r10k_cpu_init(&cpu, t, "R10000", 0, &err);
	hwpc_regdb_free(t);
	if (!want) {
		assert_int_equal(rc, 0);
		return;
	}
	assert_int_equal(rc, HWPC_EINPUT);
	assert_string_equal(err.msg, want);
}

static void test_bad_tables(void **state)
{
	(void)state;
	check_db("event 0 A counter=0 select=0 desc=x\nevent 1 B counter=1 select=0 desc=y\n", NULL);
	check_db("event 0 A counter=0 select=0 desc=x\nevent 1 B counter=0 select=16 desc=y\n",
		 "t.regdb:17: event B: select= missing or does not fit the EVENT field");
	check_db("event 0 A counter=0 select=0 desc=x\nevent 1 B counter=0 select=0 desc=y\n",
		 "regdb events 0 (A) and 1 (B) of R10000 clash");
	check_db("event 0 A counter=0 select=0 desc=x\n", "regdb has no event 1 for R10000");
	check_db("event 0 A counter=2 select=0 desc=x\n",
		 "t.regdb:16: event A: counter= must be a counter number or 'any'");
	check_db("event 0 A counter=0 select=0\n", "t.regdb:16: event A: desc= missing");
	check_db("event 2 A counter=0 select=0 desc=x\n", "t.regdb:16: event A: number outside R10K.EVENTS");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tables),         cmocka_unit_test(test_roundtrip),
		cmocka_unit_test(test_decode_example), cmocka_unit_test(test_decode_errors),
		cmocka_unit_test(test_decode_out),
		cmocka_unit_test(test_lookup),         cmocka_unit_test(test_revisions),
		cmocka_unit_test(test_encode_errors),  cmocka_unit_test(test_modes),
		cmocka_unit_test(test_notes),          cmocka_unit_test(test_print),
		cmocka_unit_test(test_bad_tables),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
