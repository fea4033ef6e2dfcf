// A process-wide interrupt request (Ctrl-C in a shell): a store call that is waiting for its
// effects (run, receive, finish, advance) returns promptly instead of waiting for its timeout;
// the store stays usable and its effects keep their state. Safe to request from a signal
// handler (one atomic store).
import Synchronization

/// Interrupts the store calls waiting on this process's stores.
///
/// ```swift
/// signal(SIGINT) { _ in StoreInterrupt.request() }
/// ```
public enum StoreInterrupt {
  private static let flag = Atomic<Bool>(false)

  /// Asks every waiting store call to return now (async-signal-safe).
  public static func request() {
    flag.store(true, ordering: .relaxed)
  }

  /// True while an interrupt is requested and not yet taken.
  public static var isRequested: Bool { flag.load(ordering: .relaxed) }

  /// Takes the request: true when one was pending (it is cleared).
  @discardableResult
  public static func take() -> Bool {
    flag.exchange(false, ordering: .relaxed)
  }
}
