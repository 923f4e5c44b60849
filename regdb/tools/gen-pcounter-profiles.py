#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generate regdb/pcounter-profiles.regdb and regdb/pcounter-signals-*.regdb
from a directory of reference data: envytools' signal lists
(docs/hw/pcounter/*.rst as envytools-pcounter-signals/) and nouveau's signal
tables (drivers/gpu/drm/nouveau/nvkm/engine/pm/ as nouveau-signals.tsv).  The
output is checked in; run this again only when the data changes:

    python3 regdb/tools/gen-pcounter-profiles.py DATA_DIR regdb

Record formats (hwpc-regdb(5), extension keywords read by lib/sim/pcm_profile.c):

    profile NAME default=yes|no gens=CHIPS doc=...
    domain PROFILE INDEX NAME clock=KIND hz=HZ signals=N trailer=BASE
           [set=main|hub|gpc|part sets=N] gens=CHIPS source=...
    signal DOMAIN NUMBER NAME [src=PM_TRIGGER|PTIMER_B12|USER_n] gens=CHIPS source=...

Default domain clock frequencies are the nominal clocks of one reference
board per chip (BOARD below, each with the public specification it comes
from); where a domain's clock has no public nominal figure the derivation
used is named in the record's source.
"""
import os
import re
import sys

# Reference board per chip: (board, core MHz, shader MHz or None, memory MHz
# or None).  Memory is the DRAM clock: half the effective data rate of
# SDR/DDR/GDDR2/GDDR3 (the "memory clock" of the vendor's specification),
# a quarter of it for GDDR5.  Sources: NVIDIA's published specifications of
# each board (nvidia.com product pages, GeForce/nForce specifications); the
# Xbox (NV2A) and PlayStation 3 (RSX) figures are the console makers'
# published specifications.  IGPs share system memory: no memory clock.
BOARD = {
    "NV10": ("GeForce 256 (SDR)", 120, None, 166),
    "NV15": ("GeForce2 GTS", 200, None, 166),
    "NV1F": ("GeForce4 MX integrated GPU (nForce2 IGP)", 250, None, 133),
    "NV20": ("GeForce3", 200, None, 230),
    "NV2A": ("Xbox NV2A", 233, None, 200),
    "NV25": ("GeForce4 Ti 4600", 300, None, 325),
    "NV28": ("GeForce4 Ti 4800", 300, None, 325),
    "NV30": ("GeForce FX 5800 Ultra", 500, None, 500),
    "NV35": ("GeForce FX 5900 Ultra", 450, None, 425),
    "NV31": ("GeForce FX 5600 Ultra", 350, None, 350),
    "NV36": ("GeForce FX 5700 Ultra", 475, None, 450),
    "NV34": ("GeForce FX 5200 Ultra", 325, None, 325),
    "NV40": ("GeForce 6800 Ultra", 400, None, 550),
    "NV45": ("GeForce 6800 Ultra (PCIe)", 400, None, 550),
    "NV41": ("GeForce 6800 (PCIe)", 325, None, 300),
    "NV42": ("GeForce 6800 GS", 425, None, 500),
    "NV43": ("GeForce 6600 GT", 500, None, 500),
    "NV44": ("GeForce 6200 TurboCache", 350, None, 350),
    "NV44A": ("GeForce 6200 (AGP)", 350, None, 250),
    "G70": ("GeForce 7800 GTX", 430, None, 600),
    "G72": ("GeForce 7300 GS", 550, None, 400),
    "G71": ("GeForce 7900 GTX", 650, None, 800),
    "G73": ("GeForce 7600 GT", 560, None, 700),
    "RSX": ("PlayStation 3 RSX", 500, None, 650),
    "C51": ("GeForce 6150", 475, None, None),
    "MCP61": ("GeForce 6150 SE", 425, None, None),
    # MCP67: no public nominal figure found for its IGP; MCP68's (the
    # same GeForce 7 IGP core, GeForce 7050 PV / 7025) is taken.
    "MCP67": ("GeForce 7050 PV (MCP68's figure, no public one for MCP67: model choice)", 425, None, None),
    "MCP68": ("GeForce 7025", 425, None, None),
    "MCP73": ("GeForce 7150", 630, None, None),
    "G80": ("GeForce 8800 GTX", 575, 1350, 900),
    "G84": ("GeForce 8600 GTS", 675, 1450, 1000),
    "G86": ("GeForce 8500 GT", 450, 900, 400),
    "G92": ("GeForce 8800 GT", 600, 1500, 900),
    "G94": ("GeForce 9600 GT", 650, 1625, 900),
    "G96": ("GeForce 9500 GT", 550, 1400, 800),
    "G98": ("GeForce 8400 GS (G98)", 567, 1400, 400),
    "G200": ("GeForce GTX 280", 602, 1296, 1107),
    "MCP77": ("GeForce 8200 (mGPU)", 500, 1200, None),
    "MCP79": ("GeForce 9400 (mGPU)", 580, 1400, None),
    "GT215": ("GeForce GT 240 (GDDR5)", 550, 1340, 850),
    "GT216": ("GeForce GT 220", 625, 1360, 790),
    "GT218": ("GeForce 210", 589, 1402, 500),
    "MCP89": ("GeForce 320M", 450, 950, None),
    "GF100": ("GeForce GTX 480", 700, 1401, 924),
}
SPEC = "NVIDIA specifications of the %s reference board"
HCLK = 277780000  # nouveau nvkm/subdev/clk/nv50.c: hclk = PCIe reference 100 MHz * 27778 / 10000
HCLK_NOTE = ("host: no public nominal figure; HCLK as nouveau drivers/gpu/drm/nouveau/nvkm/subdev/clk/nv50.c "
             "derives it for NV50, PCIe reference 100 MHz * 2.7778 = 277.78 MHz (taken for every chip: model choice)")


def clock_of(chip, kind):
    """(hz, note) of a domain clock kind on CHIP's reference board."""
    board, core, shader, mem = BOARD[chip]
    spec = SPEC % board
    if kind == "host":
        return HCLK, HCLK_NOTE
    if kind == "core":
        return core * 1000000, "core %d MHz: %s" % (core, spec)
    if kind == "shader":
        if shader is None:  # NV40: the shader domain runs from NVCLK (envytools pcounter/nv40.rst)
            return core * 1000000, "shader runs from the core clock (NVCLK), %d MHz: %s" % (core, spec)
        return shader * 1000000, "shader %d MHz: %s" % (shader, spec)
    if kind == "vdec":
        return core * 1000000, ("vdec: no public nominal figure; the core clock, %d MHz (%s), "
                                "as the domain's clock=nvclk" % (core, spec))
    if kind == "memory":
        if mem is None:  # IGP: no memory clock domain of its own; the profile keeps the domain
            return core * 1000000, ("memory: an IGP has no memory clock of its own; the core clock, "
                                    "%d MHz (%s)" % (core, spec))
        return mem * 1000000, "memory %d MHz: %s" % (mem, spec)
    raise KeyError(kind)

TESLA_CHIPS = ["G80", "G84", "G86", "G92", "G94", "G96", "G98", "G200", "MCP77", "MCP79",
               "GT215", "GT216", "GT218", "MCP89"]

NV10_FAMILY = ["NV10", "NV15", "NV1F", "NV20", "NV2A", "NV25", "NV28", "NV30", "NV35", "NV31",
               "NV36", "NV34"]
NV40_FAMILY = ["NV40", "NV45", "NV41", "NV42", "NV43", "NV44", "NV44A", "G70", "G72", "G71",
               "G73", "C51", "MCP61", "MCP67", "MCP68", "MCP73", "RSX"]
NV40_IGP = ["C51", "MCP61", "MCP67", "MCP68", "MCP73"]
FERMI_NOUVEAU = {"gf100": "GF100", "gf108": "GF108", "gf117": "GF117"}
TESLA_NOUVEAU = {"nv50": "G80", "g84": "G84", "gt200": "G200", "gt215": "GT215"}


def gens(chips):
    return ",".join(chips)


def num(s):
    return int(s, 16)


def parse_tesla(path):
    """Tables of the tesla.rst: {domain: {"rows": [(name, {chip: cell}, doc)], "chips": [...]}}"""
    text = open(path).read().split("\n")
    tables = {}
    title = None
    i = 0
    while i < len(text):
        line = text[i]
        if i + 1 < len(text) and re.match(r"^=+$", text[i + 1]) and line.strip() and \
                not line.startswith("="):
            title = line.strip()
        if line.startswith("signal ") and title:
            cols = line.split()
            chips = cols[1:-1] if cols[-1] == "documentation" else cols[1:]
            rows = []
            i += 2
            while i < len(text) and not text[i].startswith("==="):
                parts = text[i].split()
                if parts:
                    name = parts[0]
                    cells = parts[1:1 + len(chips)]
                    rows.append((name, dict(zip(chips, cells))))
                i += 1
            tables.setdefault(title, []).append((chips, rows))
        i += 1
    return tables


TESLA_DOMAINS = {
    "Host clock": "host", "Core clock A": "core_a", "Core clock B": "core_b",
    "Memory clock": "memory", "Core clock C": "core_c", "Vdec clock (VP2)": "vdec",
    "Vdec clock (VP3/VP4)": "vdec", "Core clock D": "core_d",
}
TESLA_KIND = {"host": "host", "core_a": "core", "core_b": "core", "shader": "shader",
              "memory": "memory", "core_c": "core", "vdec": "vdec", "core_d": "core"}


def cell_range(cell):
    cell = cell.lstrip("r")  # "r28": a typo in the source table
    m = re.match(r"^([0-9a-f]{2})(?:-([0-9a-f]{2}))?$", cell)
    if not m:
        return None
    lo = num(m.group(1))
    hi = num(m.group(2)) if m.group(2) else lo
    return lo, hi


def main():
    data, out = sys.argv[1], sys.argv[2]
    prof = []
    sig = {}

    def add_sig(fname, dom, number, name, chips, src=None, source=""):
        key = (dom, number, name, src, source)
        sig.setdefault(fname, {}).setdefault(key, []).extend(chips)

    # --- NV10:NV40 (envytools nv10.rst) -------------------------------
    src_nv10 = "envytools docs/hw/pcounter/nv10.rst"
    nv10 = open(os.path.join(data, "envytools-pcounter-signals/nv10.rst")).read()
    known = {}
    chip = None
    dom = 0
    for line in nv10.split("\n"):
        m = re.match(r"\s*=== (\w+) signals ===", line)
        if m:
            chip, dom = m.group(1), 0
            known[chip] = {0: {"sigs": []}}
            continue
        m = re.match(r"\s*domain (\d) \[(\w+)\]:", line)
        if m and chip:
            dom = int(m.group(1))
            known[chip].setdefault(dom, {"sigs": []})
            continue
        m = re.match(r"\s*0x([0-9a-f]+): (.*)$", line)
        if m and chip:
            n, what = num(m.group(1)), m.group(2).strip()
            if what == "trailer base":
                known[chip][dom]["trailer"] = n
            else:
                known[chip][dom]["sigs"].append((n, what.split()[0]))
    prof.append("# NV10:NV40: one domain (core clock) on NV10:NV20, a second one for the memory\n"
                "# clock on NV20:NV40 (envytools, \"PCOUNTER: performance counter engine\").  Trailer bases and signals: %s.\n"
                "# Chipsets the list does not cover get the layout of the nearest one listed\n"
                "# (model choice, pcsim(1) \"Model notes\")." % src_nv10)
    nearest = {"NV10": "NV10", "NV15": "NV15", "NV1F": "NV1F", "NV20": "NV20", "NV2A": "NV20",
               "NV25": "NV20", "NV28": "NV28", "NV30": "NV35", "NV35": "NV35", "NV31": "NV31",
               "NV36": "NV31", "NV34": "NV34"}
    prof.append("profile nv10 default=yes gens=%s doc=\"NV10:NV40 layout\"" % gens(NV10_FAMILY))
    for c in NV10_FAMILY:
        ref = known[nearest[c]]
        srcnote = src_nv10 if nearest[c] == c else "%s (as %s: model choice)" % (src_nv10, nearest[c])
        two = c not in ("NV10", "NV15", "NV1F")
        for d in ([0, 1] if two else [0]):
            info = ref.get(d, {})
            base = info.get("trailer", 0xe0)
            name = "core" if d == 0 else "memory"
            hz, note = clock_of(c, name)
            prof.append("domain nv10 %d %s clock=%s hz=%d signals=0x%x trailer=0x%x gens=%s source=\"%s; %s\""
                        % (d, name, "nvclk" if d == 0 else "mclk", hz, base + 0x20, base, c,
                           srcnote, note))
            for n, what in info.get("sigs", []):
                src = {"PGRAPH.PM_TRIGGER": "PM_TRIGGER", "PTIMER_TIME_B12": "PTIMER_B12"}.get(what)
                add_sig("nv10", name, n, what, [c], src, src_nv10)

    # --- NV40:G80 (envytools nv40.rst, nouveau nv40 domain sizes) --------
    src_nv40 = "envytools docs/hw/pcounter/nv40.rst; 0x20 signals per domain: nouveau drivers/gpu/drm/nouveau/nvkm/engine/pm/nv40.c"
    prof.append("\n# NV40:G80: domain lists by board kind (%s).  No signal\n"
                "# names are known; the trailer occupies signals 0x0e-0x1f." % src_nv40)
    nonigp = [c for c in NV40_FAMILY if c not in NV40_IGP] + ["G80"]
    prof.append("profile nv40 default=yes gens=%s doc=\"NV40 generation without turbocache\""
                % gens([c for c in NV40_FAMILY if c not in NV40_IGP]))
    prof.append("profile nv40-tc default=no gens=%s doc=\"NV40 generation with turbocache, not IGP\""
                % gens([c for c in NV40_FAMILY if c not in NV40_IGP]))
    prof.append("profile nv40-igp default=yes gens=%s doc=\"NV40 generation IGP\"" % gens(NV40_IGP))
    lay = {"nv40": [("host", "hclk"), ("core", "nvclk"), ("geometry", "nvclk"), ("shader", "nvclk"),
                    ("memory", "mclk")],
           "nv40-tc": [("host", "hclk"), ("core", "nvclk"), ("shader", "nvclk"), ("memory", "mclk")],
           "nv40-igp": [("host", "hclk"), ("core", "nvclk"), ("shader", "nvclk"), ("memory", "mclk")]}
    for p, doms in lay.items():
        chips = NV40_IGP if p == "nv40-igp" else [c for c in NV40_FAMILY if c not in NV40_IGP]
        for d, (name, clk) in enumerate(doms):
            kind = {"geometry": "core"}.get(name, name)
            for c in chips:
                hz, note = clock_of(c, kind)
                prof.append("domain %s %d %s clock=%s hz=%d signals=0x20 trailer=0x0 gens=%s source=\"%s; %s\""
                            % (p, d, name, clk, hz, c, src_nv40, note))

    # --- G80:GF100 (envytools tesla.rst, nouveau names) -----------------
    src_t = "envytools docs/hw/pcounter/tesla.rst"
    tables = parse_tesla(os.path.join(data, "envytools-pcounter-signals/tesla.rst"))
    trailer = {}  # (chip, dom) -> base
    for title, tlist in tables.items():
        dname = TESLA_DOMAINS.get(title)
        for chips, rows in tlist:
            for name, cells in rows:
                for c, cell in cells.items():
                    r = cell_range(cell)
                    if not r:
                        continue
                    lo, hi = r
                    if name == "PCOUNTER.TRAILER":
                        # the range starts at the first trailer signal of the
                        # generation: base+0x0e on G80, base+0x0c on G84+
                        trailer[(c, dname)] = lo & ~0x1f
                        continue
                    if "???" in name or name.startswith("???"):
                        continue
                    nm = name.replace(",", ".")
                    for k in range(lo, hi + 1):
                        n2 = nm if lo == hi else "%s.%d" % (nm, k - lo)
                        src = None
                        if nm == "PTIMER_TIME_B12":
                            src = "PTIMER_B12"
                        elif nm == "PCOUNTER.USER":
                            src = "USER_%d" % (k - lo)
                            n2 = "PCOUNTER.USER_%d" % (k - lo)
                        add_sig("tesla", dname, k, n2, [c], src, src_t)
    # shader clock: only a list
    for c in TESLA_CHIPS:
        trailer[(c, "shader")] = 0x20
    for c in ["GT215", "GT216", "GT218", "MCP89"]:
        add_sig("tesla", "shader", 0x13, "PCOUNTER.USER_0", [c], "USER_0", src_t)
        add_sig("tesla", "shader", 0x14, "PCOUNTER.USER_1", [c], "USER_1", src_t)
    src_n = "nouveau drivers/gpu/drm/nouveau/nvkm/engine/pm/"
    for line in open(os.path.join(data, "nouveau-signals.tsv")).read().split("\n")[1:]:
        f = line.split("\t")
        if len(f) < 4 or f[0] not in TESLA_NOUVEAU or not f[2]:
            continue
        d = int(f[1].split("/")[1])
        dname = ["host", "core_a", "core_b", "shader", "memory", "core_c", "vdec", "core_d"][d]
        add_sig("tesla", dname, num(f[3][2:]), f[2], [TESLA_NOUVEAU[f[0]]], None, src_n)

    prof.append("\n# G80:GF100: domain lists and trailer positions (%s; the\n"
                "# PCOUNTER.TRAILER ranges give the trailer base).  Domains whose trailer\n"
                "# the table leaves unknown get base 0xe0 (model choice)." % src_t)
    mcp7x = ["MCP77", "MCP79"]
    full = [c for c in TESLA_CHIPS if c not in mcp7x and c != "G80"]
    prof.append("profile g80 default=yes gens=G80 doc=\"G80: 5 domains\"")
    prof.append("profile tesla default=yes gens=%s doc=\"G84:GF100 except MCP7x: 8 domains\"" % gens(full))
    prof.append("profile mcp7x default=yes gens=%s doc=\"MCP7x: 7 domains, no memory clock\"" % gens(mcp7x))
    lays = {"g80": (["G80"], ["host", "core_a", "core_b", "shader", "memory"]),
            "tesla": (full, ["host", "core_a", "core_b", "shader", "memory", "core_c", "vdec", "core_d"]),
            "mcp7x": (mcp7x, ["host", "core_a", "core_b", "shader", "core_c", "vdec", "core_d"])}
    clk = {"host": "hclk", "memory": "mclk"}
    for p, (chips, doms) in lays.items():
        for d, name in enumerate(doms):
            bychip = {}
            for c in chips:
                bychip.setdefault(trailer.get((c, name), 0xe0), []).append(c)
            for base, cs in sorted(bychip.items()):
                known_src = src_t if all((c, name) in trailer for c in cs) else \
                    "%s (trailer unknown: model choice)" % src_t
                for c in cs:
                    hz, note = clock_of(c, TESLA_KIND[name])
                    prof.append("domain %s %d %s clock=%s hz=%d signals=0x%x trailer=0x%x gens=%s source=\"%s; %s\""
                                % (p, d, name, clk.get(name, "nvclk"), hz, base + 0x20,
                                   base, c, known_src, note))

    # --- GF100+ (nouveau gf100/gf108/gf117, envytools fermi.rst) -------
    prof.append("\n# GF100+: hub, per-GPC and per-partition domain sets.  nouveau programs\n"
                "# GPC and partition domain 0 with 0xe0 signals; with the trailer at\n"
                "# base+0x1f..0x3f that puts the base at 0xa0.  envytools\n"
                "# docs/hw/pcounter/fermi.rst names hub domains 2 and 6 and partition\n"
                "# domain 1.  The number of GPCs and partitions (4 and 6) and the hub's 8\n"
                "# domains are the simulator's choice.")
    prof.append("profile fermi default=yes gens=GF100- doc=\"GF100+: hub (8 domains), 4 GPCs (1), 6 partitions (2)\"")
    fsrc = {"hub": "envytools docs/hw/pcounter/fermi.rst (hub domains 2, 6); count: model choice",
            "gpc": "nouveau drivers/gpu/drm/nouveau/nvkm/engine/pm/gf100.c (gpc domain 0, 0xe0 signals)",
            "part": "nouveau drivers/gpu/drm/nouveau/nvkm/engine/pm/gf100.c (part domain 0); envytools docs/hw/pcounter/fermi.rst (part domain 1)"}
    for setname, sets, count, clock in (("hub", 1, 8, "nvclk"), ("gpc", 4, 1, "nvclk"), ("part", 6, 2, "mclk")):
        hz, note = clock_of("GF100", "memory" if setname == "part" else "core")
        note += " (hub and GPC domains at the core clock, partitions at the memory clock; " \
                "the GF100 board for every GF100+ chip: model choice)"
        for d in range(count):
            prof.append("domain fermi %d %s clock=%s hz=%d signals=0xe0 trailer=0xa0 set=%s sets=%d gens=GF100- source=\"%s; %s\""
                        % (d, setname, clock, hz, setname, sets, fsrc[setname], note))
    for line in open(os.path.join(data, "nouveau-signals.tsv")).read().split("\n")[1:]:
        f = line.split("\t")
        if len(f) < 4 or f[0] not in FERMI_NOUVEAU or not f[2]:
            continue
        kind, _, d = f[1].split("/")
        add_sig("fermi", "%s.%d" % (kind, int(d)), num(f[3][2:]), f[2], [FERMI_NOUVEAU[f[0]]], None, src_n)

    hdr = ("# GENERATED by regdb/tools/gen-pcounter-profiles.py from signal lists gathered\n"
           "# from envytools docs/hw/pcounter and nouveau drivers/gpu/drm/nouveau/nvkm/engine/pm/;\n"
           "# edit the script, not this file.\n")
    with open(os.path.join(out, "pcounter-profiles.regdb"), "w") as fp:
        fp.write(hdr)
        fp.write("# Chipset profiles for the simulator: which PCOUNTER domains a chip has,\n"
                 "# their clocks (kind and default frequency) and signal layout.\n"
                 "# Default frequencies: the nominal clocks of one reference board per chip\n"
                 "# (named in each domain's source, with the specification it comes from).\n\n")
        fp.write("\n".join(prof) + "\n")
    for fname, entries in sig.items():
        with open(os.path.join(out, "pcounter-signals-%s.regdb" % fname), "w") as fp:
            fp.write(hdr)
            fp.write("# PCOUNTER signal names: signal DOMAIN NUMBER NAME [src=...] gens=CHIPS\n\n")
            for (dom, number, name, src, source), chips in sorted(entries.items(),
                                                                  key=lambda kv: (kv[0][0], kv[0][1], kv[0][2])):
                fp.write("signal %s 0x%02x %s%s gens=%s source=\"%s\"\n"
                         % (dom, number, name, " src=" + src if src else "", gens(sorted(set(chips),
                            key=lambda c: (NV10_FAMILY + NV40_FAMILY + TESLA_CHIPS + list(FERMI_NOUVEAU.values())).index(c))), source))


main()
