// depsh's two streams. stdout is C's buffered stream (Lua's print and Swift's print share it);
// it is flushed before anything goes to stderr, so piped output keeps its order.
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

enum Output {
  /// Writes `text` to stdout now.
  static func write(_ text: String) {
    print(text, terminator: "")
    flush()
  }

  /// Flushes every C stream (stdout included) without naming the `stdout` global.
  static func flush() {
    fflush(nil)
  }

  /// Writes `text` to stderr after what is pending on stdout.
  static func error(_ text: String) {
    flush()
    StandardError.write(text)
  }
}
