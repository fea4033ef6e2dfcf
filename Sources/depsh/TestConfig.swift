// `.depsh`: default options and named profiles for `depsh test`, a Lua file returning a table
// (like busted's `.busted`):
//
//     return {
//       _all = { timeout = 20 },                    -- every run
//       default = { paths = { "Tests/Scenarios" } }, -- runs without -r
//       ci = { format = "junit", jobs = 2, exclude_tags = { "slow" } },  -- depsh test -r ci
//     }
//
// Keys are the long options with `_` for `-`; lists for the options that repeat; true/false for
// flags. Read from `--config FILE`, else `./.depsh`, else `.depsh` next to the first PATH. The
// command line wins: a value it gives replaces the profile's, a list it gives replaces the
// profile's list. `paths` and `coverage` are relative to the config file's directory.
import CDepsh
import CLua

#if canImport(Glibc)
import Glibc
#endif

struct TestConfig {
  enum Kind { case value, list, flag }

  /// The options a profile may set, and how each is given.
  static let keys: [String: Kind] = [
    "format": .value, "filter": .list, "filter_out": .list, "tags": .list,
    "exclude_tags": .list, "repeat": .value, "shard": .value, "coverage": .value, "jobs": .value,
    "timeout": .value, "shuffle": .flag, "seed": .value, "context": .value,
    "memory_limit": .value, "sandbox": .flag, "paths": .list,
  ]

  /// One profile's options as command-line arguments (paths apart).
  struct Section {
    var name: String
    var arguments: [String] = []
    var paths: [String] = []
  }

  /// The file as given or found (`.depsh`, `suite/.depsh`).
  let path: String
  /// Its directory ("" for the current one), prefixed to relative `paths` and `coverage`.
  let directory: String
  /// Every entry of the sections that apply: (section, key, kind, value).
  private let entries: [(section: String, key: String, kind: String, value: String)]
  private let profiles: [String]

  /// The config that applies: `explicit` (must exist), else `./.depsh`, else `.depsh` in the
  /// directory of the first of `paths`; nil when there is none.
  static func load(explicit: String?, paths: [String]) throws -> TestConfig? {
    var path: String?
    if let explicit {
      guard access(explicit, R_OK) == 0 else {
        throw Shell.UsageError(message: "test: --config: cannot read \(explicit)")
      }
      path = explicit
    } else if access(".depsh", R_OK) == 0 {
      path = ".depsh"
    } else if let first = paths.first {
      var info = stat()
      if stat(first, &info) == 0 {
        let isDirectory = info.st_mode & S_IFMT == S_IFDIR
        let directory = isDirectory ? first : Self.directory(of: first)
        let candidate = directory.isEmpty ? ".depsh" : Self.join(directory, ".depsh")
        if access(candidate, R_OK) == 0 { path = candidate }
      }
    }
    guard let path else { return nil }
    return try TestConfig(path: path)
  }

  private init(path: String) throws {
    self.path = path
    self.directory = Self.directory(of: path)
    guard let lua = luaL_newstate() else {
      throw Shell.UsageError(message: "test: \(path): cannot create a Lua state")
    }
    defer { lua_close(lua) }
    luaL_openlibs(lua)
    if clua_depsh_loadfilex(lua, path, "t") != LUA_OK
      || clua_pcall(lua, 0, 1, 0) != LUA_OK
    {
      let message = clua_tostring(lua, -1).map { String(cString: $0) } ?? "error"
      throw Shell.UsageError(message: "test: \(path): \(message)")
    }
    if EmbeddedLua.profiles.load(into: lua) != LUA_OK {
      throw Shell.UsageError(message: "test: \(path): cannot read the profiles")
    }
    clua_insert(lua, -2)
    if clua_pcall(lua, 1, 1, 0) != LUA_OK {
      let message = clua_tostring(lua, -1).map { String(cString: $0) } ?? "error"
      throw Shell.UsageError(message: "test: \(path): \(message)")
    }
    var length = 0
    let text =
      lua_tolstring(lua, -1, &length).map {
        String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self)
      } ?? ""
    var entries: [(String, String, String, String)] = []
    var profiles: [String] = []
    for record in text.split(separator: "\u{1E}", omittingEmptySubsequences: true) {
      let fields = record.split(separator: "\u{1F}", omittingEmptySubsequences: false)
        .map(String.init)
      if fields.first == "P", fields.count == 2 {
        profiles.append(fields[1])
      } else if fields.count == 4 {
        entries.append((fields[0], fields[1], fields[2], fields[3]))
      }
    }
    self.entries = entries
    self.profiles = profiles
  }

  /// `_all`, then `profile` (nil: `default`, when the file has one), as arguments.
  func sections(profile: String?) throws -> [Section] {
    if let profile, !profiles.contains(profile) {
      let names = profiles.isEmpty ? "none" : profiles.joined(separator: ", ")
      throw Shell.UsageError(
        message: "test: \(path) has no profile \"\(profile)\" (profiles: \(names))")
    }
    let chosen = profile ?? "default"
    var sections: [Section] = []
    for name in ["_all", chosen] {
      var section = Section(name: name)
      for entry in entries where entry.section == name {
        let key = entry.key.replacingAll("-", with: "_")
        guard let kind = Self.keys[key] else {
          let expected = Self.keys.keys.sorted().joined(separator: ", ")
          throw Shell.UsageError(
            message: "test: \(path): profile \"\(name)\": unknown option \"\(entry.key)\""
              + " (expected one of: \(expected))")
        }
        let option = "--" + key.replacingAll("_", with: "-")
        switch (kind, entry.kind) {
        case (.flag, "boolean"):
          if entry.value == "true" { section.arguments.append(option) }
        case (.flag, _):
          throw Shell.UsageError(
            message: "test: \(path): profile \"\(name)\": \(entry.key) must be true or false")
        case (.value, "value"), (.list, "value"), (.list, "list"):
          if key == "paths" {
            section.paths.append(resolve(entry.value))
          } else if key == "coverage" {
            section.arguments.append(option + "=" + resolve(entry.value))
          } else {
            section.arguments.append(option + "=" + entry.value)
          }
        case (.value, _):
          throw Shell.UsageError(
            message: "test: \(path): profile \"\(name)\": \(entry.key) takes one string or number")
        case (.list, _):
          throw Shell.UsageError(
            message: "test: \(path): profile \"\(name)\": \(entry.key) takes a list of strings")
        }
      }
      sections.append(section)
    }
    return sections
  }

  /// A path from the file, relative to the file's directory.
  private func resolve(_ value: String) -> String {
    guard !directory.isEmpty, !value.hasPrefix("/") else { return value }
    return Self.join(directory, value)
  }

  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    let directory = String(path[..<slash])
    return directory.isEmpty ? "/" : directory
  }

  static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}

extension String {
  /// The string without `prefix` at its start (unchanged when it does not start with it).
  func droppingPrefix(_ prefix: String) -> String {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
  }
}
