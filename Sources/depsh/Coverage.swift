// `depsh test --coverage FILE`: every worker counts the lines its Lua state runs in file chunks
// (a line hook in C, cdepsh.h's clua_depsh_cover_hook) and sends the counts to the parent, which
// adds them up and writes an lcov tracefile (`SF:`/`DA:`/`LF:`/`LH:`/`end_of_record`, what
// `genhtml` reads). A file's instrumented lines — the `DA:` lines with count 0 too — are the
// lines that hold a bytecode instruction, read from the file's compiled chunk (`string.dump`).
import CDepsh
import CLua

#if canImport(Glibc)
import Glibc
#endif

enum Coverage {
  /// A worker's counts as record fields: path, then `line:count,…`, for each file.
  static func fields(of lua: LuaState) -> [String] {
    guard let coverage = lua.coverage else { return [] }
    var fields: [String] = []
    for index in 0..<Int(coverage.pointee.count) {
      let file = coverage.pointee.files[index]
      guard let name = file.name else { continue }
      var counts: [String] = []
      if let lines = file.counts {
        for line in 0..<Int(file.size) where lines[line] > 0 {
          counts.append("\(line):\(lines[line])")
        }
      }
      fields.append(String(cString: name))
      fields.append(counts.joined(separator: ","))
    }
    return fields
  }

  /// The counts of every worker, added up: path → line → count.
  struct Counts {
    private(set) var files: [String: [Int: Int]] = [:]

    mutating func add(_ fields: [String]) {
      var index = 0
      while index + 1 < fields.count {
        var lines = files[fields[index], default: [:]]
        for pair in fields[index + 1].split(separator: ",") {
          let parts = pair.split(separator: ":")
          guard parts.count == 2, let line = Int(parts[0]), let count = Int(parts[1]) else {
            continue
          }
          lines[line, default: 0] += count
        }
        files[fields[index]] = lines
        index += 2
      }
    }
  }

  /// One file of the report.
  struct FileReport {
    var path: String
    /// Instrumented lines and how often each ran.
    var lines: [(line: Int, count: Int)]
    var hit: Int { lines.filter { $0.count > 0 }.count }
  }

  /// The report, files sorted by path; files that no longer exist are left out.
  static func report(_ counts: Counts) -> [FileReport] {
    var reports: [FileReport] = []
    for path in counts.files.keys.sorted() {
      guard access(path, R_OK) == 0, let executed = counts.files[path] else { continue }
      var lines = Set(executableLines(path))
      lines.formUnion(executed.keys)
      reports.append(
        FileReport(
          path: path, lines: lines.sorted().map { ($0, executed[$0] ?? 0) }))
    }
    return reports
  }

  /// The lcov tracefile text (paths made absolute, so `genhtml` finds them from anywhere).
  static func tracefile(_ reports: [FileReport]) -> String {
    var text = ""
    for file in reports {
      text += "TN:\nSF:\(absolute(file.path))\n"
      for entry in file.lines { text += "DA:\(entry.line),\(entry.count)\n" }
      text += "LF:\(file.lines.count)\nLH:\(file.hit)\nend_of_record\n"
    }
    return text
  }

  /// The summary lines: each file's hit/instrumented lines and percentage, then the total.
  static func summary(_ reports: [FileReport], written path: String) -> String {
    var rows = reports.map { ($0.path, $0.hit, $0.lines.count) }
    let hit = reports.reduce(0) { $0 + $1.hit }
    let total = reports.reduce(0) { $0 + $1.lines.count }
    rows.append(("total", hit, total))
    let width = rows.map(\.0.count).max() ?? 0
    var text = "Coverage (lcov tracefile \(path)):\n"
    for (name, hit, count) in rows {
      let numbers = "\(hit)/\(count) lines"
      text +=
        "  " + name + String(repeating: " ", count: width - name.count + 2)
        + String(repeating: " ", count: max(0, 15 - numbers.count)) + numbers + "  "
        + percent(hit, count) + "\n"
    }
    return text
  }

  static func percent(_ hit: Int, _ total: Int) -> String {
    guard total > 0 else { return "  0.0%" }
    let tenths = (hit * 1000 + total / 2) / total
    let text = "\(tenths / 10).\(tenths % 10)%"
    return String(repeating: " ", count: max(0, 6 - text.count)) + text
  }

  static func absolute(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The lines of `path` that hold an instruction (what the line hook can report), or [] when
  /// the file does not compile.
  static func executableLines(_ path: String) -> [Int] {
    guard let lua = luaL_newstate() else { return [] }
    defer { lua_close(lua) }
    luaL_openlibs(lua)
    guard EmbeddedLua.coverageLines.load(into: lua) == LUA_OK else { return [] }
    lua_pushstring(lua, path)
    guard clua_pcall(lua, 1, 1, 0) == LUA_OK, let text = clua_tostring(lua, -1) else { return [] }
    return String(cString: text).split(separator: ",").compactMap { Int($0) }
  }
}

/// `--shard K/N`: a test belongs to shard 1 + hash(file, name) mod N, so a shard keeps its
/// tests when others are added or removed, and the N shards together hold every test once.
enum Sharding {
  static func shard(file: String, name: String, count: Int) -> Int {
    var path = Substring(file)
    while path.hasPrefix("./") { path = path.dropFirst(2) }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    hash = (hash ^ 0x0A) &* 0x100_0000_01b3
    for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    // SplitMix64's finalizer spreads the FNV-1a bits before the modulo.
    hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
    hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
    hash ^= hash >> 31
    return Int(hash % UInt64(count)) + 1
  }
}
