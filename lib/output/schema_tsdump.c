/* SPDX-License-Identifier: MIT */
/* The record kinds tsdump writes (hwpc-output(7), "tsdump").  A file has
 * no device: its records carry device and chipset null; with -d they name
 * the device read.  A Tensix stream's items are three kinds, each with the
 * keys that apply to it: events, information (nothing lost) and losses.
 * Their JSON and CSV rows are written by a fast path
 * (lib/stream/tsdump_rows.c) that declares these keys in this order and is
 * checked against them when it starts. */
#include "output/schema_internal.h"

/* Where an item is: every Tensix kind starts with these. */
#define TENSIX_WHERE(what)                                                                                     \
	SK("offset", U64, "bytes", NONE, "byte offset of the " what " in the stream"),                          \
	SK_OPT("addr", U64, NULL, NONE, "its L1 address (only where the input has a buffer layout)"),          \
	SK_OPT("buffer", U64, NULL, NONE, "the timestamp buffer, 0 or 1 (only where the input has a buffer layout)")

static const struct hwpc_schema_key tensix_event_keys[] = {
	TENSIX_WHERE("event"),
	SK("index", U64, NULL, NONE, "the event's number in the stream (0, 1, ...)"),
	SK("size", U64, "bits", NONE, "the event's size: 32, 64, 96 or 128"),
	SK("token", U64, NULL, LABEL, "the event's token (its first word shifted right by 3)"),
	SK_OPT("name", STR, NULL, NONE, "the token's name from --token-map (only where the map names it)"),
	SK_BIG("ts", U64, "ticks", NONE, "the event's timestamp (a 32-bit event's bits 0..4 are 0)"),
	SK("time", STR, NULL, NONE, "what ts is: full, unwrapped or relative (tsdump(1))"),
};

static const struct hwpc_schema_key tensix_info_keys[] = {
	TENSIX_WHERE("item"),
	SK("kind", STR, NULL, NONE, "padding, full, pending or stale (tsdump(1))"),
	SK("count", U64, NULL, NONE, "bytes of padding or skipped, words pending (0: full)"),
	SK("message", STR, NULL, NONE, "what it means, in words"),
};

/* ts and time, then kind, count, value and message: the order keeps the
 * CSV columns of events, losses and information in one order. */
static const struct hwpc_schema_key tensix_loss_keys[] = {
	TENSIX_WHERE("loss"),
	{ "ts", HWPC_VT_U64, HWPC_SK_BIG | HWPC_SK_OPT, "ticks", HWPC_MT_NONE,
	  "overflow, backwards: the last timestamp before it (only for those)" },
	SK_OPT("time", STR, NULL, NONE, "what ts is: full, unwrapped or relative (only with ts)"),
	SK("kind", STR, NULL, NONE,
	   "overflow, undecodable, size-mixed, truncated, trailing, short, extra, backwards or bad-range (tsdump(1))"),
	SK("count", U64, NULL, NONE, "how many words, bytes or events it covers (0: not counted)"),
	SK_OPT("value", U64, NULL, NONE,
	       "undecodable: the first word; size-mixed: the size before; truncated: the event's size (only for those)"),
	SK("message", STR, NULL, NONE, "what was lost and why, in words"),
};

static const struct hwpc_schema_key tensix_summary_keys[] = {
	SK("record", STR, NULL, NONE, "total, token, slice or loss"),
	SK("name", STR, NULL, NONE,
	   "a total's name (bytes, events, events_32...), a token's or slice's name, a loss's kind"),
	SK("token", U64, NULL, LABEL, "the token (token records; else null)"),
	SK("count", U64, NULL, NONE, "how many: bytes, events, slices"),
	SK_BIG("first_ts", U64, "ticks", NONE, "the first event's timestamp (null: no timestamp)"),
	SK_BIG("last_ts", U64, "ticks", NONE, "the last event's timestamp (null: no timestamp)"),
	SK_BIG("min", U64, "ticks", NONE, "the shortest gap between a token's events, or slice (null: fewer than 2)"),
	SK("mean", DOUBLE, "ticks", NONE, "the mean gap or slice length (null: fewer than 2)"),
	SK_BIG("max", U64, "ticks", NONE, "the longest gap or slice (null: fewer than 2)"),
	SK("offset", U64, "bytes", NONE, "where a loss is in the stream (loss records; else null)"),
	SK("buffer", U64, NULL, NONE, "the loss's buffer (null: one plain stream, or not a loss)"),
	SK("message", STR, NULL, NONE, "what the record says in words (null: nothing to add)"),
};

#define REC_COUNTERS(pfx, type, help)                                                               \
	SK(pfx "pre0", type, NULL, NONE, help), SK(pfx "pre1", type, NULL, NONE, help),               \
	SK(pfx "pre2", type, NULL, NONE, help), SK(pfx "pre3", type, NULL, NONE, help),               \
	SK(pfx "start0", type, NULL, NONE, help), SK(pfx "start1", type, NULL, NONE, help),           \
	SK(pfx "start2", type, NULL, NONE, help), SK(pfx "start3", type, NULL, NONE, help),           \
	SK(pfx "event0", type, NULL, NONE, help), SK(pfx "event1", type, NULL, NONE, help),           \
	SK(pfx "event2", type, NULL, NONE, help), SK(pfx "event3", type, NULL, NONE, help)

static const struct hwpc_schema_key pc_record_item_keys[] = {
	SK("kind", STR, NULL, NONE, "packet, or an anomaly: forced, zero, saturated, missed, bogus, trailing"),
	SK("offset", U64, "bytes", NONE, "byte offset of the packet in the buffer"),
	SK("index", U64, NULL, NONE, "the packet's number (0, 1, ...)"),
	SK("cycles", U64, "cycles", NONE, "the packet's raw 48-bit cycle counter (null: an anomaly)"),
	SK_BIG("elapsed_cycles", U64, "cycles", NONE, "cycles since RECORD_START, unwrapped (null: an anomaly)"),
	SK_BIG("delta", U64, "cycles", NONE, "cycles since the previous packet (null: an anomaly)"),
	SK("stop", U64, NULL, NONE, "the STOP counter (null: an anomaly)"),
	REC_COUNTERS("", U64, "the counter's count in the interval ending at the packet (null: not in the format)"),
	REC_COUNTERS("rate_", DOUBLE, "the counter per cycle of the interval (null: not in the format; no text)"),
	SK("saturated", BOOL, NULL, NONE, "a counter of the packet stopped at its maximum (null: an anomaly)"),
	SK("count", U64, NULL, NONE, "how many packets or counters the anomaly covers (null: a packet)"),
	SK("message", STR, NULL, NONE, "what the anomaly means (null: a packet)"),
};

static const struct hwpc_schema_key pc_record_summary_keys[] = {
	SK("input", STR, NULL, NONE, "the file or device read"),
	SK("format", STR, NULL, NONE, "the packet format: long or short"),
	SK("bytes", U64, "bytes", NONE, "bytes decoded"),
	SK("packet_count", U64, NULL, NONE, "packets decoded"),
	SK_BIG("elapsed_cycles", U64, "cycles", NONE, "the last packet's cycles since RECORD_START"),
	REC_COUNTERS("total_", U64, "the counter's total over every packet (null: not in the format)"),
	SK("forced_count", U64, NULL, NONE, "packets written because a counter neared its maximum"),
	SK("zero_count", U64, NULL, NONE, "runs of all-zero packets (unwritten memory)"),
	SK("saturated_count", U64, NULL, NONE, "packets with a counter stopped at its maximum"),
	SK("missed_count", U64, NULL, NONE, "packets that merged intervals (STOP > 1)"),
	SK("bogus_count", U64, NULL, NONE, "packets with reserved bits set or forced without a full counter"),
	SK("trailing_count", U64, NULL, NONE, "trailing bytes short of a packet (0 or 1)"),
	SK("missed_packet_count", U64, NULL, NONE, "packets the hardware did not write (sum of STOP - 1)"),
	SK("lost", BOOL, NULL, NONE, "data was lost or is suspect"),
	SK("loss_0", STR, NULL, NONE, "the first loss, in words (null: none)"),
	SK("loss_1", STR, NULL, NONE, "the second loss (null: none)"),
	SK("loss_2", STR, NULL, NONE, "the third loss (null: none)"),
	SK("loss_3", STR, NULL, NONE, "the 4th loss (null: none)"),
	SK("loss_4", STR, NULL, NONE, "the 5th loss (null: none)"),
	SK("loss_5", STR, NULL, NONE, "the 6th loss (null: none)"),
	SK("loss_6", STR, NULL, NONE, "the 7th loss (null: none)"),
	SK("loss_7", STR, NULL, NONE, "the 8th loss (null: none)"),
	SK("loss_8", STR, NULL, NONE, "the 9th loss (null: none)"),
	SK("loss_9", STR, NULL, NONE, "the 10th loss (null: none)"),
	SK("more_loss_count", U64, NULL, NONE, "losses past the 10 listed"),
};

static const struct hwpc_schema_key mmio_access_keys[] = {
	SK("line", U64, NULL, NONE, "the line of the trace"),
	SK("trace_time", STR, "s", NONE, "the trace's timestamp, as written (seconds)"),
	SK("op", STR, NULL, NONE, "R, W, MAP, UNMAP, MARK or LOST"),
	SK("addr", HEX, NULL, NONE, "the BAR0 offset (null: a MARK or LOST line)"),
	SK("value", HEX, NULL, NONE, "the value read or written, or MAP's length (null: none)"),
	SK("lost_count", U64, NULL, NONE, "LOST: the events the kernel lost (else null)"),
	SK("reg", STR, NULL, NONE, "the register regdb names there, BAR0 for MAP/UNMAP (null: none)"),
	SK("fields", STR, NULL, NONE, "the value's fields decoded, a MAP's id or a MARK's text (null: none)"),
	SK("expr", STR, NULL, NONE, "a PCOUNTER logic op written, as an expression (null: none)"),
};

const struct hwpc_schema_rec schema_tsdump[] = {
	SREC("tensix_event", "tsdump", "an event of a Tensix timestamp stream", tensix_event_keys),
	SREC("tensix_loss", "tsdump", "data lost or suspect in a Tensix stream (tsdump --strict exits 3)",
	     tensix_loss_keys),
	SREC("tensix_info", "tsdump", "something a Tensix stream skips or notes, nothing lost", tensix_info_keys),
	SREC("tensix_summary", "tsdump", "a total, token, slice or loss of tsdump --summary", tensix_summary_keys),
	SREC("pc_record_item", "tsdump", "a packet or anomaly of a PCOUNTER record buffer (tsdump --record)",
	     pc_record_item_keys),
	SREC("pc_record_summary", "tsdump", "the totals of a PCOUNTER record buffer (tsdump --record --summary)",
	     pc_record_summary_keys),
	SREC("mmio_access", "tsdump", "a BAR0 access of a kernel mmiotrace, named and decoded (tsdump --mmiotrace)",
	     mmio_access_keys),
	{ 0 },
};
