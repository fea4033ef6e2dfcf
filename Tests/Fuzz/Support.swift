// Shared by the Swift fuzz targets (compiled into each by scripts/fuzz, next to the DepsCore
// sources built with -sanitize=fuzzer,address): how a broken invariant stops the run. A
// failed check prints what broke and the input, then aborts — libFuzzer records that input as
// a crash (Tests/Fuzz/crashes/) and its reproducer.
#if canImport(Glibc)
import Glibc
#endif

/// Stops the run when `condition` is false, printing `message` and the input as JSON text.
func require(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  input: @autoclosure () -> String = ""
) {
  if condition() { return }
  var text = "fuzz invariant broken: " + message() + "\n"
  let shown = input()
  if !shown.isEmpty { text += "input: " + String(shown.prefix(2_000)) + "\n" }
  _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
  abort()
}

/// The fuzz input as a byte array.
func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}

/// The input as (lossily decoded) text, for messages.
func shown(_ input: [UInt8]) -> String {
  String(decoding: input, as: UTF8.self)
}
