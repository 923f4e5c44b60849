#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The option rules every command shares (cli/common/opt.c): each rule, in
# every command where it applies, with the exit status and exact message.

bats_require_minimum_version 1.5.0
load helpers

# usage: fails STATUS MESSAGE COMMAND [ARGS...]
fails() {
	local want_status=$1 want=$2
	shift 2
	run "$@"
	check [ "$status" -eq "$want_status" ]
	check [ "$output" = "$want" ]
}

@test "rule 1: an ambiguous abbreviation lists the candidates; a unique one works" {
	fails 2 "ptime: option '--for' is ambiguous: --force, --format" ptime --for json
	fails 2 "pcread: option '--s' is ambiguous: --scan, --scan-samples, --seed, --serve, --set, --setflag, --signals, --snapshot, --start, --stop, --strict, --swap" pcread --s
	fails 2 "pcsetup: option '--pr' is ambiguous: --pre, --pre-count, --profile" pcsetup --pr x
	fails 2 "tsdump: option '--s' is ambiguous: --status, --strict, --summary" tsdump --s x
	fails 2 "pcsim: option '--ver' is ambiguous: --verbose, --version" pcsim --ver list
	fails 2 "pcsim: option '--c' is ambiguous: --clock, --cycles" pcsim -d sim:g84 advance --c 5
	vsim g84
	run -0 ptime -d sim:g84 --form json
	[[ "${lines[1]}" == '{"type":"timer",'* ]] || false
	run -0 pcread -d sim:g84 -D core_a --sig --form csv
	check [ "${lines[0]}" = "type,device,chipset,domain,signal_index,signal,aliases,value,active_pct,active_pct_low,active_pct_high,one_count,sample_count,exact,seed" ]
	run -0 pcsetup -d sim:g84 -D core_a --sta 0x10 --dry --form csv
	[[ "${lines[0]}" == type,device,chipset,reg,* ]] || false
	run -0 pcsim -d sim:g84 advance --cyc 27 --clo crystal
	check [ "${lines[1]}" = "device_ns: 1000" ]
	vsim tensix
	printf 'buf 0 0x100 0x101\nts32 1\n' | pcsim -d sim:tensix script - >/dev/null
	pcsim -d sim:tensix dump "$BATS_TEST_TMPDIR/l1.bin"
	run -0 tsdump "$BATS_TEST_TMPDIR/l1.bin" --summ --form json
}

@test "rule 2: an unknown option, subcommand or chipset suggests the nearest" {
	for cmd in ptime pcread pcsetup tsdump; do
		fails 2 "$cmd: unknown option '--formt' (did you mean --format?)" $cmd --formt json
	done
	fails 2 "pcsim: unknown option '--formt' (did you mean --format?)" pcsim --formt json list
	fails 2 "pcsim: unknown option '--cycels' (did you mean --cycles?)" pcsim advance --cycels 5
	fails 2 "pcsim: unknown command 'advnce' (did you mean advance?)" pcsim advnce 1ms
	fails 2 "pcsim: unknown command 'frobnicate' (pcsim --help lists them)" pcsim frobnicate
	fails 2 "pcsim: unknown command 'adv' (did you mean advance?)" pcsim adv 1ms
	fails 2 "pcsim: unknown command 'a' (pcsim --help lists them)" pcsim a 1ms
	# Sim spec keys and signal generators are options too.
	fails 2 "pcsim: unknown sim option 'clck' (did you mean clock?)" pcsim reset sim:g84,clck=virtual
	vsim g84
	fails 2 "pcsim: unknown generator 'periodc' (did you mean periodic?)" \
		pcsim -d sim:g84 signal core_a 0x10 periodc period=4
	fails 2 "pcsim: periodic: period= given twice ('period=4' and 'period=5')" \
		pcsim -d sim:g84 signal core_a 0x10 periodic period=4 period=5
	fails 2 "ptime: unknown option '--zzzzzz' (ptime --help lists the options)" ptime --zzzzzz
	fails 2 "ptime: unknown option '-x' (ptime --help lists the options)" ptime -x
	local msg="unknown chipset 'nv4o' in sim:nv4o (did you mean NV40?)"
	fails 2 "ptime: $msg" ptime -d sim:nv4o
	fails 2 "pcread: $msg" pcread -d sim:nv4o
	fails 2 "pcsetup: $msg" pcsetup -d sim:nv4o -D 0 --event 1
	fails 2 "tsdump: $msg" tsdump -d sim:nv4o
	fails 2 "pcsim: $msg" pcsim -d sim:nv4o show
	fails 2 "pcsim: $msg" pcsim create sim:nv4o
	fails 2 "ptime: unknown chipset 'zz99' in sim:zz99 (pcsim list shows the chipsets)" ptime -d sim:zz99
	# nouveau's NVxx names the chipset of that BOOT_0 id; a near miss
	# suggests the chipset of the nearest id, in its family
	fails 2 "ptime: unknown chipset 'nv85' in sim:nv85 (did you mean G84?)" ptime -d sim:nv85
}

@test "rule 3: a value may start with '-'; a missing value is never the next option" {
	vsim g84
	fails 2 "pcsim: advance: bad duration '-1ms' (expected a number and a unit: ns, us, ms, s, m or h)" \
		pcsim -d sim:g84 advance -1ms
	fails 2 "ptime: -i: bad duration '-5ms' (expected a number and a unit: ns, us, ms, s, m or h)" \
		ptime -d sim:g84 -i -5ms
	fails 2 "pcread: --scan: bad duration '-5ms' (expected a number and a unit: ns, us, ms, s, m or h)" \
		pcread -d sim:g84 --scan -5ms
	fails 2 "tsdump: --l1-base: '-4' is not a number" tsdump x --buf0 0:1 --l1-base -4
	fails 2 "pcsetup: option '-D' needs a value" pcsetup -D --event 0x10
	fails 2 "pcsetup: option '-D' needs a value" pcsetup -D --sta 0x10
	fails 2 "pcsetup: option '--event' needs a value" pcsetup -D 1 --event -v
	fails 2 "ptime: option '-d' needs a value" ptime -d --verbose
	fails 2 "ptime: option '-i' needs a value" ptime -i -n 3
	fails 2 "pcread: option '-D' needs a value" pcread -D -i 1ms
	fails 2 "tsdump: option '--output' needs a value" tsdump --output --summary x
	fails 2 "pcsim: option '-d' needs a value" pcsim -d -v list
	fails 2 "pcsim: option '--cycles' needs a value" pcsim -d sim:g84 advance --cycles --clock tclk
	fails 2 "ptime: option '--format' needs a value" ptime --format
}

@test "rule 4: a single-valued option given twice names both values; a repeat of the same work is refused" {
	fails 2 "pcsetup: -D given twice ('core_a' and 'core_b')" pcsetup -D core_a -D core_b --event 1
	fails 2 "pcsetup: --mode given twice ('quad' and 'single')" pcsetup -D 1 --mode quad --mode single
	fails 2 "pcsetup: --event given twice ('0x10' and '0x11')" pcsetup -D 1 --event 0x10 --event 0x11
	fails 2 "pcsetup: --reg CTRL=1 given twice" pcsetup -D 1 --reg CTRL=1 --reg CTRL=1
	fails 2 "ptime: -d sim:g84 given twice" ptime -d sim:g84 -d sim:g84
	fails 2 "ptime: -i given twice ('1ms' and '2ms')" ptime -i 1ms -i 2ms
	fails 2 "pcread: -D core_a given twice" pcread -D core_a -D core_a
	fails 2 "pcread: --reg PMC.BOOT_0 given twice" pcread --reg PMC.BOOT_0 --reg PMC.BOOT_0
	fails 2 "pcread: --format given twice ('csv' and 'json')" pcread --format csv --format json
	fails 2 "tsdump: -o given twice ('a' and 'b')" tsdump -o a -o b x
	fails 2 "pcsim: --format given twice ('json' and 'csv')" pcsim --format json --format csv list
	fails 2 "pcsim: --cycles given twice ('1' and '2')" pcsim advance --cycles 1 --cycles 2
	# Before pcsim's command and again after it.
	fails 2 "pcsim: -d given twice ('sim:g84' and 'sim:nv40')" pcsim -d sim:g84 time -d sim:nv40
	# Repeatable with different values: both counted.
	vsim g84
	run -0 pcread -d sim:g84 -D core_a -D core_b --format csv
	check [ "${#lines[@]}" -eq 3 ]
}

@test "rule 5: an empty value is an error" {
	fails 2 "ptime: -d: empty device spec" ptime -d ""
	fails 2 "pcread: -d: empty device spec" pcread -d ""
	fails 2 "pcsetup: -d: empty device spec" pcsetup -d "" --event 1
	fails 2 "tsdump: -d: empty device spec" tsdump -d ""
	fails 2 "pcsim: -d: empty device spec" pcsim -d "" show
	fails 2 "pcsetup: -D: empty domain" pcsetup -D "" --event 1
	fails 2 "pcread: -D: empty domain" pcread -D ""
	fails 2 "tsdump: -o: empty file name" tsdump -o "" x
	fails 2 "ptime: -d: empty device spec" ptime --device=
	fails 2 "pcsim: --cycles: empty cycle count" pcsim advance --cycles ""
}

@test "rule 6: -h and --help print the generated help and exit 0; -V prints the version" {
	for cmd in ptime pcread pcsetup tsdump pcsim; do
		run -0 $cmd --help
		[[ "${lines[0]}" == "usage: $cmd "* ]] || false
		[[ "$output" == *"  -h, --help              print this help"* ]] || false
		help=$output
		run -0 $cmd -h
		check [ "$output" = "$help" ]
		run -0 $cmd -V
		check [ "$output" = "$cmd (hwpc) 0.1.0, output schema 2" ]
		run -0 $cmd --version
		check [ "$output" = "$cmd (hwpc) 0.1.0, output schema 2" ]
	done
	# The help is the table's: every option with its value name.
	run -0 ptime --help
	[[ "$output" == *$'\n'"  -i, --interval DUR      sample every DUR (10ms, 50us, 1.5s)"$'\n'* ]] || false
	run -0 pcsetup --help
	[[ "$output" == *$'\n'"      --record-signals LIST"* ]] || false
	# pcsim lists its commands; each has its own help.
	run -0 pcsim --help
	for sub in create reset advance time show rate cpu-mode signal trace pulse reg list ts script dump; do
		[[ "$output" == *$'\n'"  $sub"* ]] || false
		run -0 pcsim $sub --help
		[[ "${lines[0]}" == "usage: pcsim [OPTIONS] $sub"* ]] || false
		[[ "$output" == *"Options of pcsim:"* ]] || false
		run -0 pcsim $sub -h
		run -0 pcsim -d sim:g84 $sub --help
		run -0 pcsim --help
	done
	run -0 pcsim advance --help
	check [ "${lines[1]}" = "       pcsim [OPTIONS] advance --cycles N --clock CLOCK" ]
	[[ "$output" == *$'\n'"      --cycles N          "* ]] || false
}

@test "rule 7: --format takes the command's formats, and the error lists only those" {
	fails 2 "ptime: --format: unknown format 'trace' (ptime takes text, csv, json or openmetrics)" ptime --format trace
	fails 2 "pcsetup: --format: unknown format 'trace' (pcsetup takes text, csv or json)" pcsetup --format trace
	fails 2 "pcsim: --format: unknown format 'trace' (pcsim takes text, csv or json)" pcsim --format trace list
	fails 2 "pcread: --format: unknown format 'xml' (pcread takes text, csv, json, trace, openmetrics or prometheus)" pcread --format xml
	fails 2 "tsdump: --format: unknown format 'xml' (tsdump takes text, csv, json, trace or setup)" tsdump --format xml x
	fails 2 "ptime: --format: unknown format 'xml' (ptime takes text, csv, json or openmetrics)" ptime --format xml
}

@test "rule 8: a duration carries its unit, in every command" {
	local units="needs a unit (ns, us, ms, s, m, h)"
	vsim g84
	fails 2 "ptime: -i: '100' $units, e.g. 100ms" ptime -d sim:g84 -i 100
	fails 2 "ptime: --measure: '0.5' $units, e.g. 0.5ms" ptime -d sim:g84 --measure 0.5
	fails 2 "ptime: --timeout: '5' $units, e.g. 5ms" ptime -d sim:g84 --wait-alarm --timeout 5
	fails 2 "ptime: --alarm: '5' $units, e.g. 5ms" ptime -d sim:g84 --alarm +5
	fails 2 "pcread: -i: '100' $units, e.g. 100ms" pcread -d sim:g84 -i 100
	fails 2 "pcread: --scan: '100' $units, e.g. 100ms" pcread -d sim:g84 --scan 100
	fails 2 "pcread: -i: '100' $units, e.g. 100ms" pcread -d sim:r10000 -i 100
	fails 2 "pcsim: advance: '5' $units, e.g. 5ms" pcsim -d sim:g84 advance 5
	vsim tensix
	fails 2 "pcsim: <stdin>:1: advance: '500' $units, e.g. 500ms" \
		bash -c "printf 'advance 500\n' | pcsim -d sim:tensix script -"
	fails 2 "pcsim: advance: '500' $units, e.g. 500ms" pcsim -d sim:tensix ts advance 500
	# Fractions and every unit; cycles as Nt.
	run -0 pcsim -d sim:g84 advance 0.5s
	check [ "${lines[1]}" = "device_ns: 500000000" ]
	run -0 pcsim -d sim:g84 advance 1m
	check [ "${lines[1]}" = "device_ns: 60500000000" ]
	run -0 ptime -d sim:g84 -i 0.5us -n 1 --format csv
	vsim tensix tclk=1G
	run -0 bash -c "printf 'advance 500t\n' | pcsim -d sim:tensix --format csv script -"
	check [ "${lines[1]%%,0x*}" = "sim_timestamper,sim:tensix,TENSIX,1,500" ]
	run -0 pcsim -d sim:tensix ts advance 2us
	# A bare 0 is 0 in every unit: refused only because it must be positive.
	fails 2 "ptime: -i: duration '0' must be greater than zero" ptime -d sim:g84 -i 0
}

@test "relations are declared once and reported alike" {
	fails 2 "ptime: --measure and -i cannot be combined" ptime --measure 1s -i 5ms
	fails 2 "ptime: -n needs -i" ptime -n 3
	fails 2 "pcread: -n needs -i, --watch or --until" pcread -n 3
	fails 2 "pcread: --signals and --reg cannot be combined" pcread --signals --reg CTRL
	fails 2 "pcread: -f needs -i: how long each counter set counts in its turn" pcread -f x
	fails 2 "pcread: --set cannot be combined with -f rotation, which takes every set of x in turn: leave --set out, or set one set up with pcsetup -f x --set idle" pcread -f x -i 1ms --set idle
	fails 2 "pcsetup: --set needs -f: it selects a set of a setup file" pcsetup --set a --event 1
	fails 2 "tsdump: --l1-base needs --buf0 or --buf1" tsdump x --l1-base 4
	fails 2 "tsdump: --cntl needs --buf0 or --buf1: it says which buffers are valid; without them FILE is one plain stream" tsdump x --cntl 7
	fails 2 "ptime: --dry-run needs --set-ratio, --set-source or --alarm" ptime --dry-run
}
