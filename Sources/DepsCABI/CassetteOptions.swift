// A cassette as the C and Lua fronts name one: a file name, or an object with its file, mode,
// secrets and match (`deps_overrides_set_trace`'s "cassette", a Lua store's `cassette = …`).
import DepsCore

enum CassetteOptions {
  /// A cassette from `"file"` or `{file=, mode=, secrets=, match=}`.
  static func cassette(from field: JSONValue) throws(CassetteError) -> Cassette {
    let shape = "a file name or {file=, mode=, secrets=, match=} expected"
    if case .string(let path) = field { return try Cassette(path: path) }
    guard case .object(let object) = field else {
      throw CassetteError("\(shape), got \(field.json())")
    }
    for key in object.keys where !["file", "mode", "secrets", "match"].contains(key) {
      throw CassetteError("unknown key \"\(key)\" (\(shape))")
    }
    guard case .string(let path)? = object["file"] else {
      throw CassetteError("\"file\" must be a file name (\(shape))")
    }
    var mode = Cassette.Mode.once
    if let value = object["mode"] {
      guard case .string(let name) = value, let parsed = Cassette.Mode(rawValue: name) else {
        throw CassetteError(
          "unknown mode \(value.json()) (once, none, new_episodes or all "
            + "expected)")
      }
      mode = parsed
    }
    var secrets: [String] = []
    if let value = object["secrets"] {
      guard case .array(let items) = value,
        items.allSatisfy({ if case .string = $0 { true } else { false } })
      else {
        throw CassetteError("\"secrets\" must be a list of key names")
      }
      secrets = items.compactMap(\.stringValue)
    }
    var matcher = Cassette.matchEndpointAndArguments
    if let value = object["match"] {
      switch value {
      case .string("endpoint"): matcher = Cassette.matchEndpoint
      case .string("endpoint+arguments"): matcher = Cassette.matchEndpointAndArguments
      default:
        throw CassetteError(
          "unknown match \(value.json()) (\"endpoint+arguments\" or "
            + "\"endpoint\" expected)")
      }
    }
    return try Cassette(path: path, mode: mode, matcher: matcher, secrets: secrets)
  }
}
