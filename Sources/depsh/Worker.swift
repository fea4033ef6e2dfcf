// A worker process of `depsh test`: this same executable re-run with `test --worker …`, its
// stdout and stderr on one pipe the parent reads (records and the tests' output, in order),
// stdin from /dev/null (a test cannot eat the runner's input).
#if canImport(Glibc)
import Glibc
#endif

final class Worker {
  let pid: pid_t
  let fd: Int32
  var scanner = RecordScanner()
  private var closed = false

  /// Starts `depsh <arguments…>`; nil if the process cannot be started (errno says why).
  init?(arguments: [String]) {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    // Its own process group, so the watchdog also stops what a stuck test started.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    let executable = Self.executablePath
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var child = pid_t()
    let status = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
    Glibc.close(pipeEnds[1])
    guard status == 0 else {
      Glibc.close(pipeEnds[0])
      errno = status
      return nil
    }
    pid = child
    fd = pipeEnds[0]
  }

  /// What the worker wrote since the last read; empty at the end of the stream.
  func read() -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = Glibc.read(fd, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      return count > 0 ? Array(buffer[..<count]) : []
    }
  }

  /// Closes the pipe and reaps the process; says how it ended.
  @discardableResult
  func close() -> String {
    guard !closed else { return "closed" }
    closed = true
    Glibc.close(fd)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let signal = status & 0x7F
    if signal != 0 { return "killed by signal \(signal)" }
    return "exit status \((status >> 8) & 0xFF)"
  }

  deinit { close() }

  /// This executable, so workers run the same depsh as the parent.
  static let executablePath: String = {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return CommandLine.arguments.first ?? "depsh" }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }()
}
