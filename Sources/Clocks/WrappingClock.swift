// A clock that stands in front of another (a traced store's clock telling each `now` and
// `sleep` to its trace): a test store finds the `TestClock` it advances through it.

/// A clock wrapping another one.
package protocol WrappingClock {
  /// The clock this one forwards to.
  var wrappedClock: any Clock<Duration> { get }
}
