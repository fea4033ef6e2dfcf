// The stopwatch's client: saves a run's laps. live = appends one JSON line per run to
// $STOPWATCH_LAP_LOG (default: stopwatch-laps.jsonl in the current directory) and answers how
// many runs the log holds; test = unimplemented (a test must override it).
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

/// Saves laps.
public struct LapLogClient: Sendable {
  /// Saves one run's laps (seconds each); returns the number of runs saved so far.
  public var append: @Sendable ([Int]) async throws -> Int

  /// A client from its endpoint.
  public init(append: @escaping @Sendable ([Int]) async throws -> Int) { self.append = append }
}

/// Why the lap log could not be written.
public struct LapLogError: Error, Equatable, CustomStringConvertible {
  /// What went wrong, with the file.
  public let description: String

  /// An error saying `description`.
  public init(description: String) { self.description = description }
}

extension LapLogClient: DependencyKey {
  /// Appends to the file named by `$STOPWATCH_LAP_LOG`.
  public static let liveValue = LapLogClient { laps in
    let path = getenv("STOPWATCH_LAP_LOG").map { String(cString: $0) } ?? "stopwatch-laps.jsonl"
    let line = "[" + laps.map(String.init).joined(separator: ",") + "]\n"
    let descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw LapLogError(description: "cannot open the lap log \(path) (errno \(errno))")
    }
    defer { close(descriptor) }
    let bytes = Array(line.utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == bytes.count else {
      throw LapLogError(description: "cannot write the lap log \(path) (errno \(errno))")
    }
    _ = lseek(descriptor, 0, SEEK_SET)
    var runs = 0
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      runs += buffer[0..<count].filter { $0 == UInt8(ascii: "\n") }.count
    }
    return runs
  }

  /// Unimplemented: a test overrides `lapLog.append`.
  public static let testValue = LapLogClient(append: unimplemented("LapLogClient.append"))
}

extension DependencyValues {
  /// The stopwatch's lap log.
  public var lapLog: LapLogClient {
    get { self[LapLogClient.self] }
    set { self[LapLogClient.self] = newValue }
  }
}
