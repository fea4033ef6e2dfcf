// How a worker process tells its parent `depsh test` what happens, on the same stdout as the
// tests' own output (so the two stay in order): a record is RS (0x1E), fields separated by US
// (0x1F), then a newline; everything else is the tests' output.
enum TestRecord: Equatable {
  /// The worker is running the file's top level (collecting its tests).
  case collecting
  /// `--list`: the worker goes on to this file (one worker lists every file).
  case file(String)
  /// Test `index` of the run list has started.
  case began(index: Int, name: String, source: String, line: Int)
  /// A test has ended. A file without `deps.test` reports itself as test 0.
  case ended(index: Int, result: TestResult)
  /// Line counts of the file chunks the worker ran (`--coverage`): `path`, then
  /// `line:count,line:count…`, for each file.
  case coverage([String])
  /// The worker has finished the file.
  case done

  static let start: UInt8 = 0x1E
  static let separator: UInt8 = 0x1F

  var encoded: String {
    let fields: [String]
    switch self {
    case .collecting:
      fields = ["C"]
    case .file(let path):
      fields = ["F", path]
    case .began(let index, let name, let source, let line):
      fields = ["B", String(index), name, source, String(line)]
    case .ended(let index, let result):
      fields = [
        "E", String(index), result.passed ? "p" : "f", result.name, result.source,
        String(result.line), String(result.duration), result.reason,
        result.tags.joined(separator: ","), String(result.runs), String(result.passes),
      ]
    case .coverage(let fields):
      return "\u{1E}" + (["V"] + fields).map(Self.escape).joined(separator: "\u{1F}") + "\n"
    case .done:
      fields = ["D"]
    }
    return "\u{1E}" + fields.map(Self.escape).joined(separator: "\u{1F}") + "\n"
  }

  init?(fields raw: [String]) {
    let fields = raw.map(Self.unescape)
    switch (fields.first, fields.count) {
    case ("C", 1): self = .collecting
    case ("F", 2): self = .file(fields[1])
    case ("D", 1): self = .done
    case ("B", 5):
      guard let index = Int(fields[1]), let line = Int(fields[4]) else { return nil }
      self = .began(index: index, name: fields[2], source: fields[3], line: line)
    case ("E", 11):
      guard let index = Int(fields[1]), let line = Int(fields[5]) else { return nil }
      var result = TestResult(
        name: fields[3], source: fields[4], line: line, passed: fields[2] == "p",
        reason: fields[7], duration: Double(fields[6]) ?? 0)
      result.tags = fields[8].split(separator: ",").map(String.init)
      result.runs = Int(fields[9]) ?? 1
      result.passes = Int(fields[10]) ?? (result.passed ? 1 : 0)
      self = .ended(index: index, result: result)
    case ("V", _):
      self = .coverage(Array(fields.dropFirst()))
    default:
      return nil
    }
  }

  private static func escape(_ field: String) -> String {
    var out = ""
    for character in field.unicodeScalars {
      switch character {
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\u{1E}": out += "\\r"
      case "\u{1F}": out += "\\u"
      default: out.unicodeScalars.append(character)
      }
    }
    return out
  }

  private static func unescape(_ field: String) -> String {
    var out = ""
    var escaping = false
    for character in field.unicodeScalars {
      if escaping {
        switch character {
        case "n": out += "\n"
        case "r": out += "\u{1E}"
        case "u": out += "\u{1F}"
        default: out.unicodeScalars.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        out.unicodeScalars.append(character)
      }
    }
    return out
  }
}

/// One test's outcome.
struct TestResult: Equatable {
  var name: String
  /// The file that defines the test, and the line of its `deps.test` (0: the whole file).
  var source: String
  var line: Int
  var passed: Bool
  /// Why it failed: the error's message, starting with `file:line:`.
  var reason: String
  var duration: Double
  /// What the test printed (filled in by the parent).
  var output = ""
  /// Its tags (`deps.test(name, {tags = {…}}, fn)`).
  var tags: [String] = []
  /// `--repeat`: how many times it ran, and passed.
  var runs = 1
  var passes = 0
  /// Passed some runs and failed others.
  var flaky: Bool { passes > 0 && passes < runs }
  /// The scenario file the test belongs to (filled in by the parent).
  var file = ""
}

/// Splits a worker's byte stream into output text and records.
struct RecordScanner {
  private var buffer: [UInt8] = []

  enum Piece {
    case output(String)
    case record(TestRecord)
  }

  /// Feeds bytes; returns what is complete so far.
  mutating func feed(_ bytes: some Sequence<UInt8>) -> [Piece] {
    buffer.append(contentsOf: bytes)
    var pieces: [Piece] = []
    while !buffer.isEmpty {
      guard let start = buffer.firstIndex(of: TestRecord.start) else {
        // Keep an incomplete UTF-8 sequence at the end for the next read.
        var cut = buffer.count
        var lead = buffer.count - 1
        while lead > 0, buffer.count - lead < 4, buffer[lead] & 0xC0 == 0x80 { lead -= 1 }
        if buffer[lead] >= 0xC0 {
          let length = buffer[lead] >= 0xF0 ? 4 : buffer[lead] >= 0xE0 ? 3 : 2
          if buffer.count - lead < length { cut = lead }
        }
        pieces.append(.output(String(decoding: buffer[..<cut], as: UTF8.self)))
        buffer.removeSubrange(..<cut)
        break
      }
      if start > 0 {
        pieces.append(.output(String(decoding: buffer[..<start], as: UTF8.self)))
        buffer.removeSubrange(..<start)
        continue
      }
      guard let end = buffer.firstIndex(of: UInt8(ascii: "\n")) else { break }
      let body = buffer[1..<end].split(
        separator: TestRecord.separator, omittingEmptySubsequences: false)
      if let record = TestRecord(fields: body.map { String(decoding: $0, as: UTF8.self) }) {
        pieces.append(.record(record))
      }
      buffer.removeSubrange(...end)
    }
    return pieces.filter {
      if case .output(let text) = $0 { return !text.isEmpty }
      return true
    }
  }

  /// Whatever is left at the end of the stream.
  mutating func flush() -> String {
    defer { buffer = [] }
    return String(decoding: buffer, as: UTF8.self)
  }
}
