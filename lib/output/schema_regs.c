/* SPDX-License-Identifier: MIT */
/* The record kinds of register access (pcread --list-regs, --reg, --watch,
 * --diff) and of the MIPS R10000 counters (pcread and pcsetup on an
 * R10000) (hwpc-output(7)). */
#include "output/schema_internal.h"

static const struct hwpc_schema_key reg_info[] = {
	SK("reg", STR, NULL, NONE, "the register's name"),
	SK("dims", STR, NULL, NONE, "its array dimensions, \"[dom:8]\" (\"\" for a single register)"),
	SK("addr", HEX, NULL, NONE, "its BAR0 address (the first element's)"),
	SK("access", STR, NULL, NONE, "ro, rw, wo, or r1 (a read with a side effect)"),
	SK("doc", STR, NULL, NONE, "what regdb says of it"),
};

static const struct hwpc_schema_key reg_value[] = {
	SK("reg", STR, NULL, LABEL, "the register (or field) read, as regdb names it"),
	SK("addr", HEX, NULL, NONE, "its BAR0 address"),
	SK("value", HEX, NULL, GAUGE, "the value read: the register, or the field's bits shifted down "
				      "(null: the read failed)"),
	SK("fields", STR, NULL, NONE, "the value decoded: NAME=value per field, or the field's enum name"),
};

static const struct hwpc_schema_key reg_change[] = {
	SK_BIG("device_ns", U64, "ns", NONE, "when the change was seen: PTIMER's time where the chip has one, "
					     "else the device's clock"),
	SK("delta_ns", U64, "ns", NONE, "time since the previous change of the same register (null: the first)"),
	SK("ptimer", HEX, NULL, NONE, "PTIMER's raw 64-bit time (null: the chip has no PTIMER)"),
	SK("reg", STR, NULL, NONE, "the register (or field) watched"),
	SK("addr", HEX, NULL, NONE, "its BAR0 address"),
	SK("value", HEX, NULL, NONE, "its new value"),
	SK("fields", STR, NULL, NONE, "the new value decoded"),
};

static const struct hwpc_schema_key reg_diff[] = {
	SK("unit", STR, NULL, NONE, "the unit the register belongs to (PMC, PTIMER, PCOUNTER...)"),
	SK("reg", STR, NULL, NONE, "the register"),
	SK("addr", HEX, NULL, NONE, "its BAR0 address"),
	SK("a", HEX, NULL, NONE, "its value in the first snapshot (null: not in it)"),
	SK("b", HEX, NULL, NONE, "its value in the second snapshot or the device (null: not in it)"),
	SK("fields", STR, NULL, NONE, "the fields that differ, \"NAME a -> b\", or \"only in a\"/\"only in b\""),
};

static const struct hwpc_schema_key reg_diff_summary[] = {
	SK("changed_count", U64, NULL, NONE, "registers that differ (the reg_diff records before)"),
	SK("volatile_count", U64, NULL, NONE,
	   "registers left out because only their volatile bits differ: counters, timers, status, which change "
	   "with nobody writing (regdb read=live); 0 with --all"),
	SK("ignored_count", U64, NULL, NONE, "registers left out because --ignore names them or the fields that differ"),
};

static const struct hwpc_schema_key reg_write[] = {
	SK("reg", STR, NULL, NONE, "the register (or field) written"),
	SK("addr", HEX, NULL, NONE, "its BAR0 address"),
	SK("old", HEX, NULL, NONE, "its value before (null: it cannot be read)"),
	SK("new", HEX, NULL, NONE, "the value written"),
	SK("read", HEX, NULL, NONE, "the value read back after the write (null: not read back, or --dry-run)"),
	SK("checked_mask", HEX, NULL, NONE,
	   "the bits the read-back compares: those written whose read returns what was written (regdb's read=)"),
	SK("unverified", STR, NULL, NONE,
	   "the written bits it does not compare, with what their read returns instead: \"PM_TRIGGER=0x1 (reads 0)\" "
	   "for a trigger, \"(reads a live value)\" for a counter, \"(not checked)\" with --no-verify"),
	SK("fields", STR, NULL, NONE, "the new value decoded"),
};

static const struct hwpc_schema_key r10k_counter[] = {
	SK("sample", U64, NULL, NONE, "with -i: the sample's number, from 0"),
	SK_BIG("device_ns", U64, "ns", NONE, "with -i: the CPU's time since the first sample"),
	SK("counter", U64, NULL, LABEL, "the counter, 0 or 1"),
	SK("event", STR, NULL, LABEL, "the event it counts, by name (\"?\" when the word selects none)"),
	SK("word", HEX, NULL, NONE, "its control register"),
	SK("modes", STR, NULL, NONE, "the modes it counts in (user, kernel, supervisor, exl)"),
	SK("count", U64, "events", GAUGE, "the 32-bit counter register"),
	SK("delta", U64, "events", NONE, "with -i: counted since the previous sample"),
	SK_BIG("count_total", U64, "events", COUNTER, "with -i: the 64-bit total since the first sample"),
	SK("overflow", BOOL, NULL, GAUGE, "the counter's overflow interrupt bit"),
	SK("generation", U64, NULL, NONE,
	   "the generation of pcsetup's record, the number its r10k_setup record printed (null: no pcsetup)"),
};

static const struct hwpc_schema_key r10k_estimate[] = {
	SK("event", STR, NULL, LABEL, "the event, by name"),
	SK("counter", U64, NULL, LABEL, "the counter it was multiplexed on"),
	SK("count", U64, "events", GAUGE, "what it counted while it was on the counter"),
	SK("scaled", U64, "events", GAUGE, "the count scaled to the whole run (null: never counted)"),
	SK("scaled_unc", U64, "events", GAUGE,
	   "how far scaled can be off from the timing of the turns alone, rounded up (time_unc_ns and the run's ends); "
	   "how the event's rate varied between turns adds to it, unmeasured (null: never counted)"),
	SK("counted_pct", DOUBLE, "%", GAUGE, "the share of the run it was counting"),
	SK("time_counted_ns", U64, "ns", NONE,
	   "how long it was counting, in device time (what a lagging simulator skipped left out)"),
	SK("time_unc_ns", U64, "ns", NONE,
	   "how far time_counted_ns can be off: the device time between reading the clock and the counters at each "
	   "end of each turn"),
	SK("time_total_ns", U64, "ns", NONE, "how long the run was, in device time less lag_ns"),
	SK("lag_ns", U64, "ns", NONE,
	   "device time a lagging realtime simulator skipped during the run: no event counted it (null: the "
	   "device cannot lag)"),
};

static const struct hwpc_schema_key r10k_decode[] = {
	SK("cpu", STR, NULL, NONE, "the CPU the word is decoded for (R10000, R12000)"),
	SK("counter", U64, NULL, NONE, "the counter (null: either)"),
	SK("word", HEX, NULL, NONE, "the control word"),
	SK("fields", STR, NULL, NONE, "its fields"),
	SK("modes", STR, NULL, NONE, "the modes it counts in"),
	SK("ie", BOOL, NULL, NONE, "whether it interrupts on overflow"),
	SK("event_index", U64, NULL, NONE, "the event's number"),
	SK("event", STR, NULL, NONE, "the event's name"),
	SK("rev", U64, NULL, NONE, "the CPU revision the event needs (null: any)"),
	SK("title", STR, NULL, NONE, "the event's title"),
	SK("description", STR, NULL, NONE, "what it counts"),
	SK("differs", STR, NULL, NONE, "how the other CPU's event differs (null: it does not)"),
};

static const struct hwpc_schema_key r10k_setup[] = {
	SK("counter", U64, NULL, NONE, "the counter set up"),
	SK("setup", STR, NULL, NONE, "what it counts"),
	SK("word", HEX, NULL, NONE, "the control word written"),
	SK("modes", STR, NULL, NONE, "the modes it counts in"),
	SK("ie", BOOL, NULL, NONE, "whether it interrupts on overflow"),
	SK("threshold", U64, NULL, NONE, "the count at which it interrupts"),
	SK("generation", U64, NULL, NONE,
	   "the setup generation recorded: one more than the device's last; pcread's r10k_counter shows it"),
};

const struct hwpc_schema_rec schema_regs[] = {
	SREC("reg_write", "pcsetup --reg", "A register write: planned (--dry-run) or done and read back.",
	     reg_write),
	SREC("r10k_counter", "pcread (R10000)", "An R10000/R12000 counter read.", r10k_counter),
	SREC("r10k_estimate", "pcread --events", "An event multiplexed over the R10000's counters.",
	     r10k_estimate),
	SREC("r10k_decode", "pcread --decode (R10000)", "An R10000/R12000 control word decoded.", r10k_decode),
	SREC("r10k_setup", "pcsetup (R10000)", "An R10000/R12000 counter set up.", r10k_setup),
	SREC("reg_info", "pcread --list-regs", "A register regdb knows for the device's chipset.", reg_info),
	SREC("reg_value", "pcread --reg", "A register or field read and decoded.", reg_value),
	SREC("reg_change", "pcread --watch", "A change of a watched register.", reg_change),
	SREC("reg_diff_summary", "pcread --diff", "After the differences: how many, and how many were left out.",
	     reg_diff_summary),
	SREC("reg_diff", "pcread --diff", "A register that differs between two snapshots (or a snapshot and "
					  "the device).", reg_diff),
	{ 0 },
};
