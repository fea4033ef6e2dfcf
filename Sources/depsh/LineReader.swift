// Where REPL lines come from: libedit on a terminal (editing, history in ~/.depsh_history,
// tab completion through the shell's Lua half), plain stdin otherwise — so piped input works
// unchanged and never sees a prompt.
import CEdit

#if canImport(Glibc)
import Glibc
#endif

final class LineReader {
  enum Line {
    case text(String)
    /// Ctrl-C while typing: drop the statement being typed.
    case interrupted
    case end
  }

  let interactive: Bool
  private let historyPath: String?

  init(completer: LuaState) {
    interactive = isatty(0) != 0
    if interactive, let home = getenv("HOME") {
      historyPath = String(cString: home) + "/.depsh_history"
    } else {
      historyPath = nil
    }
    guard interactive else { return }
    Completion.state = completer
    EditGlobal.set("rl_readline_name", UnsafePointer<CChar>(strdup("depsh")))
    EditGlobal.set(
      "rl_basic_word_break_characters",
      UnsafePointer<CChar>(strdup(" \t\n\"\\'`@$><=;|&{(,+-*/%^~#")))
    EditGlobal.set("rl_completion_append_character", Int32(0))
    let complete: CompletionFunction = { text, start, end in
      Completion.matches(for: text, start: start, end: end)
    }
    EditGlobal.set("rl_attempted_completion_function", Optional(complete))
    using_history()
    stifle_history(1000)
    if let historyPath { read_history(historyPath) }
  }

  func read(prompt: String) -> Line {
    guard interactive else {
      guard let line = Swift.readLine(strippingNewline: true) else { return .end }
      return .text(line)
    }
    guard let raw = readline(prompt) else {
      if Guard.takeInterrupt() { return .interrupted }
      return .end
    }
    defer { free(raw) }
    if Guard.takeInterrupt() { return .interrupted }
    return .text(String(cString: raw))
  }

  /// Adds the line to the history and writes the history file at once (a crash or a kill
  /// keeps what was typed).
  func remember(_ line: String) {
    guard interactive, !line.allSatisfy(\.isWhitespace) else { return }
    add_history(line)
    saveHistory()
  }

  func saveHistory() {
    guard let historyPath else { return }
    write_history(historyPath)
  }
}

/// libedit's completion callback cannot capture: the REPL's state is parked here.
enum Completion {
  nonisolated(unsafe) static var state: LuaState?

  /// A malloc'd, NULL-terminated array: the common prefix, then every match (readline's
  /// convention); NULL when nothing matches.
  static func matches(
    for text: UnsafePointer<CChar>?, start: Int32 = 0, end: Int32 = 0
  ) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    EditGlobal.set("rl_attempted_completion_over", Int32(1))
    guard let state, let text else { return nil }
    let word = String(cString: text)
    let line = EditGlobal.lineBuffer(upTo: Int(end)) ?? word
    return array(of: candidates(word: word, line: line, start: Int(start), state: state))
  }

  /// What completes `word` (`line`: the line up to the cursor): dot-commands at the start of a
  /// line, else the shell's Lua half decides (Lua names, feature/action/endpoint names).
  static func candidates(word: String, line: String, start: Int, state: LuaState) -> [String] {
    if start == 0, word.hasPrefix(".") {
      let commands = Help.replCommands.compactMap { $0.syntax.split(separator: " ").first }
        .map(String.init)
      return commands.filter { $0.hasPrefix(word) }
    }
    let listing = state.callHelper("complete", [.string(word), .string(line)]).first ?? ""
    return listing.split(separator: "\n").map(String.init)
  }

  /// readline's convention for a list of matches.
  private static func array(
    of candidates: [String]
  ) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    guard let first = candidates.first else { return nil }
    var common = Substring(first)
    for candidate in candidates.dropFirst() {
      while !candidate.hasPrefix(common) { common = common.dropLast() }
    }
    let array = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(
      capacity: candidates.count + 2)
    array[0] = strdup(String(common))
    for (index, candidate) in candidates.enumerated() { array[index + 1] = strdup(candidate) }
    array[candidates.count + 1] = nil
    return array
  }
}

typealias CompletionFunction = @convention(c) (
  UnsafePointer<CChar>?, Int32, Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

/// libedit's configuration variables (`rl_*`), written through their addresses: Swift 6 treats
/// a direct reference to an imported C global as unsafe shared state, and the REPL touches them
/// only from its one thread.
enum EditGlobal {
  static func set<Value>(_ name: String, _ value: Value) {
    guard let address = dlsym(nil, name) else { return }
    address.assumingMemoryBound(to: Value.self).pointee = value
  }

  /// The first `count` bytes of the line being edited (`rl_line_buffer`).
  static func lineBuffer(upTo count: Int) -> String? {
    guard let address = dlsym(nil, "rl_line_buffer"),
      let buffer = address.assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self).pointee
    else { return nil }
    let length = min(max(count, 0), strlen(buffer))
    return buffer.withMemoryRebound(to: UInt8.self, capacity: length) {
      String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
  }
}
