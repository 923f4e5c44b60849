/* SPDX-License-Identifier: MIT */
/* The Tensix stream decoder's part the library's other families (tsdump's
 * pieces) use that is not libhwpc's API (nothing here is exported from
 * libhwpc.so). */
#ifndef HWPC_TENSIX_CMD_H
#define HWPC_TENSIX_CMD_H

#include "hwpc/tensix.h"

/* Decoding one stream in pieces (on several threads): a decoder made for
 * the piece that starts at byte offset origin (a multiple of 16) of the
 * input, before its first feed; -1 if the decoder has a buffer layout
 * (its phases count from the start of the input), origin is not a
 * multiple of 16 or bytes were fed. */
int hwpc_tensix_dec_set_origin(struct hwpc_tensix_dec *d, uint64_t origin);
/* A guess at where a piece may start in these whole 16-byte units (the
 * first is only looked at as the one before): a unit that looks like a
 * full-timestamp event after one that ends with a whole event.  Returns
 * the unit's index, or units when there is none. */
size_t hwpc_tensix_dec_sync_unit(const void *bytes, size_t units);
/* Whether piece c, fed the bytes that follow d's, can be joined to d:
 * when the whole input fed to d alone would give exactly the items c gave
 * (and d gave).  Delivers both batches first.  If not, feed c's bytes to
 * d instead.  Then (c's statistics merged into d's by the caller)
 * hwpc_tensix_dec_join: d counts c's items and stands where c does.  c is
 * not used again but must still be freed. */
int hwpc_tensix_dec_joinable(struct hwpc_tensix_dec *d, struct hwpc_tensix_dec *c);
void hwpc_tensix_dec_join(struct hwpc_tensix_dec *d, struct hwpc_tensix_dec *c);

/* quiet: loss and information items come with an empty message (msg ""),
 * for a reader that keeps no more of them; they are still delivered. */
void hwpc_tensix_dec_set_quiet(struct hwpc_tensix_dec *d, bool quiet);

#endif
