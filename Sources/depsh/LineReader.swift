// Where REPL lines come from: libedit on a terminal (editing, history in ~/.depsh_history,
// tab completion through the shell's Lua half), plain stdin otherwise — so piped input works
// unchanged and never sees a prompt. On a terminal the wait for input is a poll() on stdin and
// on the event-loop descriptors of the session's open stores (`StorePump`): libedit's callback
// interface reads the keys as they come, and a store with work ready is pumped meanwhile (what
// it prints appears above the line being edited, which is then redrawn).
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
  /// The session's stores, pumped while waiting for input (nil: a plain blocking read).
  var pump: StorePump?

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
    if let pump { return read(prompt: prompt, pumping: pump) }
    guard let raw = readline(prompt) else {
      if Guard.takeInterrupt() { return .interrupted }
      return .end
    }
    defer { free(raw) }
    if Guard.takeInterrupt() { return .interrupted }
    return .text(String(cString: raw))
  }

  /// Reads a line with libedit's callback interface, pumping the stores whose descriptor is
  /// readable while no key is.
  private func read(prompt: String, pumping pump: StorePump) -> Line {
    LineCallback.reset()
    prompt.withCString { rl_callback_handler_install($0, LineCallback.handler) }
    defer { rl_callback_handler_remove() }
    while true {
      var entries = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
      for descriptor in pump.descriptors() {
        entries.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
      }
      let count = poll(&entries, nfds_t(entries.count), -1)
      if Guard.takeInterrupt() { return .interrupted }
      if count < 0 { continue }  // EINTR without Ctrl-C
      let ready = entries.dropFirst().filter { $0.revents & Int16(POLLIN) != 0 }.map(\.fd)
      if !ready.isEmpty {
        // The line being edited makes way for what the stores print, then comes back.
        Output.write("\r\u{1b}[K")
        let errors = pump.pump(ready: ready)
        Output.flush()
        if !errors.isEmpty { Output.error(errors + "\n") }
        rl_forced_update_display()
      }
      let input = entries[0].revents
      if input & Int16(POLLIN) != 0 {
        rl_callback_read_char()
        if Guard.takeInterrupt() { return .interrupted }
        if let line = LineCallback.take() { return line }
      } else if input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
        return .end
      }
    }
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

/// libedit's line callback cannot capture: the line it hands over is parked here.
enum LineCallback {
  nonisolated(unsafe) private static var line: LineReader.Line?

  static func reset() { line = nil }

  /// The line handed over since `reset` (nil: still editing).
  static func take() -> LineReader.Line? {
    defer { line = nil }
    return line
  }

  /// Called by `rl_callback_read_char` with the finished line (malloc'd) or NULL at end of
  /// input (Ctrl-D on an empty line).
  static let handler: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { raw in
    guard let raw else {
      line = .end
      return
    }
    line = .text(String(cString: raw))
    free(raw)
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

typealias CompletionFunction =
  @convention(c) (
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
