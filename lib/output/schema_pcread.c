/* SPDX-License-Identifier: MIT */
/* The record kinds pcread writes for PCOUNTER (hwpc-output(7), "pcread");
 * registers, snapshots and the R10000 are in schema_regs.c. */
#include "output/schema_internal.h"

#define CTR(name, what)                                                                           \
	SK(name, U64, "events", NONE, what " in the period read (null: the mode has no such counter " \
					 "or it saturated)")
#define TOTAL(name, what)                                                                         \
	SK_BIG(name "_total", U64, "events", COUNTER, what ", summed over the run's samples as a 64-bit " \
						   "total (null: no such counter, or reprogrammed)")
#define EXPR(name, input)                                                                                     \
	SK_OPT(name "_expr", STR, NULL, NONE, "with --expr: what the " input " input counts, as a logic-op " \
					      "expression (only with --expr, where the input is in use)")

static const struct hwpc_schema_key pc_counters[] = {
	SK("sample", U64, NULL, NONE, "with -i: the sample's number, from 0 (else 0)"),
	SK("elapsed_ns", U64, "ns", NONE, "time since the run's first sample, on the device's clock"),
	SK_BIG("host_ns", U64, "ns", NONE, "with -i: the host's CLOCK_MONOTONIC when the domain was read "
					"(null: a single read)"),
	SK("domain", STR, NULL, LABEL, "the PCOUNTER domain's name"),
	SK("mode", STR, NULL, NONE, "the domain's counting mode, as regdb names CTRL.MODE's values: SINGLE, QUAD or RECORD"),
	SK("state", STR, NULL, NONE, "the mode's state as the status registers give it"),
	CTR("cycles", "domain cycles counted (CYCLES)"),
	CTR("cycles_alt", "the second cycle counter (CYCLES_ALT)"),
	CTR("event_count", "the EVENT counter"),
	CTR("start_count", "the START counter"),
	CTR("pre_count", "the PRE counter"),
	CTR("stop_count", "the STOP counter"),
	SK("flag", U64, NULL, NONE, "the domain's FLAG, 0 or 1 (null: not readable on this chip)"),
	SK("event_pct", DOUBLE, "%", GAUGE,
	   "EVENT as a percentage of CYCLES, both over one counting window (null: there is none; event_pct_note "
	   "says why); never over 100"),
	SK("event_pct_note", STR, NULL, NONE,
	   "why event_pct is null: no cycles counted, a counter saturated, EVENT summing every counting period "
	   "while CYCLES is the last one's (EVENT_CTR_PERIOD ALL), a counter mode where EVENT adds an integer per "
	   "cycle, or a period that began between the reads (null: event_pct is a figure)"),
	SK("saturated", BOOL, NULL, GAUGE, "whether any counter read saturated (its value is then null)"),
	SK("saturated_counters", STR, NULL, NONE, "the saturated counters, joined by + (\"\" when none)"),
	SK("lost", BOOL, NULL, GAUGE, "quad mode: counter sets were lost (OVERFLOW) (null: not quad mode)"),
	SK("ack_count", U64, NULL, NONE, "quad mode: sets acknowledged by this read (null: not quad mode)"),
	SK_OPT("record_position", HEX, NULL, NONE, "record mode: the write position in the record buffer "
						   "(only in record mode)"),
	SK_OPT("record_packet_count", U64, NULL, NONE, "record mode: packets written (only in record mode)"),
	TOTAL("cycles", "CYCLES"),
	TOTAL("cycles_alt", "CYCLES_ALT"),
	TOTAL("event_count", "EVENT"),
	TOTAL("start_count", "START"),
	TOTAL("pre_count", "PRE"),
	TOTAL("stop_count", "STOP"),
	SK("saturated_total_counters", STR, NULL, NONE, "the counters that saturated in any sample of the "
							"run, joined by + (\"\" when none)"),
	EXPR("pre", "PRE"),
	EXPR("start", "START"),
	EXPR("event", "EVENT"),
	EXPR("stop", "STOP"),
	EXPR("setflag", "SETFLAG"),
	EXPR("clrflag", "CLRFLAG"),
	SK_OPT("mmio_read_count", U64, NULL, NONE, "with -v: register reads this sample took (only with -v)"),
	SK_OPT("set_age_ns", U64, "ns", NONE,
	       "quad mode: device time from the swap that latched the set read to the read (only where the "
	       "device can tell: a simulator can, real hardware cannot; text shows it with -v)"),
	SK("lag_ns", U64, "ns", GAUGE,
	   "device time a lagging simulator skipped since pcread opened it (its first catch-up included) "
	   "(null: the device cannot lag)"),
	SK_OPT("reprogrammed", BOOL, NULL, GAUGE, "with -i: whether the domain was set up again (its setup note's "
						   "generation moved) or its configuration registers changed since the run "
						   "began: the totals are then null (only with -i)"),
};

static const struct hwpc_schema_key pc_set_count[] = {
	SK("set", STR, NULL, LABEL, "the counter set's name in the set file"),
	SK("domain", STR, NULL, LABEL, "the PCOUNTER domain's name"),
	SK("counter", STR, NULL, LABEL, "which counter: cycles, cycles_alt, event, start, pre or stop"),
	SK("count", U64, "events", GAUGE, "what the set counted while it was on the domain"),
	SK("scaled", U64, "events", GAUGE, "the count scaled to the whole run, as perf does (null: the set "
					   "never counted)"),
	SK("counted_pct", DOUBLE, "%", GAUGE, "the share of the run the set was counting"),
	SK("period_count", U64, NULL, NONE, "periods the set was on the domain"),
	SK("saturated", BOOL, NULL, GAUGE, "whether this counter saturated in any of them"),
};

static const struct hwpc_schema_key pc_signal[] = {
	SK("domain", STR, NULL, LABEL, "the PCOUNTER domain's name"),
	SK("signal_index", HEX, NULL, NONE, "the signal's number in the domain"),
	SK("signal", STR, NULL, LABEL, "the signal's name (null: regdb names none)"),
	SK("aliases", STR, NULL, NONE,
	   "the signal's other names, as expressions accept them, separated by blanks (a driver's name for a "
	   "documented signal, \"flag\" for the domain's own flag); text shows them after signal, joined "
	   "by / (PGRAPH.IDLE/pc01_gr_idle) (null: it has no other)"),
	SK("value", U64, NULL, GAUGE, "--signals: the signal's value now, 0 or 1 (null with --scan)"),
	SK("active_pct", DOUBLE, "%", GAUGE,
	   "--scan: the share of the window it was 1: of the samples (pcread), or of the cycles counted (pcsetup) "
	   "(null with --signals)"),
	SK("active_pct_low", DOUBLE, "%", GAUGE,
	   "--scan: the low end of active_pct's 95 % interval (Wilson's; active_pct itself where exact)"),
	SK("active_pct_high", DOUBLE, "%", GAUGE, "--scan: the high end of active_pct's 95 % interval"),
	SK("one_count", U64, NULL, NONE, "--scan: samples (or cycles, counted) in which it was 1"),
	SK("sample_count", U64, NULL, NONE, "--scan: samples taken (or cycles counted)"),
	SK("exact", BOOL, NULL, NONE,
	   "--scan: active_pct is exact: counted by the counters, or every cycle of the window sampled (false for a "
	   "signal not sampled at all: a scan interrupted or failed before its window)"),
	SK("seed", U64, NULL, NONE,
	   "--scan: the seed of the sampled instants (--seed repeats them; null: counted, no sampling)"),
};

static const struct hwpc_schema_key reg_decode[] = {
	SK("reg", STR, NULL, NONE, "the register's name"),
	SK("addr", HEX, NULL, NONE, "its BAR0 address"),
	SK("value", HEX, NULL, NONE, "the value decoded (given, not read)"),
	SK("fields", STR, NULL, NONE, "its fields decoded, NAME=value separated by blanks"),
};

#define RUN_COUNT(name, what)                                                                         \
	SK_BIG(name, U64, "events", COUNTER, what " counted in the interval, or in the whole run (sample " \
						"null); a lower bound when saturated (null: no such counter, or reprogrammed)")
#define RUN_RATE(name, what) \
	SK(name "_per_s", DOUBLE, "1/s", GAUGE, what " per second of the time counted (null: no time or no counter)")

static const struct hwpc_schema_key pc_run[] = {
	SK("command", STR, NULL, NONE, "the command counted around (its name, as run)"),
	SK("sample", U64, NULL, NONE, "with -i: the interval's number, from 0 (null: the whole run)"),
	SK_BIG("elapsed_ns", U64, "ns", NONE, "time from the start of counting to the end of the interval, on the "
					      "device's clock"),
	SK_BIG("interval_ns", U64, "ns", NONE, "the time the counts cover: the interval, or the whole run"),
	SK("uncertainty_ppm", DOUBLE, "ppm", GAUGE, "how uncertain cycles_per_s is: the timestamps around the "
						   "reads or swaps at both ends, and CYCLES' +-1 (another rate adds its "
						   "count's +-1) (null: no time or no cycles)"),
	SK("domain", STR, NULL, LABEL, "the PCOUNTER domain's name"),
	SK("mode", STR, NULL, NONE, "the domain's counting mode: single or quad"),
	RUN_COUNT("cycles", "domain cycles (CYCLES)"),
	SK("cycles_per_s", DOUBLE, "1/s", GAUGE, "CYCLES per second of the time counted: in quad mode, where CYCLES "
						 "counts every cycle, the domain's clock (null: no time or no counter)"),
	RUN_COUNT("cycles_alt", "CYCLES_ALT"),
	RUN_RATE("cycles_alt", "CYCLES_ALT"),
	RUN_COUNT("event_count", "EVENT"),
	RUN_RATE("event_count", "EVENT"),
	SK("event_pct", DOUBLE, "%", GAUGE, "EVENT as a percentage of CYCLES over the same time (null: no cycles)"),
	RUN_COUNT("start_count", "START"),
	RUN_RATE("start_count", "START"),
	RUN_COUNT("pre_count", "PRE"),
	RUN_RATE("pre_count", "PRE"),
	RUN_COUNT("stop_count", "STOP"),
	RUN_RATE("stop_count", "STOP"),
	SK("saturated", BOOL, NULL, GAUGE, "whether a counter saturated in the run so far (its count is then a "
					   "lower bound)"),
	SK("saturated_counters", STR, NULL, NONE, "the saturated counters, joined by + (\"\" when none)"),
	SK("lost", BOOL, NULL, GAUGE, "quad mode: a set latched by the hardware was lost (OVERFLOW) before it was "
				      "read (null: single mode)"),
	SK("status", I64, NULL, GAUGE, "the command's exit status, 128 + N when signal N ended it (null: an "
				      "interval)"),
	SK("lag_ns", U64, "ns", GAUGE,
	   "device time a lagging simulator skipped since pcread opened it (null: the device cannot lag)"),
	SK("reprogrammed", BOOL, NULL, GAUGE, "whether the domain was set up again (its setup note's generation "
					       "moved) or its configuration registers changed in the interval, or in "
					       "the run: its counts, rates and event_pct are then null"),
};

static const struct hwpc_schema_key pc_clock[] = {
	SK("domain", STR, NULL, LABEL, "the PCOUNTER domain's name"),
	SK("clock", STR, NULL, LABEL, "the clock regdb says it counts (null: none named)"),
	SK("measured_hz", DOUBLE, "Hz", GAUGE, "the domain's clock: CYCLES counted over the time between two reads"),
	SK("uncertainty_hz", DOUBLE, "Hz", GAUGE, "how far the true clock may be from measured_hz: the timestamps "
						  "that bracket each read, and the count's +-1"),
	SK("uncertainty_ppm", DOUBLE, "ppm", GAUGE, "uncertainty_hz as parts per million of measured_hz"),
	SK_BIG("cycles", U64, "cycles", NONE, "CYCLES counted between the two reads"),
	SK_BIG("elapsed_ns", U64, "ns", NONE, "the time between the two reads, on the device's clock (the host's "
					      "on real hardware)"),
	SK("lag_ns", U64, "ns", GAUGE, "device time a lagging simulator skipped during the window (null: the "
				       "device cannot lag)"),
};

/* pcread --serve: the exporter's own series, beside each domain's
 * pc_counters (whose counters it accumulates from its start). */
static const struct hwpc_schema_key serve_device[] = {
	SK("up", BOOL, NULL, GAUGE, "whether the device's last read worked (0: it failed, or did not answer "
				    "within --timeout, and its domains are left out)"),
	SK("read_ns", U64, "ns", GAUGE, "how long the device's last read took (null: none finished yet)"),
	SK("lag_ns", U64, "ns", GAUGE, "device time a lagging simulator skipped since the exporter opened it "
				       "(null: the device cannot lag)"),
	SK_BIG("read_count_total", U64, NULL, COUNTER, "reads of the device, at scrapes and every -i interval"),
	SK_BIG("failure_count_total", U64, NULL, COUNTER, "reads that failed, and scrapes the device did not "
							  "answer within --timeout"),
};

static const struct hwpc_schema_key serve_scrape[] = {
	SK("duration_ns", U64, "ns", GAUGE, "how long this scrape waited for the devices' reads (at most "
					    "--timeout)"),
	SK_BIG("count_total", U64, NULL, COUNTER, "scrapes served, this one included"),
};

const struct hwpc_schema_rec schema_pcread[] = {
	SREC("pc_counters", "pcread", "A PCOUNTER domain's counters, one record per domain and sample.",
	     pc_counters),
	SREC("pc_set_count", "pcread -f", "A counter of a counter set rotated over a domain, one record per set "
					  "and counter.", pc_set_count),
	SREC("pc_signal", "pcread --signals, --scan; pcsetup --scan", "A signal of a PCOUNTER domain.", pc_signal),
	SREC("reg_decode", "pcread --decode", "A register value decoded against regdb, without reading it.",
	     reg_decode),
	SREC("pc_run", "pcread -- COMMAND", "A PCOUNTER domain's counts while a command ran: one record per domain "
					    "and interval (-i), and one for the whole run.", pc_run),
	SREC("pc_clock", "pcread --clocks", "A PCOUNTER domain's clock, measured, with its uncertainty.", pc_clock),
	SREC("serve_device", "pcread --serve", "An exporter's device, one record per device and scrape.",
	     serve_device),
	SREC("serve_scrape", "pcread --serve", "A scrape of the exporter (no device or chipset label).",
	     serve_scrape),
	{ 0 },
};
