/* SPDX-License-Identifier: MIT */
/* Simulated memory: what record mode writes its packets into and pcsim
 * pcsim dump reads.  One flat array at VM addresses [membase, membase+mem):
 * a (40-bit) VM address A is byte A - membase, and an access outside is a
 * VM fault.  Size and base are set at create time with mem=SIZE (default
 * 16 MiB, at most 4 GiB) and membase=ADDR (default 0). */
#include "sim/pcm.h"

#include <stdlib.h>
#include <string.h>

#define MEM_DEFAULT (16u << 20)
#define MEM_MAX (1ULL << 32)

struct mem_state {
	char magic[8];
	uint64_t size;
	uint64_t base;
	uint8_t data[];
};

/* "16M", "4096", "64k", "1G" (binary units). */
static int parse_size(const char *v, uint64_t *out)
{
	char *end;
	if (!*v || *v == '-')
		return -1;
	unsigned long long x = strtoull(v, &end, 0);
	uint64_t mul = 1;
	if (!strcmp(end, "k") || !strcmp(end, "K"))
		mul = 1 << 10;
	else if (!strcmp(end, "M"))
		mul = 1 << 20;
	else if (!strcmp(end, "G"))
		mul = 1 << 30;
	else if (*end)
		return -1;
	if (x > MEM_MAX / mul)
		return -1;
	*out = x * mul;
	return *out > MEM_MAX ? -1 : 0;
}

static uint64_t mem_bytes(const struct hwpc_devspec *spec)
{
	const char *v = sim_spec_opt(spec, "mem");
	uint64_t n = MEM_DEFAULT;
	if (v && parse_size(v, &n))
		n = MEM_DEFAULT; /* init reports the error */
	return n;
}

static size_t mem_size(struct sim *s, const struct hwpc_devspec *spec)
{
	return sizeof(struct mem_state) + mem_bytes(spec);
}

static int mem_init(struct sim *s, void *state, const struct hwpc_devspec *spec, struct hwpc_err *err)
{
	struct mem_state *m = state;
	const char *v = sim_spec_opt(spec, "mem");
	uint64_t n;
	if (v && parse_size(v, &n))
		return hwpc_err_set(err, HWPC_EINPUT, "bad sim option mem=%s (expected a size up to 4G, e.g. 16M)", v);
	const char *b = sim_spec_opt(spec, "membase");
	uint64_t base = 0;
	if (b) {
		char *end;
		unsigned long long x = strtoull(b, &end, 0);
		if (!*b || *b == '-' || *end || x >= 1ULL << 40 || (x & 0xfff))
			return hwpc_err_set(err, HWPC_EINPUT,
					    "bad sim option membase=%s (expected a 4 KiB aligned 40-bit address)", b);
		base = x;
	}
	memcpy(m->magic, "HWPCMEM", 8);
	m->size = mem_bytes(spec); /* the data is zero: a fresh file is sparse */
	m->base = base;
	return 0;
}

/* The header: its magic, size and base are fixed at create. */
static uint32_t mem_settings_crc(const void *state)
{
	return sim_crc32(0, state, offsetof(struct mem_state, data));
}

static int mem_attach(struct sim *s, void *state, void **priv, struct hwpc_err *err)
{
	struct mem_state *m = state;
	if (memcmp(m->magic, "HWPCMEM", 8) || m->size > MEM_MAX)
		return hwpc_err_set(err, HWPC_EOP, "simulated memory header is corrupt");
	return 0;
}

static void mem_show(struct sim *s, void *state, void *priv, struct hwpc_out *o)
{
	hwpc_out_u64(o, "memory_bytes", ((struct mem_state *)state)->size);
	hwpc_out_hex(o, "memory_base", ((struct mem_state *)state)->base, 10);
}

static struct mem_state *mem(struct sim *s)
{
	return sim_model_state(s, SIM_MODEL_MEMORY, NULL);
}

uint64_t sim_mem_size(struct sim *s)
{
	struct mem_state *m = mem(s);
	return m ? m->size : 0;
}

uint64_t sim_mem_base(struct sim *s)
{
	struct mem_state *m = mem(s);
	return m ? m->base : 0;
}

int sim_mem_write(struct sim *s, uint64_t addr, const void *buf, size_t len)
{
	struct mem_state *m = mem(s);
	if (!m || addr < m->base || addr - m->base > m->size || len > m->size - (addr - m->base))
		return -1;
	sim_journal_log(s, m->data + (addr - m->base), len); /* undone if the advance is cut short */
	memcpy(m->data + (addr - m->base), buf, len);
	return 0;
}

int sim_mem_read(struct sim *s, uint64_t addr, void *buf, size_t len)
{
	struct mem_state *m = mem(s);
	if (!m || addr < m->base || addr - m->base > m->size || len > m->size - (addr - m->base))
		return -1;
	memcpy(buf, m->data + (addr - m->base), len);
	return 0;
}

/* The region pcsim dump and tsdump -d read (hwpc_sim_mem_read). */
static uint8_t *mem_region(struct sim *s, void *state, void *priv, unsigned index, uint64_t *base,
			   uint64_t *size, const char **name)
{
	struct mem_state *m = state;
	if (index > 0 || !m->size)
		return NULL;
	*base = m->base;
	*size = m->size;
	*name = "memory";
	return m->data;
}

/* Only chips whose PCOUNTER writes record buffers need this memory. */
static bool mem_present(struct sim *s)
{
	for (unsigned i = 0; i < hwpc_regdb_reg_count(s->dev.db); i++) {
		const struct hwpc_reg *r = hwpc_regdb_reg(s->dev.db, i);
		if (!strcmp(r->short_name, "RECORD_START") && hwpc_gens_has(&r->gens, s->dev.chip))
			return true;
	}
	return false;
}

static const char *const mem_options[] = { "mem", "membase", NULL };

const struct sim_model sim_model_memory = {
	.name = "memory",
	.id = SIM_MODEL_MEMORY,
	.version = 1,
	.present = mem_present,
	.state_size = mem_size,
	.options = mem_options,
	.log_bytes = SIM_LOG_BYTES,
	.init = mem_init,
	.settings_crc = mem_settings_crc,
	.attach = mem_attach,
	.show = mem_show,
	.memory = mem_region,
};
