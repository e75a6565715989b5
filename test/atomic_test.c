/* Unit tests of the tools' atomic output files (tools/common/atomic.c), in
 * isl_test.c's style: each test returns -1 with a message on failure.
 * SIGINT while an output is open must leave the previous file and no
 * temporary: a child process opens one, writes, and interrupts itself. */

#include "tools/common/atomic.h"

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Writes "text" to "path"; returns 0 or -1. */
static int write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");

  if (!f)
    return -1;
  fputs(text, f);
  return fclose(f);
}

/* Tells whether "path" holds exactly "text". */
static int holds(const char *path, const char *text) {
  char buf[256];
  FILE *f = fopen(path, "r");
  size_t n;

  if (!f)
    return 0;
  n = fread(buf, 1, sizeof(buf) - 1, f);
  fclose(f);
  buf[n] = '\0';
  return !strcmp(buf, text);
}

/* The number of entries of "dir" besides . and .. */
static int count_entries(const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  int n = 0;

  if (!d)
    return -1;
  while ((e = readdir(d)))
    n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
  closedir(d);
  return n;
}

/* Commit replaces the file; abort keeps it; neither leaves a temporary. */
static int test_commit_abort(const char *dir) {
  struct mdh_atomic_file a;
  char path[4096];

  snprintf(path, sizeof(path), "%s/out", dir);
  if (write_file(path, "old") < 0 || mdh_atomic_open(&a, path, 1) < 0)
    return -1;
  fputs("new", a.f);
  mdh_atomic_abort(&a);
  if (!holds(path, "old") || count_entries(dir) != 1) {
    fprintf(stderr, "abort did not keep the old file alone\n");
    return -1;
  }
  if (mdh_atomic_open(&a, path, 1) < 0)
    return -1;
  fputs("new", a.f);
  if (mdh_atomic_commit(&a) < 0 || !holds(path, "new") ||
      count_entries(dir) != 1) {
    fprintf(stderr, "commit did not replace the file alone\n");
    return -1;
  }
  return 0;
}

/* A child interrupted by "sig" while writing leaves the old file and no
 * temporary. */
static int test_signal(const char *dir, int sig) {
  struct mdh_atomic_file a;
  char path[4096];
  int status;
  pid_t pid;

  snprintf(path, sizeof(path), "%s/out", dir);
  if (write_file(path, "old") < 0)
    return -1;
  fflush(NULL);
  pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    if (mdh_atomic_open(&a, path, 1) < 0)
      _exit(2);
    fputs("partial", a.f);
    fflush(a.f);
    raise(sig);
    _exit(3);
  }
  if (waitpid(pid, &status, 0) < 0 || !WIFSIGNALED(status) ||
      WTERMSIG(status) != sig) {
    fprintf(stderr, "the child was not ended by signal %d\n", sig);
    return -1;
  }
  if (!holds(path, "old") || count_entries(dir) != 1) {
    fprintf(stderr, "signal %d left a temporary or changed the file\n", sig);
    return -1;
  }
  return 0;
}

int main(void) {
  char dir[] = "/tmp/mdh_atomic_testXXXXXX";
  char path[4096];
  int rc = 0;

  if (!mkdtemp(dir))
    return 1;
  if (test_commit_abort(dir) < 0)
    rc = 2;
  else if (test_signal(dir, SIGINT) < 0)
    rc = 3;
  else if (test_signal(dir, SIGTERM) < 0)
    rc = 4;
  snprintf(path, sizeof(path), "%s/out", dir);
  unlink(path);
  rmdir(dir);
  printf("%s\n", rc ? "FAIL" : "ok");
  return rc;
}
