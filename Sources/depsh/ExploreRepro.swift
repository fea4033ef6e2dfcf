// `depsh test`'s side of `deps.explore` (docs/explore.md): the seed of `--seed S` for every
// property, the passing report as the test's output, and under `--repro DIR` the writer of a
// repro per falsified property — a standalone exhaustive scenario made with the `.save`
// writer's pieces (`shell.literal`, `shell.step_assertion`): `deps.test` with `store:send(…,
// function(s) … end)` steps and the states as observed, the failing step non-exhaustive and
// judged by the property's invariants (`deps.explore_property` loads them back). The Lua is
// Sources/depsh/lua/explore_repro.lua.
import CLua

#if canImport(Glibc)
import Glibc
#endif

enum ExploreRepro {
  /// Installs the hooks in `lua` (before the scenario file runs); a failure names the problem.
  static func install(_ lua: LuaState, options: TestOptions) -> CaughtLuaError? {
    if let directory = options.reproDirectory, !makeDirectories(directory) {
      return CaughtLuaError(
        text: "depsh test: cannot create the --repro directory \(directory): "
          + String(cString: strerror(errno)))
    }
    let L = lua.state
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    if let failure = lua.load(.exploreRepro) { return failure }
    lua_getglobal(L, "deps")
    lua_getfield(L, clua_registryindex(), "depsh.shell")
    lua.push(options.seed.map { .string(String($0)) } ?? .nilValue)
    lua.push(options.reproDirectory.map { .string($0) } ?? .nilValue)
    return lua.protectedCall(arguments: 4, results: 0)
  }

  /// `mkdir -p`.
  private static func makeDirectories(_ path: String) -> Bool {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for part in path.split(separator: "/") {
      prefix += part + "/"
      if mkdir(prefix, 0o755) != 0 && errno != EEXIST { return false }
    }
    return true
  }
}
