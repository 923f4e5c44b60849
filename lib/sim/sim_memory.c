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

struct mem_state {
	char magic[8];
	uint64_t size;
	uint64_t base;
	uint8_t data[];
};

static size_t mem_size(struct sim *s, const struct sim_opts *opts)
{
	return sizeof(struct mem_state) + (opts->has_mem ? opts->mem : MEM_DEFAULT);
}

static int mem_init(struct sim *s, void *state, const struct sim_opts *opts, struct hwpc_err *err)
{
	struct mem_state *m = state;
	memcpy(m->magic, "HWPCMEM", 8);
	m->size = opts->has_mem ? opts->mem : MEM_DEFAULT; /* the data is zero: a fresh file is sparse */
	m->base = opts->membase;
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
	if (memcmp(m->magic, "HWPCMEM", 8) || m->size > SIM_MEM_MAX)
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


const struct sim_model sim_model_memory = {
	.name = "memory",
	.id = SIM_MODEL_MEMORY,
	.version = 1,
	.present = mem_present,
	.state_size = mem_size,
	.log_bytes = SIM_LOG_BYTES,
	.init = mem_init,
	.settings_crc = mem_settings_crc,
	.attach = mem_attach,
	.show = mem_show,
	.memory = mem_region,
};
