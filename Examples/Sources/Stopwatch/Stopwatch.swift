// A stopwatch: ticks every second on `continuousClock` while running, records laps, and saves
// them through the lap log client.
import DepsCore

/// The stopwatch feature.
public struct Stopwatch: Reducer, Sendable {
  /// The stopwatch's state.
  public struct State: Equatable, Codable, Sendable {
    /// Whole seconds since the start.
    public var elapsed = 0
    /// True while ticking.
    public var isRunning = false
    /// The seconds at each lap.
    public var laps: [Int] = []
    /// The number of runs the log holds after the last save.
    public var savedRuns: Int?
    /// Why the last save failed.
    public var saveError: String?

    /// A stopped stopwatch at zero.
    public init() {}
  }

  /// The stopwatch's actions.
  public enum Action: Equatable, Codable, Sendable {
    /// Starts ticking (nothing when running).
    case startTapped
    /// Stops ticking.
    case stopTapped
    /// One second passed.
    case tick
    /// Records the elapsed seconds as a lap.
    case lapTapped
    /// Saves the laps through the lap log.
    case saveTapped
    /// The lap log answered: the runs saved so far.
    case saved(Int)
    /// The lap log failed.
    case saveFailed(String)
  }

  enum CancelID: Hashable, Sendable { case tick }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.lapLog) var lapLog

  /// The reducer.
  public init() {}

  /// The reducer's body.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startTapped:
        guard !state.isRunning else { return .none }
        state.isRunning = true
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.tick, cancelInFlight: true)
      case .stopTapped:
        state.isRunning = false
        return .cancel(id: CancelID.tick)
      case .tick:
        state.elapsed += 1
        return .none
      case .lapTapped:
        state.laps.append(state.elapsed)
        return .none
      case .saveTapped:
        let laps = state.laps
        return .run { send in
          do {
            await send(.saved(try await lapLog.append(laps)))
          } catch {
            await send(.saveFailed("\(error)"))
          }
        }
      case .saved(let runs):
        state.savedRuns = runs
        state.saveError = nil
        return .none
      case .saveFailed(let message):
        state.saveError = message
        return .none
      }
    }
  }
}
