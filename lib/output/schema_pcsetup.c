/* SPDX-License-Identifier: MIT */
/* The record kinds pcsetup writes (hwpc-output(7), "pcsetup"), and the
 * planned register writes of --dry-run and -v that ptime --dry-run shares
 * (lib/dev/wplan.c). */
#include "output/schema_internal.h"

static const struct hwpc_schema_key pc_setup_keys[] = {
	SK("domain", STR, NULL, LABEL, "the PCOUNTER domain set up (pcread -D names)"),
	SK("mode", STR, NULL, NONE, "its mode now: single, quad, record, or unchanged (triggers only)"),
	SK("generation", U64, NULL, NONE,
	   "the setup note's generation pcread checks against (null: no setup note written)"),
};

static const struct hwpc_schema_key planned_write_keys[] = {
	SK("reg", STR, NULL, NONE, "the register, as regdb names it (its address in hex when regdb has none)"),
	SK("addr", HEX, NULL, NONE, "its BAR0 address"),
	SK("old", HEX, NULL, NONE, "the value read when planning (null: a write-only register)"),
	SK("new", HEX, NULL, NONE, "the value written"),
	SK("unchanged", BOOL, NULL, NONE,
	   "the write leaves a plain read-write register as it was (it is still made)"),
	SK("fields", STR, NULL, NONE, "the new value's fields, decoded with regdb (null: no register description)"),
	SK("note", STR, NULL, NONE, "why the write is made (null: no note)"),
};

static const struct hwpc_schema_key pc_trigger_keys[] = {
	SK("signal", STR, NULL, NONE, "the trigger signal fired: pm_trigger, into every PCOUNTER domain"),
	SK("reg", STR, NULL, NONE, "the register field written to fire it, as regdb names it"),
	SK("addr", HEX, NULL, NONE, "the register's BAR0 address"),
	SK("value", HEX, NULL, NONE, "the value written"),
};

static const struct hwpc_schema_key pc_logic_input_keys[] = {
	SK("domain", STR, NULL, LABEL, "the PCOUNTER domain"),
	SK("input", STR, NULL, NONE, "the logic-op input: PRE, START, EVENT, STOP, SETFLAG or CLRFLAG"),
	SK("expression", STR, NULL, NONE, "its expression (hwpc-expr(7)), as given or decompiled"),
	SK("src", HEX, NULL, NONE, "the input's SRC register value (null: it shares another input's)"),
	SK("op", HEX, NULL, NONE, "the input's OP register value"),
	SK("op_bits", STR, NULL, NONE, "the OP bits set besides the truth table, spelled out (null: none)"),
	SK("arg0", STR, NULL, NONE, "where argument 0 comes from: the SRC slot and its signal"),
	SK("arg0_used", BOOL, NULL, NONE, "the truth table depends on argument 0"),
	SK("arg1", STR, NULL, NONE, "where argument 1 comes from"),
	SK("arg1_used", BOOL, NULL, NONE, "the truth table depends on argument 1"),
	SK("arg2", STR, NULL, NONE, "where argument 2 comes from"),
	SK("arg2_used", BOOL, NULL, NONE, "the truth table depends on argument 2"),
	SK("arg3", STR, NULL, NONE, "where argument 3 comes from"),
	SK("arg3_used", BOOL, NULL, NONE, "the truth table depends on argument 3"),
	SK("table", HEX, NULL, NONE,
	   "the 16-entry truth table: bit (ARG3 ARG2 ARG1 ARG0 as a number) is the output"),
};

const struct hwpc_schema_rec schema_pcsetup[] = {
	SREC("pc_setup", "pcsetup", "a PCOUNTER domain after the setup was applied", pc_setup_keys),
	SREC("pc_trigger", "pcsetup --trigger", "a trigger fired: PGRAPH's PM_TRIGGER, by the register regdb names",
	     pc_trigger_keys),
	SREC("planned_write", "pcsetup ptime", "a register write planned (--dry-run) or made (pcsetup -v)",
	     planned_write_keys),
	SREC("pc_logic_input", "pcsetup", "a logic-op input of a domain's setup as compiled (pcsetup --explain)",
	     pc_logic_input_keys),
	{ 0 },
};
