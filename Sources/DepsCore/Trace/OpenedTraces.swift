// The recorders the stores of a run opened with — their own (`trace = true`, a cassette, a C
// recipe's) and the ambient ones alike — for a host that shows the timeline of every traced
// store of a test (`depsh test --timeline DIR`). Off until a host starts watching: a store
// opening then costs one atomic load.
import Synchronization

/// Collects the recorders stores open with, once a host asks for them.
public enum OpenedTraces {
  private static let isWatching = Atomic<Bool>(false)
  private static let traces = Mutex<[DependencyTrace]>([])

  /// From now on, every recorder that records steps is kept when a store opens with it.
  public static func startWatching() { isWatching.store(true, ordering: .releasing) }

  /// The recorders kept since the last call (each once, in the order their stores opened),
  /// forgetting them.
  ///
  /// ```swift
  /// OpenedTraces.startWatching()
  /// // … a test opens stores …
  /// let timelines = OpenedTraces.take().map { $0.timelineText() }
  /// ```
  public static func take() -> [DependencyTrace] {
    traces.withLock { traces in
      defer { traces.removeAll() }
      return traces
    }
  }

  /// Keeps `trace`, which a store just opened with.
  static func opened(_ trace: DependencyTrace) {
    guard isWatching.load(ordering: .acquiring), trace.recordsSteps else { return }
    traces.withLock { traces in
      if !traces.contains(where: { $0 === trace }) { traces.append(trace) }
    }
  }
}
