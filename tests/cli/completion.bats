#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# bash completion (contrib/bash-completion/hwpc), called as bash calls it:
# COMP_LINE, COMP_POINT, COMP_WORDS and COMP_CWORD set, the function that
# `complete -p` names run with the command, COMPREPLY read back.

bats_require_minimum_version 1.5.0
load helpers

# complete LINE: COMPREPLY for the cursor at the end of LINE, sorted, one
# a line, in $output.
complete_line() {
	local line=$1 fn
	source "$BATS_TEST_DIRNAME/../../contrib/bash-completion/hwpc"
	read -ra COMP_WORDS <<<"$line"
	# bash also breaks words at COMP_WORDBREAKS (: and =); the function
	# works from COMP_LINE, as it must for those
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	[[ $line == *" " ]] && COMP_CWORD=${#COMP_WORDS[@]}
	COMP_LINE=$line
	COMP_POINT=${#line}
	fn=$(complete -p "${COMP_WORDS[0]}" | sed -n 's/.* -F \([^ ]*\) .*/\1/p')
	COMPREPLY=()
	"$fn" "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
	output=$(printf '%s\n' "${COMPREPLY[@]}" | sort)
}

@test "completion: every command has it; options from the command's --help" {
	source "$BATS_TEST_DIRNAME/../../contrib/bash-completion/hwpc"
	for c in pcread pcsetup ptime tsdump pcsim; do
		check grep -q -- "-F _hwpc" <<<"$(complete -p $c)"
	done
	complete_line "pcread --list"
	check [ "$output" = "--list-regs" ]
	complete_line "pcsetup --re"
	check [ "$output" = "$(printf '%s\n' --record-format --record-high --record-limit --record-signals --record-start --reg --reset)" ]
	complete_line "ptime --set-"
	check [ "$output" = "$(printf '%s\n' --set-ratio --set-source)" ]
	complete_line "pcread --format "
	check [ "$output" = "$(printf '%s\n' csv json openmetrics prometheus text trace)" ]
	# pcsim's commands, an option's value not taken for one
	complete_line "pcsim --format csv sh"
	check [ "$output" = show ]
}

@test "completion: chipsets, devices, and a chipset's register names" {
	complete_line "pcread --chip GF10"
	check [ "$output" = "$(printf '%s\n' GF100 GF104 GF106 GF108)" ]
	# sim:CHIP: bash has split "sim:" off; the rest is offered
	complete_line "ptime -d sim:g8"
	check [ "$output" = "$(printf '%s\n' g80 g84 g86)" ]
	complete_line "pcread --chip G84 --reg PTIMER.TIME_"
	check [ "$output" = "$(printf '%s\n' PTIMER.TIME_HIGH PTIMER.TIME_LOW)" ]
	# the generated registers too, for the chipset given
	complete_line "pcread --chip G84 --decode PFIFO.CACHE1_PU"
	check grep -qx PFIFO.CACHE1_PUSH0 <<<"$output"
	complete_line "pcread --chip NV10 --decode PCOUNTER.GCT"
	check [ -z "$output" ]
	complete_line "pcread --chip G84 --decode PCOUNTER.GCT"
	check [ "$output" = PCOUNTER.GCTRL ]
}

@test "completion: the -d device's registers, domains and signals" {
	vsim g84
	complete_line "pcread -d sim:g84 --reg PTIMER.AL"
	check [ "$output" = PTIMER.ALARM ]
	complete_line "pcsetup -d sim:g84 -D core_"
	check [ "$output" = "$(printf '%s\n' core_a core_b core_c core_d)" ]
	complete_line "pcsetup -d sim:g84 -D core_a --event pc01_trast_0"
	check [ "$(wc -l <<<"$output")" -eq 6 ]
	check grep -qx pc01_trast_00 <<<"$output"
	complete_line "pcsim -d sim:g84 "
	check grep -qx advance <<<"$output"
	check grep -qx show <<<"$output"
	complete_line "pcsim -d sim:g84 show "
	check grep -qx pcounter <<<"$output"
	check grep -qx core_a <<<"$output"
	complete_line "pcsim -d sim:g84 pulse "
	check [ "$output" = "$(printf '%s\n' pm_trigger wrcache_flush)" ]
}
