// `Effect.debounce` and `Effect.throttle`, as TCA has them, on a clock instead of a Combine
// scheduler: debounce waits `dueTime` and is restarted by the next effect with the same id;
// throttle lets one action through per `interval` for an id (the first or the latest of those
// that came meanwhile, sent when the interval ends). Throttle state is kept per store (outside
// stores, per process), so tests running in parallel never share it.
import Synchronization

extension Effect {
  /// This effect, started only after `dueTime` has passed without another effect debounced with
  /// the same `id` (each new one cancels the waiting one).
  ///
  /// ```swift
  /// case .queryChanged(let query):
  ///   state.query = query
  ///   return .run { send in await send(.response(try await api.search(query))) }
  ///     .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  /// ```
  @_disfavoredOverload
  public func debounce<ID: Hashable & Sendable, C: Clock>(
    id: ID, for dueTime: C.Duration, clock: C
  ) -> Self {
    debounced(id: id, for: dueTime, clock: clock)
  }

  private func debounced<ID: Hashable & Sendable, C: Clock>(
    id: ID, for dueTime: C.Duration, clock: C
  ) -> Self {
    if case .none = operation { return .none }
    return Effect.concatenate(.run { _ in try await clock.sleep(for: dueTime) }, self)
      .cancellable(id: id, cancelInFlight: true)
  }

  /// `debounce(id:for:clock:)` with the clock as `@Dependency(\.continuousClock)` has it.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// return .send(.search(query))
  ///   .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  /// ```
  public func debounce<ID: Hashable & Sendable>(
    id: ID, for dueTime: Swift.Duration, clock: any Clock<Swift.Duration>
  ) -> Self {
    func open<C: Clock<Swift.Duration>>(_ clock: C) -> Self {
      debounced(id: id, for: dueTime, clock: clock)
    }
    return open(clock)
  }

  /// `throttle(id:for:clock:latest:)` with the clock as `@Dependency(\.continuousClock)` has it.
  ///
  /// ```swift
  /// return .send(.save).throttle(id: CancelID.save, for: .seconds(1), clock: clock, latest: true)
  /// ```
  public func throttle<ID: Hashable & Sendable>(
    id: ID, for interval: Swift.Duration, clock: any Clock<Swift.Duration>, latest: Bool
  ) -> Self {
    func open<C: Clock<Swift.Duration>>(_ clock: C) -> Self {
      throttled(id: id, for: interval, clock: clock, latest: latest)
    }
    return open(clock)
  }

  /// The actions of this effect, at most one per `interval` for `id`: the first passes at once;
  /// one arriving within the interval waits for its end (with `latest`, a later one replaces it;
  /// without, the first one waiting is kept).
  ///
  /// ```swift
  /// case .scrolled(let offset):
  ///   return .send(.save(offset))
  ///     .throttle(id: CancelID.save, for: .seconds(1), clock: clock, latest: true)
  /// ```
  /// The effect's actions are collected when it ends, then throttled.
  @_disfavoredOverload
  public func throttle<ID: Hashable & Sendable, C: Clock>(
    id: ID, for interval: C.Duration, clock: C, latest: Bool
  ) -> Self {
    throttled(id: id, for: interval, clock: clock, latest: latest)
  }

  private func throttled<ID: Hashable & Sendable, C: Clock>(
    id: ID, for interval: C.Duration, clock: C, latest: Bool
  ) -> Self {
    if case .none = operation { return .none }
    let key = CancelID(id)
    let effect = self
    return Effect.run { send in
      for action in await effect.collectActions() {
        let now = clock.now
        let boxed = UncheckedSendable(action)
        let decision = withThrottleTable { table -> UncheckedSendable<(C.Duration?, Action)> in
          let action = boxed.value
          guard let entry = table[key], let last = entry.time as? C.Instant else {
            table[key] = ThrottleEntry(time: now, value: nil)
            return UncheckedSendable((nil, action))
          }
          let value = latest ? action : ((entry.value as? Action) ?? action)
          let elapsed = last.duration(to: now)
          if elapsed >= interval {
            table[key] = ThrottleEntry(time: now, value: nil)
            return UncheckedSendable((nil, value))
          }
          table[key]?.value = value
          return UncheckedSendable((interval - elapsed, value))
        }
        let (wait, value) = decision.value
        if let wait {
          try await clock.sleep(for: wait)
          let time = clock.now
          withThrottleTable { $0[key] = ThrottleEntry(time: time, value: nil) }
        }
        await send(value)
      }
    }
    .cancellable(id: ThrottleID(key), cancelInFlight: true)
  }

  /// Runs this effect to its end outside a store, returning the actions it sent in order
  /// (merged effects run one after another).
  func collectActions() async -> [Action] {
    switch operation {
    case .none, .cancel: return []
    case .send(let action): return [action]
    case .run(let run):
      let sent = Mutex<[UncheckedSendable<Action>]>([])
      await DependencyValues.$_current.withValue(run.dependencies) {
        await run.perform(
          Send<Action> { action in sent.withLock { $0.append(UncheckedSendable(action)) } })
      }
      return sent.withLock { $0.map(\.value) }
    case .merge(let effects), .concatenate(let effects):
      var actions: [Action] = []
      for effect in effects { actions += await effect.collectActions() }
      return actions
    case .cancellable(_, _, let inner):
      return await inner.collectActions()
    }
  }
}

/// When an id last let an action through, and the action waiting for the interval to end.
private struct ThrottleEntry: @unchecked Sendable {
  var time: Any
  var value: Any?
}

/// Throttle state outside any store.
private let detachedThrottleTable = Mutex<[CancelID: ThrottleEntry]>([:])

/// The marker under which a store keeps its throttle table.
private struct ThrottleTableKey: Hashable, Sendable {}

/// Runs `body` on the throttle table of the store running the current effect (so stores never
/// share throttle state), or on the table used outside stores.
private func withThrottleTable<R>(_ body: (inout [CancelID: ThrottleEntry]) -> R) -> R {
  guard let runtime = EffectContext.current?.runtime else {
    return detachedThrottleTable.withLock { body(&$0) }
  }
  let entered = runtime.lock.enter()
  defer { if entered { runtime.lock.exit() } }
  let key = CancelID(ThrottleTableKey())
  var table = runtime.operatorState[key] as? [CancelID: ThrottleEntry] ?? [:]
  let result = body(&table)
  runtime.operatorState[key] = table
  return result
}

/// The cancellation id of a throttled effect's waiting send.
private struct ThrottleID: Hashable, Sendable {
  let id: CancelID
  init(_ id: CancelID) { self.id = id }
}
