// Fitting a store into a host's event loop (libcurl's multi interface, D-Bus and Wayland's
// get_fd + dispatch): a descriptor that is readable while the store has work ready, the time of
// its next deadline, and `run(timeout: .zero)` to do the ready work without blocking. The rule
// stays: the store does its work only inside a call on it; the descriptor only says when to
// call. See docs/embedding.md.

/// Why a store could not make its event-loop descriptor (the system's reason, e.g. too many
/// open files).
public struct StoreDescriptorError: Error, Equatable, CustomStringConvertible {
  /// The reason, e.g. "pipe failed: Too many open files".
  public let description: String
}

extension StoreRuntime {
  /// The store's event-loop descriptor (created on first use). Caller holds the lock.
  package final func pollDescriptor() throws(StoreDescriptorError) -> Int32 {
    do {
      return try executor.pollDescriptor()
    } catch {
      throw StoreDescriptorError(description: error.message)
    }
  }

  /// Milliseconds until the store has work (poll()'s convention: 0 now, -1 nothing scheduled).
  package final var millisecondsUntilWork: Int32 { executor.millisecondsUntilWork }
}

extension Store {
  /// A file descriptor that is readable while the store has work ready — an effect resumed, a
  /// live clock's sleep ended, a socket answered — for a host's `poll()`/`epoll`/run loop.
  /// When it is readable, call `run(timeout: .zero)` (on any thread): it does the ready work
  /// and returns without blocking. Never read, write or close the descriptor; it is the
  /// store's, valid until the store is closed or freed. Created on first use: a store never
  /// asked for it pays nothing.
  ///
  /// ```swift
  /// var entry = pollfd(fd: try store.fileDescriptor, events: Int16(POLLIN), revents: 0)
  /// while poll(&entry, 1, -1) >= 0 { store.run(timeout: .zero) }
  /// ```
  /// - Throws: `StoreDescriptorError` when the system refuses a descriptor.
  public var fileDescriptor: Int32 {
    get throws(StoreDescriptorError) {
      let entered = runtime.lock.enter()
      defer { if entered { runtime.lock.exit() } }
      return try runtime.pollDescriptor()
    }
  }

  /// How long until the store next has work: `.zero` when work is ready now, the time until
  /// the earliest deadline its effects sleep until on the live clocks, or nil when nothing is
  /// scheduled (outside work, such as a socket, is signalled by `fileDescriptor` only).
  ///
  /// ```swift
  /// if let wait = store.nextDeadline { scheduleTimer(after: wait) { store.run(timeout: .zero) } }
  /// ```
  public var nextDeadline: Duration? {
    let milliseconds = runtime.millisecondsUntilWork
    return milliseconds < 0 ? nil : .milliseconds(milliseconds)
  }
}
