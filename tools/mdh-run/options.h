/* The command line of mdh-run, apart from the tool so that the argument fuzz
 * target (test/fuzz/fuzz_args.c) parses it exactly as mdh-run does. */

#ifndef MDH_RUN_OPTIONS_H
#define MDH_RUN_OPTIONS_H

/* The most --shape options of one run. */
#define MDH_RUN_MAX_SHAPES 64

/* The options of one run; the strings point into argv. "shapes" are the
 * values of --shape=K:AxB, checked for form only. */
struct mdh_run_options {
  const char *file;
  const char *entry;
  const char *pipeline;
  const char *read_dir;
  const char *write_dir;
  const char *emit_object;
  const char *reduction_mode;
  const char *mapping;
  const char *fusion;
  const char *tuning;
  const char *tuning_device;
  int device_resident;
  int compare;
  unsigned long long seed;
  long repeat;
  int n_shapes;
  const char *shapes[MDH_RUN_MAX_SHAPES];
};

/* Parses "argc" arguments "argv" (argv[0] is the program) into "o". Returns
 * 0, 1 after a usage error on stderr, or 2 after printing --help. */
int mdh_run_parse_options(int argc, char **argv, struct mdh_run_options *o);

#endif
