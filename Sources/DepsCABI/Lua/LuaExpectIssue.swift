// `deps.expect_issue(fn[, pattern])`: Swift's `withKnownIssue` / XCTest's `XCTExpectFailure`
// for Lua tests. It runs `fn` and takes every issue raised inside (a failing test-store call
// is taken even when a `pcall` in `fn` catches it; an uncaught error stops `fn`) plus the
// leftovers of the test stores `fn` opened, which are closed when `fn` returns — so none of
// them fails the test. It passes when one of them
// contains `pattern` (a plain substring; none: any issue) and returns the list of their
// messages; otherwise it raises `expected an issue matching "…", none was reported`.
import CLua
import DepsCore

enum LuaExpectIssue {
  /// `deps.expect_issue(fn[, pattern])` → the messages of the issues taken.
  static let expectIssue: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      try LuaStack.checkFunction(L, 1)
      var pattern: String?
      if clua_isnoneornil(L, 2) == 0 {
        guard lua_type(L, 2) == LUA_TSTRING, let text = LuaStack.string(L, 2) else {
          throw LuaStack.typeError(L, 2, expected: "string")
        }
        pattern = text
      }
      lua_settop(L, 1)
      let before = Set(runtime.openStores.keys)
      lua_pushvalue(L, 1)
      let scope = ExpectIssueScope()
      let (raised, leftovers) = ExpectIssueScope.$current.withValue(scope) {
        (runtime.pcall(L, nargs: 0, nresults: 0), runtime.closeStores(except: before))
      }
      var issues = scope.end()
      // A raised error that is not a store failure already taken (those end the message).
      if let raised, !issues.contains(where: { raised.hasSuffix($0) }) { issues.append(raised) }
      issues += leftovers
      let matched = issues.contains { issue in pattern.map { issue.contains($0) } ?? true }
      guard matched else {
        throw .error(ExpectIssueScope.noIssueMessage(pattern: pattern, issues: issues))
      }
      lua_createtable(L, Int32(issues.count), 0)
      for (offset, issue) in issues.enumerated() {
        LuaStack.push(L, issue)
        lua_rawseti(L, -2, lua_Integer(offset + 1))
      }
      return 1
    }
  }
}
