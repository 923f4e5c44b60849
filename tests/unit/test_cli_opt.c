/* SPDX-License-Identifier: MIT */
/* The option parser's relation rows (cli/common/opt.h): a row may relate
 * several options alike, and may name the command line's end, "--" (said
 * "-- COMMAND").  Each parse runs in a child process: the parser keeps
 * what a command line gave for cli_given, one command line per process. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "../../cli/common/opt.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Parse args (NULL-terminated, after the program's name) by a small
 * table with rels; *msg is what it said on stderr (its first line). */
static int parse(const struct cli_rel *rels, const char *const *args, char *msg, size_t len)
{
	int fd[2];
	assert_int_equal(pipe(fd), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		bool a = false, b = false;
		const char *s = NULL, *f = NULL;
		uint64_t n = 0;
		const struct cli_opt opts[] = {
			{ .kind = CLI_FLAG, .lname = "watch", .dest = &a, .help = "w" },
			{ .kind = CLI_FLAG, .lname = "until", .dest = &b, .help = "u" },
			{ .kind = CLI_STR, .lname = "reg", .arg = "R", .dest = &s, .help = "r" },
			{ .kind = CLI_STR, .sname = 'f', .lname = "file", .arg = "F", .dest = &f, .help = "f" },
			{ .kind = CLI_COUNT, .sname = 'n', .lname = "count", .arg = "N", .dest = &n, .help = "n" },
			CLI_OPT_END,
		};
		char *argv[16] = { "t" };
		int argc = 1, first, nargs, dd;
		for (; args[argc - 1] && argc < 15; argc++)
			argv[argc] = (char *)args[argc - 1];
		const struct cli_cmd cmd = { .name = "t", .opts = opts, .rels = rels, .max_args = -1, .dashdash_at = &dd };
		dup2(fd[1], 2);
		close(fd[0]);
		cli_init("t");
		_exit(cli_parse(&cmd, argc, argv, 1, NULL, &first, &nargs));
	}
	close(fd[1]);
	size_t have = 0;
	for (ssize_t got; have < len - 1 && (got = read(fd[0], msg + have, len - 1 - have)) > 0;)
		have += (size_t)got; /* to its end: the child's stderr is whole before it exits */
	msg[have] = 0;
	msg[strcspn(msg, "\n")] = 0;
	close(fd[0]);
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	return WEXITSTATUS(status);
}

/* Every name of a row's first list is related to the second alike. */
static void test_several_alike(void **state)
{
	(void)state;
	static const struct cli_rel rels[] = { { CLI_CONFLICT, "--watch --until", "--reg -f", NULL }, { 0 } };
	char msg[256];
	assert_int_equal(parse(rels, (const char *[]){ "--watch", "--reg", "X", NULL }, msg, sizeof msg), 2);
	assert_string_equal(msg, "t: --watch and --reg cannot be combined");
	assert_int_equal(parse(rels, (const char *[]){ "--until", "-f", "F", NULL }, msg, sizeof msg), 2);
	assert_string_equal(msg, "t: --until and -f cannot be combined");
	assert_int_equal(parse(rels, (const char *[]){ "--watch", "--until", NULL }, msg, sizeof msg), 0);
	assert_string_equal(msg, "");
}

/* "--" is the command line's end: given when it is there, with or without
 * a command after it, and said "-- COMMAND". */
static void test_dashdash(void **state)
{
	(void)state;
	static const struct cli_rel rels[] = {
		{ CLI_CONFLICT, "-n --reg", "--", "why" },
		{ CLI_NEEDS, "-f", "-- --watch", NULL },
		{ 0 },
	};
	char msg[256];
	assert_int_equal(parse(rels, (const char *[]){ "-n", "3", "--", "true", NULL }, msg, sizeof msg), 2);
	assert_string_equal(msg, "t: -n and -- COMMAND cannot be combined: why");
	assert_int_equal(parse(rels, (const char *[]){ "--reg", "X", "--", NULL }, msg, sizeof msg), 2);
	assert_string_equal(msg, "t: --reg and -- COMMAND cannot be combined: why");
	assert_int_equal(parse(rels, (const char *[]){ "-n", "3", NULL }, msg, sizeof msg), 0);
	assert_int_equal(parse(rels, (const char *[]){ "-f", "F", NULL }, msg, sizeof msg), 2);
	assert_string_equal(msg, "t: -f needs -- COMMAND or --watch");
	assert_int_equal(parse(rels, (const char *[]){ "-f", "F", "--", "true", NULL }, msg, sizeof msg), 0);
	/* after "--" nothing is an option: "-n" there is the command's */
	assert_int_equal(parse(rels, (const char *[]){ "-f", "F", "--", "-n", "3", NULL }, msg, sizeof msg), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_several_alike),
		cmocka_unit_test(test_dashdash),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
