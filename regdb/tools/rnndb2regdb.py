#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Convert envytools' rnndb (its NV_MMIO domain) into hwpc regdb text.

    python3 regdb/tools/rnndb2regdb.py [--commit SHA] ENVYTOOLS_DIR [OUT_DIR]
    python3 regdb/tools/rnndb2regdb.py --coverage ENVYTOOLS_DIR
    (or: make regdb-rnndb ENVYTOOLS=DIR)

Reads ENVYTOOLS_DIR/rnndb/nv_mmio.xml and everything it imports, the chipset
order of ENVYTOOLS_DIR/ssot/gpu.py (which envytools' build turns into the
rnndb-generated nvchipsets.xml that variant ranges follow), and hwpc's own
regdb/chipsets.regdb and BAR0.SIZE parameter.  Writes one OUT_DIR/*.regdb
(default regdb/rnndb) per rnndb file that places registers in NV_MMIO.

Facts only: addresses, arrays and strides, names, bit fields, enum values,
chipset ranges and access.  No <doc>/<brief> text is carried over.  Each
generated file names the envytools commit and the rnndb files it comes from.

How rnndb maps onto regdb (hwpc-regdb(5)):
  - The first named <array>/<stripe> on the way down from the domain is the
    space (PMC, PGRAPH, ...); names below it are joined with '_' as rnndb's
    own headers join them (PGRAPH.TP_MP_TRAPPED_OPCODE), and every nested
    array or multi-element register adds an array dimension.
  - variants= follow the chipset order of ssot/gpu.py and intersect with
    the enclosing element's, as rnn.c does; they become gens= over hwpc's
    chipset table.  A chipset rnndb names that hwpc does not (GK210) is left
    out, and an open range ("GF100-") stops at the last chipset rnndb knows:
    rnndb says nothing of chipsets newer than its table.
  - access r/w/rw becomes ro/wo/rw.  Bit fields from inline <bitfield>s and
    from the <bitset> a type= names; a bit field whose type is a bitset is
    replaced by that bitset's fields, shifted and named PARENT_CHILD.  Enum
    values from inline <value>s and from the <enum> a type= names; values
    of a whole register become a field over all its bits named after the
    register (regdb keeps enum values on fields).
  - Every generated file starts with a 'generated' line: where a generated
    register collides with a hand-written one (same full name, or same
    address and element, on chipsets both cover), the hand-written one wins
    for those chipsets (hwpc-regdb(5), GENERATED FILES).

Bad input stops the conversion with FILE:LINE and exit status 2: rnndb that
does not parse or that this converter does not understand (an unknown tag or
attribute, an unknown variant, type or group), a register with two bit
fields on one bit for one chipset, a register outside BAR0.
"""
import argparse
import ast
import os
import re
import subprocess
import sys
import xml.parsers.expat

PROG = "rnndb2regdb"
ROOT_FILE = "nv_mmio.xml"
DOMAIN = "NV_MMIO"


class Bad(Exception):
    """Bad input: reported as FILE:LINE: message, exit status 2."""

    def __init__(self, where, msg):
        super().__init__(msg)
        self.where = where
        self.msg = msg


class Node:
    """One XML element with the file and line it was read from."""

    __slots__ = ("tag", "attrs", "file", "line", "kids")

    def __init__(self, tag, attrs, file, line):
        self.tag = tag
        self.attrs = attrs
        self.file = file
        self.line = line
        self.kids = []

    @property
    def where(self):
        return "%s:%d" % (self.file, self.line)


def parse_number(node, key):
    """rnn.c's rule: hexadecimal when the text has an x, else decimal."""
    text = node.attrs[key]
    try:
        if "x" in text or "X" in text:
            return int(text, 16)
        return int(text, 10)
    except ValueError:
        raise Bad(node.where, "bad number %s=\"%s\"" % (key, text)) from None


def read_xml(path, rel):
    parser = xml.parsers.expat.ParserCreate()
    top = Node("#document", {}, rel, 0)
    stack = [top]

    def start(tag, attrs):
        n = Node(tag, attrs, rel, parser.CurrentLineNumber)
        stack[-1].kids.append(n)
        stack.append(n)

    def end(_tag):
        stack.pop()

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        with open(path, "rb") as f:
            parser.ParseFile(f)
    except OSError as e:
        raise Bad(rel, "cannot read: %s" % e.strerror) from None
    except xml.parsers.expat.ExpatError as e:
        raise Bad("%s:%d" % (rel, e.lineno),
                  "not well-formed XML: %s" % xml.parsers.expat.ErrorString(e.code)) from None
    if len(top.kids) != 1 or top.kids[0].tag != "database":
        raise Bad(rel + ":1", "expected one <database> element")
    return top.kids[0]


# ---------------------------------------------------------------------------
# Chipsets: rnndb's variant order (envytools ssot/gpu.py) and hwpc's table.

def ssot_chipsets(path):
    """[(name, id or None)] in ssot/gpu.py's declaration order: the order of
    the chipset enum envytools generates for rnndb (gen_rnndb_nvchipsets.py
    writes Gpu.instances, which the metaclass appends to as each class is
    declared).  An id is inherited from the parent class, as Python does."""
    rel = "ssot/gpu.py"
    try:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
    except OSError as e:
        raise Bad(rel, "cannot read: %s" % e.strerror) from None
    except SyntaxError as e:
        raise Bad("%s:%s" % (rel, e.lineno), "does not parse: %s" % e.msg) from None
    ids = {}
    out = []
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef):
            continue
        meta = [k for k in cls.keywords if k.arg == "metaclass"]
        bases = [b.id for b in cls.bases if isinstance(b, ast.Name)]
        is_gpu = (meta and isinstance(meta[0].value, ast.Name) and meta[0].value.id == "Gpu") or \
            any(b in ids for b in bases)
        if not is_gpu:
            continue
        if not cls.name.startswith("Gpu"):
            raise Bad("%s:%d" % (rel, cls.lineno), "GPU class %s is not named Gpu*" % cls.name)
        cid = ids[bases[0]] if bases and bases[0] in ids else None
        for st in cls.body:
            if isinstance(st, ast.Assign) and len(st.targets) == 1 and \
                    isinstance(st.targets[0], ast.Name) and st.targets[0].id == "id":
                v = st.value
                if isinstance(v, ast.Constant) and isinstance(v.value, int) and \
                        not isinstance(v.value, bool):
                    cid = v.value
                elif isinstance(v, ast.Constant) and v.value in (None, Ellipsis):
                    cid = None
                else:
                    raise Bad("%s:%d" % (rel, st.lineno), "id of %s is not a number" % cls.name)
        ids[cls.name] = cid
        out.append((cls.name[3:], cid))
    if not out:
        raise Bad(rel, "no GPU classes found")
    return out


def hwpc_chipsets(path):
    """The nvidia group of hwpc's chipset table, in order."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            w = line.split("#", 1)[0].split()
            if len(w) >= 2 and w[0] == "chipset":
                if not any(x.startswith("group=") and x != "group=nvidia" for x in w):
                    out.append(w[1])
    if not out:
        raise Bad(path, "no chipset lines")
    return out


def hwpc_bar0_sizes(regdb_dir, chips):
    """BAR0.SIZE per hwpc chipset, from the hand-written regdb: the bound
    every generated register must stay inside."""
    sizes = {}
    for name in sorted(os.listdir(regdb_dir)):
        if not name.endswith(".regdb"):
            continue
        with open(os.path.join(regdb_dir, name), encoding="utf-8") as f:
            for line in f:
                w = line.split("#", 1)[0].split()
                if len(w) >= 3 and w[0] == "param" and w[1] == "BAR0.SIZE":
                    gens = [x[5:] for x in w[3:] if x.startswith("gens=")]
                    for c in expand_gens(gens[0] if gens else "all", chips, name):
                        sizes[c] = int(w[2], 0)
    return sizes


def expand_gens(text, chips, where):
    """A regdb gens= text over the nvidia chipsets (enough of hwpc-regdb(5)
    for the BAR0.SIZE lines)."""
    def at(name):
        if name not in chips:
            raise Bad(where, "unknown chipset '%s' in gens=%s" % (name, text))
        return chips.index(name)

    out = set()
    for item in text.split(","):
        if item == "all":
            out |= set(chips)
        elif item.endswith("-"):
            out |= set(chips[at(item[:-1]):])
        elif ":" in item:
            a, b = item.split(":", 1)
            out |= set(chips[at(a) if a else 0:at(b)])
        else:
            out.add(chips[at(item)])
    return out


# ---------------------------------------------------------------------------
# Reading rnndb: imports, and the global entities rnn.c collects wherever
# they appear (enums, bitsets, groups, domains, spectypes).

TYPE_ATTRS = {"shr", "add", "min", "max", "align", "type", "radix"}
ENTITY_TAGS = {"enum", "bitset", "group", "domain", "spectype", "import", "copyright"}
DELEM_TAGS = {"reg8": 8, "reg16": 16, "reg32": 32, "reg64": 64}


class Entity:
    def __init__(self, node, kind):
        self.name = node.attrs["name"]
        self.kind = kind
        self.attrs = {k: v for k, v in node.attrs.items() if k != "name"}
        self.node = node
        self.kids = []  # children of every merged definition, in order


class Database:
    def __init__(self, rnndb_dir, chip_enum):
        self.dir = rnndb_dir
        self.files = []  # relative paths, in the order first imported
        self.enums = {}
        self.bitsets = {}
        self.groups = {}
        self.domains = {}
        self.spectypes = {}
        self.chip_enum = chip_enum

    def import_file(self, rel, where):
        if rel in self.files:
            return
        if rel == "nvchipsets.xml":
            return  # generated by envytools' build from ssot/gpu.py: see ssot_chipsets
        path = os.path.join(self.dir, rel)
        if not os.path.isfile(path):
            raise Bad(where, "imported file %s not found in %s" % (rel, self.dir))
        self.files.append(rel)
        root = read_xml(path, "rnndb/" + rel)
        for k in root.kids:
            if not self.top(k) and k.tag not in ("doc", "brief"):
                raise Bad(k.where, "unexpected <%s> in <database>" % k.tag)

    def top(self, node):
        """rnn.c's trytop: an entity or import anywhere in the tree."""
        t = node.tag
        if t == "import":
            if "file" not in node.attrs:
                raise Bad(node.where, "<import> without file=")
            self.import_file(node.attrs["file"], node.where)
            return True
        if t == "copyright":
            return True
        table = {"enum": self.enums, "bitset": self.bitsets, "group": self.groups,
                 "domain": self.domains, "spectype": self.spectypes}.get(t)
        if table is None:
            return False
        if "name" not in node.attrs:
            raise Bad(node.where, "nameless <%s>" % t)
        ent = table.get(node.attrs["name"])
        if ent is None:
            ent = table[node.attrs["name"]] = Entity(node, t)
        elif t in ("enum", "bitset", "domain"):
            a = {k: v for k, v in node.attrs.items() if k not in ("name", "size")}
            b = {k: v for k, v in ent.attrs.items() if k != "size"}
            if a != b:
                raise Bad(node.where, "<%s %s> merged with %s has other attributes" %
                          (t, ent.name, ent.node.where))
        ent.kids.extend(node.kids)
        self.scan(node.kids)
        return True

    def scan(self, kids):
        """Find entities and imports nested in definitions."""
        for k in kids:
            if k.tag in ENTITY_TAGS:
                self.top(k)
            elif k.tag not in ("doc", "brief"):
                self.scan(k.kids)


# ---------------------------------------------------------------------------
# Variants: sets of chipsets as bit masks over the rnndb chipset order.

class Variants:
    def __init__(self, chips):
        self.names = [c for c, _ in chips]
        self.index = {c: i for i, c in enumerate(self.names)}
        self.all = (1 << len(self.names)) - 1

    def parse(self, text, node):
        """rnn.c: space-separated items; A, A-B (inclusive), A:B (B
        excluded), :B, -B, A-."""
        mask = 0
        for item in text.split():
            m = re.fullmatch(r"([^:-]*)([:-]?)([^:-]*)", item)
            if not m:
                raise Bad(node.where, "bad variant range '%s'" % item)
            a, sep, b = m.groups()
            for name in (a, b):
                if name and name not in self.index:
                    raise Bad(node.where, "unknown chipset '%s' in variants=\"%s\"" % (name, text))
            if not sep:
                if not a:
                    raise Bad(node.where, "bad variant range '%s'" % item)
                mask |= 1 << self.index[a]
                continue
            lo = self.index[a] if a else 0
            hi = (self.index[b] + (sep == "-")) if b else len(self.names)
            for i in range(lo, hi):
                mask |= 1 << i
        return mask


# ---------------------------------------------------------------------------
# Flattening NV_MMIO into spaces, registers, fields and values.

class Value:
    def __init__(self, value, name, mask, node):
        self.value, self.name, self.mask, self.node = value, name, mask, node


class Field:
    def __init__(self, name, lo, hi, mask, node):
        self.name, self.lo, self.hi, self.mask, self.node = name, lo, hi, mask, node
        self.values = []


class Space:
    def __init__(self, name, base, dims, size, mask, node):
        self.name, self.base, self.dims, self.size = name, base, dims, size
        self.mask, self.node = mask, node
        self.regs = []


class Reg:
    def __init__(self, space, name, offset, dims, width, access, mask, node):
        self.space, self.name, self.offset, self.dims = space, name, offset, dims
        self.width, self.access, self.mask, self.node = width, access, mask, node
        self.fields = []
        self.uses = []  # where a use-group placed it, outermost first

    def last_byte(self):
        """Offset (from the space base) of the last byte of the last element."""
        return self.offset + sum((d[1] - 1) * d[2] for d in self.dims) + self.width // 8 - 1


ACCESS = {"r": "ro", "w": "wo", "rw": "rw"}
NAME_RE = re.compile(r"[A-Za-z0-9_]+\Z")


class Flattener:
    def __init__(self, db, var):
        self.db = db
        self.var = var
        self.spaces = []
        self.regs = []
        self.dropped = []  # (where, why)
        self.renamed = []  # (where, rnndb name, regdb name)

    def check_attrs(self, node, allowed):
        for k in node.attrs:
            if k not in allowed and not k.startswith("xmlns"):
                raise Bad(node.where, "unknown attribute %s= on <%s>" % (k, node.tag))

    def mask_of(self, node, parent_mask, varset):
        """The chipsets an element is valid on: its variants (for the
        chipset varset) intersected with its parent's."""
        prefix = node.attrs.get("prefix")
        if prefix not in (None, "none"):
            varset = prefix  # rnn.c: a prefix enum is also the varset
        vs = node.attrs.get("varset", varset)
        if vs != "chipset" and vs not in self.db.enums:
            raise Bad(node.where, "unknown varset '%s'" % vs)
        if "variants" not in node.attrs or vs != "chipset":
            return parent_mask, vs
        return parent_mask & self.var.parse(node.attrs["variants"], node), vs

    def name_of(self, node):
        """A name as regdb can hold it: letters, digits and _.  rnndb has a
        few others (a '.'); they become '_' and the change is listed."""
        name = node.attrs.get("name")
        if name is None or NAME_RE.match(name):
            return name
        fixed = re.sub(r"[^A-Za-z0-9_]", "_", name)
        self.renamed.append((node.where, name, fixed))
        return fixed

    def flatten_domain(self):
        dom = self.db.domains.get(DOMAIN)
        if dom is None:
            raise Bad("rnndb/" + ROOT_FILE, "no <domain name=\"%s\">" % DOMAIN)
        if dom.attrs.get("prefix") != "chipset" or dom.attrs.get("bare") != "yes":
            raise Bad(dom.node.where, "expected %s to be bare=\"yes\" prefix=\"chipset\"" % DOMAIN)
        for k in dom.kids:
            self.delem(k, ctx=Ctx(None, [], 0, [], self.var.all, "chipset", []))

    def delem(self, node, ctx):
        t = node.tag
        if t in ENTITY_TAGS or t in ("doc", "brief"):
            return  # entities were collected when their file was read
        if t == "use-group":
            self.check_attrs(node, {"name"})
            grp = self.db.groups.get(node.attrs.get("name"))
            if grp is None:
                raise Bad(node.where, "unknown group '%s'" % node.attrs.get("name"))
            sub = ctx.child(uses=ctx.uses + [node])
            for k in grp.kids:
                self.delem(k, sub)
            return
        if t in ("array", "stripe"):
            self.container(node, ctx)
            return
        if t in DELEM_TAGS:
            self.reg(node, ctx)
            return
        raise Bad(node.where, "unexpected <%s> in a register domain" % t)

    def container(self, node, ctx):
        self.check_attrs(node, {"name", "offset", "length", "stride", "prefix", "varset",
                                "variants"})
        mask, vs = self.mask_of(node, ctx.mask, ctx.varset)
        if not mask:
            return
        name = self.name_of(node)
        offset = parse_number(node, "offset") if "offset" in node.attrs else 0
        if node.tag == "array" and "offset" not in node.attrs:
            raise Bad(node.where, "<array> without offset=")
        length = parse_number(node, "length") if "length" in node.attrs else 1
        stride = parse_number(node, "stride") if "stride" in node.attrs else 0
        if node.tag == "array" and not stride:
            raise Bad(node.where, "<array> %s without a stride" % name)
        if length != 1 and not stride:
            raise Bad(node.where, "%s: length %d without a stride" % (name or "<stripe>", length))
        if length == 0:
            # rnn: "length unknown".  A register table needs a count: such an
            # element is listed as dropped.
            self.dropped.append((node.where, "%s has length 0 (unknown)" % (name or "<stripe>")))
            return
        sub = ctx.child(mask=mask, varset=vs)
        if ctx.space is None and name is not None:
            # The first named container is the unit: a regdb space.
            dims = list(ctx.dims)
            if length > 1:
                dims.append((self.dim_name(name, ctx), length, stride))
            space = Space(name, ctx.addr + offset, dims, stride if node.tag == "array" else 0,
                          mask, node)
            self.spaces.append(space)
            sub.space, sub.addr, sub.parts, sub.dims = space, 0, [], []
        else:
            sub.addr = ctx.addr + offset
            if name is not None:
                sub.parts = ctx.parts + [name]
            if length > 1:
                sub.dims = ctx.dims + [(self.dim_name(name, ctx), length, stride)]
        for k in node.kids:
            self.delem(k, sub)

    def dim_name(self, name, ctx):
        base = name.lower() if name else "i"
        used = {d[0] for d in ctx.dims} | ({d[0] for d in ctx.space.dims} if ctx.space else set())
        n, k = base, 1
        while n in used or n == "dom":
            k += 1
            n = "%s%d" % (base, k)
        return n

    def reg(self, node, ctx):
        self.check_attrs(node, {"name", "offset", "length", "stride", "varset", "variants",
                                "access"} | TYPE_ATTRS)
        mask, vs = self.mask_of(node, ctx.mask, ctx.varset)
        if not mask:
            return
        name = self.name_of(node)
        if name is None:
            raise Bad(node.where, "nameless register")
        if "offset" not in node.attrs:
            raise Bad(node.where, "register %s without offset=" % name)
        width = DELEM_TAGS[node.tag]
        offset = ctx.addr + parse_number(node, "offset")
        length = parse_number(node, "length") if "length" in node.attrs else 1
        stride = parse_number(node, "stride") if "stride" in node.attrs else width // 8
        access = node.attrs.get("access", "rw")
        if access not in ACCESS:
            raise Bad(node.where, "bad access=\"%s\" (expected r, w or rw)" % access)
        if length == 0:
            self.dropped.append((node.where, "%s has length 0 (unknown)" % name))
            return
        dims = list(ctx.dims)
        if length > 1:
            dims.append((self.dim_name(name, ctx) if ctx.space else "i", length, stride))
        space = ctx.space
        if space is None:
            # A register straight in the domain (PROM, PRAMIN): its own space,
            # the register at offset 0 of it under the same name.
            space = Space(name, offset, [], 0, mask, node)
            self.spaces.append(space)
            offset = 0
            parts = []
        else:
            parts = ctx.parts
        r = Reg(space, "_".join(parts + [name]), offset, dims, width, ACCESS[access], mask, node)
        r.uses = ctx.uses
        self.typeinfo(node, r, mask, width, r.fields, 0, "", vs, whole=True)
        space.regs.append(r)
        self.regs.append(r)

    # Bit fields and values of a register (or of a bit field), from inline
    # children and from the bitset or enum a type= names.
    def typeinfo(self, node, reg, mask, width, fields, shift, prefix, varset, whole=False,
                 field=None):
        tname = node.attrs.get("type")
        kids = list(node.kids)
        if tname is not None:
            if tname in self.db.bitsets:
                kids += self.db.bitsets[tname].kids
            elif tname in self.db.enums:
                kids += self.db.enums[tname].kids
            elif tname == "chipset":
                kids += self.db.chip_enum
            elif tname in self.db.spectypes or tname in (
                    "hex", "uint", "int", "float", "boolean", "fixed", "ufixed", "bitfield", "enum"):
                pass  # how to print a value: nothing regdb holds
            else:
                raise Bad(node.where, "unknown type '%s'" % tname)
        values = []
        for k in kids:
            if k.tag == "bitfield":
                self.bitfield(k, reg, mask, width, fields, shift, prefix, varset)
            elif k.tag == "value":
                self.check_attrs(k, {"name", "value", "varset", "variants"})
                vmask, _ = self.mask_of(k, mask, varset)
                if not vmask or "value" not in k.attrs:
                    continue  # not on these chipsets, or a name without a number
                vname = self.name_of(k)
                if vname is None:
                    raise Bad(k.where, "nameless value")
                values.append(Value(parse_number(k, "value"), vname, vmask, k))
            elif k.tag not in ENTITY_TAGS and k.tag not in ("doc", "brief"):
                raise Bad(k.where, "unexpected <%s> in <%s>" % (k.tag, node.tag))
        if values:
            if field is not None:
                field.values.extend(values)
            elif whole and not fields:
                # Values of a whole register without bit fields (with bit
                # fields, rnn decodes those and ignores the values): a field
                # over all of it, named after the register as rnndb's
                # headers name such values (REG_VALUE).
                f = Field(self.name_of(node), 0, width - 1, mask, node)
                f.values = values
                fields.append(f)

    def bitfield(self, node, reg, mask, width, fields, shift, prefix, varset):
        self.check_attrs(node, {"name", "low", "high", "pos", "varset", "variants"} | TYPE_ATTRS)
        fmask, vs = self.mask_of(node, mask, varset)
        if not fmask:
            return
        name = self.name_of(node)
        if name is None:
            raise Bad(node.where, "nameless bitfield")
        if "pos" in node.attrs:
            lo = hi = parse_number(node, "pos")
        elif "low" in node.attrs and "high" in node.attrs:
            lo, hi = parse_number(node, "low"), parse_number(node, "high")
        else:
            raise Bad(node.where, "bitfield %s without pos= or low=/high=" % name)
        if lo > hi:
            raise Bad(node.where, "bitfield %s: low %d above high %d" % (name, lo, hi))
        lo += shift
        hi += shift
        if hi >= reg.width:
            raise Bad(node.where, "bitfield %s (bits %d-%d) outside the %d-bit register %s" %
                      (name, lo, hi, reg.width, reg.name))
        sub = []
        f = Field(prefix + name, lo, hi, fmask, node)
        self.typeinfo(node, reg, fmask, hi - lo + 1, sub, lo, prefix + name + "_", vs, field=f)
        if sub:
            fields.extend(sub)  # a bitset-typed field: its parts stand for it
        else:
            fields.append(f)


class Ctx:
    __slots__ = ("space", "parts", "addr", "dims", "mask", "varset", "uses")

    def __init__(self, space, parts, addr, dims, mask, varset, uses):
        self.space, self.parts, self.addr, self.dims = space, parts, addr, dims
        self.mask, self.varset, self.uses = mask, varset, uses

    def child(self, **kw):
        c = Ctx(self.space, self.parts, self.addr, self.dims, self.mask, self.varset, self.uses)
        for k, v in kw.items():
            setattr(c, k, v)
        return c


def chip_enum_nodes(chips):
    """The chipset enum's <value>s, as nvchipsets.xml would have them."""
    out = []
    for name, cid in chips:
        attrs = {"name": name}
        if cid is not None:
            attrs["value"] = "0x%03x" % cid
        out.append(Node("value", attrs, "ssot/gpu.py", 0))
    return out


# ---------------------------------------------------------------------------
# From rnndb's view to regdb's: chipset sets, one definition per name,
# checked fields.

# Bit fields of one register that share bits in rnndb, looked at one by one
# (rnndb file, field, field): both are kept, as envytools' lookup shows
# both.  Any other pair stops the conversion: it is new, and someone has to
# look at it before it reaches regdb.
KNOWN_OVERLAPS = {
    # One field read two ways, depending on another field or the object.
    ("fifo/gf100_pfifo.xml", "HUBCLIENT", "GPCCLIENT"): "a hub or a GPC client id",
    ("memory/gf100_pmfb.xml", "HUBCLIENT", "GPCCLIENT"): "a hub or a GPC client id",
    ("graph/nv1_pgraph.xml", "OPTIONS_ALPHA", "OPTIONS_SRC_BUF"): "blits and other objects",
    ("graph/nv1_pgraph.xml", "VTX_POS_MODE", "IFC_RESTART"): "rnndb calls one an alias",
    ("vdec/pvcomp.xml", "DATA_IDX", "SIGMA_IDX"): "two index widths",
    # A field and names for its single bits.
    ("vdec/vp3/pvld.xml", "PICTURE_STRUCTURE", "FIELD"): "a bit of the field",
    ("vdec/vp3/pvld.xml", "PICTURE_STRUCTURE", "FIELD_IN_BITSTREAM"): "a bit of the field",
    ("display/g80_pdisplay.xml", "HEAD0_ACTIVE", "HEAD0_ACTIVE_MASK"): "a bit of the field",
    ("display/g80_pdisplay.xml", "HEAD1_ACTIVE", "HEAD1_ACTIVE_MASK"): "a bit of the field",
    # One register, laid out per codec.
    ("vdec/vp3/pvld.xml", "VC1_REFDIST", "MPEG4_MB_Y"): "VC-1 and MPEG-4 layouts",
    ("vdec/vp3/pvld.xml", "VC1_CBPTAB", "MPEG4_INTRA_DC_VLC_THR"): "VC-1 and MPEG-4 layouts",
    ("vdec/vp3/pvld.xml", "VC1_MVTAB", "MPEG4_RESYNC_MARKER_ZEROS_M15"): "VC-1 and MPEG-4 layouts",
    ("vdec/vp3/pvld.xml", "VC1_PQUANT", "MPEG4_QUANT_SCALE"): "VC-1 and MPEG-4 layouts",
    ("vdec/vp3/pvld.xml", "VC1_DMVRANGE_HORIZ_NOT_EXT", "MPEG4_F_CODE_BW_M1_B01"):
        "VC-1 and MPEG-4 layouts",
    ("vdec/vp3/pvld.xml", "VC1_DMVRANGE_VERT_NOT_EXT", "MPEG4_F_CODE_BW_M1_B01"):
        "VC-1 and MPEG-4 layouts",
    ("vdec/vp3/pvld.xml", "VC1_MVRANGE", "MPEG4_F_CODE_FW_M1_B01"): "VC-1 and MPEG-4 layouts",
    ("vdec/vp3/pvld.xml", "VC1_MVMODE", "MPEG4_F_CODE_BW_M1_B2"): "VC-1 and MPEG-4 layouts",
    ("vdec/vp3/pvld.xml", "VC1_MVMODE", "MPEG4_F_CODE_FW_M1_B2"): "VC-1 and MPEG-4 layouts",
    ("vdec/vp3/pvld.xml", "MB_IDX", "SLICE_IDX"): "per-codec layouts",
    ("vdec/vp3/pvld.xml", "SLICE_START_LINE", "NUM_REF_IDX_L0_ACTIVE_MINUS1"):
        "per-codec layouts",
    ("vdec/vp3/pvld.xml", "SLICE_START_LINE", "NUM_REF_IDX_L1_ACTIVE_MINUS1"):
        "per-codec layouts",
    # rnndb contradicts itself; regdb does not guess which is right.
    ("memory/nv10_pfb.xml", "tcW2P", "tcW2R"): "rnndb's tcW2R (8-25) runs into tcW2P (24-31)",
    ("memory/g80_pfb.xml", "tcW2P", "tcW2R"): "rnndb's tcW2R (8-25) runs into tcW2P (24-31)",
    ("memory/gf100_pbfb.xml", "tWTR", "tWR"): "rnndb's tWTR (8-15) and tWR (15-23) share bit 15",
}


def rnndb_rel(node):
    return node.file[len("rnndb/"):] if node.file.startswith("rnndb/") else node.file


class Converter:
    """Everything between the flattened rnndb and the regdb text."""

    def __init__(self, fl, rnndb_chips, hwpc_chips, bar0):
        self.fl = fl
        self.hwpc = hwpc_chips
        self.hidx = {c: i for i, c in enumerate(hwpc_chips)}
        # rnndb chipset bit -> hwpc chipset bit (None: hwpc has no such chipset)
        self.tohwpc = [self.hidx.get(name) for name, _ in rnndb_chips]
        self.unknown = [name for name, _ in rnndb_chips if name not in self.hidx]
        self.bar0 = bar0  # hwpc chipset name -> BAR0 size
        self.notes = {}  # Reg -> [comment]
        self.lost = []  # (where, text): definitions or parts not carried over
        self.left_out = {}  # rnndb file of the space -> [text]: registers left out
        self.hmask_cache = {}

    def hmask(self, mask):
        """An rnndb chipset mask as a mask over hwpc's table."""
        out = self.hmask_cache.get(mask)
        if out is None:
            out = 0
            for i, h in enumerate(self.tohwpc):
                if mask >> i & 1 and h is not None:
                    out |= 1 << h
            self.hmask_cache[mask] = out
        return out

    def gens(self, hmask):
        """A hwpc mask as a gens= text: runs over the table order, A:B
        naming the first chipset after the run."""
        items = []
        n = len(self.hwpc)
        i = 0
        while i < n:
            if not hmask >> i & 1:
                i += 1
                continue
            j = i
            while j + 1 < n and hmask >> (j + 1) & 1:
                j += 1
            if i == j:
                items.append(self.hwpc[i])
            elif j + 1 < n:
                items.append("%s:%s" % (self.hwpc[i], self.hwpc[j + 1]))
            else:
                items.append("%s-" % self.hwpc[i])
            i = j + 1
        return ",".join(items)

    def note(self, reg, text):
        self.notes.setdefault(reg, []).append(text)

    def lose(self, r, text):
        """r is left out on every chipset."""
        r.hmask = 0
        self.lost.append((r.node.where, text))
        self.left_out.setdefault(rnndb_rel(r.space.node), []).append(
            "%s: %s" % (r.node.where, text))

    def run(self):
        for s in self.fl.spaces:
            s.hmask = self.hmask(s.mask)
        for r in self.fl.regs:
            r.hmask = self.hmask(r.mask)
            if r.mask and not r.hmask:
                self.lose(r, "%s.%s is only on chipsets hwpc does not list (%s)" % (
                    r.space.name, r.name, ", ".join(
                        n for i, n in enumerate(self.fl.var.names) if r.mask >> i & 1)))
            for f in r.fields:
                f.hmask = self.hmask(f.mask) & r.hmask
                for v in f.values:
                    v.hmask = self.hmask(v.mask) & f.hmask
        self.one_name()
        for r in self.fl.regs:
            if r.hmask:
                self.check_reg(r)

    def one_name(self):
        """regdb holds one register per full name and chipset; rnndb has a
        few names twice.  The first in rnndb's order keeps the name on the
        chipsets both claim (envytools' lookup finds the first too)."""
        first = {}
        for r in self.fl.regs:
            key = (r.space.name.upper(), r.name.upper())
            for o in first.get(key, []):
                both = r.hmask & o.hmask
                if not both:
                    continue
                r.hmask &= ~both
                for f in r.fields:
                    f.hmask &= r.hmask
                    for v in f.values:
                        v.hmask &= f.hmask
                text = "%s.%s at 0x%x on %s: rnndb gives the name to 0x%x (%s) there too, " \
                    "which keeps it" % (r.space.name, r.name, r.space.base + r.offset,
                                        self.gens(both), o.space.base + o.offset, o.node.where)
                if r.hmask:
                    self.lost.append((r.node.where, text))
                    self.note(r, text.replace(" %s.%s at 0x%x" % (
                        r.space.name, r.name, r.space.base + r.offset), ""))
                else:
                    self.lose(r, text)
            first.setdefault(key, []).append(r)

    def check_reg(self, r):
        if r.offset % (r.width // 8) or any(d[2] % (r.width // 8) for d in r.dims):
            self.lose(r, "%s.%s at 0x%x is not %d-byte aligned" % (
                r.space.name, r.name, r.space.base + r.offset, r.width // 8))
            return
        # Inside BAR0 on every chipset it is on.
        end = r.space.base + r.last_byte() + 1
        if r.space.dims:
            end += sum((d[1] - 1) * d[2] for d in r.space.dims)
        for i, c in enumerate(self.hwpc):
            if r.hmask >> i & 1 and end > self.bar0.get(c, 0):
                raise Bad(r.node.where, "%s.%s ends at 0x%x, outside %s's BAR0 (0x%x bytes)" % (
                    r.space.name, r.name, end, c, self.bar0.get(c, 0)))
        if len(r.space.dims) + len(r.dims) > 6:
            raise Bad(r.node.where, "%s.%s has %d array dimensions (regdb takes 6)" % (
                r.space.name, r.name, len(r.space.dims) + len(r.dims)))
        # A name once per chipset; values that fit.
        fields = [f for f in r.fields if f.hmask]
        for i, f in enumerate(fields):
            for g in fields[:i]:
                if f.name.upper() == g.name.upper() and f.hmask & g.hmask:
                    both = f.hmask & g.hmask
                    f.hmask &= ~both
                    self.note(r, "field %s also at bits %s (%s) on %s: left out there" % (
                        f.name, bits(f), f.node.where, self.gens(both)))
                    self.lost.append((f.node.where, "%s.%s field %s given twice" % (
                        r.space.name, r.name, f.name)))
            for v in f.values:
                if v.hmask and v.value >> (f.hi - f.lo + 1):
                    v.hmask = 0  # a shared enum's value this field cannot hold
        # Two fields on one bit for one chipset.
        fields = [f for f in r.fields if f.hmask]
        for i, f in enumerate(fields):
            for g in fields[:i]:
                if f.hmask & g.hmask and f.lo <= g.hi and g.lo <= f.hi:
                    key = (rnndb_rel(f.node), g.name, f.name)
                    why = KNOWN_OVERLAPS.get(key) or KNOWN_OVERLAPS.get(
                        (key[0], f.name, g.name))
                    if why is None:
                        raise Bad(f.node.where, "field %s (bits %s) of %s.%s overlaps field %s "
                                  "(bits %s, %s) on %s" % (f.name, bits(f), r.space.name, r.name,
                                                           g.name, bits(g), g.node.where,
                                                           self.gens(f.hmask & g.hmask)))
                    self.note(r, "fields %s and %s share bits in rnndb: %s" % (g.name, f.name, why))

    def space_size(self, s, regs):
        """An array's stride; a stripe's (or a lone register's) extent; grown
        to hold what rnndb puts past the stride; in 0x1000 steps."""
        ext = max(r.last_byte() + 1 for r in regs)
        size = max(s.size, ext)
        if size != s.size:
            size = (size + 0xfff) & ~0xfff
        return size


def bits(f):
    return "%d" % f.lo if f.lo == f.hi else "%d-%d" % (f.lo, f.hi)


def num(v):
    return "%d" % v if v < 10 else "0x%x" % v


def addr(offset, dims):
    return "0x%03x" % offset + "".join("[%s:%d/0x%x]" % d for d in dims)


WIDTH_ATTR = {8: " width=8", 16: " width=16", 32: "", 64: " width=64"}


def output_name(rel):
    return rel[:-4].replace("/", "-") + ".regdb"


def emit(conv, commit, tool):
    """{file name: text} of the generated files."""
    by_file = {}
    for s in conv.fl.spaces:
        regs = [r for r in s.regs if r.hmask]
        if regs:
            by_file.setdefault(rnndb_rel(s.node), []).append((s, regs))
    out = {}
    for rel, spaces in by_file.items():
        used = []
        for s, regs in spaces:
            for r in regs:
                for n in [r.node] + r.uses + [f.node for f in r.fields]:
                    u = rnndb_rel(n)
                    if u != rel and u not in used and n.line:
                        used.append(u)
        lines = [
            "# Generated by %s from envytools' rnndb: do not edit; rerun" % tool,
            "# 'make regdb-rnndb ENVYTOOLS=DIR' on an envytools checkout instead.",
            "# Source: envytools commit %s, rnndb/%s" % (commit, rel),
        ]
        if used:
            text = "# (with what it uses from " + ", ".join("rnndb/" + u for u in sorted(used)) + ")"
            lines += wrap_comment(text)
        lines += [
            "# Facts only: names, addresses, arrays, bit fields, values, chipsets, access.",
            "# Where a register here and a hand-written one meet (same name, or same",
            "# address, on a chipset both cover), the hand-written one wins.",
        ]
        for text in conv.left_out.get(rel, []):
            lines += wrap_comment("# Left out: " + text)
        lines += [
            "",
            "generated envytools-rnndb commit=%s file=rnndb/%s" % (commit, rel),
        ]
        for s, regs in spaces:
            size = conv.space_size(s, regs)
            lines.append("")
            lines.append("space %s %s size=0x%x gens=%s" % (
                s.name, "0x%06x" % s.base + "".join("[%s:%d/0x%x]" % d for d in s.dims), size,
                conv.gens(s.hmask)))
            for r in sorted(regs, key=lambda r: (r.offset, r.name)):
                for text in conv.notes.get(r, []):
                    lines += wrap_comment("# " + text)
                g = "" if r.hmask == s.hmask else " gens=" + conv.gens(r.hmask)
                lines.append("reg %s %s %s%s%s" % (r.name, addr(r.offset, r.dims), r.access,
                                                    WIDTH_ATTR[r.width], g))
                for f in r.fields:
                    if not f.hmask:
                        continue
                    g = "" if f.hmask == r.hmask else " gens=" + conv.gens(f.hmask)
                    lines.append("\tfield %s %s%s" % (f.name, bits(f), g))
                    for v in f.values:
                        if v.hmask:
                            g = "" if v.hmask == f.hmask else " gens=" + conv.gens(v.hmask)
                            lines.append("\t\tenum %s %s%s" % (num(v.value), v.name, g))
        out[output_name(rel)] = "\n".join(lines) + "\n"
    return out


def wrap_comment(text, width=100):
    out = []
    line = ""
    for w in text.split(" "):
        if line and len(line) + 1 + len(w) > width:
            out.append(line)
            line = "#  " + w
        else:
            line = line + " " + w if line else w
    out.append(line)
    return out


# ---------------------------------------------------------------------------

def git_commit(path):
    """HEAD of the checkout at path; None unless path is the top of a git
    work tree (a copy inside another repository is not that repository)."""
    try:
        r = subprocess.run(["git", "-C", path, "rev-parse", "--show-toplevel", "HEAD"],
                           capture_output=True, text=True, check=False)
    except OSError:
        return None
    out = r.stdout.split()
    if r.returncode or len(out) != 2 or os.path.realpath(out[0]) != os.path.realpath(path):
        return None
    return out[1] if re.fullmatch(r"[0-9a-f]{40}", out[1]) else None


def coverage(conv, chips, out):
    """Register definitions rnndb has per chipset (each place a register
    element lands in NV_MMIO, a group used twice counting twice) and how
    many of them the generated files carry."""
    out.write("%-8s %8s %8s %7s\n" % ("chipset", "rnndb", "carried", "share"))
    for c in chips:
        if c not in conv.fl.var.index:
            raise Bad("--coverage", "unknown chipset %s" % c)
        bit = 1 << conv.fl.var.index[c]
        h = conv.hidx.get(c)
        have = [r for r in conv.fl.regs if r.mask & bit]
        kept = [r for r in have if h is not None and r.hmask >> h & 1]
        share = 100.0 * len(kept) / len(have) if have else 100.0
        out.write("%-8s %8d %8d %6.1f%%\n" % (c, len(have), len(kept), share))


def pcread_decode(pcread, chip, args):
    """hwpc's view of addresses: pcread --decode ARG=VALUE ... --chip chip,
    64 at a time; {arg: (reg, fields)}."""
    import csv
    out = {}
    for i in range(0, len(args), 64):
        batch = args[i:i + 64]
        cmd = [pcread, "--chip", chip, "--format", "csv"]
        for a in batch:
            cmd += ["--decode", a]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, check=False)
        except OSError as e:
            raise Bad(pcread, "cannot run: %s" % e.strerror) from None
        if r.returncode:
            raise Bad(pcread, "pcread --decode ... --chip %s failed: %s" % (chip, r.stderr.strip()))
        rows = list(csv.DictReader(r.stdout.splitlines()))
        for a, row in zip(batch, rows):
            out[a] = (row["reg"], row["fields"])
    return out


def nonzero_fields(text):
    """The fields a decode shows with a value other than 0."""
    out = set()
    for item in text.split():
        name, _, value = item.partition("=")
        if value not in ("0", "0x0", ""):
            out.add(name)
    return out


def verify(conv, chips, pcread, out, sample=40, seed=1):
    """What hwpc itself says, per chipset: how many of rnndb's definitions
    it names at their address (pcread --decode ADDR=0, the first element,
    with .b/.w for 8- and 16-bit registers), and for a sample of them
    (seeded, so a rerun draws the same) whether each bit field decodes at
    rnndb's bits (the field's lowest bit alone set shows in a field) and
    under rnndb's names (in that field).  Where a hand-written register
    wins, its names are the documentation's and may differ."""
    import random
    out.write("%-8s %8s %8s %7s %8s %8s %8s\n" % (
        "chipset", "rnndb", "named", "share", "sampled", "samebits", "samename"))
    suffix = {8: ".b", 16: ".w", 32: "", 64: ""}
    for c in chips:
        bit = 1 << conv.fl.var.index[c]
        have = [r for r in conv.fl.regs if r.mask & bit]
        args = {}
        for r in have:
            args[r] = "0x%x%s=0" % (r.space.base + r.offset, suffix[r.width])
        got = pcread_decode(pcread, c, sorted(set(args.values())))
        named = sum(1 for r in have if got[args[r]][0] != "unknown")
        rng = random.Random(seed)
        pool = [r for r in have if r.width in (8, 16, 32) and any(f.mask & bit for f in r.fields)]
        picked = rng.sample(pool, min(sample, len(pool)))
        probes = {}
        for r in picked:
            for f in r.fields:
                if f.mask & bit:
                    probes[(r, f)] = "0x%x%s=0x%x" % (r.space.base + r.offset, suffix[r.width], 1 << f.lo)
        res = pcread_decode(pcread, c, sorted(set(probes.values())))
        bits = names = 0
        for r in picked:
            shown = [nonzero_fields(res[probes[(r, f)]][1]) for f in r.fields if f.mask & bit]
            fields = [f for f in r.fields if f.mask & bit]
            bits += all(shown)
            names += all(f.name in sh for f, sh in zip(fields, shown))
        share = 100.0 * named / len(have) if have else 100.0
        out.write("%-8s %8d %8d %6.1f%% %8d %8d %8d\n" % (
            c, len(have), named, share, len(picked), bits, names))


def main(argv):
    ap = argparse.ArgumentParser(
        prog=PROG, description="Convert envytools' rnndb NV_MMIO domain into regdb text.")
    ap.add_argument("envytools", help="an envytools checkout (with rnndb/ and ssot/)")
    ap.add_argument("out", nargs="?", help="where to write the .regdb files (default: "
                    "regdb/rnndb next to this script)")
    ap.add_argument("--commit", help="the envytools commit (default: git rev-parse HEAD in "
                    "the checkout)")
    ap.add_argument("--regdb", help="hwpc's hand-written regdb directory (default: the regdb/ "
                    "this script lives in)")
    ap.add_argument("--coverage", metavar="CHIPS", help="print, per chipset of the "
                    "comma-separated list, the register definitions rnndb has and how many the "
                    "generated files carry; write nothing")
    ap.add_argument("--lost", action="store_true", help="list what is not carried over and why")
    ap.add_argument("--pcread", metavar="PATH", help="with --coverage: ask this pcread (a build "
                    "of hwpc with the generated files) what it names at each of rnndb's "
                    "addresses, and check a sample's bit fields")
    a = ap.parse_args(argv)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    regdb_dir = a.regdb or here
    out_dir = a.out or os.path.join(here, "rnndb")
    rnndb_dir = os.path.join(a.envytools, "rnndb")
    if not os.path.isfile(os.path.join(rnndb_dir, ROOT_FILE)):
        raise Bad(a.envytools, "no rnndb/%s: not an envytools checkout" % ROOT_FILE)
    commit = a.commit or git_commit(a.envytools)
    if not commit and not a.coverage:
        raise Bad(a.envytools, "not a git checkout: give the envytools commit with --commit")
    if a.commit and not re.fullmatch(r"[0-9a-f]{40}", a.commit):
        raise Bad("--commit", "'%s' is not a 40-digit commit id" % a.commit)

    rchips = ssot_chipsets(os.path.join(a.envytools, "ssot", "gpu.py"))
    hchips = hwpc_chipsets(os.path.join(regdb_dir, "chipsets.regdb"))
    bar0 = hwpc_bar0_sizes(regdb_dir, hchips)
    if not bar0:
        raise Bad(regdb_dir, "no param BAR0.SIZE in the hand-written regdb")
    db = Database(rnndb_dir, chip_enum_nodes(rchips))
    db.import_file(ROOT_FILE, ROOT_FILE)
    fl = Flattener(db, Variants(rchips))
    fl.flatten_domain()
    conv = Converter(fl, rchips, hchips, bar0)
    conv.lost += fl.dropped
    conv.lost += [(w, "name %s written %s" % (old, new)) for w, old, new in fl.renamed]
    conv.run()
    if a.lost:
        for where, text in conv.lost:
            sys.stdout.write("%s: %s\n" % (where, text))
    if a.coverage:
        coverage(conv, a.coverage.split(","), sys.stdout)
        if a.pcread:
            verify(conv, a.coverage.split(","), a.pcread, sys.stdout)
        return 0
    files = emit(conv, commit, "regdb/tools/rnndb2regdb.py")
    os.makedirs(out_dir, exist_ok=True)
    for name in os.listdir(out_dir):
        if name.endswith(".regdb") and name not in files:
            os.unlink(os.path.join(out_dir, name))
    for name, text in sorted(files.items()):
        tmp = os.path.join(out_dir, "." + name + ".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, os.path.join(out_dir, name))
    nregs = sum(1 for r in fl.regs if r.hmask)
    sys.stderr.write("%s: %d files, %d register definitions in %s\n" % (
        PROG, len(files), nregs, out_dir))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Bad as e:
        sys.stderr.write("%s: %s: %s\n" % (PROG, e.where, e.msg))
        sys.exit(2)
