/* SPDX-License-Identifier: MIT */
/* The record kinds ptime writes (hwpc-output(7), "ptime").  --dry-run
 * writes planned_write records (lib/dev/wplan.c). */
#include "output/schema_internal.h"

/* With -v: where the tick rate comes from (a read and --measure). */
#define RATE_SOURCE_KEYS                                                                                      \
	SK("source", STR, NULL, NONE, "with -v: the clock the timer counts (CRYSTAL, HCLK, TCLK, internal...)"), \
	SK("crystal_hz", DOUBLE, "Hz", NONE, "with -v: the crystal's frequency (null: not counting from it)"),   \
	SK("internal_mul", U64, NULL, NONE, "with -v: the internal clock's multiplier (null: not in use)"),      \
	SK("internal_div", U64, NULL, NONE, "with -v: the internal clock's divider (null: not in use)"),         \
	SK("source_hz", DOUBLE, "Hz", NONE, "with -v: the frequency of the clock counted (null: unknown)"),      \
	SK("source_from", STR, NULL, NONE, "with -v: where that frequency comes from"),                          \
	SK("clock_mul", U64, NULL, NONE, "with -v: PTIMER's CLOCK_MUL (null: not a PTIMER)"),                     \
	SK("clock_div", U64, NULL, NONE, "with -v: PTIMER's CLOCK_DIV (null: not a PTIMER)")

static const struct hwpc_schema_key timer_keys[] = {
	SK("raw", HEX, NULL, NONE, "the timer's 64-bit value as read (PTIMER: TIME_HIGH and TIME_LOW)"),
	SK_BIG("ticks", U64, "ticks", COUNTER, "the timer's count: the raw value without the low bits that never count"),
	SK_BIG("ns", U64, "ns", NONE, "ticks at the tick rate configured now (null: the rate is unknown)"),
	SK("tick_hz", DOUBLE, "Hz", GAUGE, "the tick rate the clock configuration gives (null: unknown)"),
	SK_BIG("alarm_ticks", U64, "ticks", NONE, "with --alarm: the count at which the alarm fires"),
	SK_BIG("alarm_in_ns", U64, "ns", NONE, "with --alarm: how long until it fires, at the tick rate"),
	SK("description", STR, NULL, NONE, "with -v: the device as the library describes it"),
	RATE_SOURCE_KEYS,
	SK("retries", U64, NULL, NONE, "with -v: reads repeated because the high word moved during the read"),
	SK("timer", STR, NULL, NONE, "with -v: which timer was read (PTIMER, Tensix wall clock)"),
};

static const struct hwpc_schema_key timer_sample_keys[] = {
	SK("sample", U64, NULL, NONE, "the sample's index, from 0"),
	SK_BIG("elapsed_ns", U64, "ns", NONE,
	       "time since the first sample, by the sampling clock (the host's, or a virtual simulator's)"),
	SK_BIG("host_ns", U64, "ns", NONE, "host CLOCK_MONOTONIC when the timer was read"),
	SK("raw", HEX, NULL, NONE, "the timer's 64-bit value as read"),
	SK_BIG("ticks", U64, "ticks", COUNTER, "the timer's count"),
	SK_BIG("ns", U64, "ns", NONE, "ticks at the tick rate configured now (null: the rate is unknown)"),
	SK_BIG("delta_ticks", U64, "ticks", GAUGE, "ticks since the previous sample (null in the first)"),
};

static const struct hwpc_schema_key timer_rate_keys[] = {
	SK("seconds", DOUBLE, "s", NONE,
	   "how long the measurement ran, by the reference clock (the host's, or a virtual simulator's)"),
	SK_BIG("ticks", U64, "ticks", NONE, "ticks counted in that time"),
	SK("measured_hz", DOUBLE, "Hz", GAUGE, "the tick rate measured against the reference clock"),
	SK("configured_hz", DOUBLE, "Hz", GAUGE, "the tick rate the clock configuration gives (null: unknown)"),
	SK("error_ppm", DOUBLE, "ppm", GAUGE, "how far the measured rate is from the configured one (null: unknown)"),
	SK("uncertainty_ppm", DOUBLE, "ppm", GAUGE,
	   "how far the true rate may be from measured_hz: the timestamps around the timer reads at both ends of "
	   "the window, a tick, and lag_ns (null: unbounded); --strict exits 3 past 1000"),
	SK("lag_ns", U64, "ns", GAUGE,
	   "simulated time a realtime simulator skipped during the measurement (null: the device cannot lag)"),
	RATE_SOURCE_KEYS,
};

static const struct hwpc_schema_key timed_command_keys[] = {
	SK("command", STR, NULL, LABEL, "the command run (its first word)"),
	SK("status", I64, NULL, GAUGE, "its exit status (128 + N: killed by signal N)"),
	SK_BIG("ticks", U64, "ticks", GAUGE, "device ticks from just before the command started to just after it ended"),
	SK_BIG("ns", U64, "ns", GAUGE, "those ticks at the tick rate configured now (null: the rate is unknown)"),
	SK_BIG("host_ns", U64, "ns", GAUGE, "the same interval by host CLOCK_MONOTONIC"),
	SK("device_host_ratio", DOUBLE, NULL, GAUGE,
	   "device time over host time (1: the timer keeps time; null: the rate is unknown)"),
};

static const struct hwpc_schema_key timer_alarm_keys[] = {
	SK("alarm", STR, NULL, NONE, "fired: PTIMER's ALARM interrupt is pending"),
	SK_BIG("ticks", U64, "ticks", NONE, "the timer's count when the alarm was seen"),
	SK_BIG("ns", U64, "ns", NONE, "that count at the tick rate configured now (null: the rate is unknown)"),
	SK_BIG("waited_ns", U64, "ns", NONE, "how long ptime waited, by host CLOCK_MONOTONIC"),
};

const struct hwpc_schema_rec schema_ptime[] = {
	SREC("timer", "ptime", "a read of the device's timer (PTIMER, or a Tensix tile's wall clock)", timer_keys),
	SREC("timer_sample", "ptime", "one sample of ptime -i: a read of the timer", timer_sample_keys),
	SREC("timer_rate", "ptime", "the tick rate measured by ptime --measure", timer_rate_keys),
	SREC("timed_command", "ptime", "the command ptime -- COMMAND ran, in device time beside host time",
	     timed_command_keys),
	SREC("timer_alarm", "ptime", "the alarm ptime --wait-alarm waited for has fired", timer_alarm_keys),
	{ 0 },
};
