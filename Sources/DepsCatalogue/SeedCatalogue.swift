// The seed catalogue as a module: the five seed features (Counter, NumberFact, Todos, Timer,
// App) and the dependency paths of their clients (`numberFact.fetch`, `delayClient.wait`,
// `userDefaults`, `userDefaults.get`/`.set`). It uses exactly the public module API
// (docs/modules.md); libDeps.so registers it, a library of your own may leave it out.
import DepsCore

/// The seed catalogue's module.
public enum SeedCatalogue {
  /// The five seed features and their clients' dependency paths. Registering it twice is
  /// harmless (entries are replaced by equal ones).
  public static let module = DepsModule(name: "seeds") { features, endpoints in
    registerEndpoints(in: endpoints)
    registerFeatures(in: features)
  }

  static func registerFeatures(in registry: FeatureRegistry) {
    let result = #"{"success":string} | {"failure":string}"#
    registry.register(
      name: "Counter",
      summary: "Counts taps; the delayed increment waits on delayClient.wait (live only).",
      actions: [
        ActionDescriptor("incrementButtonTapped"), ActionDescriptor("decrementButtonTapped"),
        ActionDescriptor("delayedIncrementButtonTapped"),
        ActionDescriptor("delayedIncrementFinished"),
      ],
      dependencies: ["delayClient.wait", "continuousClock"],
      initialState: Counter.State(), codec: .codable, reducer: { Counter() })
    registry.register(
      name: "NumberFact",
      summary: "A counter that fetches a fact about its number through numberFact.fetch.",
      actions: [
        ActionDescriptor("incrementButtonTapped"), ActionDescriptor("decrementButtonTapped"),
        ActionDescriptor("numberFactButtonTapped"),
        ActionDescriptor("numberFactResponse", payload: result),
      ],
      dependencies: ["numberFact.fetch"],
      initialState: NumberFact.State(), codec: .codable, reducer: { NumberFact() })
    let todosActions = [
      ActionDescriptor("addButtonTapped"),
      ActionDescriptor("titleChanged", payload: #"{"id":uuid,"title":string}"#),
      ActionDescriptor("deleteButtonTapped", payload: #"{"id":uuid}"#),
    ]
    registry.register(
      name: "Todos",
      summary: "A todo list; new todos take uuid() and date.now and are saved to userDefaults.",
      actions: todosActions,
      dependencies: ["uuid", "date.now", "userDefaults"],
      initialState: Todos.State(), codec: .codable, reducer: { Todos() })
    registry.register(
      name: "Timer",
      summary: "Ticks every second on continuousClock while running (a cancellable effect).",
      actions: [ActionDescriptor("toggleButtonTapped"), ActionDescriptor("timerTicked")],
      dependencies: ["continuousClock"],
      initialState: TimerFeature.State(), codec: .codable, reducer: { TimerFeature() })
    registry.register(
      name: "App",
      summary: "Todos plus a tutorial sandbox whose userDefaults is an in-memory mock.",
      actions: [
        ActionDescriptor("todos", payload: "a Todos action"),
        ActionDescriptor("tutorialButtonTapped"),
        ActionDescriptor("tutorial", payload: "a Todos action"),
        ActionDescriptor("tutorialDismissed"),
      ],
      dependencies: ["uuid", "date.now", "userDefaults"], children: ["Todos"],
      initialState: AppFeature.State(), codec: .codable, reducer: { AppFeature() })
  }

  static func registerEndpoints(in registry: EndpointRegistry) {
    registry.register("numberFact.fetch", \.numberFact.fetch)
    registry.markUnimplementedInTests("numberFact.fetch")
    registry.register("delayClient.wait", \.delayClient.wait, contexts: [.live])
    registerUserDefaults(in: registry)
    registerUserDefaultsAccess(in: registry)
    observeUserDefaults(in: registry)
  }

  /// Each read and write of `userDefaults` in a traced store is a step named like the paths a
  /// front reaches them by: `userDefaults.get("todos") → […]`,
  /// `userDefaults.set({"key":"todos","value":[…]}) → null`.
  private static func observeUserDefaults(in registry: EndpointRegistry) {
    registry.observeCalls("userDefaults") { values, observe in
      let inner = values.userDefaults
      values.userDefaults = UserDefaultsClient(
        value: { key in
          let arguments = JSONValue.string(key).json()
          do {
            let value = try inner.value(key)
            observe(.call("get", arguments: arguments, outcome: (value ?? .null).json()))
            return value
          } catch {
            observe(.call(JSONValue.string(key), .failure(error)).named("get"))
            throw error
          }
        },
        setValue: { value, key in
          var object = ValueObject()
          object["key"] = .string(key)
          object["value"] = value ?? .null
          let input = JSONValue.object(object)
          do {
            try inner.setValue(value, key)
            observe(.call(input, .success(.null)).named("set"))
          } catch {
            observe(.call(input, .failure(error)).named("set"))
            throw error
          }
        })
    }
  }

  private static func registerUserDefaults(in registry: EndpointRegistry) {
    registry.register(
      "userDefaults", input: "null", output: "a string-keyed store of JSON values",
      presets: ["\"memory\"", "an object of initial contents (in memory)"],
      function: nil,
      preset: { values, preset throws(BridgeError) in
        switch preset {
        case .string("memory"): values.userDefaults = .inMemory()
        case .object(let object):
          var contents: [String: JSONValue] = [:]
          for (key, value) in object { contents[key] = value }
          values.userDefaults = .inMemory(contents)
        default:
          throw BridgeError(
            .decode,
            "expected \"memory\" or an object for userDefaults, got "
              + ValueError.excerpt(of: preset))
        }
      },
      invoke: nil)
  }

  /// `userDefaults.get` / `userDefaults.set`: read and write the store in scope from Lua
  /// (`deps.dependency("userDefaults.set"){key = "k", value = v}`); not overridable themselves —
  /// override `userDefaults` as a whole.
  private static func registerUserDefaultsAccess(in registry: EndpointRegistry) {
    registry.register(
      "userDefaults.get", input: "string key", output: "a JSON value or null",
      presets: [], function: nil, preset: nil,
      invoke: { key in
        @Dependency(\.userDefaults) var userDefaults
        guard let key = key.stringValue else {
          throw BridgeError(.decode, "expected a string key, got \(ValueError.excerpt(of: key))")
        }
        return try userDefaults.value(key) ?? .null
      })
    registry.register(
      "userDefaults.set", input: #"{"key": string, "value": any}"#, output: "null",
      isThrowing: true, presets: [], function: nil, preset: nil,
      invoke: { input in
        @Dependency(\.userDefaults) var userDefaults
        guard let key = input["key"]?.stringValue else {
          throw BridgeError(
            .decode,
            #"expected {"key": string, "value": any}, got "# + ValueError.excerpt(of: input))
        }
        let value = input["value"]
        try userDefaults.setValue(value == .null ? nil : value, key)
        return .null
      })
  }

}
