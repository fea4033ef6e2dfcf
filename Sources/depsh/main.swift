// depsh entry point: everything lives in `Shell` (so no top-level state is @MainActor).
#if canImport(Glibc)
import Glibc
#endif

exit(Shell.main(Array(CommandLine.arguments.dropFirst())))
