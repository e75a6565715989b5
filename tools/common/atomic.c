/* Output files written completely or not at all (atomic.h). */

#include "tools/common/atomic.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The temporaries not yet committed or aborted, for the signal handler:
 * fixed slots, since the handler may only call async-signal-safe
 * functions (unlink, signal, raise). A tool has a few outputs open at a
 * time. */
#define MAX_PENDING 16

static char *volatile pending[MAX_PENDING];
static int handlers_installed;

/* Removes every pending temporary, then ends the tool as the signal would
 * have. */
static void remove_pending(int sig) {
  int i;

  for (i = 0; i < MAX_PENDING; ++i)
    if (pending[i])
      unlink(pending[i]);
  signal(sig, SIG_DFL);
  raise(sig);
}

/* Installs remove_pending for SIGINT and SIGTERM, unless they are ignored
 * (a tool started in the background keeps ignoring them). */
static void install_handlers(void) {
  static const int sigs[] = {SIGINT, SIGTERM};
  struct sigaction sa, old;
  size_t i;

  if (handlers_installed)
    return;
  handlers_installed = 1;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = &remove_pending;
  sigemptyset(&sa.sa_mask);
  for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); ++i)
    if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
      sigaction(sigs[i], &sa, NULL);
}

/* Puts "tmp" into a free pending slot; returns -1 if there is none. */
static int add_pending(char *tmp) {
  int i;

  for (i = 0; i < MAX_PENDING; ++i) {
    if (!pending[i]) {
      pending[i] = tmp;
      return 0;
    }
  }
  return -1;
}

/* Takes "tmp" out of the pending slots. */
static void drop_pending(const char *tmp) {
  int i;

  for (i = 0; i < MAX_PENDING; ++i)
    if (pending[i] == tmp)
      pending[i] = NULL;
}

/* Returns the process's umask: mkstemp creates its file 0600, and an
 * output should get the permissions a plain fopen would give it. */
static mode_t current_umask(void) {
  mode_t mask = umask(022);

  umask(mask);
  return mask;
}

int mdh_atomic_open(struct mdh_atomic_file *a, const char *path, int stream) {
  size_t n = strlen(path);
  sigset_t block, saved;
  int fd;

  memset(a, 0, sizeof(*a));
  a->path = strdup(path);
  a->tmp = malloc(n + sizeof(".tmpXXXXXX"));
  if (!a->path || !a->tmp) {
    free(a->path);
    free(a->tmp);
    errno = ENOMEM;
    return -1;
  }
  memcpy(a->tmp, path, n);
  memcpy(a->tmp + n, ".tmpXXXXXX", sizeof(".tmpXXXXXX"));
  install_handlers();
  sigemptyset(&block);
  sigaddset(&block, SIGINT);
  sigaddset(&block, SIGTERM);
  sigprocmask(SIG_BLOCK, &block, &saved);
  fd = mkstemp(a->tmp);
  if (fd >= 0 && add_pending(a->tmp) < 0) {
    close(fd);
    unlink(a->tmp);
    fd = -1;
    errno = EMFILE;
  }
  sigprocmask(SIG_SETMASK, &saved, NULL);
  if (fd >= 0)
    fchmod(fd, 0666 & ~current_umask());
  if (fd >= 0 && stream) {
    a->f = fdopen(fd, "wb");
    if (!a->f) {
      close(fd);
      fd = -1;
    }
  } else if (fd >= 0) {
    close(fd);
  }
  if (fd < 0) {
    if (a->tmp && errno != EMFILE)
      unlink(a->tmp);
    drop_pending(a->tmp);
    free(a->path);
    free(a->tmp);
    memset(a, 0, sizeof(*a));
    return -1;
  }
  return 0;
}

/* Releases what "a" holds after its temporary was renamed or removed. */
static void release(struct mdh_atomic_file *a) {
  drop_pending(a->tmp);
  free(a->path);
  free(a->tmp);
  memset(a, 0, sizeof(*a));
}

int mdh_atomic_commit(struct mdh_atomic_file *a) {
  int rc = 0, err = 0;

  if (a->f && fclose(a->f) != 0) {
    rc = -1;
    err = errno;
  }
  a->f = NULL;
  if (rc == 0 && rename(a->tmp, a->path) != 0) {
    rc = -1;
    err = errno;
  }
  if (rc < 0)
    unlink(a->tmp);
  release(a);
  errno = err;
  return rc;
}

void mdh_atomic_abort(struct mdh_atomic_file *a) {
  if (!a->tmp)
    return;
  if (a->f)
    fclose(a->f);
  unlink(a->tmp);
  release(a);
}
