#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# The real libpciaccess backend, end to end: inside a private mount
# namespace a fake /sys/bus/pci/devices tree (config, resource, and resource0
# as a plain file holding PMC.BOOT_0, PTIMER and the straps) stands in for
# the hardware.  Needs root (unshare -m, mount --bind).

bats_require_minimum_version 1.5.0

load ../cli/csv_helpers

setup() {
	[ "$(id -u)" -eq 0 ] || skip "needs root for unshare -m and mount --bind"
	export PATH="$HWPC_BIN:$HWPC_TESTBIN:$PATH"
	# a runtime directory of its own: tests run side by side (tests/run)
	export XDG_RUNTIME_DIR="$BATS_TEST_TMPDIR"
	unset HWPC_DEVICE HWPC_REGDB
	tree="$BATS_TEST_TMPDIR/devices"
	mkdir -p "$tree"
	chmod 755 "$BATS_TEST_TMPDIR" "$tree"
}

# le32 FILE OFFSET VALUE: store a little-endian 32-bit word.
le32() {
	printf "$(printf '\\x%02x\\x%02x\\x%02x\\x%02x' $(($3 & 255)) $(($3 >> 8 & 255)) $(($3 >> 16 & 255)) $(($3 >> 24 & 255)))" |
		dd of="$1" bs=1 seek=$(($2)) conv=notrunc status=none
}

rd32() {
	od -An -tx4 -j $(($2)) -N4 "$1" | tr -d ' '
}

# mkdev SLOT VENDOR DEVICE CLASS [BOOT0]
mkdev() {
	local d="$tree/$1"
	mkdir -p "$d"
	echo "$2" > "$d/vendor"; echo "$3" > "$d/device"; echo "$4" > "$d/class"
	echo 0xa1 > "$d/revision"; echo 0x0000 > "$d/subsystem_vendor"; echo 0x0000 > "$d/subsystem_device"
	head -c 256 /dev/zero > "$d/config"
	le32 "$d/config" 0 $(( $2 | $3 << 16 ))
	le32 "$d/config" 8 $(( ($4 << 8) | 0xa1 ))
	{
		echo "0x00000000f0000000 0x00000000f0ffffff 0x0000000000040200"
		for i in 1 2 3 4 5 6; do echo "0x0000000000000000 0x0000000000000000 0x0000000000000000"; done
	} > "$d/resource"
	truncate -s 16M "$d/resource0"
	chmod 600 "$d/resource0"
	if [ -n "${5:-}" ]; then
		le32 "$d/resource0" 0x000000 "$5"       # PMC.BOOT_0
		le32 "$d/resource0" 0x009200 1          # PTIMER.CLOCK_DIV
		le32 "$d/resource0" 0x009210 1          # PTIMER.CLOCK_MUL
		le32 "$d/resource0" 0x009400 0x12345660 # PTIMER.TIME_LOW
		le32 "$d/resource0" 0x009410 0x1        # PTIMER.TIME_HIGH
	fi
}

# Run a command with the fake tree in place of /sys/bus/pci/devices.
inns() {
	unshare -m sh -c 'mount --bind "$0" /sys/bus/pci/devices && exec "$@"' "$tree" "$@"
}

@test "finds the GPU, identifies the chipset, reads the planted time" {
	mkdev 0000:00:02.0 0x8086 0x1234 0x030000
	mkdev 0000:01:00.0 0x10de 0x0400 0x030000 0x084000a1
	run inns ptime -v
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "device: 0000:01:00.0 (G84)" ]
	[ "${lines[1]}" = "raw:          0x0000000112345660" ]
	[ "${lines[2]}" = "ticks:        $(( 0x0000000112345660 >> 5 ))" ]
	[[ "$output" == *$'\n'"description:  0000:01:00.0 Tesla G84 (PMC.BOOT_0 0x084000a1, BAR0 read-only)"$'\n'* ]]
	# The crystal comes from the (zero) straps: 27 MHz on G80+.
	[[ "$output" == *"crystal_hz:   27000000"* ]]
	for spec in 0 01:00.0 0000:01:00.0; do
		run inns ptime -d $spec --format csv
		[ "$status" -eq 0 ]
		# however it was given, the device is named by its slot
		[[ "${lines[1]}" == timer,0000:01:00.0,G84,0x0000000112345660,* ]]
	done
}

@test "refuses a device that is not an NVIDIA GPU, and bad indices" {
	mkdev 0000:00:02.0 0x8086 0x1234 0x030000
	mkdev 0000:01:00.0 0x10de 0x0400 0x030000 0x084000a1
	run inns ptime -d 00:02.0
	[ "$status" -eq 1 ]
	[ "$output" = "ptime: 0000:00:02.0 is not an NVIDIA display device (vendor 0x8086, device 0x1234, class 0x030000)" ]
	run inns ptime -d 1
	[ "$status" -eq 2 ]
	[ "$output" = "ptime: device index 1 out of range: 1 NVIDIA display device found (0..0)" ]
	run inns ptime -d 05:00.0
	[ "$status" -eq 1 ]
	[ "$output" = "ptime: no such device: nothing at PCI slot 0000:05:00.0" ]
}

@test "no GPU at all points at the simulator" {
	mkdev 0000:00:02.0 0x8086 0x1234 0x030000
	run inns ptime
	[ "$status" -eq 1 ]
	[[ "$output" == *"no NVIDIA GPU found (use -d sim:CHIP"* ]]
}

@test "a dead BAR and an unknown chipset are named" {
	mkdev 0000:01:00.0 0x10de 0x0400 0x030000 0xffffffff
	run inns ptime
	[ "$status" -eq 1 ]
	[[ "$output" == *"0000:01:00.0: PMC.BOOT_0 reads 0xffffffff: the GPU is dead, powered down, or BAR0 is not really mapped" ]]
	le32 "$tree/0000:01:00.0/resource0" 0 0x0ff000a1
	run inns ptime
	[ "$status" -eq 1 ]
	[[ "$output" == *"unknown chipset: PMC.BOOT_0 0x0ff000a1 has chipset id 0xff"* ]]
	# a G84 whose registers are in big-endian mode reads byte-swapped
	le32 "$tree/0000:01:00.0/resource0" 0 0xa1004008
	run inns ptime
	[ "$status" -eq 1 ]
	[[ "$output" == *"PMC.BOOT_0 reads 0xa1004008, which is G84's 0x084000a1 byte-swapped: the GPU's registers are in big-endian mode, and hwpc reads them little-endian only" ]]
}

@test "a reader's BAR0 mapping is read-only; a writer's is writable" {
	mkdev 0000:01:00.0 0x10de 0x0400 0x030000 0x084000a1
	run inns map_check 0 ro
	[ "$status" -eq 0 ]
	[ "$output" = "r--s" ]
	run inns map_check 0 rw
	[ "$output" = "rw-s" ]
}

@test "writes land at the regdb offsets; --dry-run writes nothing" {
	mkdev 0000:01:00.0 0x10de 0x0400 0x030000 0x084000a1
	r0="$tree/0000:01:00.0/resource0"
	run inns ptime --set-ratio 1/4 --dry-run
	[ "$status" -eq 0 ]
	[[ "$output" =~ reg:\ +PTIMER.CLOCK_DIV$'\n'addr:\ +0x009200$'\n'old:\ +0x00000001$'\n'new:\ +0x00000004 ]]
	[ "$(rd32 "$r0" 0x9200)" = "00000001" ]
	run inns ptime --set-ratio 1/4
	[ "$status" -eq 0 ]
	[ "$(rd32 "$r0" 0x9200)" = "00000004" ]
	[ "$(rd32 "$r0" 0x9210)" = "00000001" ]
	run inns ptime --alarm @0x123
	[ "$(rd32 "$r0" 0x9420)" = "00002460" ]
	[ "$(rd32 "$r0" 0x9100)" = "00000001" ] # the w1c clear was written
}

@test "not root: permission denied, said plainly" {
	mkdev 0000:01:00.0 0x10de 0x0400 0x030000 0x084000a1
	command -v setpriv >/dev/null || skip "missing tool: setpriv"
	run inns setpriv --reuid=65534 --regid=65534 --clear-groups ptime
	[ "$status" -eq 1 ]
	[ "$output" = "ptime: cannot map BAR0 of 0000:01:00.0: permission denied (not root)" ]
}

@test "registers through libpciaccess: --reg by name, address and range; pcsetup --reg written and read back" {
	mkdev 0000:01:00.0 0x10de 0x0400 0x030000 0x084000a1
	run nocsvid inns pcread --reg 0x9400 --reg 0x9404:8 --reg PTIMER.TIME_HIGH --format csv
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "reg,addr,value,fields" ]
	[ "${lines[1]}" = "PTIMER.TIME_LOW,0x009400,0x12345660,TIME=0x91a2b3" ]
	[ "${lines[2]}" = "unknown,0x009404,0x00000000," ]
	[ "${lines[3]}" = "unknown,0x009408,0x00000000," ]
	[ "${lines[4]}" = "PTIMER.TIME_HIGH,0x009410,0x00000001,TIME=1" ]
	run inns pcread --reg 0x1000000
	[ "$status" -eq 2 ]
	[ "$output" = "pcread: --reg 0x1000000: address 0x1000000 is past the end of BAR0 (0x1000000 bytes)" ]
	# --dry-run reads the old value and writes nothing.
	run nocsvid inns pcsetup --reg PTIMER.ALARM=0x100 --reg 0x9200=0x3:0xff --dry-run --format csv
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "PTIMER.ALARM,0x009420,0x00000000,0x00000100,,0xffffffe0,,TIME=8" ]
	[ "${lines[2]}" = "PTIMER.CLOCK_DIV,0x009200,0x00000001,0x00000003,,0x000000ff,,DIV=3" ]
	[ "$(rd32 "$tree/0000:01:00.0/resource0" 0x9420)" = "00000000" ]
	run nocsvid inns pcsetup --reg PTIMER.ALARM=0x100 --reg 0x9200=0x3:0xff --format csv
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "PTIMER.ALARM,0x009420,0x00000000,0x00000100,0x00000100,0xffffffe0,,TIME=8" ]
	[ "${lines[2]}" = "PTIMER.CLOCK_DIV,0x009200,0x00000001,0x00000003,0x00000003,0x000000ff,,DIV=3" ]
	[ "$(rd32 "$tree/0000:01:00.0/resource0" 0x9420)" = "00000100" ]
	[ "$(rd32 "$tree/0000:01:00.0/resource0" 0x9200)" = "00000003" ]
	# What regdb does not know is refused, and written only with --force.
	run inns pcsetup --reg 0x9404=7
	[ "$status" -eq 2 ]
	[ "$output" = "pcsetup: --reg 0x9404=7: regdb knows no register at 0x009404 on G84 (--force writes it anyway)" ]
	[ "$(rd32 "$tree/0000:01:00.0/resource0" 0x9404)" = "00000000" ]
	run nocsvid inns pcsetup --reg 0x9404=7 --force --format csv
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "unknown,0x009404,0x00000000,0x00000007,0x00000007,0xffffffff,," ]
	[ "$(rd32 "$tree/0000:01:00.0/resource0" 0x9404)" = "00000007" ]
}

@test "snapshot and diff through libpciaccess: the planted registers, then a changed one" {
	mkdev 0000:01:00.0 0x10de 0x0400 0x030000 0x084000a1
	r0="$tree/0000:01:00.0/resource0"
	snap="$BATS_TEST_TMPDIR/snap.json"
	run inns pcread --snapshot -o "$snap"
	[ "$status" -eq 0 ]
	[ "$(jq -r '.chipset + " " + .boot0 + " " + .device' "$snap")" = "G84 0x084000a1 0000:01:00.0" ]
	[ "$(jq -r '.registers[] | select(.reg == "PTIMER.TIME_LOW") | .value' "$snap")" = 0x12345660 ]
	[ "$(jq -r '.registers[] | select(.reg == "PTIMER.CLOCK_DIV") | .value' "$snap")" = 0x00000001 ]
	run inns pcread --diff "$snap"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	le32 "$r0" 0x009420 0x2460 # PTIMER.ALARM, as another program would
	run nocsvid inns pcread -d 01:00.0 --diff "$snap" --format csv
	[ "$status" -eq 1 ]
	[ "${lines[1]}" = "PTIMER,PTIMER.ALARM,0x009420,0x00000000,0x00002460,TIME: 0x0 -> 0x123,,," ]
	[ "${lines[2]}" = ",,,,,,1,0,0" ]
	[ "${#lines[@]}" -eq 3 ]
}

@test "-d all: every NVIDIA GPU found, never the simulator; records name each; one dead BAR among them exits 5" {
	mkdev 0000:00:02.0 0x8086 0x1234 0x030000
	mkdev 0000:01:00.0 0x10de 0x0400 0x030000 0x084000a1
	mkdev 0000:02:00.0 0x10de 0x0400 0x030000 0x084000a1
	run inns ptime -d all --format csv
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 3 ]
	[[ "${lines[1]}" == timer,0000:01:00.0,G84,* ]]
	[[ "${lines[2]}" == timer,0000:02:00.0,G84,* ]]
	run inns pcread -d all -D 0 --format json
	[ "$status" -eq 0 ]
	[ "$(jq -r 'select(.type == "pc_counters") | .device' <<<"$output" | tr '\n' ' ')" = "0000:01:00.0 0000:02:00.0 " ]
	run inns ptime -d all -d 0
	[ "$status" -eq 2 ]
	[[ "$output" == *"-d all cannot be combined"* ]]
	# a dead BAR: reported, the other GPU read, exit 5
	le32 "$tree/0000:02:00.0/resource0" 0 0xffffffff
	run --separate-stderr inns ptime -d all --format csv
	[ "$status" -eq 5 ]
	[[ "$stderr" == *"0000:02:00.0"* ]]
	[[ "${lines[1]}" == timer,0000:01:00.0,G84,* ]]
	# no GPU at all
	rm -rf "$tree/0000:01:00.0" "$tree/0000:02:00.0"
	run inns ptime -d all
	[ "$status" -eq 1 ]
	[[ "$output" == *"-d all: no NVIDIA GPU found"* ]]
}
