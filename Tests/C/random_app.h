/*
 * The App feature's random actions, shared by the property tests of deps_store_state_patch
 * (state_patch.c) and deps_store_state_changes (state_changes.c): a recipe with deterministic
 * uuid and date, and a seeded generator of actions valid in the current state.
 */
#ifndef DEPS_TESTS_RANDOM_APP_H
#define DEPS_TESTS_RANDOM_APP_H

#include <stdio.h>

#include "check.h"

/* uuid "incrementing" and date.now 0, so twin stores given the same actions agree. */
static deps_overrides *recipe(void) {
  deps_overrides *o = NULL;
  if (deps_overrides_new(&o) != DEPS_OK) return NULL;
  deps_overrides_set(o, "uuid", "\"incrementing\"");
  deps_overrides_set(o, "date.now", "0");
  return o;
}

/* A linear congruential generator: set seed, then next_random(bound) is in [0, bound). */
static unsigned long long seed;

static unsigned next_random(unsigned bound) {
  seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
  return (unsigned)((seed >> 33) % bound);
}

/* One random App action, valid in the current state (tutorial actions only while it is open). */
static void random_action(char *out, size_t size, int *tutorial_open, unsigned *added) {
  const char *list = *tutorial_open ? "tutorial" : "todos";
  unsigned id = *added ? next_random(*added + 1) : 0;
  switch (next_random(6)) {
  case 0:
    snprintf(out, size, "{\"%s\":\"addButtonTapped\"}", list);
    (*added)++;
    break;
  case 1:
    snprintf(out, size,
             "{\"%s\":{\"titleChanged\":{\"id\":\"00000000-0000-0000-0000-%012u\","
             "\"title\":\"t%u\"}}}", list, id, next_random(3));
    break;
  case 2:
    snprintf(out, size,
             "{\"%s\":{\"deleteButtonTapped\":{\"id\":\"00000000-0000-0000-0000-%012u\"}}}", list,
             id);
    break;
  case 3:
    snprintf(out, size, "\"tutorialButtonTapped\"");
    *tutorial_open = 1;
    break;
  case 4:
    snprintf(out, size, "\"tutorialDismissed\"");
    *tutorial_open = 0;
    break;
  default:
    snprintf(out, size, "{\"todos\":\"addButtonTapped\"}");
    (*added)++;
    break;
  }
}

#endif
