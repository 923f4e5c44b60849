/* SPDX-License-Identifier: MIT */
/* Content negotiation for an exposition served over HTTP (pcread
 * --serve): the format a scraper's Accept header prefers, and its
 * Content-Type.  Prometheus asks for OpenMetrics first
 * ("application/openmetrics-text;version=1.0.0,...,text/plain;
 * version=0.0.4;q=0.5,*" "/" "*;q=0.1"); curl, browsers and older
 * scrapers get the Prometheus text format. */
#include "hwpc/output.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The q value of one media range's parameters ("version=1.0.0;q=0.5"):
 * 1 when absent, 0 when malformed (RFC 9110 12.4.2: 0 to 1, three
 * decimals at most; a bad one is as good as refused). */
static double quality(const char *p, const char *end)
{
	while (p < end) {
		while (p < end && (*p == ';' || *p == ' ' || *p == '\t'))
			p++;
		if (end - p >= 2 && (p[0] == 'q' || p[0] == 'Q') && p[1] == '=') {
			char num[8];
			size_t n = 0;
			for (p += 2; p < end && *p != ';' && *p != ' ' && *p != '\t' && n < sizeof num - 1;)
				num[n++] = *p++;
			num[n] = 0;
			char *stop;
			double q = strtod(num, &stop);
			return n && *stop == 0 && q >= 0 && q <= 1 ? q : 0;
		}
		while (p < end && *p != ';')
			p++;
	}
	return 1;
}

/* Does the media range at [p, end) (before its parameters) name type? */
static bool names(const char *p, const char *end, const char *type)
{
	size_t n = strlen(type);
	return (size_t)(end - p) == n && strncasecmp(p, type, n) == 0;
}

enum hwpc_format hwpc_format_accept(const char *accept)
{
	double om = 0, text = 0;
	for (const char *p = accept; p && *p;) {
		const char *item = p + strspn(p, " \t,");
		const char *end = item + strcspn(item, ",");
		const char *type_end = item + strcspn(item, ";,");
		while (type_end > item && (type_end[-1] == ' ' || type_end[-1] == '\t'))
			type_end--;
		double q = quality(type_end, end);
		if (names(item, type_end, "application/openmetrics-text") && q > om)
			om = q;
		else if ((names(item, type_end, "text/plain") || names(item, type_end, "text/*") ||
			  names(item, type_end, "*/*")) && q > text)
			text = q;
		p = end;
	}
	/* a tie goes to OpenMetrics, which says more (_created, # EOF) */
	return om > 0 && om >= text ? HWPC_FMT_OPENMETRICS : HWPC_FMT_PROMETHEUS;
}

const char *hwpc_format_content_type(enum hwpc_format fmt)
{
	if (fmt == HWPC_FMT_OPENMETRICS)
		return "application/openmetrics-text; version=1.0.0; charset=utf-8";
	if (fmt == HWPC_FMT_PROMETHEUS)
		return "text/plain; version=0.0.4; charset=utf-8";
	return "text/plain; charset=utf-8";
}
