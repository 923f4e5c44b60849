# SPDX-License-Identifier: MIT
# Generate tensix_layout.h, the Tensix timestamp event layout the stream
# decoder's hot paths and the simulator's model are compiled with, from
# regdb's RISCV_DEBUG_REG.TIMESTAMP (regdb/tensix.regdb): the SIZE field and
# its codes, the TOKEN field, and APPEND_32b's header_bits= and
# counter_lsb= (the 32-bit event word).  The facts stay in regdb; this only
# turns them into constants a switch can use.
#
# A fact missing from regdb, or a layout the decoder's structure cannot
# follow, stops the build with one line naming it.  At run time a regdb
# that differs (HWPC_REGDB) is refused by hwpc_tensix_layout_check
# (lib/tensix/tensix_stream_layout.c), which compares it with these constants.
#
#   awk -f lib/tensix/gen_tensix_layout.awk regdb/tensix.regdb > tensix_layout.h

function fail(msg) {
	printf "gen_tensix_layout.awk: %s: %s\n", FILENAME, msg > "/dev/stderr"
	failed = 1
	exit 1
}

# A regdb number: decimal, 0x hexadecimal or 0 octal (mawk has no strtonum).
function num(s,   v, i, c, base, digits) {
	s = tolower(s)
	base = 10
	if (s ~ /^0x[0-9a-f]+$/) {
		base = 16
		s = substr(s, 3)
	} else if (s ~ /^0[0-7]+$/) {
		base = 8
	} else if (s !~ /^[0-9]+$/) {
		return -1
	}
	digits = "0123456789abcdef"
	v = 0
	for (i = 1; i <= length(s); i++) {
		c = index(digits, substr(s, i, 1)) - 1
		v = v * base + c
	}
	return v
}

# "LO-HI" or "N" into lo[name], hi[name]; a field in pieces is refused.
function bits(name, s,   p) {
	if (s ~ /^[0-9]+$/) {
		lo[name] = hi[name] = s + 0
	} else if (s ~ /^[0-9]+-[0-9]+$/) {
		split(s, p, "-")
		lo[name] = p[1] + 0
		hi[name] = p[2] + 0
	} else {
		fail("RISCV_DEBUG_REG.TIMESTAMP." name " is '" s "': the decoder needs one run of bits")
	}
}

BEGIN {
	REG = "RISCV_DEBUG_REG.TIMESTAMP"
	# The size codes the decoder knows, in the order it emits them.
	ncodes = split("APPEND_128b APPEND_64b APPEND_32b APPEND_96b FLUSH_64b FLUSH_96b", codes, " ")
	for (i = 1; i <= ncodes; i++)
		known[toupper(codes[i])] = codes[i]
}

{
	line = $0
	gsub(/"([^"\\]|\\.)*"/, "\"\"", line) # quoted words (doc=) hold no facts here
	sub(/#.*/, "", line)
	n = split(line, w, /[ \t]+/)
	k = w[1] == "" ? 2 : 1 # leading blanks
	kw = w[k]
}
kw == "space" { space = toupper(w[k + 1]); reg = ""; field = ""; next }
kw == "reg" { reg = space "." toupper(w[k + 1]); sub(/\[.*/, "", reg); field = ""; if (reg == REG) have_reg = 1; next }
kw == "field" {
	field = reg == REG ? toupper(w[k + 1]) : ""
	if (field == "SIZE" || field == "TOKEN") {
		bits(field, w[k + 2])
		have[field] = 1
	}
	next
}
kw == "enum" && reg == REG && field == "SIZE" {
	name = toupper(w[k + 2])
	if (!(name in known))
		fail(REG ".SIZE has " w[k + 2] " (" w[k + 1] "), a size code the decoder does not know")
	v = num(w[k + 1])
	if (v < 0)
		fail(REG ".SIZE " w[k + 2] ": '" w[k + 1] "' is not a number")
	code[name] = v
	for (j = k + 3; j <= n; j++)
		if (w[j] ~ /^[a-z_]+=/) {
			key = w[j]
			sub(/=.*/, "", key)
			val = w[j]
			sub(/^[^=]*=/, "", val)
			attr[name, key] = val
		}
	next
}

END {
	if (failed)
		exit 1
	if (!have_reg)
		fail("regdb lacks " REG)
	if (!have["SIZE"])
		fail("regdb lacks field " REG ".SIZE")
	if (!have["TOKEN"])
		fail("regdb lacks field " REG ".TOKEN")
	if (lo["SIZE"] != 0)
		fail(REG ".SIZE starts at bit " lo["SIZE"] ": the decoder reads the size code from a word's low bits")
	if (lo["TOKEN"] != hi["SIZE"] + 1 || hi["TOKEN"] != 31)
		fail(REG ".TOKEN is bits " lo["TOKEN"] "-" hi["TOKEN"] ": the decoder takes the token as the header's bits above SIZE")
	sbits = hi["SIZE"] + 1
	for (i = 1; i <= ncodes; i++) {
		name = toupper(codes[i])
		if (!(name in code))
			fail("regdb lacks " REG ".SIZE enum " codes[i])
		if (code[name] >= 2 ^ sbits)
			fail(REG ".SIZE " codes[i] " is " code[name] ", wider than the field")
		if (code[name] in owner)
			fail(REG ".SIZE " codes[i] " and " owner[code[name]] " are both " code[name])
		owner[code[name]] = codes[i]
	}
	if (code["APPEND_128B"] != 0)
		fail(REG ".SIZE APPEND_128b is " code["APPEND_128B"] ": the decoder takes a zero word for flush padding or a token-0 128-bit header")
	hb = attr["APPEND_32B", "header_bits"]
	cl = attr["APPEND_32B", "counter_lsb"]
	if (hb == "")
		fail("regdb lacks header_bits= on " REG ".SIZE APPEND_32b (the 32-bit event word)")
	if (cl == "")
		fail("regdb lacks counter_lsb= on " REG ".SIZE APPEND_32b (the 32-bit event word)")
	hb = num(hb)
	cl = num(cl)
	if (hb <= hi["SIZE"] || hb >= 32)
		fail(REG ".SIZE APPEND_32b header_bits=" hb ": the event keeps SIZE and part of TOKEN")
	if (cl > hb)
		fail(REG ".SIZE APPEND_32b counter_lsb=" cl ": more than header_bits, the counter would move right")

	print "/* Generated from " FILENAME " by lib/tensix/gen_tensix_layout.awk: do not edit."
	print " * The Tensix timestamp event layout libhwpc is compiled with; a regdb"
	print " * loaded at run time must agree (hwpc_tensix_layout_check). */"
	print "#ifndef HWPC_GEN_TENSIX_LAYOUT_H"
	print "#define HWPC_GEN_TENSIX_LAYOUT_H"
	print ""
	printf "/* " REG ".SIZE, bits %d-%d: a word's low bits */\n", lo["SIZE"], hi["SIZE"]
	printf "#define TSX_SIZE_BITS %d\n", sbits
	printf "#define TSX_SIZE_MASK 0x%xu\n", 2 ^ sbits - 1
	for (i = 1; i <= ncodes; i++)
		printf "#define TSX_%s %du\n", codes[i], code[toupper(codes[i])]
	print ""
	printf "/* " REG ".TOKEN, bits %d-%d: the header above SIZE */\n", lo["TOKEN"], hi["TOKEN"]
	printf "#define TSX_TOKEN_LO %d\n", lo["TOKEN"]
	print ""
	print "/* A 32-bit event word: header bits 0 to header_bits-1, then counter_lo"
	print " * from bit counter_lsb up, shifted left into the rest of the word. */"
	printf "#define TSX_EV32_HEADER_BITS %d\n", hb
	printf "#define TSX_EV32_HEADER_MASK 0x%xu\n", 2 ^ hb - 1
	printf "#define TSX_EV32_COUNTER_LSB %d\n", cl
	printf "#define TSX_EV32_COUNTER_MASK 0x%xu\n", (2 ^ (32 - hb) - 1) * 2 ^ cl
	printf "#define TSX_EV32_COUNTER_SHIFT %d\n", hb - cl
	print ""
	print "/* The size codes by their regdb names, for the run-time check. */"
	printf "#define TSX_SIZE_CODES(X)"
	for (i = 1; i <= ncodes; i++)
		printf " X(%s)", codes[i]
	print ""
	print ""
	print "#endif"
}
