// Entry point: see Harness.swift. `main` is synchronous (an async `main` ends the main thread
// through dispatch, which callgrind does not survive); async benchmarks run on a task
// executor this thread pumps.
#if canImport(Glibc)
import Glibc
#endif

exit(Harness.main(CommandLine.arguments))
