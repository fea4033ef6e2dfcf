// The one help table: `depsh --help` and the REPL's `.help` both print from here.
import DepsCore

enum Help {
  /// One line of help: what to type, and what it does.
  struct Entry {
    var syntax: String
    var summary: String
  }

  static let usageLine =
    "Usage: depsh [--context live|preview|test] [-e CODE]… [FILE.lua [args…] | test [PATHS…]]"

  static let commandLine: [Entry] = [
    Entry(syntax: "depsh", summary: "start the REPL (context: preview)"),
    Entry(syntax: "depsh FILE.lua [args…]", summary: "run a script (context: live; - is stdin)"),
    Entry(syntax: "depsh -e 'lua code'", summary: "run a string (context: live)"),
    Entry(syntax: "depsh test [PATHS…]", summary: "run scenario tests (context: test)"),
    Entry(syntax: "--context live|preview|test", summary: "choose the dependency context"),
    Entry(
      syntax: "--memory-limit MB",
      summary: "cap the Lua state's memory (default: none; test: 256; 0: none)"),
    Entry(syntax: "--sandbox", summary: "run Lua without files, processes or native code (below)"),
    Entry(syntax: "--record FILE", summary: "record every live endpoint call to a cassette (JSON)"),
    Entry(syntax: "--version", summary: "print the version"),
    Entry(syntax: "--help", summary: "print this help"),
  ]

  static let testUsageLine = "Usage: depsh test [OPTIONS…] [PATHS…]"

  static let testOptions: [Entry] = [
    Entry(syntax: "--format pretty|tap|junit", summary: "output style (default: pretty)"),
    Entry(
      syntax: "--filter PATTERN",
      summary: "run only tests whose name matches (Lua pattern; repeatable)"),
    Entry(
      syntax: "--filter-out PATTERN",
      summary: "skip tests whose name matches (Lua pattern; repeatable)"),
    Entry(syntax: "--tags TAG[,TAG…]", summary: "run only tests with one of these tags"),
    Entry(syntax: "--exclude-tags TAG[,TAG…]", summary: "skip tests with one of these tags"),
    Entry(syntax: "--list", summary: "print the tests that would run (file:line: name) and exit"),
    Entry(syntax: "--shuffle", summary: "run files and tests in a random order (prints the seed)"),
    Entry(
      syntax: "--seed N",
      summary: "the random order of seed N; the seed of deps.explore"),
    Entry(
      syntax: "--repro DIR", summary: "write a repro of each falsified deps.explore to DIR"),
    Entry(
      syntax: "--repeat N",
      summary: "run each test N times; one that passes only sometimes is flaky"),
    Entry(syntax: "--shard K/N", summary: "run part K of N (split by file and test name)"),
    Entry(syntax: "--coverage FILE", summary: "write line coverage of the Lua code run (lcov)"),
    Entry(syntax: "--jobs N", summary: "run N files at once, each in its own process"),
    Entry(syntax: "--timeout SECONDS", summary: "stop a test that runs longer (default: none)"),
    Entry(
      syntax: "--check-deps",
      summary: "fail a test store whose feature may reach an unset dependency"),
    Entry(syntax: "--trace", summary: "trace test stores: failures end with the last steps"),
    Entry(
      syntax: "--timeline DIR", summary: "write each failing test's timeline (text, Mermaid) to DIR"
    ),
    Entry(syntax: "--timeline-all", summary: "with --timeline: write every test's timeline"),
    Entry(
      syntax: "--strict-overrides",
      summary: "fail a test that leaves an override unused (default: a note)"),
    Entry(
      syntax: "--update", summary: "re-record the expected states of failing steps in the files"),
    Entry(syntax: "-r, --run PROFILE", summary: "use a profile of the .depsh config file"),
    Entry(syntax: "--config FILE", summary: "read profiles from FILE instead of .depsh"),
    Entry(syntax: "-h, --help", summary: "print the test options"),
  ]

  static let testExitCodes =
    "Exit codes: 0 all passed, 1 a test failed (or was flaky), 2 usage error, 3 no test matched."

  static let replCommands: [Entry] = [
    Entry(syntax: ".help", summary: "show this help"),
    Entry(syntax: ".features", summary: "list the registered features and their actions"),
    Entry(syntax: ".deps", summary: "list the dependency endpoints that can be overridden"),
    Entry(syntax: ".context [name]", summary: "show or set the context of new stores"),
    Entry(syntax: ".load FILE", summary: "run a Lua file in this session"),
    Entry(syntax: ".save FILE", summary: "write the session's stores as a deps.test scenario"),
    Entry(
      syntax: ".timeline NAME",
      summary: "print a store's timeline (\".timeline NAME mermaid\": Mermaid)"),
    Entry(
      syntax: ".history NAME",
      summary: "a store's actions, each with its state change (\".history N\": keep N)"),
    Entry(
      syntax: ".back NAME [N]",
      summary: "put a store back N actions (default 1), replaying recorded calls"),
    Entry(
      syntax: ".goto NAME STEP",
      summary: "put a store in its state after action STEP (0: the first state)"),
    Entry(
      syntax: ".reload FILE", summary: "run FILE again and replay every store's history against it"),
    Entry(syntax: ".reset", summary: "close every store and start from fresh dependencies"),
    Entry(syntax: ".clear", summary: "clear the screen"),
    Entry(
      syntax: ".show [DEPTH [ITEMS]]",
      summary: "show or set how deep and how long printed tables go (default: 4 40)"),
    Entry(syntax: ".quit", summary: "leave the shell (also Ctrl-D)"),
  ]

  static let replNotes: [Entry] = [
    Entry(syntax: "1+1, =expr", summary: "print the value of an expression"),
    Entry(syntax: "_1, _2, … _9", summary: "the last results, the latest first"),
    Entry(syntax: "Tab", summary: "complete names, features, actions, state paths, endpoints"),
    Entry(syntax: "Ctrl-C", summary: "stop the running statement, not the shell"),
  ]

  static func table(_ entries: [Entry], indent: String = "  ") -> String {
    let width = entries.map(\.syntax.count).max() ?? 0
    return entries.map { entry in
      indent + entry.syntax + String(repeating: " ", count: width - entry.syntax.count + 3)
        + entry.summary
    }.joined(separator: "\n")
  }

  static var usage: String {
    """
    depsh \(DepsVersion.string) — the Deps shell: run Lua scenarios against Deps features.

    \(usageLine)

    \(table(commandLine))

    Test options:
    \(table(testOptions))

    \(sandbox)

    In the REPL:
    \(table(replCommands + replNotes))

    Exit codes: 0 success, 1 test failures or script error, 2 usage error,
    3 (depsh test) no test matched.
    """
  }

  /// `depsh test --help`.
  static var testUsage: String {
    """
    \(testUsageLine)

    Runs the *_test.lua files under PATHS (default: .) in context test, each file in its own
    process. Options also come from a .depsh file (./.depsh, else next to the first PATH).

    \(table(testOptions))
      --context, --memory-limit MB, --sandbox   as for depsh (see depsh --help)

    \(testExitCodes)
    """
  }

  /// What `--sandbox` takes away (Sources/depsh/lua/sandbox.lua).
  static let sandbox = """
    In the sandbox (--sandbox): no io, dofile or loadfile; os keeps only clock, date, difftime
    and time (no execute, remove, rename, exit, tmpname, getenv, setlocale); load, scripts and
    test files are text only (no binary chunks); require finds only deps and the standard
    libraries (no C modules, no module files); debug keeps only traceback.
    """

  static var repl: String {
    table(replCommands + replNotes, indent: "")
  }
}
