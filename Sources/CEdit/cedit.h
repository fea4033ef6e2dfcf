/* CEdit: libedit (BSD licence) for depsh's REPL line editing, history and completion. */
#ifndef DEPS_CEDIT_SHIM_H
#define DEPS_CEDIT_SHIM_H
#include <stdio.h>
#include <editline/readline.h>
#endif
