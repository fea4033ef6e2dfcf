-- deps.test and the hooks of depsh's runner: _collecting/_tests, _reset, _set_context/_context.
local check = require "check"
local deps = require "deps"

-- Run at once: passes quietly, raises on failure (the failure's own message).
local ran = false
deps.test("passes", function()
  ran = true
  local store = deps.TestStore { feature = "Counter" }
  store:send("incrementButtonTapped", nil, function(s) s.count = 1 end)
end)
check.eq(ran, true, "deps.test runs fn at once")
check.raises_with("State was not expected to change, but a change occurred", function()
  deps.test("fails", function()
    local store = deps.TestStore { feature = "Counter" }
    store:send("incrementButtonTapped")
  end)
end)
check.raises("HERE: oops", function() deps.test("errors", function() error("oops") end) end)

-- A test store left open with leftovers fails the test (TCA: the TestStore at test end).
check.raises_with([[test "leaky" left a test store open:

The store received 1 unexpected action.]], function()
  deps.test("leaky", function()
    local store = deps.TestStore {
      feature = "Counter",
      dependencies = function(d) d.delayClient.wait = function() end end,
    }
    store:send("delayedIncrementButtonTapped", nil, function(s) s.isLoading = true end)
  end)
end)

-- Fresh dependencies per test: prepare_dependencies inside one test does not leak.
local now = deps.dependency("date.now")
deps.test("prepares", function()
  deps.prepare_dependencies(function(d) d.date.now = 7 end)
  check.eq(now(), 7.0, "prepared inside the test")
end)
deps.test("fresh", function()
  check.truthy(now() > 1.6e9, "not prepared in the next test")
end)

-- Collecting (depsh test): tests are listed, not run.
deps._collecting = true
deps._tests = nil
local collectedAt = debug.getinfo(1, "l").currentline + 1
deps.test("first", function() error("not run while collecting") end)
deps.test("second", function() end)
deps._collecting = false
check.eq(#deps._tests, 2, "two tests collected")
check.eq(deps._tests[1].name, "first", "name")
check.eq(type(deps._tests[1].fn), "function", "fn")
check.eq(deps._tests[1].source, debug.getinfo(1, "S").source:gsub("^@", ""), "source")
check.eq(deps._tests[1].line, collectedAt, "line")
check.eq(deps._tests[2].line, collectedAt + 1, "line of the second")

-- _reset: fresh dependencies, closes stores left open; returns the test-store leftovers.
deps.prepare_dependencies(function(d) d.date.now = 5 end)
check.eq(now(), 5.0, "prepared")
local open = deps.Store { feature = "Counter" }
local clean = deps.TestStore { feature = "Counter" }
check.eq(deps._reset(), nil, "nothing left over")
check.truthy(now() > 1.6e9, "prepared value dropped")
check.eq(open.closed, true, "_reset closed the store")
check.eq(clean.closed, true, "_reset closed the test store")
local leaky = deps.TestStore {
  feature = "Counter",
  dependencies = function(d) d.delayClient.wait = function() end end,
}
leaky:send("delayedIncrementButtonTapped", nil, function(s) s.isLoading = true end)
local leftovers = deps._reset()
check.truthy(leftovers:find("The store received 1 unexpected action", 1, true), "leftovers")

-- _set_context / _context.
check.eq(deps._context(), "live", "default")
deps._set_context("test")
check.eq(deps._context(), "test", "set")
check.raises_with("HERE: Unimplemented: NumberFactClient.fetch", function() deps.dependency("numberFact.fetch")(1) end)
deps._set_context("live")

check.done("testing")
