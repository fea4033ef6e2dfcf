/*
 * deps.h — the C API of libDeps.so (Deps: swift-dependencies and the TCA loop on Linux).
 *
 * Conventions (SQLite / libgit2 style):
 *  - functions return an int status (DEPS_OK = 0) unless documented otherwise;
 *  - handle-less failures are described by deps_last_error() (per thread, never NULL);
 *  - every `char *` the library returns is owned by the caller and freed with deps_free();
 *    every `const char *` it returns is owned by the library (see each function);
 *  - NULL pointer arguments give DEPS_EINVAL, never a crash;
 *  - a handle is used by one thread at a time; callbacks run on the thread inside the call.
 */
#ifndef DEPS_H
#define DEPS_H

#ifdef __cplusplus
extern "C" {
#endif

/** The version of this header; compare with deps_version_number() at run time. */
#define DEPS_VERSION "0.1.0"
/** DEPS_VERSION as major*1000000 + minor*1000 + patch. */
#define DEPS_VERSION_NUMBER 1000

/** Status codes returned by the API. */
enum {
  DEPS_OK = 0,        /* success */
  DEPS_ERROR = 1,     /* a failure described by the message (e.g. a script error) */
  DEPS_EINVAL = 2,    /* an invalid argument (NULL pointer, out-of-range value) */
  DEPS_ENOTFOUND = 3, /* an unknown feature, action or dependency path */
  DEPS_EDECODE = 4,   /* malformed JSON or a value of the wrong shape */
  DEPS_ETIMEOUT = 5,  /* the timeout elapsed before the work was done */
  DEPS_EFAILED = 6    /* a test assertion failed (the message holds the diff) */
};

/**
 * The library's version string, e.g. "0.1.0".
 * Ownership: static storage owned by the library; never free it. Thread-safe.
 */
const char *deps_version(void);

/** The library's version number (major*1000000 + minor*1000 + patch). Thread-safe. */
int deps_version_number(void);

/**
 * The calling thread's last handle-less error message ("" when none); never NULL.
 * Ownership: owned by the library; valid until the next failing call on this thread.
 */
const char *deps_last_error(void);

/**
 * Frees memory the library returned to the caller (every `char *` result).
 * NULL is harmless. Never pass memory from another allocator's owner.
 */
void deps_free(void *p);

#ifdef __cplusplus
}
#endif
#endif /* DEPS_H */
