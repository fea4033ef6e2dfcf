// `AsyncStream` and `AsyncThrowingStream` helpers, as in swift-concurrency-extras: a stream from
// any async sequence, a stream that never ends, one that has already ended.

extension AsyncStream {
  /// A stream of `sequence`'s elements.
  public init<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Element {
    let iterator = UncheckedSendable(IteratorBox(sequence.makeAsyncIterator()))
    self.init { try? await iterator.value.next() }
  }

  /// A stream that never yields and never finishes (it ends when its task is cancelled).
  public static var never: Self { Self { _ in } }

  /// A stream that has already finished.
  public static var finished: Self { Self { $0.finish() } }
}

extension AsyncSequence where Self: Sendable {
  /// This sequence as an `AsyncStream` (its errors end the stream).
  public func eraseToStream() -> AsyncStream<Element> { AsyncStream(self) }

  /// This sequence as an `AsyncThrowingStream`.
  public func eraseToThrowingStream() -> AsyncThrowingStream<Element, any Error> {
    AsyncThrowingStream(self)
  }
}

extension AsyncThrowingStream where Failure == any Error {
  /// A stream of `sequence`'s elements, ending with its error.
  public init<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Element {
    let iterator = UncheckedSendable(IteratorBox(sequence.makeAsyncIterator()))
    self.init { try await iterator.value.next() }
  }

  /// A stream that never yields and never finishes (it ends when its task is cancelled).
  public static var never: Self { Self { _ in } }

  /// A stream that has already finished, with `error` if given.
  public static func finished(throwing error: Failure? = nil) -> Self {
    Self { $0.finish(throwing: error) }
  }
}

/// An async iterator kept in one place, so the stream's element closure can advance it (the
/// stream calls that closure for one element at a time).
private final class IteratorBox<Iterator: AsyncIteratorProtocol> {
  var iterator: Iterator
  init(_ iterator: Iterator) { self.iterator = iterator }
  func next() async throws -> Iterator.Element? { try await iterator.next() }
}
