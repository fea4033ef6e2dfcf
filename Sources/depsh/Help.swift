// The one help table: `depsh --help` and the REPL's `.help` both print from here.

enum Help {
  static let usageLine = "Usage: depsh [--context live|preview|test] [FILE.lua [args…] | -e CODE | test [PATHS…]]"

  static let usage = """
    depsh \(DepsCoreVersionText.text) — the Deps shell: run Lua scenarios against Deps features.

    \(usageLine)

      depsh                      start the REPL (context: preview)
      depsh FILE.lua [args…]     run a script (context: live)
      depsh -e 'lua code'        run a string
      depsh test [PATHS…]        run scenario tests (context: test)
      --context live|preview|test  choose the dependency context
      --version                  print the version
      --help                     print this help

    Exit codes: 0 success, 1 test failures or script error, 2 usage error.
    """
}

import DepsCore

enum DepsCoreVersionText {
  static var text: String { DepsVersion.string }
}
