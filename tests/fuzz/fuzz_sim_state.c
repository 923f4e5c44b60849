/* SPDX-License-Identifier: MIT */
/* Fuzz the simulator's state file as hwpc_dev_open finds it: the input is
 * written to a state file, which is opened as sim:CHIP,state=FILE (CHIP as
 * the file's header names it), read a little, advanced a little, closed.
 *
 * State files are 1 KiB to 17 MiB of mostly zeros, so the input is a
 * sparse image: chunks of a 32-bit offset and a 16-bit length (both
 * little-endian) followed by that many bytes, written over an empty file,
 * which is then extended with zeros to the size its header gives (when
 * that is at most 64 MiB).  tests/fuzz/mkcorpus packs real state files so.
 * The header checksum is recomputed before the file is written, so that
 * mutations reach the section table and the models behind it instead of
 * stopping at "checksum mismatch" (the check itself is one comparison).
 * The models' settings checksums are not: a mutation of a create-time
 * setting stops there, one of anything else reaches the model.
 *
 * Known to fail until the simulator's state checks are fixed: far-future
 * times in the header, huge domain clocks, bad section offsets; see the
 * FUZZ_REPLAY_ONLY note in the Makefile. */
#include "fuzz_common.h"
#include "sim/sim.h"

#include <ctype.h>
#include <sys/stat.h>

#define MAX_FILE (64u << 20)

/* The header checksum (reflected CRC-32, polynomial 0xedb88320) over the
 * header up to header_crc (the fields that change on every access come
 * after it), as the simulator computes it. */
static uint32_t header_crc(const struct sim_header *h)
{
	const uint8_t *p = (const uint8_t *)h;
	uint32_t c = 0xffffffffu;
	for (size_t i = 0; i < offsetof(struct sim_header, header_crc); i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
	}
	return ~c;
}

/* Unpack the chunks into a zeroed buffer of up to MAX_FILE bytes;
 * returns the length written (the end of the last chunk). */
static size_t unpack(const uint8_t *data, size_t size, uint8_t **out)
{
	size_t end = 0, cap = 0;
	uint8_t *img = NULL;
	while (size >= 6) {
		uint32_t off = (uint32_t)data[0] | (uint32_t)data[1] << 8 | (uint32_t)data[2] << 16 |
			       (uint32_t)data[3] << 24;
		size_t len = (size_t)(data[4] | data[5] << 8);
		data += 6;
		size -= 6;
		if (len > size)
			len = size;
		if (off < MAX_FILE && len <= MAX_FILE - off) {
			if (off + len > cap) {
				size_t ncap = off + len < 4096 ? 4096 : (off + len) * 2;
				if (ncap > MAX_FILE)
					ncap = MAX_FILE;
				uint8_t *n = realloc(img, ncap);
				FUZZ_CHECK(n != NULL, "out of memory");
				memset(n + cap, 0, ncap - cap);
				img = n;
				cap = ncap;
			}
			if (len) /* img is NULL until the first non-empty chunk */
				memcpy(img + off, data, len);
			if (off + len > end)
				end = off + len;
		}
		data += len;
		size -= len;
	}
	*out = img;
	return end;
}

static void exercise(struct hwpc_dev *dev)
{
	struct hwpc_err err;
	unsigned nread = 0;
	/* The first registers regdb knows for the chip, element 0 of arrays. */
	for (unsigned i = 0; i < hwpc_regdb_reg_count(dev->db) && nread < 24; i++) {
		const struct hwpc_reg *r = hwpc_regdb_reg(dev->db, i);
		uint32_t idx[HWPC_MAX_DIMS] = {0}, addr, v;
		if (!hwpc_gens_has(&r->gens, dev->chip) || hwpc_reg_addr(r, idx, r->ndims, &addr, &err))
			continue;
		hwpc_rd32(dev, addr, &v);
		nread++;
	}
	struct hwpc_sim_mem mem[4];
	unsigned nmem = hwpc_sim_mem_list(dev, mem, 4);
	for (unsigned i = 0; i < nmem && i < 4; i++) {
		uint8_t buf[64];
		hwpc_sim_mem_read(dev, mem[i].base, buf, mem[i].size < sizeof buf ? mem[i].size : sizeof buf, &err);
	}
	if (hwpc_sim_is_virtual(dev))
		hwpc_sim_advance_ns(dev, 1000, &err);
	for (unsigned d = 0; d < hwpc_sim_pc_domain_count(dev) && d < 4; d++)
		hwpc_sim_pc_domain_hz(dev, d);
	hwpc_dev_now_ns(dev);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct hwpc_regdb *db = fuzz_regdb();
	uint8_t *img;
	size_t len = unpack(data, size, &img);
	if (len < sizeof(struct sim_header)) {
		free(img);
		return 0;
	}
	struct sim_header *h = (struct sim_header *)img;
	h->header_crc = header_crc(h);
	/* The chipset name goes into a device spec: letters and digits only,
	 * so that no input can add options (another state= path). */
	char chip[sizeof h->chipset];
	memcpy(chip, h->chipset, sizeof chip);
	chip[sizeof chip - 1] = 0;
	for (char *c = chip; *c; c++)
		if (!isalnum((unsigned char)*c) && *c != '_') {
			free(img);
			return 0;
		}
	const char *path = fuzz_file("fuzz.state", img, len);
	if (h->file_size > len && h->file_size <= MAX_FILE)
		FUZZ_CHECK(truncate(path, (off_t)h->file_size) == 0, "cannot extend %s", path);
	free(img);

	char spec[sizeof chip + 600];
	snprintf(spec, sizeof spec, "sim:%s,state=%s", chip, path);
	struct hwpc_dev *dev = NULL;
	struct hwpc_err err = {0, ""};
	if (hwpc_dev_open(spec, HWPC_OPEN_WRITE, db, &dev, &err) == HWPC_OK) {
		exercise(dev);
		hwpc_dev_close(dev);
	} else {
		fuzz_note("open", &err);
		FUZZ_CHECK(err.msg[0], "open failed (%d) without a message", err.status);
	}
	return 0;
}
