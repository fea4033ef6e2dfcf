/*
 * event_loop.c — a host's event loop driving stores through their descriptor: a live Timer
 * ticks with nothing but poll() on deps_store_fd and deps_store_run(s, 0) when it is readable,
 * the process sleeps (CPU near zero) between ticks, deps_store_next_deadline_ms gives the
 * time to the next tick, and the same holds for a test store; bad input and the descriptor's
 * lifetime. Also the example of docs/embedding.md, in test form.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

static double now_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static double cpu_seconds(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec / 1e6 +
         (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec / 1e6;
}

/* Is fd readable right now? */
static int readable(int fd) {
  struct pollfd p;
  p.fd = fd;
  p.events = POLLIN;
  p.revents = 0;
  return poll(&p, 1, 0) == 1 && (p.revents & POLLIN);
}

static void count_ticks(void *user_data, const char *action_json, const char *state_json) {
  (void)state_json;
  if (strcmp(action_json, "\"timerTicked\"") == 0) (*(int *)user_data)++;
}

static void live_timer_ticks_through_poll(void) {
  deps_store *s = NULL;
  int ticks = 0, wakeups = 0, fd, deadline;
  double wall, cpu;
  struct pollfd p;
  char *state;

  CHECK_RC(deps_store_open(&s, "Timer", NULL, DEPS_CONTEXT_LIVE, NULL), DEPS_OK,
           deps_last_error());
  if (s == NULL) return;
  fd = deps_store_fd(s);
  CHECK(fd >= 0);
  CHECK(deps_store_fd(s) == fd); /* one descriptor per store */
  CHECK(!readable(fd));
  CHECK(deps_store_next_deadline_ms(s) == -1); /* nothing scheduled yet */
  deps_store_observe(s, count_ticks, &ticks);

  CHECK_RC(deps_store_send(s, "\"toggleButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  deadline = deps_store_next_deadline_ms(s);
  CHECK(deadline > 0 && deadline <= 1000); /* the first tick, at most 1 s away */
  CHECK(!readable(fd));                      /* the effect sleeps: nothing to do */

  /* The host's loop: poll the descriptor, run the ready work, nothing else. */
  wall = now_seconds();
  cpu = cpu_seconds();
  p.fd = fd;
  p.events = POLLIN;
  while (ticks < 3 && now_seconds() - wall < 10) {
    p.revents = 0;
    if (poll(&p, 1, 5000) == 1 && (p.revents & POLLIN)) {
      wakeups++;
      CHECK_RC(deps_store_run(s, 0), DEPS_ETIMEOUT, deps_store_errmsg(s)); /* still ticking */
      CHECK(!readable(fd)); /* the work ran: quiet until the next tick */
    }
  }
  wall = now_seconds() - wall;
  cpu = cpu_seconds() - cpu;
  CHECK(ticks == 3);
  CHECK(wall > 2.5 && wall < 4.5);
  CHECK(wakeups >= 3 && wakeups <= 6); /* woken for the ticks, not polling in a loop */
  if (getenv("DEPS_C_UNDER_VALGRIND") == NULL) {
    if (cpu > 0.05 * wall) printf("    cpu %.3f s over %.3f s\n", cpu, wall);
    CHECK(cpu <= 0.05 * wall); /* asleep between ticks */
  }
  deadline = deps_store_next_deadline_ms(s);
  CHECK(deadline > 0 && deadline <= 1000);
  state = deps_store_state(s);
  CHECK_STR(state, "{\"isRunning\":true,\"secondsElapsed\":3}");
  deps_free(state);

  /* Stopping cancels the sleep: nothing is scheduled any more. */
  CHECK_RC(deps_store_send(s, "\"toggleButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  CHECK_RC(deps_store_run(s, 1000), DEPS_OK, deps_store_errmsg(s));
  CHECK(deps_store_next_deadline_ms(s) == -1);
  CHECK(!readable(fd));
  deps_store_close(s);
  /* The descriptor was the store's: closed with it. */
  CHECK(fcntl(fd, F_GETFD) == -1 && errno == EBADF);
}

static void test_store_with_a_live_clock(void) {
  deps_overrides *o = NULL;
  deps_test_store *t = NULL;
  struct pollfd p;
  int fd;

  deps_overrides_new(&o);
  CHECK_RC(deps_overrides_set(o, "continuousClock", "\"live\""), DEPS_OK, deps_last_error());
  CHECK_RC(deps_test_store_open(&t, "Timer", NULL, o), DEPS_OK, deps_last_error());
  deps_overrides_free(o);
  if (t == NULL) return;
  fd = deps_test_store_fd(t);
  CHECK(fd >= 0);
  CHECK(deps_test_store_next_deadline_ms(t) == -1);
  CHECK_RC(deps_test_store_send(t, "\"toggleButtonTapped\"", "{\"isRunning\":true}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK(deps_test_store_next_deadline_ms(t) > 0);
  CHECK(!readable(fd));
  p.fd = fd;
  p.events = POLLIN;
  p.revents = 0;
  CHECK(poll(&p, 1, 3000) == 1 && (p.revents & POLLIN)); /* the tick is ready */
  CHECK(deps_test_store_next_deadline_ms(t) == 0);
  CHECK_RC(deps_test_store_receive(t, "\"timerTicked\"", "{\"secondsElapsed\":1}", 0), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_send(t, "\"toggleButtonTapped\"", "{\"isRunning\":false}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_finish(t, 1000), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

static void bad_input(void) {
  CHECK(deps_store_fd(NULL) == -1);
  CHECK_STR(deps_last_error(), "deps_store_fd: s is NULL");
  CHECK(deps_store_next_deadline_ms(NULL) == -1);
  CHECK_STR(deps_last_error(), "deps_store_next_deadline_ms: s is NULL");
  CHECK(deps_test_store_fd(NULL) == -1);
  CHECK_STR(deps_last_error(), "deps_test_store_fd: t is NULL");
  CHECK(deps_test_store_next_deadline_ms(NULL) == -1);
  CHECK_STR(deps_last_error(), "deps_test_store_next_deadline_ms: t is NULL");
}

/* A store whose descriptor is never asked for works as before (no descriptor is made). */
static void no_descriptor_unless_asked(void) {
  deps_store *s = NULL;
  int before, after;
  before = open("/dev/null", O_RDONLY);
  if (before >= 0) close(before);
  CHECK_RC(deps_store_open(&s, "Counter", NULL, DEPS_CONTEXT_LIVE, NULL), DEPS_OK,
           deps_last_error());
  CHECK_RC(deps_store_send(s, "\"incrementButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  after = open("/dev/null", O_RDONLY);
  CHECK(after == before); /* the lowest free descriptor is still free */
  if (after >= 0) close(after);
  deps_store_close(s);
}

/* With no descriptor left to give, deps_store_fd says why and the store stays usable. */
static void no_descriptor_left(void) {
  deps_store *s = NULL;
  struct rlimit saved, tight;
  int lowest, fd;
  char *state;
  if (getenv("DEPS_C_UNDER_VALGRIND") != NULL) return; /* valgrind keeps its own descriptors */
  CHECK_RC(deps_store_open(&s, "Counter", NULL, DEPS_CONTEXT_LIVE, NULL), DEPS_OK,
           deps_last_error());
  if (s == NULL) return;
  lowest = open("/dev/null", O_RDONLY); /* every descriptor below it is in use */
  CHECK(lowest >= 0);
  close(lowest);
  getrlimit(RLIMIT_NOFILE, &saved);
  tight = saved;
  tight.rlim_cur = (rlim_t)lowest;
  CHECK(setrlimit(RLIMIT_NOFILE, &tight) == 0);
  fd = deps_store_fd(s);
  setrlimit(RLIMIT_NOFILE, &saved);
  CHECK(fd == -1);
  CHECK_STR(deps_store_errmsg(s), "deps_store_fd: pipe failed: Too many open files");
  CHECK_RC(deps_store_send(s, "\"incrementButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  state = deps_store_state(s);
  CHECK_STR(state, "{\"count\":1,\"isLoading\":false}");
  deps_free(state);
  CHECK(deps_store_fd(s) >= 0); /* descriptors again: it works */
  deps_store_close(s);
}

int main(void) {
  RUN(live_timer_ticks_through_poll);
  RUN(test_store_with_a_live_clock);
  RUN(bad_input);
  RUN(no_descriptor_unless_asked);
  RUN(no_descriptor_left);
  return check_summary();
}
