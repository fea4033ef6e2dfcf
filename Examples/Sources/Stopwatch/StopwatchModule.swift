// The stopwatch as a Deps module: its dependency path and its feature, for the C and Lua
// fronts (docs/modules.md).
import DepsCore

extension Stopwatch {
  /// The module: `lapLog.append` and the `Stopwatch` feature.
  public static let module = DepsModule(name: "stopwatch") { features, endpoints in
    endpoints.register("lapLog.append", \.lapLog.append)
    features.register(
      name: "Stopwatch",
      summary: "Ticks every second on continuousClock while running; saves laps to lapLog.",
      actions: [
        ActionDescriptor("startTapped"), ActionDescriptor("stopTapped"),
        ActionDescriptor("tick"), ActionDescriptor("lapTapped"), ActionDescriptor("saveTapped"),
        ActionDescriptor("saved", payload: "integer"),
        ActionDescriptor("saveFailed", payload: "string"),
      ],
      dependencies: ["continuousClock", "lapLog.append"],
      initialState: State(), codec: .codable, reducer: { Stopwatch() })
  }
}
