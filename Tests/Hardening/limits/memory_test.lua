-- `depsh test` caps each file's Lua state at 256 MB unless told otherwise (--memory-limit MB):
-- a test that goes over fails with a clear message and the next test runs with the memory back.
-- Run by scripts/test.d/50-hardening; its TAP output is in ../golden/memory.tap.
local deps = require "deps"

deps.test("one allocation past the limit", function()
  local s = string.rep("x", 300 * 1024 * 1024)
  assert(#s > 0)
end)

deps.test("a table growing past the limit", function()
  local t = {}
  for i = 1, math.huge do t[i] = ("x"):rep(64) .. i end
  error("never reached: the table grew to " .. #t .. " entries")
end)

deps.test("the next test has the memory back", function()
  local t = {}
  for i = 1, 100000 do t[i] = ("y"):rep(64) .. i end
  assert(#t == 100000)
end)

deps.test("a failure caught by pcall reads 'not enough memory'", function()
  local ok, message = pcall(string.rep, "x", 300 * 1024 * 1024)
  assert(not ok and message == "not enough memory", tostring(message))
end)

deps.test("an override that allocates past the limit, called from Swift", function()
  local store = deps.TestStore {
    feature = "NumberFact",
    dependencies = function(d)
      d.numberFact.fetch = function() return string.rep("x", 300 * 1024 * 1024) end
    end,
  }
  store:send("numberFactButtonTapped")
  store:receive("numberFactResponse", { failure = "not enough memory" }, function(s)
    s.errorMessage = "not enough memory"
  end)
end)
