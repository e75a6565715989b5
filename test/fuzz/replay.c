/* Replays fuzz inputs without libFuzzer, for the ordinary test suite: every
 * file given (directories: every file in them, in name order) goes through
 * the target's LLVMFuzzerTestOneInput once, diagnostics printed. A crash,
 * sanitizer report or leak fails the test as it would fail the fuzzer.
 *
 *   REPLAY [--expect-error] [--selectors=BYTES] [--quiet] FILE|DIR...
 *
 * --expect-error fails unless every input reports an error (the regression
 * corpus: a diagnostic, never a crash), except those whose file name starts
 * with "ok-" (valid programs that crashed), which must report none. --selectors
 * runs every input once per byte of BYTES put in place of its first byte
 * (mdh-fuzz-opt's pipeline selector). The last line names the slowest input. */

#include "test/fuzz/fuzz.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* The command line and the slowest input so far. */
struct replay {
  int expect_error;
  const char *selectors;
  int failures;
  double slowest_ms;
  char slowest[4096];
};

static double now_ms(void) {
  struct timespec t;

  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Reads "path" whole into "*data"; returns its size, or -1. */
static long read_input(const char *path, unsigned char **data) {
  FILE *f = fopen(path, "rb");
  long n;

  if (!f)
    return -1;
  fseek(f, 0, SEEK_END);
  n = ftell(f);
  rewind(f);
  *data = malloc(n > 0 ? n : 1);
  if (!*data || fread(*data, 1, n, f) != (size_t)n)
    n = -1;
  fclose(f);
  return n;
}

/* Runs "data" once and records its time and outcome under "name"; "valid"
 * tells whether it must succeed. */
static void run_one(struct replay *r, const char *name, int valid,
                    const unsigned char *data, long n) {
  double start = now_ms(), ms;

  LLVMFuzzerTestOneInput(data, (size_t)n);
  ms = now_ms() - start;
  printf("%s: %d error(s), %.1f ms\n", name, mdh_fuzz_errors, ms);
  fflush(stdout);
  if (r->expect_error && !valid && mdh_fuzz_errors == 0) {
    fprintf(stderr, "replay: %s: no error reported\n", name);
    ++r->failures;
  }
  if (r->expect_error && valid && mdh_fuzz_errors != 0) {
    fprintf(stderr, "replay: %s: a valid input reported errors\n", name);
    ++r->failures;
  }
  if (ms > r->slowest_ms) {
    r->slowest_ms = ms;
    snprintf(r->slowest, sizeof(r->slowest), "%s", name);
  }
}

/* Replays the file "path", once per selector if there are any. */
static void replay_file(struct replay *r, const char *path) {
  unsigned char *data = NULL;
  long n = read_input(path, &data);
  char name[4200];
  const char *s, *base = strrchr(path, '/');
  int valid = !strncmp(base ? base + 1 : path, "ok-", 3);

  if (n < 0) {
    fprintf(stderr, "replay: cannot read '%s'\n", path);
    ++r->failures;
  } else if (!r->selectors || n == 0) {
    run_one(r, path, valid, data, n);
  } else {
    for (s = r->selectors; *s; ++s) {
      data[0] = (unsigned char)*s;
      snprintf(name, sizeof(name), "%s [%c]", path, *s);
      run_one(r, name, valid, data, n);
    }
  }
  free(data);
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Replays every regular file of directory "dir" in name order. */
static void replay_dir(struct replay *r, const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  char **names = NULL, path[4096];
  size_t n = 0, i;

  if (!d) {
    fprintf(stderr, "replay: cannot open '%s'\n", dir);
    ++r->failures;
    return;
  }
  while ((e = readdir(d)))
    if (e->d_name[0] != '.' &&
        (names = realloc(names, (n + 1) * sizeof(*names))))
      names[n++] = strdup(e->d_name);
  closedir(d);
  if (n > 0) /* qsort's base may not be null, even for no elements */
    qsort(names, n, sizeof(*names), by_name);
  for (i = 0; i < n; ++i) {
    snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
    replay_file(r, path);
    free(names[i]);
  }
  free(names);
}

int main(int argc, char **argv) {
  struct replay r = {0, NULL, 0, -1, ""};
  struct stat st;
  int i;

  mdh_fuzz_verbose = 1;
  LLVMFuzzerInitialize(&argc, &argv);
  for (i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--expect-error"))
      r.expect_error = 1;
    else if (!strcmp(argv[i], "--quiet"))
      mdh_fuzz_verbose = 0;
    else if (!strncmp(argv[i], "--selectors=", 12))
      r.selectors = argv[i] + 12;
    else if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
      replay_dir(&r, argv[i]);
    else
      replay_file(&r, argv[i]);
  }
  if (r.slowest_ms >= 0)
    printf("slowest: %s, %.1f ms\n", r.slowest, r.slowest_ms);
  return r.failures ? 1 : 0;
}
