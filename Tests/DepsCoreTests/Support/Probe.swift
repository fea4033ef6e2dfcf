// `Probe`: a small feature the architecture and TestStore tests drive. Its actions cover the
// cases the tests need: plain state changes, effects that send at once, effects that wait on
// the test clock, effects that never end, and payloads.
@testable import Clocks
@testable import CustomDump
@testable import Dependencies
@testable import DepsConcurrency
@testable import CasePaths
@testable import ComposableArchitecture
@testable import ConcurrencyExtras
@testable import DepsCore
@testable import IdentifiedCollections
@testable import DepsRuntime
@testable import IssueReporting

struct Probe: Reducer {
  struct State: Equatable {
    var count = 0
    var name = ""
    var log: [String] = []
  }

  enum Action: Equatable {
    case increment
    case rename(String)
    case incrementAndRename(String)
    case noop
    /// Sends `.first` then `.second` from `.send` effects.
    case sendTwo
    case first
    case second
    case respond(Int)
    /// Sleeps one second on `continuousClock`, then sends `.respond(1)`.
    case sleepThenRespond
    /// Sleeps for an hour on `continuousClock` (a long-living effect).
    case startLongLiving
    case stopLongLiving
  }

  enum CancelID: Hashable, Sendable { case longLiving }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .rename(let name):
        state.name = name
        return .none
      case .incrementAndRename(let name):
        state.count += 1
        state.name = name
        return .none
      case .noop:
        return .none
      case .sendTwo:
        return .merge(.send(.first), .send(.second))
      case .first, .second:
        state.log.append("\(action)")
        return .none
      case .respond(let value):
        state.count = value
        return .none
      case .sleepThenRespond:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.respond(1))
        }
      case .startLongLiving:
        return .run { _ in
          try await clock.sleep(for: .seconds(3600))
        }
        .cancellable(id: CancelID.longLiving)
      case .stopLongLiving:
        return .cancel(id: CancelID.longLiving)
      }
    }
  }
}

/// A TestStore of `Probe` on `clock`, with a short default timeout.
func probeStore(
  clock: TestClock<Duration> = TestClock(), state: Probe.State = Probe.State(),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) -> TestStore<Probe.State, Probe.Action> {
  let store = TestStore(
    initialState: state, reducer: { Probe() },
    withDependencies: { $0.continuousClock = clock },
    fileID: fileID, filePath: filePath, line: line, column: column)
  store.timeout = .milliseconds(50)
  return store
}
