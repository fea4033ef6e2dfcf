// depsh's own Lua, the files of Sources/depsh/lua, compiled into the executable: Package.swift
// embeds the folder (`.embedInCode("lua")`) and SwiftPM generates `PackageResources`, each
// file's bytes as a `[UInt8]` named after it (`shell.lua` → `PackageResources.shell_lua`).
// Nothing is read from disk at run time, so depsh stays one file.
import CDepsh
import CLua

/// One of depsh's Lua files (Sources/depsh/lua/<rawValue>.lua).
enum EmbeddedLua: String, CaseIterable {
  case shell
  case completion
  case update
  case testDriver = "test_driver"
  case save
  case sandbox
  case timeTravel = "time_travel"
  case exploreRepro = "explore_repro"
  case pump
  case coverageLines = "coverage_lines"
  case profiles

  /// The file's text, as SwiftPM embedded it.
  var bytes: [UInt8] {
    switch self {
    case .shell: PackageResources.shell_lua
    case .completion: PackageResources.completion_lua
    case .update: PackageResources.update_lua
    case .testDriver: PackageResources.test_driver_lua
    case .save: PackageResources.save_lua
    case .sandbox: PackageResources.sandbox_lua
    case .timeTravel: PackageResources.time_travel_lua
    case .exploreRepro: PackageResources.explore_repro_lua
    case .pump: PackageResources.pump_lua
    case .coverageLines: PackageResources.coverage_lines_lua
    case .profiles: PackageResources.profiles_lua
    }
  }

  /// The chunk name the file loads under: an error or a traceback inside it reads
  /// `depsh/lua/shell.lua:12: …`.
  var chunkName: String { "=depsh/lua/\(rawValue).lua" }

  /// Compiles the file (as text) and pushes the chunk on `L`, or pushes the error message;
  /// returns luaL_loadbufferx's status.
  func load(into L: OpaquePointer) -> Int32 {
    bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        clua_depsh_loadbufferx(L, $0.baseAddress, $0.count, chunkName, "t")
      }
    }
  }
}
